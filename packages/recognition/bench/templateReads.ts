// Measures the template view alone (src/eanTemplate.ts, the last view of readRetailBarcodes) on a barcode
// directory, imitating unseen photos as benchRecognition.ts does (resized, out of focus, blurred,
// recompressed): what it reads right and wrong at MIN_TEMPLATE_ROWS rows and one more, and what the pipeline's
// other views do not read: `npx tsx bench/templateReads.ts --data DIR [--scale 0.5] [--blur 1.5] [--defocus 3]
// [--quality 40] [--pipeline FILE]`, FILE the JSON of `npm run bench:recognition` at the same imitation (its
// `unread` photos).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Sharp } from 'sharp';
import { gtinsOfPrintedCode } from '../src/gtin.js';
import { toGrey, type RgbaImage } from '../src/image.js';
import { MIN_TEMPLATE_ROWS, readByTemplates } from '../src/eanTemplate.js';
import { readCsv } from './csv.js';
import { decodeImageFile, outOfFocus, recompressed, rgbaOf, sharpOf } from './decode.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    scale: { type: 'string', default: '1' },
    blur: { type: 'string', default: '0' },
    defocus: { type: 'string', default: '0' },
    quality: { type: 'string' },
    pipeline: { type: 'string' },
  },
});
if (!args.data) throw new Error('--data DIR: a directory with barcodes.csv');
const [scale, blur, defocus] = [Number(args.scale), Number(args.blur), Number(args.defocus)];

async function imitated(image: RgbaImage): Promise<RgbaImage> {
  const raw = async (s: Sharp) => rgbaOf(await s.raw().toBuffer({ resolveWithObject: true }));
  let out = image;
  if (scale !== 1)
    out = await raw(sharpOf(out).resize(Math.round(out.width * scale), Math.round(out.height * scale)));
  if (defocus > 0) out = await outOfFocus(out, defocus);
  if (blur > 0) out = await raw(sharpOf(out).blur(blur));
  if (args.quality) out = await recompressed(out, Number(args.quality));
  return out;
}

const pipelineUnread = new Set<string>();
if (args.pipeline) {
  const text = readFileSync(args.pipeline, 'utf8');
  const report = JSON.parse(text.slice(text.indexOf('{'))) as {
    barcodes: { unread?: string[]; scales?: Record<string, { unread: string[] }> };
  };
  const unread = report.barcodes.scales?.[String(scale)]?.unread ?? report.barcodes.unread ?? [];
  for (const path of unread) pipelineUnread.add(path);
}

const byRows = new Map<number, { right: number; wrong: string[]; added: number }>(
  [MIN_TEMPLATE_ROWS, MIN_TEMPLATE_ROWS + 1].map((rows) => [rows, { right: 0, wrong: [], added: 0 }]),
);
const times: number[] = [];
for (const row of readCsv(join(args.data, 'barcodes.csv'))) {
  const image = await imitated(await decodeImageFile(join(args.data, row.path!)));
  const start = performance.now();
  const [first] = readByTemplates(toGrey(image), image.width, image.height);
  times.push(performance.now() - start);
  const expected = gtinsOfPrintedCode(row.expected!);
  for (const [rows, counts] of byRows) {
    if (!first || first.rows < rows) continue;
    if (!expected.includes(first.code)) counts.wrong.push(`${row.path}: ${first.code}`);
    else {
      counts.right++;
      if (pipelineUnread.has(row.path!)) counts.added++;
    }
  }
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      photos: times.length,
      imitation: { scale, blur, defocus, quality: args.quality ?? null },
      msMedian: Math.round(times[Math.floor(times.length / 2)] ?? 0),
      pipelineUnread: args.pipeline ? pipelineUnread.size : null,
      byRows: Object.fromEntries(byRows),
    },
    null,
    2,
  ),
);
