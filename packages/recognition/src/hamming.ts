// Binary-descriptor matching by Hamming distance: nearest two, ratio test and one-to-one pairs.

import { HAMMING_WASM_BASE64 } from './wasm/hammingWasm.js';

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

/** No nearer train row yet (and the second distance when there is only one train row). */
const FAR = 1e9;

/**
 * The nearest two train descriptors of each query descriptor: for query q, `[3q]` is the best distance, `[3q + 1]`
 * the second (FAR without a second train row) and `[3q + 2]` the best train index (-1 without train rows). On
 * equal distances the first train index wins. This JS loop is the reference for the WebAssembly kernel.
 */
export function nearestTwoJs(query: Uint32Array, train: Uint32Array): Int32Array {
  const nq = query.length / DESCRIPTOR_WORDS;
  const nt = train.length / DESCRIPTOR_WORDS;
  const nearest = new Int32Array(Math.ceil(nq) * 3);
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
    let best = FAR;
    let second = FAR;
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
    nearest[3 * q] = best;
    nearest[3 * q + 1] = second;
    nearest[3 * q + 2] = bestIndex;
  }
  return nearest;
}

type HammingExports = {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  nearestTwo(qPtr: number, nq: number, tPtr: number, nt: number, outPtr: number): void;
};

/** The globals the kernel needs, declared locally: the package's lib has neither DOM nor Node types. */
export type WebAssemblyScope = {
  WebAssembly?: {
    Module: new (bytes: Uint8Array) => object;
    Instance: new (module: object, imports: object) => { exports: object };
  };
  atob?: (base64: string) => string;
};

// Cast through unknown: without DOM or Node types, globalThis declares neither.
const globalScope = globalThis as unknown as WebAssemblyScope;
const WASM_PAGE_BYTES = 65536;

/**
 * The WebAssembly kernel (wasm/hamming.wat, bytes committed in wasm/hammingWasm.ts), instantiated synchronously
 * (the module is a few hundred bytes, which a Web Worker and Node both allow); undefined when WebAssembly or atob
 * is missing or instantiation throws (e.g. a Content-Security-Policy without 'wasm-unsafe-eval'), so that
 * matching falls back to the JS loop.
 */
export function instantiateHammingKernel(scope: WebAssemblyScope = globalScope): HammingExports | undefined {
  const wasm = scope.WebAssembly;
  if (!wasm || !scope.atob) return undefined;
  try {
    const bytes = Uint8Array.from(scope.atob(HAMMING_WASM_BASE64), (c) => c.charCodeAt(0));
    const exports = new wasm.Instance(new wasm.Module(bytes), {}).exports as Partial<HammingExports>;
    if (!exports.memory || typeof exports.nearestTwo !== 'function') return undefined;
    return exports as HammingExports;
  } catch {
    return undefined;
  }
}

/** undefined until first used, null when WebAssembly is unavailable. */
let kernel: HammingExports | null | undefined;

/**
 * nearestTwoJs computed by the WebAssembly kernel (`i64.popcnt`), the same numbers; undefined when the kernel is
 * unavailable or the rows are not whole descriptors.
 */
export function nearestTwoWasm(query: Uint32Array, train: Uint32Array): Int32Array | undefined {
  if (query.length % DESCRIPTOR_WORDS !== 0 || train.length % DESCRIPTOR_WORDS !== 0) return undefined;
  if (kernel === undefined) kernel = instantiateHammingKernel() ?? null;
  if (!kernel) return undefined;
  const nq = query.length / DESCRIPTOR_WORDS;
  const nt = train.length / DESCRIPTOR_WORDS;
  // Memory: the query rows, the train rows, then three Int32 per query (all offsets 8-byte aligned).
  const qPtr = 0;
  const tPtr = qPtr + query.length * 4;
  const outPtr = tPtr + train.length * 4;
  const end = outPtr + nq * 3 * 4;
  const memory = kernel.memory;
  const missing = end - memory.buffer.byteLength;
  if (missing > 0) {
    try {
      memory.grow(Math.ceil(missing / WASM_PAGE_BYTES));
    } catch {
      return undefined;
    }
  }
  // Views are taken after growing, which detaches the previous buffer.
  const words = new Uint32Array(memory.buffer);
  words.set(query, qPtr / 4);
  words.set(train, tPtr / 4);
  kernel.nearestTwo(qPtr, nq, tPtr, nt, outPtr);
  return new Int32Array(memory.buffer, outPtr, nq * 3).slice();
}

/** Ratio test and max distance on the nearest two, then one query per train row (the nearest; the first on ties). */
function oneToOne(nearest: Int32Array, ratio: number, maxDistance: number): DescriptorMatch[] {
  const bestForTrain = new Map<number, DescriptorMatch>();
  for (let q = 0; q < nearest.length / 3; q++) {
    const best = nearest[3 * q]!;
    const second = nearest[3 * q + 1]!;
    const bestIndex = nearest[3 * q + 2]!;
    if (bestIndex < 0 || best > maxDistance || best >= ratio * second) continue;
    const previous = bestForTrain.get(bestIndex);
    if (!previous || previous.distance > best)
      bestForTrain.set(bestIndex, { query: q, train: bestIndex, distance: best });
  }
  return [...bestForTrain.values()];
}

/** matchDescriptors with the JS loop (the reference). */
export function matchDescriptorsJs(
  query: Uint32Array,
  train: Uint32Array,
  ratio: number,
  maxDistance = 120,
): DescriptorMatch[] {
  return oneToOne(nearestTwoJs(query, train), ratio, maxDistance);
}

/** matchDescriptors with the WebAssembly kernel; undefined when it is unavailable. */
export function matchDescriptorsWasm(
  query: Uint32Array,
  train: Uint32Array,
  ratio: number,
  maxDistance = 120,
): DescriptorMatch[] | undefined {
  const nearest = nearestTwoWasm(query, train);
  return nearest && oneToOne(nearest, ratio, maxDistance);
}

/**
 * For each query descriptor, its nearest train descriptor when clearly nearer than the second (Lowe's ratio
 * test); then each train descriptor keeps only its best query, so that one reference keypoint is counted
 * once (otherwise repetitive references collect inflated inlier counts). The nearest two come from the
 * WebAssembly kernel when available (several times faster), else from the JS loop: the same matches.
 */
export function matchDescriptors(
  query: Uint32Array,
  train: Uint32Array,
  ratio: number,
  maxDistance = 120,
): DescriptorMatch[] {
  return oneToOne(nearestTwoWasm(query, train) ?? nearestTwoJs(query, train), ratio, maxDistance);
}
