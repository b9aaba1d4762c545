import { readFile } from 'node:fs/promises';
import wabt from 'wabt';
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTOR_WORDS,
  hammingDistance,
  instantiateHammingKernel,
  matchDescriptors,
  matchDescriptorsJs,
  matchDescriptorsWasm,
  nearestTwoJs,
  nearestTwoWasm,
  type WebAssemblyScope,
} from './hamming.js';
import { seededRandom } from './random.js';
import { HAMMING_WASM_BASE64 } from './wasm/hammingWasm.js';

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

/**
 * Seeded descriptors built to meet every branch: train rows that are noisy copies of other train rows (close
 * seconds, exact duplicates: equal best and second), queries that are copies of train rows with 0 to ~190 bits
 * flipped (around the ratio and max-distance thresholds), queries at equal distance from two train rows (ties
 * on the best index) and several queries copying the same train row (ties in the one-to-one step).
 */
function trickyDescriptors(nq: number, nt: number, seed: number): { query: Uint32Array; train: Uint32Array } {
  const random = seededRandom(seed);
  const word = () => Math.floor(random() * 2 ** 32) >>> 0;
  const pick = (n: number) => Math.floor(random() * n);
  const flipBits = (rows: Uint32Array, row: number, bits: number) => {
    for (let i = 0; i < bits; i++) rows[row * DESCRIPTOR_WORDS + pick(DESCRIPTOR_WORDS)]! ^= 1 << pick(32);
  };
  const copyRow = (to: Uint32Array, toRow: number, from: Uint32Array, fromRow: number) =>
    to.set(
      from.subarray(fromRow * DESCRIPTOR_WORDS, (fromRow + 1) * DESCRIPTOR_WORDS),
      toRow * DESCRIPTOR_WORDS,
    );
  const train = Uint32Array.from({ length: nt * DESCRIPTOR_WORDS }, word);
  for (let t = 1; t < nt; t++) {
    const kind = random();
    if (kind < 0.1) copyRow(train, t, train, pick(t));
    else if (kind < 0.3) {
      copyRow(train, t, train, pick(t));
      flipBits(train, t, 1 + pick(60));
    }
  }
  const query = Uint32Array.from({ length: nq * DESCRIPTOR_WORDS }, word);
  for (let q = 0; q < nq && nt > 0; q++) {
    const kind = random();
    if (kind < 0.6) {
      copyRow(query, q, train, pick(nt));
      flipBits(query, q, kind < 0.15 ? 0 : pick(kind < 0.45 ? 60 : 190));
    } else if (kind < 0.75 && nt > 1) {
      // Equal distances to two different train rows: the query is row a with k bits of the first half
      // flipped, row b is the query with k bits of the second half flipped (so b's first-half partial
      // distance is 0 and a's is k): the query is k from each, and a and b are 2k apart.
      const a = pick(nt);
      let b = pick(nt);
      if (b === a) b = (a + 1) % nt;
      copyRow(query, q, train, a);
      const w = q % 8;
      const k = 1 + pick(20);
      for (let i = 0; i < k; i++) query[q * DESCRIPTOR_WORDS + w]! ^= 1 << i;
      copyRow(train, b, query, q);
      for (let i = 0; i < k; i++) train[b * DESCRIPTOR_WORDS + 8 + w]! ^= 1 << (31 - i);
    } else if (kind < 0.85 && q > 0) copyRow(query, q, query, pick(q));
  }
  return { query, train };
}

describe('the WebAssembly kernel', () => {
  const sizes: [number, number][] = [
    [0, 0],
    [0, 7],
    [7, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [1, 7],
    [7, 1],
    [7, 7],
    [600, 800],
    [64, 64],
  ];

  it('is available in Node and its nearest two are the JS loop’s, ties included', () => {
    expect(instantiateHammingKernel()).toBeDefined();
    for (const [nq, nt] of sizes) {
      for (const seed of [1, 2, 3]) {
        const { query, train } = trickyDescriptors(nq, nt, seed * 1000 + nq + nt);
        const wasm = nearestTwoWasm(query, train);
        expect(wasm, `${nq}×${nt}`).toBeDefined();
        expect(wasm, `${nq}×${nt} seed ${seed}`).toEqual(nearestTwoJs(query, train));
      }
    }
  });

  it('returns the same matches as the JS loop, in the same order', () => {
    let matched = 0;
    for (const [nq, nt] of sizes) {
      const { query, train } = trickyDescriptors(nq, nt, nq * 7 + nt);
      for (const ratio of [0.8, 0.9]) {
        for (const maxDistance of [120, 160]) {
          const js = matchDescriptorsJs(query, train, ratio, maxDistance);
          expect(matchDescriptorsWasm(query, train, ratio, maxDistance), `${nq}×${nt}`).toEqual(js);
          expect(matchDescriptors(query, train, ratio, maxDistance)).toEqual(js);
          matched += js.length;
        }
      }
    }
    // The data meets the branches: matches, and ties both on the best index and in the one-to-one step.
    expect(matched).toBeGreaterThan(400);
    const { query, train } = trickyDescriptors(600, 800, 600 * 7 + 800);
    const nearest = nearestTwoJs(query, train);
    let equalBestAndSecond = 0;
    for (let q = 0; q < 600; q++) if (nearest[3 * q] === nearest[3 * q + 1]) equalBestAndSecond++;
    expect(equalBestAndSecond).toBeGreaterThan(50);
  });

  it('falls back to the JS loop without WebAssembly or when instantiation throws', () => {
    const { WebAssembly, atob } = globalThis as unknown as Required<WebAssemblyScope>;
    expect(instantiateHammingKernel({})).toBeUndefined();
    expect(instantiateHammingKernel({ WebAssembly })).toBeUndefined();
    expect(instantiateHammingKernel({ WebAssembly, atob })).toBeDefined();
    const disallowed: WebAssemblyScope = {
      atob,
      WebAssembly: {
        Module: class {
          constructor() {
            throw new Error('CompileError: WebAssembly.Module(): Wasm code generation disallowed');
          }
        },
        Instance: class {
          exports = {};
        },
      },
    };
    expect(instantiateHammingKernel(disallowed)).toBeUndefined();
    // Rows that are not whole descriptors are left to the JS loop.
    expect(
      nearestTwoWasm(new Uint32Array(DESCRIPTOR_WORDS + 1), new Uint32Array(DESCRIPTOR_WORDS)),
    ).toBeUndefined();
  });

  it('has its committed bytes compiled from hamming.wat (npm run build:wasm)', async () => {
    const text = await readFile(new URL('./wasm/hamming.wat', import.meta.url), 'utf8');
    const module = (await wabt()).parseWat('hamming.wat', text);
    const bytes = module.toBinary({}).buffer;
    module.destroy();
    expect(HAMMING_WASM_BASE64).toBe(Buffer.from(bytes).toString('base64'));
  });
});
