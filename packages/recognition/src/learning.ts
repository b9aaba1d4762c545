// Learning from use: a confirmed detection's crop becomes a reference of the chosen product, bounded and diverse.
import { verifyMatch, type ImageFeatures } from './keypoints.js';
import { addReference, buildIndex, type ReferenceIndex } from './referenceIndex.js';

/** Learned references kept per product (the shopkeeper's own photos are never dropped). */
export const MAX_LEARNED_PER_PRODUCT = 8;
/** A new crop this similar to a kept one (RANSAC inliers) adds nothing: same view, same light. */
export const REDUNDANT_INLIERS = 60;

export type LearningOutcome = 'added' | 'redundant' | 'replaced-oldest';

/**
 * Adds the confirmed crop's features as a learned reference of the product. Near-duplicates of a kept
 * reference are skipped; when the product already has MAX_LEARNED_PER_PRODUCT learned references, the oldest
 * learned one makes room (recent light and packaging are the most useful). Returns the index to use next.
 */
export async function addConfirmedReference(
  index: ReferenceIndex,
  productId: string,
  crop: ImageFeatures,
): Promise<{ index: ReferenceIndex; outcome: LearningOutcome }> {
  const learned = index.references.filter((r) => r.productId === productId && r.origin === 'learned');
  for (const reference of index.references) {
    if (reference.productId !== productId) continue;
    if ((await verifyMatch(crop, reference.features)).inliers >= REDUNDANT_INLIERS)
      return { index, outcome: 'redundant' };
  }
  if (learned.length < MAX_LEARNED_PER_PRODUCT) {
    addReference(index, { productId, features: crop, origin: 'learned' });
    return { index, outcome: 'added' };
  }
  const oldest = learned[0]!;
  const next = buildIndex(
    [...index.references.filter((r) => r !== oldest), { productId, features: crop, origin: 'learned' }],
    index.vocabulary,
  );
  return { index: next, outcome: 'replaced-oldest' };
}
