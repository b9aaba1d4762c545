// Shape strategy: the silhouette against a plain background (shape.ts), only when the photo shows one and
// some references do. Never decisive: a shape says "a bottle", not which one.
import type { ProductSimilarity } from '../appearance.js';
import { shapeDescriptor, shapeRanking, shapeScores } from '../shape.js';
import type { Strategy } from './strategy.js';

export type ShapeEvidence = { ranking: ProductSimilarity[] };

/** Synchronous work: answered as a resolved promise, like every strategy. */
/** Synchronous work, answered as a resolved promise like every strategy. */
export const shapeStrategy: Strategy<ShapeEvidence> = ({ image, features, options }) => {
  const query = features.version >= 4 ? features.shape : shapeDescriptor(image);
  if (!query) return Promise.resolve({ scores: new Map<string, number>(), evidence: { ranking: [] } });
  const ranking = shapeRanking(
    query,
    options.index.references.map((r) => ({ productId: r.productId, shape: r.features.shape })),
  );
  return Promise.resolve({ scores: shapeScores(ranking), evidence: { ranking } });
};
