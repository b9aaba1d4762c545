// `tsx bench/textReadProbe.ts --data DIR --split train [--limit 600] [--out FILE]`: how much of the product's
// own text the reader finds on the packaged query photos under other reading settings (detector side, lines
// recognised, which lines, a budget of recogniser input width), without the rest of the pipeline. Each photo is detected at each side once with up
// to 40 boxes and every box is recognised once; a setting is a subset of those lines. For each setting: the
// truth's rank by text alone (top-1, top-3), how often the truth is named (text ≥ TEXT_VETO: its photos are
// verified by keypoints), how often another product is named and the truth is not, and lines recognised.
import { writeFileSync } from 'node:fs';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadOcrModels, provideOpenCvFromNodeModules } from '../src/nodeAssets.js';
import { createTextReader, lineWidth, REC_HEIGHT, type TextLine } from '../src/ocr.js';
import { PRECISION_SETTINGS, TEXT_VETO, textNamedProducts } from '../src/recognise.js';
import {
  buildTextIndex,
  PACK_WORD_READING,
  packWordsOfLines,
  scoreText,
  wordsOfLines,
} from '../src/textMatch.js';
import { readCsv, spread } from './csv.js';
import { decodeImageFile } from './decode.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'train' },
    limit: { type: 'string' },
    out: { type: 'string' },
  },
});
if (!args.data) throw new Error('usage: textReadProbe.ts --data DIR --split train [--limit N]');
const dir = resolve(process.env.INIT_CWD ?? process.cwd(), args.data);
const limit = args.limit ? Number(args.limit) : Infinity;

provideOpenCvFromNodeModules();
const reader = await createTextReader(await loadOcrModels());
const catalogue = readCsv(join(dir, 'catalog.csv'));
const products = new Map(
  catalogue.map((r) => [
    r.product_id!,
    { id: r.product_id!, name: r.name!, brand: r.brand ?? '', packWords: [] as string[] },
  ]),
);
for (const id of products.keys()) {
  const folder = join(dir, 'references', id);
  if (!existsSync(folder)) continue;
  const words = new Set<string>();
  for (const file of readdirSync(folder).sort()) {
    const image = await decodeImageFile(join(folder, file));
    for (const word of packWordsOfLines(await reader.read(image, PACK_WORD_READING))) words.add(word);
  }
  products.get(id)!.packWords = [...words];
}
const index = buildTextIndex(products.values());
const queries = spread(
  readCsv(join(dir, 'queries.csv')).filter((q) => q.split === args.split),
  limit,
).filter((q) => products.get(q.product_id!)?.brand);

type Read = { score: number; height: number; area: number; width: number; line: TextLine | null };
/** Detector sides measured (every setting below uses one of them). */
const SIDES = [640, 960];
/** Every box of each side, detector order, with what it read (null under the confidence floor). */
const photos: { path: string; truth: string; reads: Map<number, Read[]> }[] = [];
const boxSize = (box: { x: number; y: number }[]) => {
  const d = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
  const w = d(box[0]!, box[1]!);
  const h = d(box[1]!, box[2]!);
  return { height: Math.min(w, h), area: w * h };
};
for (const q of queries) {
  const image = await decodeImageFile(join(dir, q.path!));
  const reads = new Map<number, Read[]>();
  for (const side of SIDES) {
    const boxes = await reader.detect(image, { detectorSide: side, maxLines: 40 });
    const list: Read[] = [];
    for (const [i, box] of boxes.entries()) {
      const [line] = await reader.recognise(image, [box]);
      list.push({ score: -i, ...boxSize(box), width: lineWidth(box, REC_HEIGHT), line: line ?? null });
    }
    reads.set(side, list);
  }
  photos.push({ path: q.path!, truth: q.product_id!, reads });
}

type Setting = { name: string; side: number; pick: (reads: Read[]) => Read[] };
const first = (n: number) => (reads: Read[]) => reads.slice(0, n);
const tallest = (n: number, of: number) => (reads: Read[]) =>
  [...reads.slice(0, of)].sort((a, b) => b.height - a.height).slice(0, n);
/** The first `n` lines that fit in `budget` pixels of recogniser input width, as `withinWidthBudget`. */
const withinWidth = (n: number, budget: number) => (reads: Read[]) => {
  let used = 0;
  return reads.slice(0, n).filter((r) => {
    if (used + r.width > budget) return false;
    used += r.width;
    return true;
  });
};
const settings: Setting[] = [
  { name: '640 first 6 (balanced until this probe)', side: 640, pick: first(6) },
  { name: '640 first 10', side: 640, pick: first(10) },
  { name: '640 first 16', side: 640, pick: first(16) },
  { name: '640 first 40', side: 640, pick: first(40) },
  { name: '640 tallest 6 of 20', side: 640, pick: tallest(6, 20) },
  { name: '640 tallest 10 of 40', side: 640, pick: tallest(10, 40) },
  { name: '960 first 6', side: 960, pick: first(6) },
  { name: '960 first 10 (balanced before the width budget)', side: 960, pick: first(10) },
  { name: '960 first 16', side: 960, pick: first(16) },
  { name: '960 tallest 6 of 20', side: 960, pick: tallest(6, 20) },
  { name: '960 first 10 within 1,200 px', side: 960, pick: withinWidth(10, 1200) },
  { name: '960 first 10 within 1,600 px', side: 960, pick: withinWidth(10, 1600) },
  {
    name: `${PRECISION_SETTINGS.balanced.textDetectorSide} first ${PRECISION_SETTINGS.balanced.textLines} within ${PRECISION_SETTINGS.balanced.textWidthBudget} px (balanced now)`,
    side: PRECISION_SETTINGS.balanced.textDetectorSide!,
    pick: withinWidth(PRECISION_SETTINGS.balanced.textLines, PRECISION_SETTINGS.balanced.textWidthBudget!),
  },
  { name: '960 first 16 within 1,600 px', side: 960, pick: withinWidth(16, 1600) },
];
const results = settings.map(({ name, side, pick }) => {
  let top1 = 0;
  let top3 = 0;
  let named = 0;
  let otherNamed = 0;
  let lines = 0;
  const widths: number[] = [];
  for (const photo of photos) {
    const picked = pick(photo.reads.get(side)!);
    lines += picked.length;
    widths.push(picked.reduce((sum, r) => sum + r.width, 0));
    const text = scoreText(index, wordsOfLines(picked.flatMap((r) => (r.line ? [r.line] : []))));
    const own = text.get(photo.truth) ?? 0;
    const better = [...text.values()].filter((s) => s > own).length;
    if (own > 0 && better === 0) top1++;
    if (own > 0 && better < 3) top3++;
    const names = textNamedProducts(text);
    if (names.includes(photo.truth)) named++;
    else if (names.length && own < TEXT_VETO) otherNamed++;
  }
  const n = photos.length;
  const r = (v: number) => Math.round((v / n) * 1000) / 1000;
  return {
    setting: name,
    textTop1: r(top1),
    textTop3: r(top3),
    truthNamed: r(named),
    otherNamedOnly: r(otherNamed),
    linesPerPhoto: Math.round((lines / n) * 10) / 10,
    /** Recogniser input width per photo (its time is about proportional): median and slowest 5 %. */
    widthPx: (() => {
      const sorted = widths.sort((a, b) => a - b);
      return { median: sorted[Math.floor(n / 2)], p95: sorted[Math.min(n - 1, Math.floor(n * 0.95))] };
    })(),
  };
});
console.log(JSON.stringify({ split: args.split, photos: photos.length, results }, null, 1));
if (args.out)
  writeFileSync(
    args.out,
    JSON.stringify(
      photos.map((p) => ({
        path: p.path,
        truth: p.truth,
        reads: Object.fromEntries(
          [...p.reads].map(([side, list]) => [
            side,
            list.map((r) => ({ h: Math.round(r.height), t: r.line?.text ?? null, c: r.line?.confidence })),
          ]),
        ),
      })),
    ),
  );
