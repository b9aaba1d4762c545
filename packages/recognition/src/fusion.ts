// Score fusion per spec: strategy weights, per-strategy thresholds, decay 0.8 per rank, cap at 1.
import {
  BARCODE_MATCH_SCORE,
  COLOUR_MIN,
  MAX_COMBINED_SCORE,
  RANK_DECAY,
  STRATEGY_WEIGHTS,
  TEXT_MIN,
  type MatchStrategy,
} from '@hanouti/core';

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
 * Candidates, scores descending. Equal scores are common at the top: the cap at 1 and the ceiling under
 * Sûr (`belowSure`) give every well-supported product the same score, e.g. three flavours of one brand
 * at 0.65 — then the one with more evidence before the cap comes first (a pack matched by keypoints
 * and by its flavour word before one matched by its brand and colour alone), then the product id, so
 * results are stable.
 */
export function rankByScore<T extends { score: number; product_id: string; strategies?: StrategyScores }>(
  items: readonly T[],
): T[] {
  const evidence = new Map(
    items.map((item) => [item, item.strategies ? combinedEvidence(item.strategies) : 0]),
  );
  return [...items].sort(
    (a, b) =>
      b.score - a.score || evidence.get(b)! - evidence.get(a)! || a.product_id.localeCompare(b.product_id),
  );
}
