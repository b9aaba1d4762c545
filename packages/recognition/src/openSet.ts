// Open set: whether the evidence for an answer separates it from products that are not in the catalogue.
//
// A sure keypoint match only says that the photo shares a view with one product's photos more than with the
// other products'. An unknown product of the same brand (another flavour, another fat level) shares the
// brand's artwork with its known siblings, so it used to be matched as surely as the product itself. What
// separates the answer from such a product is what the answer has and its siblings do not: keypoints of the
// photo that match the answer's reference clearly better than any of its siblings' photos (the flavour's
// picture and words, aligned by the homography as inliers). A product with a brand and no sibling in the
// catalogue has no photos to tell its own print from the brand's: only a word of its own name can separate it.
import { DESCRIPTOR_WORDS, nearestTwoJs, nearestTwoWasm } from './hamming.js';
import { RATIO_TEST, type ImageFeatures, type Verification } from './keypoints.js';
import { VOTE_MAX_DISTANCE, type ReferenceIndex } from './referenceIndex.js';
import { textTokens, wordSimilarity, WORD_MATCH_SIMILARITY, type ReadWord } from './textMatch.js';

const brandKey = (brand: string | undefined) => brand?.trim().toLowerCase() ?? '';

/** Products of the catalogue with the same brand as `productId` (its siblings), without it. */
export function siblingsOf(products: ReadonlyMap<string, { brand?: string }>, productId: string): string[] {
  const brand = brandKey(products.get(productId)?.brand);
  if (!brand) return [];
  return [...products]
    .filter(([id, p]) => id !== productId && brandKey(p.brand) === brand)
    .map(([id]) => id)
    .sort();
}

/** The descriptors of all the siblings' reference photos, one matrix, memoised per index state and product set. */
const rivalCache = new WeakMap<ReferenceIndex, Map<string, Uint32Array>>();

function rivalDescriptors(index: ReferenceIndex, rivals: readonly string[]): Uint32Array {
  const key = `${index.references.length}:${rivals.join(',')}`;
  const cache = rivalCache.get(index) ?? rivalCache.set(index, new Map()).get(index)!;
  const known = cache.get(key);
  if (known) return known;
  const wanted = new Set(rivals);
  const rows = index.references.filter((r) => wanted.has(r.productId)).map((r) => r.features.descriptors);
  const all = new Uint32Array(rows.reduce((n, d) => n + d.length, 0));
  let offset = 0;
  for (const d of rows) {
    all.set(d, offset);
    offset += d.length;
  }
  cache.set(key, all);
  return all;
}

/**
 * Inliers of a verification that belong to the answer and not to its rivals: no rival's reference photo has
 * a near neighbour of the query keypoint (none within VOTE_MAX_DISTANCE, what the index counts as near enough
 * to vote), and the answer's is clearly nearer (Lowe's ratio, the matcher's own RATIO_TEST). Keypoints of the
 * brand's shared artwork have a near neighbour in a sibling's photo and do not count. (The ratio alone is
 * not enough: on near-identical artwork distances of 1 against 3 bits pass it.)
 */
export function distinctiveInliers(
  query: ImageFeatures,
  verification: Verification,
  index: ReferenceIndex,
  rivals: readonly string[],
): number {
  const matches = verification.matches ?? [];
  if (matches.length === 0) return 0;
  const train = rivalDescriptors(index, rivals);
  if (train.length === 0) return matches.length;
  const rows = new Uint32Array(matches.length * DESCRIPTOR_WORDS);
  matches.forEach((m, i) =>
    rows.set(
      query.descriptors.subarray(m.query * DESCRIPTOR_WORDS, (m.query + 1) * DESCRIPTOR_WORDS),
      i * DESCRIPTOR_WORDS,
    ),
  );
  const nearest = nearestTwoWasm(rows, train) ?? nearestTwoJs(rows, train);
  let distinctive = 0;
  matches.forEach((m, i) => {
    const rival = nearest[3 * i]!;
    if (rival > VOTE_MAX_DISTANCE && m.distance < RATIO_TEST * rival) distinctive++;
  });
  return distinctive;
}

/**
 * True when a word read on the photo matches a word of the product's catalogue name that is not its brand
 * (the shop's own name for it: its flavour, its kind): the separation of a product whose brand has no other
 * product in the catalogue.
 */
export function ownNameWordRead(
  product: { name: string; brand?: string },
  words: readonly ReadWord[],
): boolean {
  const brand = new Set(textTokens(product.brand ?? ''));
  for (const word of textTokens(product.name)) {
    if (brand.has(word)) continue;
    for (const read of words) if (wordSimilarity(read.word, word) >= WORD_MATCH_SIMILARITY) return true;
  }
  return false;
}
