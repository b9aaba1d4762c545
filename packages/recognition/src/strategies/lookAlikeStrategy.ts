// Look-alike (colour) strategy: how much the photo looks like each product's reference photos — regions and
// local patches (lookAlike.ts), or the whole-photo appearance for references computed before them
// (appearance.ts). The one signal of loose produce; never decisive. Scores are relative to the best product
// of this photo (light and camera shift every similarity together): only the nearest few count.
import { appearanceDescriptor, appearanceRanking, type ProductSimilarity } from '../appearance.js';
import { lookAlikeRanking, patchDescriptors, regionDescriptors } from '../lookAlike.js';
import type { Strategy } from './strategy.js';

/** Products ranked by appearance that get a colour score: the nearest few, the rest is noise. */
export const APPEARANCE_KEEP = 3;
/**
 * Colour score of the product whose photos look most like the query. 0.8 × the colour weight 0.6 = 0.48:
 * an answer resting on appearance alone is Incertain, not Moyen — on photos from other sessions it is right
 * only about one time in three. Absolute similarity does not tell a product missing from the catalogue
 * either: the nearest other product looks as alike as the right one.
 */
export const APPEARANCE_TOP = 0.8;
/** A product this much less similar than the best one scores 0 (the score falls linearly until then). */
export const APPEARANCE_SPREAD = 0.08;
/** The same for the look-alike value, whose gaps are narrower (0.08 scaled by the ratio of the medians). */
export const LOOK_ALIKE_SPREAD = 0.07;

/** Colour scores from a similarity ranking, relative to the best product of this photo. */
export function appearanceScores(
  ranking: readonly ProductSimilarity[],
  spread = APPEARANCE_SPREAD,
): Map<string, number> {
  const scores = new Map<string, number>();
  const best = ranking[0]?.similarity ?? 0;
  for (const { productId, similarity } of ranking.slice(0, APPEARANCE_KEEP)) {
    const score = APPEARANCE_TOP * (1 - (best - similarity) / spread);
    if (score > 0) scores.set(productId, score);
  }
  return scores;
}

export type LookAlikeEvidence = { ranking: ProductSimilarity[] };

/** Synchronous work, answered as a resolved promise like every strategy. */
export const lookAlikeStrategy: Strategy<LookAlikeEvidence> = ({ image, features, options }) => {
  const references = options.index.references;
  const regions = references.some((r) => r.features.regions);
  const ranking = regions
    ? lookAlikeRanking(
        {
          regions: features.regions ?? regionDescriptors(image),
          patches: features.patches ?? patchDescriptors(image),
        },
        references.map((r) => ({ productId: r.productId, ...r.features })),
      )
    : appearanceRanking(
        features.appearance ?? appearanceDescriptor(image),
        references.map((r) => ({ productId: r.productId, appearance: r.features.appearance })),
      );
  return Promise.resolve({
    scores: appearanceScores(ranking, regions ? LOOK_ALIKE_SPREAD : APPEARANCE_SPREAD),
    evidence: { ranking },
  });
};
