import { describe, expect, it } from 'vitest';
import { DESCRIPTOR_WORDS, hammingDistance, matchDescriptors } from './hamming.js';

function randomDescriptors(count: number, seed: number): Uint32Array {
  let state = seed;
  const out = new Uint32Array(count * DESCRIPTOR_WORDS);
  for (let i = 0; i < out.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out[i] = state;
  }
  return out;
}

/** The plain definition: nearest two by full distance, ratio test, then one query per train row. */
function naiveMatches(query: Uint32Array, train: Uint32Array, ratio: number, maxDistance: number) {
  const best = new Map<number, { query: number; distance: number }>();
  for (let q = 0; q < query.length / DESCRIPTOR_WORDS; q++) {
    const distances = Array.from({ length: train.length / DESCRIPTOR_WORDS }, (_, t) => ({
      t,
      d: hammingDistance(query, q, train, t),
    })).sort((a, b) => a.d - b.d || a.t - b.t);
    const [first, second] = distances;
    if (!first || !second || first.d > maxDistance || first.d >= ratio * second.d) continue;
    const previous = best.get(first.t);
    if (!previous || previous.distance > first.d) best.set(first.t, { query: q, distance: first.d });
  }
  return [...best].map(([train, m]) => ({ query: m.query, train, distance: m.distance }));
}

describe('matchDescriptors', () => {
  it('finds the same ratio-tested one-to-one matches as the plain definition', () => {
    const train = randomDescriptors(120, 7);
    const query = randomDescriptors(80, 11);
    // Half the queries are noisy copies of train rows, so that some pass the ratio test.
    for (let q = 0; q < 40; q++) {
      query.set(
        train.subarray(q * 2 * DESCRIPTOR_WORDS, (q * 2 + 1) * DESCRIPTOR_WORDS),
        q * DESCRIPTOR_WORDS,
      );
      query[q * DESCRIPTOR_WORDS + (q % DESCRIPTOR_WORDS)]! ^= 0x0f0f00ff;
    }
    // Two queries copying the same train row: only the nearer one keeps it.
    query.set(train.subarray(0, DESCRIPTOR_WORDS), 79 * DESCRIPTOR_WORDS);
    const sortByTrain = (m: { train: number }[]) => [...m].sort((a, b) => a.train - b.train);
    const fast = sortByTrain(matchDescriptors(query, train, 0.8, 200));
    expect(fast).toEqual(sortByTrain(naiveMatches(query, train, 0.8, 200)));
    expect(fast.length).toBeGreaterThanOrEqual(39);
    expect(fast.find((m) => m.train === 0)).toEqual({ query: 79, train: 0, distance: 0 });
  });
});
