// Keypoint strategy: AKAZE keypoints voted through the reference index, the most voted reference photos (and
// those of the products the text names) verified by a RANSAC homography. A product scores by its inliers; a
// sure match (`isConfident`) that also separates the product from what the catalogue does not have
// (`separates`, openSet.ts) is decisive in the fusion.
import { CONFIDENCE_HIGH } from '@hanouti/core';
import { colourHistogram, convexHull, histogramSimilarity, insidePolygon } from '../colour.js';
import { AMBIGUOUS_CAP, TEXT_VETO } from '../fusion.js';
import { verifyWithOpenCv, type ImageFeatures, type Verification } from '../keypoints.js';
import { loadOpenCv, type OpenCv } from '../opencv.js';
import {
  brandKey,
  distinctiveInliers,
  foreignNameWordRead,
  kindSiblingsOf,
  ownNameWordRead,
  siblingsOf,
} from '../openSet.js';
import { byId } from '../random.js';
import { castVotes, referencesOf, type ProductReference } from '../referenceIndex.js';
import type { ReadWord } from '../textMatch.js';
import type { RecogniseOptions, StrategyInput, StrategyResult } from './strategy.js';

/** Visual evidence rule (measured in issue 8): ≥ 12 inliers and the runner-up at most 0.7× as many. */
export const CONFIDENT_INLIERS = 12;
export const RUNNER_UP_RATIO = 0.7;
/**
 * Below this many RANSAC inliers a homography is a chance fit: the product keeps only its votes (an
 * Incertain suggestion, weighed by WEAK_VISUAL_FACTOR), and a second photo does not add to its best. The same
 * 12 as the sure rule, so a product's photo either is matched as surely as the rule asks, or counts as votes
 * (8, 9, 10, 12, 14, 16 compared on `train`: docs/recognition-log.md, "Homographies from 12 inliers").
 */
export const MIN_INLIERS = CONFIDENT_INLIERS;
/**
 * Products of the shortlist that no homography confirms still rank by their keypoint votes, but only as
 * Incertain suggestions (at most this score): the shopkeeper sees them, nothing is chosen for him.
 */
export const VOTES_ONLY_CAP = 0.45;
/**
 * Weak keypoint evidence — votes only, or a few inliers with a stronger runner-up (a visual score at most
 * VOTES_ONLY_CAP) — counts this much: on fresh produce the votes are noise, and at full weight they pushed
 * the products that look like the photo out of the first three (chosen on `train`, docs/recognition-log.md).
 */
export const WEAK_VISUAL_FACTOR = 0.25;

/** A keypoint score as it counts in the fusion: weak evidence weighs less (WEAK_VISUAL_FACTOR). */
export function weighedVisual(visual: number): number {
  return visual <= VOTES_ONLY_CAP ? visual * WEAK_VISUAL_FACTOR : visual;
}

/**
 * Visual score of a product from its inlier count, calibrated so that it reaches Sûr (0.7) exactly when the
 * evidence rule holds: 12 inliers → 0.7, rising to 0.95; a close runner-up caps it below Sûr.
 */
export function visualScore(inliers: number, bestOtherInliers: number, minInliers = MIN_INLIERS): number {
  if (inliers < minInliers) return 0;
  const strength = Math.min(0.95, CONFIDENCE_HIGH * Math.sqrt(inliers / CONFIDENT_INLIERS));
  if (bestOtherInliers > RUNNER_UP_RATIO * inliers)
    return Math.min(strength, AMBIGUOUS_CAP) * Math.min(1, inliers / Math.max(1, bestOtherInliers));
  return strength;
}

/** The measured rule for a sure keypoint answer, on the inliers of each product's best reference photo. */
export function isConfident(inliers: number, bestOtherInliers: number): boolean {
  return inliers >= CONFIDENT_INLIERS && bestOtherInliers <= RUNNER_UP_RATIO * inliers;
}

/**
 * Inliers that rank a product: its best reference photo plus its second best when that one also holds a
 * homography (two views agreeing beat one lucky view; chosen on the train split).
 */
export function productInliers(best: number, second: number, minInliers = MIN_INLIERS): number {
  return best + (second >= minInliers ? second : 0);
}

/**
 * Products the words read name (text ≥ TEXT_VETO: mostly a brand and another word, or a name word) whose
 * reference photos are verified by keypoints even when the votes did not shortlist them: at most this many.
 */
export const TEXT_NAMED_VERIFIED = 2;

/** The products whose photos the keypoints verify because the text names them, best text first. */
export function textNamedProducts(text: ReadonlyMap<string, number>): string[] {
  return [...text]
    .filter(([, score]) => score >= TEXT_VETO)
    .sort((a, b) => b[1] - a[1] || byId(a[0], b[0]))
    .slice(0, TEXT_NAMED_VERIFIED)
    .map(([productId]) => productId);
}

/** Colour similarity inside the matched outline (query hull vs the same hull on the reference). */
export function outlineColourSimilarity(
  query: ImageFeatures,
  verification: Verification,
  reference: ImageFeatures,
): number {
  const { queryPoints, referencePoints } = verification;
  if (queryPoints.length < 6) return 0;
  const scaleTo = (points: number[], f: ImageFeatures) =>
    points.map((v, i) => v / (i % 2 === 0 ? f.width : f.height));
  const queryHull = convexHull(scaleTo(queryPoints, query));
  const referenceHull = convexHull(scaleTo(referencePoints, reference));
  const a = colourHistogram(query.colours, (x, y) => insidePolygon(queryHull, x, y));
  const b = colourHistogram(reference.colours, (x, y) => insidePolygon(referenceHull, x, y));
  return histogramSimilarity(a, b);
}

/**
 * What the keypoints found for one product of the shortlist or the verified photos: the inliers of its best
 * and second best reference photo (0 when none was verified) and its votes. The bench dumps it.
 */
export type KeypointEvidence = {
  productId: string;
  inliers: number;
  second: number;
  votes: number;
  /**
   * Of its inliers, those that no sibling's photo matches as well, on the part of the pack the siblings'
   * matched photos show (openSet.ts, `distinctiveInliers`). Worked out only where Sûr is decided: for a
   * product with siblings whose match is sure, and for those siblings.
   */
  distinctive?: number;
  /** A sure match's foreign word, when one was read (`foreignNameWordRead`): not Sûr. */
  foreign?: string;
};

/**
 * A sure keypoint match (`isConfident`) is Sûr only with evidence that separates the product from a product
 * the catalogue does not have — another flavour of its brand shares its artwork (openSet.ts):
 * - a product with siblings in the catalogue: as many distinctive inliers (matched to its photo, with no near
 *   neighbour in any sibling's photo) as the sure rule asks of all inliers, CONFIDENT_INLIERS; and when none
 *   of them is of its kind (its category: `kindSiblingsOf`), a word of its catalogue name read too — the
 *   brand's other kinds have designs of their own, so the print it shares with an unknown product of its
 *   kind (another flavour) counts as distinctive;
 * - a product with a brand and no sibling in the catalogue: only a word of its catalogue name (not the
 *   brand) read on the pack separates it;
 * - a product without a brand (loose produce) keeps the sure rule;
 * - and, for a product with a brand, no word that the catalogue uses in another product's name and the
 *   product's own words never had is read clearly on the pack (`foreignNameWordRead`: "grapefruit" on a
 *   pack matched to the apple juice of its brand).
 * `distinctive`: the product's distinctive inliers, worked out by the caller with its siblings' views.
 */
export function separates(
  productId: string,
  words: readonly ReadWord[],
  options: Pick<RecogniseOptions, 'products' | 'text'>,
  distinctive: number | undefined,
): { separates: boolean; foreign?: string } {
  const product = options.products.get(productId);
  if (!product || !brandKey(product.brand)) return { separates: true };
  const foreign = foreignNameWordRead(productId, words, options.products, options.text?.index);
  const read = foreign ? { foreign } : {};
  if (siblingsOf(options.products, productId).length === 0)
    return { separates: !foreign && ownNameWordRead(product, words), ...read };
  // Alone of its kind in its brand, its kind's common print has no photo to be told from: it counts as
  // distinctive, so a word of its own name must be read too.
  const aloneOfItsKind = kindSiblingsOf(options.products, productId).length === 0;
  return {
    separates:
      !foreign &&
      (distinctive ?? 0) >= CONFIDENT_INLIERS &&
      (!aloneOfItsKind || ownNameWordRead(product, words)),
    ...read,
  };
}

export type KeypointStrategyEvidence = {
  /** Per product with keypoint evidence. */
  keypoints: KeypointEvidence[];
  /** Products with a sure match that separates them from what is not in the catalogue (decisive). */
  sure: Set<string>;
  /** Colour similarity inside the matched outline, per product with a visual score (colour not disabled). */
  outlineColour: Map<string, number>;
};

const NO_VERIFICATION: Verification = { inliers: 0, queryPoints: [], referencePoints: [] };

type ProductEvidence = {
  verification: Verification;
  votes: number;
  reference?: ImageFeatures;
  second: number;
};

/**
 * What the keypoints find before the words are read: the products the photo's keypoints vote for and their
 * best-voted photos verified. recognise.ts works it out while a reader in another thread reads.
 */
export type KeypointShortlist = {
  evidence: Map<string, ProductEvidence>;
  productVotes: Map<string, number>;
  verified: Set<ProductReference>;
};

export async function verifyShortlist(
  input: Pick<StrategyInput, 'features' | 'options' | 'settings'>,
  /** Awaited after each photo verified (recognise.ts lets the reader's replies in there). */
  between?: () => Promise<void>,
): Promise<KeypointShortlist> {
  const { features, options, settings } = input;
  const cv = await loadOpenCv();
  const evidence = new Map<string, ProductEvidence>();
  const votes = castVotes(options.index, features);
  const productVotes = new Map(votes.products.map((entry) => [entry.productId, entry.votes]));
  for (const { productId, votes: n } of votes.products.slice(0, settings.shortlistSize))
    evidence.set(productId, { verification: NO_VERIFICATION, votes: n, second: 0 });
  const verified = votes.references.slice(0, settings.verifiedReferences).map((r) => r.reference);
  for (const reference of verified) {
    verifyReference(cv, features, reference, evidence, productVotes);
    await between?.();
  }
  return { evidence, productVotes, verified: new Set(verified) };
}

/** One reference photo verified against the query; its product keeps its best photo and the second best. */
function verifyReference(
  cv: OpenCv,
  features: ImageFeatures,
  reference: ProductReference,
  evidence: Map<string, ProductEvidence>,
  productVotes: ReadonlyMap<string, number>,
): void {
  const verification = verifyWithOpenCv(cv, features, reference.features);
  const known = evidence.get(reference.productId);
  if (!known?.reference || verification.inliers > known.verification.inliers)
    evidence.set(reference.productId, {
      verification,
      votes: productVotes.get(reference.productId) ?? 0,
      reference: reference.features,
      second: known?.reference ? known.verification.inliers : 0,
    });
  else known.second = Math.max(known.second, verification.inliers);
}

/**
 * The keypoint strategy: the shortlist (given when it was worked out while the text was read), then the photos
 * of the products the text names, then each product's score and whether it is Sûr.
 */
export const keypointStrategy = async (
  input: StrategyInput,
  shortlist?: KeypointShortlist,
): Promise<StrategyResult<KeypointStrategyEvidence>> => {
  const { features, options, text, words } = input;
  const cv = await loadOpenCv();
  const { evidence, productVotes, verified } = shortlist ?? (await verifyShortlist(input));
  for (const productId of textNamedProducts(text))
    for (const reference of referencesOf(options.index, productId))
      if (!verified.has(reference)) verifyReference(cv, features, reference, evidence, productVotes);
  // Siblings (same brand) share the brand's artwork: between them, what counts for Sûr is what they do not
  // share — the inliers of each verified product that no sibling's photo matches as well (openSet.ts).
  // Worked out only where Sûr is decided: for a sure match and the siblings it is compared with.
  const distinctiveOf = new Map<string, number>();
  const distinctive = (productId: string): number | undefined => {
    if (distinctiveOf.has(productId)) return distinctiveOf.get(productId);
    const e = evidence.get(productId);
    const siblings = siblingsOf(options.products, productId);
    if (!e || e.verification.inliers === 0 || siblings.length === 0) return undefined;
    // The siblings' photos the query matched, aligned: only what they show of the pack can differ from it.
    const views = siblings.flatMap((id) => {
      const o = evidence.get(id);
      return o?.reference && o.verification.homography && o.verification.inliers >= MIN_INLIERS
        ? [{ homography: o.verification.homography, width: o.reference.width, height: o.reference.height }]
        : [];
    });
    const count = distinctiveInliers(features, e.verification, options.index, siblings, views);
    distinctiveOf.set(productId, count);
    return count;
  };
  const maxVotes = Math.max(1, ...[...evidence.values()].map((other) => other.votes));
  const scores = new Map<string, number>();
  const sure = new Set<string>();
  const outlineColour = new Map<string, number>();
  const foreign = new Map<string, string>();
  const colour = !options.disable?.includes('colour');
  const inliersOf = (id: string) => {
    const e = evidence.get(id)!;
    return productInliers(e.verification.inliers, e.second);
  };
  for (const [productId, e] of evidence) {
    const others = [...evidence].filter(([id]) => id !== productId);
    const othersRanking = Math.max(0, ...others.map(([id]) => inliersOf(id)));
    const visual = weighedVisual(
      visualScore(inliersOf(productId), othersRanking) || (VOTES_ONLY_CAP * e.votes) / maxVotes,
    );
    if (visual <= 0) continue;
    scores.set(productId, visual);
    const othersBest = Math.max(0, ...others.map(([, o]) => o.verification.inliers));
    if (isConfident(e.verification.inliers, othersBest)) {
      scores.set(productId, Math.max(visual, CONFIDENCE_HIGH));
      // Sûr also needs evidence that separates the product from what the catalogue does not have, and
      // between siblings the sure rule on their distinctive inliers: a match that wins on the brand's
      // artwork while a sibling shows as much of its own print is not sure.
      const own = distinctive(productId);
      const siblings = new Set(siblingsOf(options.products, productId));
      const siblingsDistinctive = Math.max(
        0,
        ...others.filter(([id]) => siblings.has(id)).map(([id]) => distinctive(id) ?? 0),
      );
      const separation = separates(productId, words, options, own);
      if (separation.separates && (own === undefined || isConfident(own, siblingsDistinctive)))
        sure.add(productId);
      if (separation.foreign) foreign.set(productId, separation.foreign);
    }
    if (colour && e.reference)
      outlineColour.set(productId, outlineColourSimilarity(features, e.verification, e.reference));
  }
  const keypoints: KeypointEvidence[] = [...evidence].map(([productId, e]) => ({
    productId,
    inliers: e.verification.inliers,
    second: e.second,
    votes: e.votes,
    ...(distinctiveOf.has(productId) ? { distinctive: distinctiveOf.get(productId)! } : {}),
    ...(foreign.has(productId) ? { foreign: foreign.get(productId)! } : {}),
  }));
  return { scores, evidence: { keypoints, sure, outlineColour } };
};
