// The one fusion of the strategies' scores (spec: strategy weights, per-strategy thresholds, decay 0.8 per
// rank, cap at 1), the rule that makes an answer Sûr (decisive evidence not vetoed by the text), and the order
// of the answers (by evidence, never by id while any evidence differs).
import {
  BARCODE_MATCH_SCORE,
  CONFIDENCE_HIGH,
  CONFIDENCE_MEDIUM,
  COLOUR_MIN,
  MAX_COMBINED_SCORE,
  RANK_DECAY,
  STRATEGY_WEIGHTS,
  TEXT_MIN,
  type MatchStrategy,
} from '@hanouti/core';
import { brandKey, flavourReadFirst } from './openSet.js';
import type { ReadWord } from './textMatch.js';
import type { CatalogueProduct } from './strategies/strategy.js';

/** Each strategy's own score for one product, in 0..1. */
export type StrategyScores = Partial<Record<MatchStrategy, number>>;

/** Below these a strategy's score is noise and does not count (spec §9: text > 0.3, colour > 0.4). */
function counts(strategy: MatchStrategy, score: number): boolean {
  if (!(score > 0)) return false;
  if (strategy === 'text') return score > TEXT_MIN;
  if (strategy === 'colour') return score > COLOUR_MIN;
  return true;
}

/**
 * The evidence for one product before the cap: each counting strategy contributes weight × score;
 * contributions are sorted and the i-th (from 0) multiplied by RANK_DECAY^i, then summed.
 */
export function combinedEvidence(scores: StrategyScores): number {
  const contributions = (Object.entries(scores) as [MatchStrategy, number][])
    .filter(([strategy, score]) => counts(strategy, score))
    .map(([strategy, score]) => STRATEGY_WEIGHTS[strategy] * score)
    .sort((a, b) => b - a);
  return contributions.reduce((total, c, rank) => total + c * RANK_DECAY ** rank, 0);
}

/** Combined score of one product (spec): its evidence capped at MAX_COMBINED_SCORE. */
export function combineScores(scores: StrategyScores): number {
  return Math.min(MAX_COMBINED_SCORE, combinedEvidence(scores));
}

/** A barcode read that is in the catalogue scores this for its product (spec: 0.95). */
export const barcodeScore = (matched: boolean): number => (matched ? BARCODE_MATCH_SCORE : 0);

/**
 * Candidates, scores descending. Scores under Sûr grow strictly with the evidence (`belowSure`), so equal
 * scores mean equal fused evidence (or two decisive answers at the cap): then the one with more evidence
 * before the cap comes first, then the next evidence (`next`, compared in order: e.g. inliers, votes,
 * look-alike similarity), and only when all of it is equal the product id, so that results are stable.
 */
export function rankByScore<T extends { score: number; product_id: string; strategies?: StrategyScores }>(
  items: readonly T[],
  next?: (item: T) => readonly number[],
): T[] {
  const evidence = new Map(
    items.map((item) => [item, item.strategies ? combinedEvidence(item.strategies) : 0]),
  );
  const keys = new Map(items.map((item) => [item, next?.(item) ?? []]));
  const byNext = (a: T, b: T) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
      const d = (kb[i] ?? 0) - (ka[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  return [...items].sort(
    (a, b) =>
      b.score - a.score ||
      evidence.get(b)! - evidence.get(a)! ||
      byNext(a, b) ||
      (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0),
  );
}

/** Spec §3 Candidate, plus the evidence behind the score (for the review screen and the bench). */
export type Candidate = {
  product_id: string;
  score: number;
  product_name: string;
  product_image?: string;
  /** The product's brand, when it has one: its siblings (other flavours) are the next suggestions. */
  brand?: string;
  strategies: StrategyScores;
  /**
   * The product in the photo may be one the catalogue does not have: set on every candidate that is not Sûr
   * (Sûr needs evidence that separates the answer from its siblings and from what is not in the catalogue,
   * see openSet.ts). The review never chooses such a candidate by itself and offers to create the product.
   */
  possiblyUnknown?: boolean;
};

/** The most an answer without decisive evidence may score: Moyen, never Sûr. */
export const AMBIGUOUS_CAP = CONFIDENCE_HIGH - 0.05;

/** Evidence up to this stays as it is below Sûr; more is compressed towards AMBIGUOUS_CAP, keeping its order. */
const COMPRESS_FROM = CONFIDENCE_MEDIUM + 0.05;

/**
 * The score of an answer without decisive evidence: fusing colour (or votes) with an ambiguous keypoint match
 * must not make it Sûr. It stays under Sûr and is strictly increasing in the evidence, uncapped
 * (`combinedEvidence`): there is no ceiling at which different evidence ties (three flavours of one brand all
 * at 0.65, then ordered by product id, was 14 packaged errors before issue 28).
 */
export function belowSure(evidence: number): number {
  if (evidence <= COMPRESS_FROM) return evidence;
  const room = AMBIGUOUS_CAP - COMPRESS_FROM;
  return COMPRESS_FROM + room * (1 - Math.exp(-(evidence - COMPRESS_FROM) / room));
}

/**
 * A sure keypoint answer is not sure any more when the text clearly points elsewhere: some product scores
 * at least this on text and the keypoint answer has no text evidence at all (chosen on `train`).
 */
export const TEXT_VETO = 0.5;
/**
 * Nor when the text names a sibling: a product of the same brand scores at least TEXT_VETO on text and this
 * much more than the keypoint answer (its flavour words are read, the answer's are not). Chosen on `train`
 * over 0.2 / 0.3 / 0.4 (docs/recognition-log.md). Another brand's text does not count: a different brand read
 * in a corner of the photo is weaker evidence than a sure keypoint match.
 */
export const SIBLING_TEXT_MARGIN = 0.3;

/** True when the keypoint answer's text is beaten by a same-brand product's text (see SIBLING_TEXT_MARGIN). */
export function siblingTextContradicts(
  productId: string,
  text: ReadonlyMap<string, number>,
  products: ReadonlyMap<string, CatalogueProduct>,
): boolean {
  const brand = brandKey(products.get(productId)?.brand);
  if (!brand) return false;
  const own = text.get(productId) ?? 0;
  for (const [other, score] of text) {
    if (other === productId || score < TEXT_VETO || score - own < SIBLING_TEXT_MARGIN) continue;
    if (brandKey(products.get(other)?.brand) === brand) return true;
  }
  return false;
}

/** What the fusion is given: each strategy's scores, the decisive products, and the next evidence. */
export type FusionInput = {
  /** Each strategy's scores per product (a strategy that did not run is absent or empty). */
  scores: Partial<Record<MatchStrategy, ReadonlyMap<string, number>>>;
  /**
   * Products whose own evidence is decisive: a catalogue barcode, or a sure keypoint match that separates the
   * product from what the catalogue does not have. The text may still veto them.
   */
  decisive: ReadonlySet<string>;
  products: ReadonlyMap<string, CatalogueProduct>;
  /** The next evidence of a product, compared in order when scores and fused evidence are equal. */
  next?: (productId: string) => readonly number[];
  /** The words read on the photo: a flavour read decides between two flavours of a brand (`flavourReadFirst`). */
  words?: readonly ReadWord[];
};

/** The order in which strategies' scores are gathered (and so products first met). */
const STRATEGY_ORDER: readonly MatchStrategy[] = ['barcode', 'text', 'visual', 'colour', 'shape'];

/**
 * The one fusion: per product, its strategies' scores fused (`combinedEvidence`). A decisive product that
 * the text does not contradict scores its evidence capped at 1 (Sûr); any other scores `belowSure` of it and
 * is `possiblyUnknown`. Ranked by score, then evidence, then the next evidence, then (all equal) the id; a
 * flavour read on the pack puts its product before a sibling that is not Sûr; the first answer's siblings next.
 */
export function fuseStrategies({ scores, decisive, products, next, words }: FusionInput): Candidate[] {
  const byProduct = new Map<string, StrategyScores>();
  for (const strategy of STRATEGY_ORDER)
    for (const [productId, score] of scores[strategy] ?? []) {
      const s = byProduct.get(productId) ?? byProduct.set(productId, {}).get(productId)!;
      s[strategy] = score;
    }
  // Text vetoes: a sure keypoint answer that the words read contradict is not sure any more.
  const text = scores.text ?? new Map<string, number>();
  const sure = new Set(decisive);
  if (Math.max(0, ...text.values()) >= TEXT_VETO)
    for (const productId of decisive)
      if (!byProduct.get(productId)?.barcode)
        if (!text.has(productId) || siblingTextContradicts(productId, text, products)) sure.delete(productId);
  const candidates: Candidate[] = [];
  for (const [productId, strategies] of byProduct) {
    const product = products.get(productId);
    const score = sure.has(productId) ? combineScores(strategies) : belowSure(combinedEvidence(strategies));
    if (!product || score <= 0) continue;
    candidates.push({
      product_id: productId,
      score,
      product_name: product.name,
      ...(product.image !== undefined ? { product_image: product.image } : {}),
      ...(product.brand?.trim() ? { brand: product.brand.trim() } : {}),
      strategies,
      ...(sure.has(productId) ? {} : { possiblyUnknown: true }),
    });
  }
  const ranked = rankByScore(candidates, next && ((c) => next(c.product_id)));
  return siblingsNext(flavourReadFirst(ranked, words ?? [], products));
}

/**
 * Several photos of the same product: each product keeps its best score over the photos (photos of one
 * product are not independent evidence, so they are not summed); of equal scores, the one with more evidence
 * before the cap.
 */
export function fusePhotoCandidates(perPhoto: readonly Candidate[][]): Candidate[] {
  // One photo keeps its own ranking: it was made with evidence a candidate does not carry (the next
  // evidence between equal scores, the flavour read), which ranking the candidates again would lose.
  if (perPhoto.length === 1) return [...perPhoto[0]!];
  const best = new Map<string, Candidate>();
  for (const candidates of perPhoto) {
    for (const candidate of candidates) {
      const previous = best.get(candidate.product_id);
      if (
        !previous ||
        candidate.score > previous.score ||
        (candidate.score === previous.score &&
          combinedEvidence(candidate.strategies) > combinedEvidence(previous.strategies))
      )
        best.set(candidate.product_id, candidate);
    }
  }
  return siblingsNext(rankByScore([...best.values()]));
}

/**
 * Siblings of the first answer (same brand) scoring at least this come right after it, before the other
 * products: the commonest wrong answer on a pack is another flavour of the right brand. Chosen on `train`
 * over 0 / 0.2 / 0.4 (docs/recognition-log.md). Top-1 and Sûr cannot change.
 */
export const SIBLING_SUGGESTION_MIN = 0.2;

/** A ranking with the first answer's siblings (SIBLING_SUGGESTION_MIN or more) next, each part by score. */
export function siblingsNext<T extends { score: number; brand?: string }>(
  ranked: readonly T[],
  min = SIBLING_SUGGESTION_MIN,
): T[] {
  const [first, ...rest] = ranked;
  const brand = brandKey(first?.brand);
  if (!first || !brand) return [...ranked];
  const sibling = (c: T) => brandKey(c.brand) === brand && c.score >= min;
  return [first, ...rest.filter(sibling), ...rest.filter((c) => !sibling(c))];
}
