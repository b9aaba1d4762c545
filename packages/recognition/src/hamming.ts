// Binary-descriptor matching by Hamming distance: nearest two, ratio test and one-to-one pairs.

/** AKAZE's 486-bit descriptors are stored padded to 64 bytes (16 words) so that rows are word-aligned. */
export const DESCRIPTOR_WORDS = 16;
export const DESCRIPTOR_BYTES = DESCRIPTOR_WORDS * 4;

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function hammingDistance(a: Uint32Array, ai: number, b: Uint32Array, bi: number): number {
  let d = 0;
  const ao = ai * DESCRIPTOR_WORDS;
  const bo = bi * DESCRIPTOR_WORDS;
  for (let w = 0; w < DESCRIPTOR_WORDS; w++) d += popcount(a[ao + w]! ^ b[bo + w]!);
  return d;
}

export type DescriptorMatch = { query: number; train: number; distance: number };

/**
 * For each query descriptor, its nearest train descriptor when clearly nearer than the second (Lowe's ratio
 * test); then each train descriptor keeps only its best query, so that one reference keypoint is counted
 * once (otherwise repetitive references collect inflated inlier counts).
 */
export function matchDescriptors(
  query: Uint32Array,
  train: Uint32Array,
  ratio: number,
  maxDistance = 120,
): DescriptorMatch[] {
  const nq = query.length / DESCRIPTOR_WORDS;
  const nt = train.length / DESCRIPTOR_WORDS;
  const bestForTrain = new Map<number, DescriptorMatch>();
  for (let q = 0; q < nq; q++) {
    let best = 1e9;
    let second = 1e9;
    let bestIndex = -1;
    const qo = q * DESCRIPTOR_WORDS;
    for (let t = 0; t < nt; t++) {
      const to = t * DESCRIPTOR_WORDS;
      let d = 0;
      for (let w = 0; w < DESCRIPTOR_WORDS && d < second; w++) d += popcount(query[qo + w]! ^ train[to + w]!);
      if (d < best) {
        second = best;
        best = d;
        bestIndex = t;
      } else if (d < second) {
        second = d;
      }
    }
    if (bestIndex < 0 || best > maxDistance || best >= ratio * second) continue;
    const previous = bestForTrain.get(bestIndex);
    if (!previous || previous.distance > best)
      bestForTrain.set(bestIndex, { query: q, train: bestIndex, distance: best });
  }
  return [...bestForTrain.values()];
}
