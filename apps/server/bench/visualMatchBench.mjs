// Time of /api/ai/visual-match's work for a crop sent once per part of the catalogue, as the app does when
// on-device inference is off (≤ 24 reference photos a request): the crop's keypoints and text are worked out once
// and kept (aiService.ts, `cropWork`), so the later parts cost less. Compared, crop by crop, with the same crop
// re-encoded for every part (other bytes: nothing kept, as before the cache).
//
//   tsc -b apps/server/tsconfig.build.json
//   node apps/server/bench/visualMatchBench.mjs --data ../shared/datasets/grocery-dev [--crops 8] [--parts 3]
//
// Prints one JSON document: per condition, the median and p95 ms of a crop's first part and of its later parts,
// and of all its parts together; `sameAnswers`: crops whose first answers (per part) were the same both ways (the re-encoded
// crop's pixels differ a little, so a different answer is possible, not a fault).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { visualMatch } from '../dist/ai/aiService.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    crops: { type: 'string', default: '8' },
    parts: { type: 'string', default: '3' },
  },
});
if (!args.data) throw new Error('--data DIR (grocery-dev) is required');
const data = resolve(args.data);
const PART = 24;
const csv = (file) => {
  const [head, ...rows] = readFileSync(join(data, file), 'utf8').trim().split(/\r?\n/);
  const keys = head.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((v, i) => [keys[i], v])));
};

// The app sends each product's photo reduced to 640 px, as a JPEG (serverRecognition.ts).
const jpeg = async (path, side, quality = 80) =>
  (await sharp(path).rotate().resize(side, side, { fit: 'inside' }).jpeg({ quality }).toBuffer()).toString(
    'base64',
  );
const catalogue = csv('catalog.csv').slice(0, PART * Number(args.parts));
const products = [];
for (const p of catalogue) {
  products.push({
    id: p.product_id,
    name: p.name,
    ...(p.brand ? { brand: p.brand } : {}),
    ...(p.category ? { category: p.category } : {}),
    images: [await jpeg(join(data, 'references', p.product_id, 'iconic.jpg'), 640)],
  });
}
const parts = [];
for (let i = 0; i < products.length; i += PART) parts.push(products.slice(i, i + PART));

const known = new Set(catalogue.map((p) => p.product_id));
const queries = csv('queries.csv').filter((q) => q.split === 'val' && known.has(q.product_id));
const n = Math.min(Number(args.crops), queries.length);
const picked = Array.from({ length: n }, (_, i) => queries[Math.floor((i * queries.length) / n)]);

// Warm-up: every reference photo's features and pack words computed once (the server keeps them).
for (const part of parts) await visualMatch(await jpeg(join(data, picked[0].path), 1280, 85), part, 5);

const times = { kept: { first: [], later: [], crop: [] }, reencoded: { first: [], later: [], crop: [] } };
let sameAnswers = 0;
const answersOf = async (condition, crops) => {
  const answers = [];
  let total = 0;
  for (const [i, part] of parts.entries()) {
    const begin = performance.now();
    answers.push((await visualMatch(crops[i], part, 5)).candidates[0]?.product_id ?? null);
    const ms = performance.now() - begin;
    total += ms;
    times[condition][i === 0 ? 'first' : 'later'].push(ms);
  }
  times[condition].crop.push(total);
  return JSON.stringify(answers);
};
for (const [k, q] of picked.entries()) {
  const path = join(data, q.path);
  const crop = await jpeg(path, 1280, 85);
  // Each part gets the crop encoded at another quality: other bytes, so nothing is kept between them.
  const reencoded = await Promise.all(parts.map((_, i) => jpeg(path, 1280, 84 - i)));
  const kept = Array.from(parts, () => crop);
  // The two conditions alternate which goes first, so that neither always meets a warmer machine.
  let a, b;
  if (k % 2 === 0) {
    a = await answersOf('kept', kept);
    b = await answersOf('reencoded', reencoded);
  } else {
    b = await answersOf('reencoded', reencoded);
    a = await answersOf('kept', kept);
  }
  if (a === b) sameAnswers++;
}

const summary = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return { median: at(0.5), p95: at(0.95), n: sorted.length };
};
console.log(
  JSON.stringify(
    {
      crops: n,
      parts: parts.length,
      referencesPerPart: PART,
      ...Object.fromEntries(
        Object.entries(times).map(([condition, t]) => [
          condition,
          { firstPart: summary(t.first), laterParts: summary(t.later), wholeCrop: summary(t.crop) },
        ]),
      ),
      sameAnswers,
    },
    null,
    2,
  ),
);
process.exit(0);
