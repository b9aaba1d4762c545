// Diagnosis of keypoint accuracy: every query verified against every reference (no shortlist), per setting;
// `DUMP=file.json` keeps the per-reference inliers, outline colour and vote rank to compare scoring rules.
// `tsx bench/diagnose.ts --data DIR --split train --limit 30 --side 640 --enlarge 1 --qkp 600 --rkp 800`
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { computeFeatures, verifyWithOpenCv, type ImageFeatures } from '../src/keypoints.js';
import { loadOpenCv } from '../src/opencv.js';
import { provideOpenCvFromNodeModules } from '../src/nodeAssets.js';
import { outlineColourSimilarity } from '../src/recognise.js';
import { buildIndex, shortlist, shortlistReferences, type ProductReference } from '../src/referenceIndex.js';
import { decodeImageFile } from './decode.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'val' },
    limit: { type: 'string', default: '40' },
    side: { type: 'string', default: '640' },
    enlarge: { type: 'string', default: '0' },
    qkp: { type: 'string', default: '600' },
    rkp: { type: 'string', default: '800' },
    ratio: { type: 'string', default: '0.8' },
    packaged: { type: 'string', default: '1' },
    shortlist: { type: 'string', default: '8' },
    threshold: { type: 'string', default: '0.001' },
    maxdist: { type: 'string', default: '120' },
    ransac: { type: 'string', default: '6' },
    half: { type: 'string', default: 'all' },
  },
});
const dir = args.data!;
provideOpenCvFromNodeModules();
const cv = await loadOpenCv();
const catalog = readCsv(join(dir, 'catalog.csv'));
const packaged = new Set(catalog.filter((r) => r.brand).map((r) => r.product_id!));
const options = {
  maxKeypoints: 0,
  longSide: Number(args.side),
  enlarge: args.enlarge === '1',
  threshold: Number(args.threshold),
};
const t0 = performance.now();
const references: ProductReference[] = [];
for (const row of catalog) {
  const folder = join(dir, 'references', row.product_id!);
  if (!existsSync(folder)) continue;
  for (const file of readdirSync(folder).sort()) {
    const image = await decodeImageFile(join(folder, file));
    references.push({
      productId: row.product_id!,
      features: await computeFeatures(image, { ...options, maxKeypoints: Number(args.rkp) }),
    });
  }
}
const refMs = (performance.now() - t0) / references.length;
const index = buildIndex(references);
let queries = readCsv(join(dir, 'queries.csv')).filter((q) => q.split === args.split);
if (args.packaged === '1') queries = queries.filter((q) => packaged.has(q.product_id!));
const n = Number(args.limit);
if (args.half !== 'all') queries = queries.filter((_, i) => i % 2 === (args.half === 'even' ? 0 : 1));
queries = queries.filter(
  (_, i) => Math.floor((i * n) / queries.length) !== Math.floor(((i - 1) * n) / queries.length),
);

const ratio = Number(args.ratio);
type Row = {
  truth: string;
  perRef: { productId: string; inliers: number; colour: number; voteRank: number }[];
  inShortlist: boolean;
};
const rows: Row[] = [];
let kpTotal = 0;
let verifyMs = 0;
for (const q of queries) {
  const image = await decodeImageFile(join(dir, q.path!));
  const features: ImageFeatures = await computeFeatures(image, {
    ...options,
    maxKeypoints: Number(args.qkp),
  });
  kpTotal += features.points.length / 2;
  const list = shortlist(index, features, Number(args.shortlist));
  const start = performance.now();
  const refRanks = new Map(shortlistReferences(index, features, 10_000).map((e, i) => [e.reference, i]));
  const perRef = references.map((r) => {
    const v = verifyWithOpenCv(cv, features, r.features, {
      ratio,
      maxDistance: Number(args.maxdist),
      ransacPixels: Number(args.ransac),
    });
    return {
      productId: r.productId,
      inliers: v.inliers,
      colour: v.inliers >= 8 ? Math.round(outlineColourSimilarity(features, v, r.features) * 100) / 100 : 0,
      voteRank: refRanks.get(r) ?? 9999,
    };
  });
  verifyMs += performance.now() - start;
  rows.push({ truth: q.product_id!, perRef, inShortlist: list.some((e) => e.productId === q.product_id) });
}

function rank(scores: Map<string, number>, truth: string): { rank: number; best: number; second: number } {
  const sorted = [...scores].sort((a, b) => b[1] - a[1]);
  const r = sorted.findIndex(([id]) => id === truth);
  return { rank: r < 0 ? 99 : r, best: sorted[0]?.[1] ?? 0, second: sorted[1]?.[1] ?? 0 };
}
const summary: Record<string, unknown> = {
  n: rows.length,
  refKeypoints: Math.round(
    references.reduce((s, r) => s + r.features.points.length / 2, 0) / references.length,
  ),
  queryKeypoints: Math.round(kpTotal / rows.length),
  refFeatureMs: Math.round(refMs),
  verifyMsPerRef: Math.round((verifyMs / rows.length / references.length) * 100) / 100,
  shortlistRecall: rows.filter((r) => r.inShortlist).length / rows.length,
};
for (const scoring of ['max', 'sum', 'top2'] as const) {
  let top1 = 0;
  let top3 = 0;
  let sure = 0;
  let sureRight = 0;
  let shortTop1 = 0;
  for (const row of rows) {
    const byProduct = new Map<string, number[]>();
    for (const { productId, inliers } of row.perRef)
      (byProduct.get(productId) ?? byProduct.set(productId, []).get(productId)!).push(inliers);
    const scores = new Map<string, number>();
    for (const [id, list] of byProduct) {
      const sorted = list.sort((a, b) => b - a);
      scores.set(
        id,
        scoring === 'max'
          ? sorted[0]!
          : scoring === 'sum'
            ? sorted.reduce((s, v) => s + (v >= 8 ? v : 0), 0)
            : sorted[0]! + (sorted[1] ?? 0),
      );
    }
    const { rank: r, best, second } = rank(scores, row.truth);
    if (r === 0) top1++;
    if (r < 3) top3++;
    if (r === 0 && row.inShortlist) shortTop1++;
    if (best >= 12 && second <= 0.7 * best) {
      sure++;
      if (r === 0) sureRight++;
    }
  }
  summary[scoring] = {
    top1: top1 / rows.length,
    top3: top3 / rows.length,
    top1IfShortlisted: shortTop1 / rows.length,
    surePrecision: sure ? sureRight / sure : null,
    sureCoverage: sure / rows.length,
  };
}
console.log(JSON.stringify({ args, ...summary }));
if (process.env.DUMP) writeFileSync(process.env.DUMP, JSON.stringify({ rows, packaged: [...packaged] }));
