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
    const qo = q * DESCRIPTOR_WORDS;
    // The query row is held in locals and the distance unrolled: this loop is most of the recognition time.
    const q0 = query[qo]!;
    const q1 = query[qo + 1]!;
    const q2 = query[qo + 2]!;
    const q3 = query[qo + 3]!;
    const q4 = query[qo + 4]!;
    const q5 = query[qo + 5]!;
    const q6 = query[qo + 6]!;
    const q7 = query[qo + 7]!;
    const q8 = query[qo + 8]!;
    const q9 = query[qo + 9]!;
    const q10 = query[qo + 10]!;
    const q11 = query[qo + 11]!;
    const q12 = query[qo + 12]!;
    const q13 = query[qo + 13]!;
    const q14 = query[qo + 14]!;
    const q15 = query[qo + 15]!;
    let best = 1e9;
    let second = 1e9;
    let bestIndex = -1;
    for (let t = 0, to = 0; t < nt; t++, to += DESCRIPTOR_WORDS) {
      let d =
        popcount(q0 ^ train[to]!) +
        popcount(q1 ^ train[to + 1]!) +
        popcount(q2 ^ train[to + 2]!) +
        popcount(q3 ^ train[to + 3]!) +
        popcount(q4 ^ train[to + 4]!) +
        popcount(q5 ^ train[to + 5]!) +
        popcount(q6 ^ train[to + 6]!) +
        popcount(q7 ^ train[to + 7]!);
      if (d >= second) continue;
      d +=
        popcount(q8 ^ train[to + 8]!) +
        popcount(q9 ^ train[to + 9]!) +
        popcount(q10 ^ train[to + 10]!) +
        popcount(q11 ^ train[to + 11]!) +
        popcount(q12 ^ train[to + 12]!) +
        popcount(q13 ^ train[to + 13]!) +
        popcount(q14 ^ train[to + 14]!) +
        popcount(q15 ^ train[to + 15]!);
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
