// Descriptor matching speed, JS loop vs WebAssembly kernel, on one verification's worth of seeded AKAZE-like
// descriptors (600 query × 800 reference, 486 bits padded to 64 bytes, a third of the queries noisy copies of
// reference rows). Prints one JSON line: median and quartiles of 30 runs after warm-up, in milliseconds.
//   cd packages/recognition && npx tsx bench/hammingSpeed.ts [--runs 30] [--nq 600] [--nt 800]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  DESCRIPTOR_WORDS,
  instantiateHammingKernel,
  matchDescriptorsJs,
  matchDescriptorsWasm,
} from '../src/hamming.js';
import { seededRandom } from '../src/random.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    nq: { type: 'string', default: '600' },
    nt: { type: 'string', default: '800' },
  },
});
const runs = Number(args.runs);
const nq = Number(args.nq);
const nt = Number(args.nt);

const random = seededRandom(20240601);
const word = () => Math.floor(random() * 2 ** 32) >>> 0;
/** AKAZE's 486 bits: the last word keeps its low 6 bits, the padding is zero. */
function descriptors(count: number): Uint32Array {
  const rows = Uint32Array.from({ length: count * DESCRIPTOR_WORDS }, word);
  for (let r = 0; r < count; r++) rows[r * DESCRIPTOR_WORDS + 15]! &= 0x3f;
  return rows;
}
const train = descriptors(nt);
const query = descriptors(nq);
for (let q = 0; q < nq; q += 3) {
  const t = Math.floor(random() * nt);
  query.set(train.subarray(t * DESCRIPTOR_WORDS, (t + 1) * DESCRIPTOR_WORDS), q * DESCRIPTOR_WORDS);
  for (let i = Math.floor(random() * 80); i > 0; i--)
    query[q * DESCRIPTOR_WORDS + Math.floor(random() * 15)]! ^= 1 << Math.floor(random() * 32);
}

const instantiateStart = performance.now();
const kernel = instantiateHammingKernel();
const instantiateMs = performance.now() - instantiateStart;
if (!kernel) throw new Error('WebAssembly is unavailable');

function time(match: () => unknown): { median: number; p25: number; p75: number } {
  for (let i = 0; i < 5; i++) match();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    match();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (f: number) => Math.round(times[Math.floor(f * (times.length - 1))]! * 1000) / 1000;
  return { median: at(0.5), p25: at(0.25), p75: at(0.75) };
}

const js = matchDescriptorsJs(query, train, 0.8);
const wasm = matchDescriptorsWasm(query, train, 0.8);
const identical = JSON.stringify(js) === JSON.stringify(wasm);
const jsMs = time(() => matchDescriptorsJs(query, train, 0.8));
const wasmMs = time(() => matchDescriptorsWasm(query, train, 0.8));
console.log(
  JSON.stringify({
    nq,
    nt,
    runs,
    node: process.version,
    matches: js.length,
    identical,
    instantiateMs: Math.round(instantiateMs * 1000) / 1000,
    jsMs,
    wasmMs,
    speedup: Math.round((jsMs.median / wasmMs.median) * 100) / 100,
  }),
);
