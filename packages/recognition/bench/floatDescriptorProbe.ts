// Probe: AKAZE detector + float KAZE (M-SURF) descriptors, matched exhaustively on packaged-goods queries,
// to compare with the shipped binary matching; prints one JSON line (top1/top3/sure). Run (~15 min):
//   cd packages/recognition && npx tsx bench/floatDescriptorProbe.ts --data ../../../shared/datasets/grocery-dev
//   --split val --half even --limit 50   (also --desc kaze|kaze-upright, --ratio, --ransac, --dump FILE)
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadOpenCv, type CvKeyPointVector, type CvMat, type OpenCv } from '../src/opencv.js';
import { provideOpenCvFromNodeModules } from '../src/nodeAssets.js';
import { resizeToLongSide, toGrey, type RgbaImage } from '../src/image.js';
import { decodeImageFile } from './decode.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'val' },
    limit: { type: 'string', default: '50' },
    half: { type: 'string', default: 'even' },
    ratio: { type: 'string', default: '0.8' },
    qkp: { type: 'string', default: '600' },
    rkp: { type: 'string', default: '800' },
    desc: { type: 'string', default: 'kaze' },
    ransac: { type: 'string', default: '6' },
    threshold: { type: 'string', default: '0.001' },
    dump: { type: 'string' },
  },
});
const dir = args.data!;
provideOpenCvFromNodeModules();
/** OpenCV.js enum value (an embind object passed back as-is). */
type CvEnumValue = { value: number };
type ProbeAkaze = {
  setDescriptorType(type: CvEnumValue): void;
  setThreshold(threshold: number): void;
  detectAndCompute(image: CvMat, mask: CvMat, keypoints: CvKeyPointVector, descriptors: CvMat): void;
  delete(): void;
};
/** The shared subset plus the AKAZE descriptor-type controls this probe needs. */
type ProbeCv = Omit<OpenCv, 'AKAZE'> & {
  AKAZE: new () => ProbeAkaze;
  AKAZE_DescriptorType: { DESCRIPTOR_KAZE: CvEnumValue; DESCRIPTOR_KAZE_UPRIGHT: CvEnumValue };
};
const cv = (await loadOpenCv()) as unknown as ProbeCv;
type F = { w: number; h: number; pts: Float32Array; desc: Float32Array; n: number };
const D = 64;
function features(image: RgbaImage, max: number): F {
  const work = resizeToLongSide(image, 640, true);
  const grey = cv.matFromArray(work.height, work.width, cv.CV_8UC1, toGrey(work));
  const mask = new cv.Mat();
  const kps = new cv.KeyPointVector();
  const ds = new cv.Mat();
  const det = new cv.AKAZE();
  det.setDescriptorType(
    args.desc === 'kaze'
      ? cv.AKAZE_DescriptorType.DESCRIPTOR_KAZE
      : cv.AKAZE_DescriptorType.DESCRIPTOR_KAZE_UPRIGHT,
  );
  det.setThreshold(Number(args.threshold));
  det.detectAndCompute(grey, mask, kps, ds);
  const count = kps.size();
  const order = Array.from({ length: count }, (_, i) => i);
  const resp = order.map((i) => kps.get(i).response);
  order.sort((a, b) => resp[b]! - resp[a]!);
  const kept = order.slice(0, max);
  const pts = new Float32Array(kept.length * 2);
  const desc = new Float32Array(kept.length * D);
  const all = ds.data32F;
  kept.forEach((idx, k) => {
    const { pt } = kps.get(idx);
    pts[2 * k] = pt.x;
    pts[2 * k + 1] = pt.y;
    desc.set(all.subarray(idx * D, idx * D + D), k * D);
  });
  for (const m of [grey, mask, kps, ds, det]) m.delete();
  return { w: work.width, h: work.height, pts, desc, n: kept.length };
}
function match(q: F, t: F, ratio: number) {
  const best = new Map<number, { q: number; t: number; d: number }>();
  for (let i = 0; i < q.n; i++) {
    let b = 1e9,
      s = 1e9,
      bi = -1;
    const qo = i * D;
    for (let j = 0, to = 0; j < t.n; j++, to += D) {
      let d = 0;
      for (let k = 0; k < D; k++) {
        const x = q.desc[qo + k]! - t.desc[to + k]!;
        d += x * x;
        if (d >= s) break;
      }
      if (d < b) {
        s = b;
        b = d;
        bi = j;
      } else if (d < s) s = d;
    }
    if (bi < 0 || Math.sqrt(b) > ratio * Math.sqrt(s)) continue;
    const prev = best.get(bi);
    if (!prev || b < prev.d) best.set(bi, { q: i, t: bi, d: b });
  }
  return [...best.values()];
}
function plausible(h: Float64Array, width: number, height: number): boolean {
  const c = [0, 0, width, 0, width, height, 0, height];
  const p: number[] = [];
  for (let i = 0; i < 8; i += 2) {
    const x = c[i]!,
      y = c[i + 1]!;
    const w = h[6]! * x + h[7]! * y + h[8]!;
    if (w <= 1e-6) return false;
    p.push((h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w);
  }
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const g = (k: number) => p[(2 * i + k) % 8]!;
    const cr = (g(2) - g(0)) * (g(5) - g(3)) - (g(3) - g(1)) * (g(4) - g(2));
    const s = Math.sign(cr);
    if (s === 0 || (sign !== 0 && s !== sign)) return false;
    sign = s;
  }
  return true;
}
function verify(q: F, r: F, ratio: number): number {
  const m = match(q, r, ratio);
  if (m.length < 8) return 0;
  const src: number[] = [],
    dst: number[] = [];
  for (const x of m) {
    src.push(r.pts[2 * x.t]!, r.pts[2 * x.t + 1]!);
    dst.push(q.pts[2 * x.q]!, q.pts[2 * x.q + 1]!);
  }
  const a = cv.matFromArray(m.length, 1, cv.CV_32FC2, src),
    b = cv.matFromArray(m.length, 1, cv.CV_32FC2, dst),
    mask = new cv.Mat();
  let h: CvMat | undefined;
  try {
    h = cv.findHomography(a, b, cv.RANSAC, Number(args.ransac), mask);
    if (h.rows !== 3) return 0;
    if (!plausible(Float64Array.from(h.data64F), r.w, r.h)) return 0;
    let n = 0;
    for (let i = 0; i < m.length; i++) if (mask.data[i]) n++;
    return n;
  } finally {
    a.delete();
    b.delete();
    mask.delete();
    h?.delete();
  }
}
const catalog = readCsv(join(dir, 'catalog.csv'));
const packaged = new Set(catalog.filter((r) => r.brand).map((r) => r.product_id!));
const t0 = performance.now();
const refs: { id: string; f: F }[] = [];
for (const row of catalog) {
  const folder = join(dir, 'references', row.product_id!);
  if (!existsSync(folder)) continue;
  for (const file of readdirSync(folder).sort())
    refs.push({
      id: row.product_id!,
      f: features(await decodeImageFile(join(folder, file)), Number(args.rkp)),
    });
}
const refMs = (performance.now() - t0) / refs.length;
let queries = readCsv(join(dir, 'queries.csv')).filter(
  (q) => q.split === args.split && packaged.has(q.product_id!),
);
const n = Number(args.limit);
if (args.half !== 'all') queries = queries.filter((_, i) => i % 2 === (args.half === 'even' ? 0 : 1));
queries = queries.filter(
  (_, i) => Math.floor((i * n) / queries.length) !== Math.floor(((i - 1) * n) / queries.length),
);
let top1 = 0,
  top3 = 0,
  sure = 0,
  sureRight = 0,
  qMs = 0,
  vMs = 0;
const rows: unknown[] = [];
for (const q of queries) {
  const s0 = performance.now();
  const f = features(await decodeImageFile(join(dir, q.path!)), Number(args.qkp));
  const s1 = performance.now();
  const per = refs.map((r) => ({ id: r.id, inl: verify(f, r.f, Number(args.ratio)) }));
  vMs += performance.now() - s1;
  qMs += s1 - s0;
  const byP = new Map<string, number>();
  for (const p of per) byP.set(p.id, Math.max(byP.get(p.id) ?? 0, p.inl));
  const sorted = [...byP].sort((a, b) => b[1] - a[1]);
  const r = sorted.findIndex(([id]) => id === q.product_id);
  if (r === 0) top1++;
  if (r < 3) top3++;
  const [b, s] = [sorted[0]![1], sorted[1]![1]];
  if (b >= 12 && s <= 0.7 * b) {
    sure++;
    if (r === 0) sureRight++;
  }
  rows.push({ truth: q.product_id, per });
}
console.log(
  JSON.stringify({
    args,
    n: queries.length,
    top1: top1 / queries.length,
    top3: top3 / queries.length,
    surePrecision: sure ? sureRight / sure : null,
    sureCoverage: sure / queries.length,
    refMs: Math.round(refMs),
    queryFeatureMs: Math.round(qMs / queries.length),
    verifyMsPerRef: +(vMs / queries.length / refs.length).toFixed(2),
  }),
);
if (args.dump) writeFileSync(args.dump, JSON.stringify(rows));
