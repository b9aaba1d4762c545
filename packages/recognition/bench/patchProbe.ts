// Probe behind lookAlike.ts: rankings by the whole-photo appearance, by regions (whole photo, four corners,
// centre), by local patches (naive-Bayes nearest neighbour, plain and "local" with k = 5), and their fusions,
// each product ranked alone, no other strategy. `npx tsx bench/patchProbe.ts --data DIR --split train
// --limit 300 --shortlist 20 --colour 2` (REGION=0.6 BETA=0.44 in the environment for the regions' share and
// the fixed fusion that lookAlike.ts ships); `--split val --half odd` is the half of `val` it was chosen on.
// Measured (top-1 / top-3, packaged | fresh):
//   train 300:  appearance 0.779 / 0.958 | 0.683 / 0.863; regions 0.789 / 0.979 | 0.746 / 0.878;
//               fixed fusion 0.853 / 0.968 | 0.766 / 0.878
//   val odd:    appearance 0.360 / 0.620 | 0.306 / 0.643; regions 0.500 / 0.760 | 0.357 / 0.653;
//               fixed fusion 0.520 / 0.760 | 0.449 / 0.704
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { appearanceDescriptor, appearanceSimilarity } from '../src/appearance.js';
import { resizeImage, type RgbaImage } from '../src/image.js';
import { decodeImageFile } from './decode.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'train' },
    limit: { type: 'string' },
    side: { type: 'string', default: '128' },
    patch: { type: 'string', default: '16' },
    stride: { type: 'string', default: '12' },
    colour: { type: 'string', default: '1' },
    shortlist: { type: 'string', default: '81' },
    half: { type: 'string' },
  },
});
const SIDE = Number(args.side);
const PATCH = Number(args.patch);
const STRIDE = Number(args.stride);
const COLOUR_WEIGHT = Number(args.colour);
const ORI = 8;
const DIM = 4 * ORI + 5;

function patchDescriptors(image: RgbaImage): Float32Array {
  const small = resizeImage(image, SIDE, SIDE);
  const { data } = small;
  const n = SIDE * SIDE;
  const grey = new Float32Array(n);
  const o1 = new Float32Array(n);
  const o2 = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = data[i * 4]!,
      g = data[i * 4 + 1]!,
      b = data[i * 4 + 2]!;
    const s = r + g + b + 30;
    grey[i] = (r + g + b) / 3;
    o1[i] = (r - g) / s;
    o2[i] = (r + g - 2 * b) / s;
  }
  const mag = new Float32Array(n);
  const bin = new Uint8Array(n);
  for (let y = 1; y < SIDE - 1; y++)
    for (let x = 1; x < SIDE - 1; x++) {
      const i = y * SIDE + x;
      const gx = grey[i + 1]! - grey[i - 1]!;
      const gy = grey[i + SIDE]! - grey[i - SIDE]!;
      mag[i] = Math.hypot(gx, gy);
      const a = Math.atan2(gy, gx) + Math.PI;
      bin[i] = Math.min(ORI - 1, Math.floor((a / (2 * Math.PI)) * ORI));
    }
  const out: number[] = [];
  const half = PATCH / 2;
  for (let py = 1; py + PATCH <= SIDE - 1; py += STRIDE)
    for (let px = 1; px + PATCH <= SIDE - 1; px += STRIDE) {
      const d = new Float32Array(DIM);
      let m1 = 0,
        m2 = 0,
        s1 = 0,
        s2 = 0,
        mi = 0;
      for (let y = py; y < py + PATCH; y++)
        for (let x = px; x < px + PATCH; x++) {
          const i = y * SIDE + x;
          const cell = (y - py < half ? 0 : 2) + (x - px < half ? 0 : 1);
          d[cell * ORI + bin[i]!]! += mag[i]!;
          m1 += o1[i]!;
          m2 += o2[i]!;
          s1 += o1[i]! * o1[i]!;
          s2 += o2[i]! * o2[i]!;
          mi += grey[i]!;
        }
      const count = PATCH * PATCH;
      let norm = 0;
      for (let k = 0; k < 4 * ORI; k++) norm += d[k]! * d[k]!;
      norm = Math.sqrt(norm) + 1e-6;
      let norm2 = 0;
      for (let k = 0; k < 4 * ORI; k++) {
        d[k] = Math.min(0.2, d[k]! / norm);
        norm2 += d[k]! * d[k]!;
      }
      norm2 = Math.sqrt(norm2) + 1e-6;
      for (let k = 0; k < 4 * ORI; k++) d[k] = d[k]! / norm2;
      m1 /= count;
      m2 /= count;
      mi /= count;
      d[32] = COLOUR_WEIGHT * 2 * m1;
      d[33] = COLOUR_WEIGHT * 2 * m2;
      d[34] = COLOUR_WEIGHT * 2 * Math.sqrt(Math.max(0, s1 / count - m1 * m1));
      d[35] = COLOUR_WEIGHT * 2 * Math.sqrt(Math.max(0, s2 / count - m2 * m2));
      d[36] = COLOUR_WEIGHT * 0.5 * (mi / 255);
      out.push(...d);
    }
  return Float32Array.from(out);
}

const dir = resolve(args.data ?? '../../../shared/datasets/grocery-dev');
const catalog = readCsv(join(dir, 'catalog.csv'));
const packaged = new Set(catalog.filter((r) => r.brand).map((r) => r.product_id!));
type Item = { productId: string; a: Float32Array; p: Float32Array; regions: Float32Array[] };
import { cropImage } from '../src/image.js';
const REGION = Number(process.env.REGION ?? 0.6);
function regionDescriptors(image: RgbaImage): Float32Array[] {
  const { width: w, height: h } = image;
  const rw = Math.round(w * REGION),
    rh = Math.round(h * REGION);
  const boxes = [
    { x: 0, y: 0, width: w, height: h },
    { x: 0, y: 0, width: rw, height: rh },
    { x: w - rw, y: 0, width: rw, height: rh },
    { x: 0, y: h - rh, width: rw, height: rh },
    { x: w - rw, y: h - rh, width: rw, height: rh },
    { x: Math.round((w - rw) / 2), y: Math.round((h - rh) / 2), width: rw, height: rh },
  ];
  return boxes.map((b) => appearanceDescriptor(cropImage(image, b)));
}
async function describe(path: string, productId: string): Promise<Item> {
  const image = await decodeImageFile(path);
  return {
    productId,
    a: appearanceDescriptor(image),
    p: patchDescriptors(image),
    regions: regionDescriptors(image),
  };
}
const refs: Item[] = [];
for (const { product_id: id } of catalog) {
  const folder = join(dir, 'references', id!);
  if (!existsSync(folder)) continue;
  for (const file of readdirSync(folder).sort()) refs.push(await describe(join(folder, file), id!));
}
let queries = readCsv(join(dir, 'queries.csv')).filter((q) => q.split === args.split);
if (args.half) queries = queries.filter((_, i) => i % 2 === (args.half === 'even' ? 0 : 1));
const limit = args.limit ? Number(args.limit) : Infinity;
if (queries.length > limit)
  queries = queries.filter(
    (_, i) => Math.floor((i * limit) / queries.length) !== Math.floor(((i - 1) * limit) / queries.length),
  );
const products = [...new Set(refs.map((r) => r.productId))];
const refsOf = new Map(products.map((p) => [p, refs.filter((r) => r.productId === p)]));

function localNbnn(q: Float32Array, candidates: string[], k: number): Map<string, number> {
  const nq = q.length / DIM;
  const scores = new Map<string, number>(candidates.map((c) => [c, 0]));
  const mins = new Float64Array(candidates.length);
  for (let a = 0; a < nq; a++) {
    const qa = a * DIM;
    candidates.forEach((productId, ci) => {
      let best = Infinity;
      for (const r of refsOf.get(productId)!) {
        const p = r.p;
        const np = p.length / DIM;
        for (let b = 0; b < np; b++) {
          const pb = b * DIM;
          let d = 0;
          for (let j = 0; j < DIM; j++) {
            const t = q[qa + j]! - p[pb + j]!;
            d += t * t;
            if (d >= best) break;
          }
          if (d < best) best = d;
        }
      }
      mins[ci] = best;
    });
    const sorted = Array.from(mins).sort((x, y) => x - y);
    const background = sorted[Math.min(k, sorted.length - 1)]!;
    candidates.forEach((productId, ci) => {
      if (mins[ci]! < background) scores.set(productId, scores.get(productId)! + (background - mins[ci]!));
    });
  }
  return scores;
}

function nbnn(q: Float32Array, candidates: string[]): Map<string, number> {
  const nq = q.length / DIM;
  const scores = new Map<string, number>();
  for (const productId of candidates) {
    const pool = refsOf.get(productId)!;
    let total = 0;
    for (let a = 0; a < nq; a++) {
      let best = Infinity;
      const qa = a * DIM;
      for (const r of pool) {
        const p = r.p;
        const np = p.length / DIM;
        for (let b = 0; b < np; b++) {
          const pb = b * DIM;
          let d = 0;
          for (let k = 0; k < DIM; k++) {
            const t = q[qa + k]! - p[pb + k]!;
            d += t * t;
            if (d >= best) break;
          }
          if (d < best) best = d;
        }
      }
      total += best;
    }
    scores.set(productId, -total / nq);
  }
  return scores;
}

const tally: Record<string, Record<string, [number, number, number]>> = {};
const count = (method: string, kind: string, rank: number) => {
  const m = (tally[method] ??= {});
  const o = (m[kind] ??= [0, 0, 0]);
  o[2]++;
  if (rank === 0) o[0]++;
  if (rank >= 0 && rank < 3) o[1]++;
};
const SHORT = Number(args.shortlist);
let done = 0;
const sds: number[][] = [];
const fgaps: number[][] = [];
const gaps: number[][] = [];
const t0 = Date.now();
for (const row of queries) {
  const query = await describe(join(dir, row.path!), row.product_id!);
  const kind = packaged.has(query.productId) ? 'packaged' : 'fresh';
  const app = new Map<string, number>();
  for (const r of refs) {
    const s = appearanceSimilarity(query.a, r.a);
    if (s > (app.get(r.productId) ?? -1)) app.set(r.productId, s);
  }
  const appRanked = [...app].sort((x, y) => y[1] - x[1]).map(([id]) => id);
  count('appearance', kind, appRanked.indexOf(query.productId));
  const reg = new Map<string, number>();
  for (const productId of products) {
    let total = 0;
    for (const qr of query.regions) {
      let best = 0;
      for (const r of refsOf.get(productId)!)
        for (const rr of r.regions) best = Math.max(best, appearanceSimilarity(qr, rr));
      total += best;
    }
    reg.set(productId, total / query.regions.length);
  }
  const regRanked = [...reg].sort((x, y) => y[1] - x[1]).map(([id]) => id);
  count('regions', kind, regRanked.indexOf(query.productId));
  const shortlist = regRanked.slice(0, SHORT);
  if (!shortlist.includes(query.productId)) count('shortlistMiss', kind, -1);
  const nb = nbnn(query.p, shortlist);
  const nbRanked = [...nb].sort((x, y) => y[1] - x[1]).map(([id]) => id);
  count('nbnn', kind, nbRanked.indexOf(query.productId));
  const lnb = localNbnn(query.p, shortlist, 5);
  const lnbRanked = [...lnb].sort((x, y) => y[1] - x[1]).map(([id]) => id);
  count('localnbnn', kind, lnbRanked.indexOf(query.productId));
  // z-score fusion of the two over the shortlist
  const z = (m: Map<string, number>) => {
    const v = shortlist.map((id) => m.get(id)!);
    const mean = v.reduce((s, x) => s + x, 0) / v.length;
    const sd = Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / v.length) || 1;
    return new Map(shortlist.map((id) => [id, (m.get(id)! - mean) / sd]));
  };
  const za = z(app),
    zn = z(nb),
    zl = z(lnb),
    zr = z(reg);
  const sd = (m: Map<string, number>) => {
    const v = shortlist.map((id) => m.get(id)!);
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    return Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length);
  };
  sds.push([sd(reg), sd(nb)]);
  const BETA = Number(process.env.BETA ?? 0);
  if (BETA) {
    const fused = shortlist.map((id) => [id, 0.5 * (reg.get(id)! + BETA * nb.get(id)!)] as const);
    fused.sort((x, y) => y[1] - x[1]);
    count('fixedFusion', kind, fused.map(([id]) => id).indexOf(query.productId));
    fgaps.push([fused[0]![1] - fused[1]![1], fused[0]![1] - fused[2]![1]]);
  }
  {
    const fused = shortlist.map((id) => [id, 0.5 * zl.get(id)! + 0.5 * zr.get(id)!] as const);
    fused.sort((x, y) => y[1] - x[1]);
    count('regions+lnb', kind, fused.map(([id]) => id).indexOf(query.productId));
  }
  {
    const fused = shortlist.map((id) => [id, 0.5 * zn.get(id)! + 0.5 * zr.get(id)!] as const);
    fused.sort((x, y) => y[1] - x[1]);
    const appSorted = [...app.values()].sort((x, y) => y - x);
    gaps.push([
      appSorted[0]! - appSorted[1]!,
      appSorted[0]! - appSorted[2]!,
      fused[0]![1] - fused[1]![1],
      fused[0]![1] - fused[2]![1],
    ]);
    count('regions+nb', kind, fused.map(([id]) => id).indexOf(query.productId));
  }
  {
    const fused = shortlist.map((id) => [id, 0.5 * zl.get(id)! + 0.5 * za.get(id)!] as const);
    fused.sort((x, y) => y[1] - x[1]);
    count('fusedLocal', kind, fused.map(([id]) => id).indexOf(query.productId));
  }
  for (const w of [0.5]) {
    const fused = shortlist.map((id) => [id, w * zn.get(id)! + (1 - w) * za.get(id)!] as const);
    fused.sort((x, y) => y[1] - x[1]);
    count(`fused${w}`, kind, fused.map(([id]) => id).indexOf(query.productId));
  }
  done++;
  if (done % 50 === 0) console.error(done, `${((Date.now() - t0) / done).toFixed(0)} ms/query`);
}
const f = (o?: [number, number, number]) =>
  o ? `${(o[0] / o[2]).toFixed(3)} / ${(o[1] / o[2]).toFixed(3)} (${o[2]})` : '-';
console.log(
  `${args.split} ${queries.length} queries; side ${SIDE} patch ${PATCH} stride ${STRIDE} colour ${COLOUR_WEIGHT} shortlist ${SHORT}`,
);
for (const [method, m] of Object.entries(tally))
  console.log(method.padEnd(12), 'packaged', f(m.packaged), ' fresh', f(m.fresh));
for (let k = 0; k < 4; k++) {
  const v = gaps.map((g) => g[k]!).sort((x, y) => x - y);
  console.log(
    'gap',
    k,
    'median',
    v[Math.floor(v.length / 2)]!.toFixed(4),
    'q25',
    v[Math.floor(v.length / 4)]!.toFixed(4),
    'q75',
    v[Math.floor((3 * v.length) / 4)]!.toFixed(4),
  );
}
const med = (v: number[]) => v.sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
console.log(
  'median sd regions',
  med(sds.map((x) => x[0]!)).toFixed(4),
  'nbnn',
  med(sds.map((x) => x[1]!)).toFixed(4),
);
if (fgaps.length)
  console.log(
    'fixed gaps median',
    med(fgaps.map((x) => x[0]!)).toFixed(4),
    med(fgaps.map((x) => x[1]!)).toFixed(4),
  );
