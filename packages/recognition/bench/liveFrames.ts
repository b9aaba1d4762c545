// Measures what a live preview frame without a barcode costs the live scanner (readRetailBarcodes with
// `effort: 'live'`): grocery photos placed on the 1280×720 counter as the app's camera sees a product, made
// 800×450 as the app's frames, read by the library's one pass alone and with every live view (`moreViews`,
// the catalogue's codes given as `--known` codes of a barcode directory). Prints one JSON document: codes read
// (a frame without a code should read none) and median / p95 ms of each. `npx tsx bench/liveFrames.ts --data
// DIR [--limit 300] [--known BARCODE_DIR [--without-ean8]]`.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBarcodeReader, readRetailBarcodes } from '../src/barcode.js';
import { gtinsOfPrintedCode } from '../src/gtin.js';
import { resizeImage } from '../src/image.js';
import { loadZxingReaderWasm } from '../src/nodeAssets.js';
import { readCsv, spread } from './csv.js';
import { decodeImageFile } from './decode.js';
import { placeOnCounter } from './scenes.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    limit: { type: 'string', default: '300' },
    known: { type: 'string' },
    /** The catalogue without its 8-digit codes (a shop without EAN-8: the templates look for EAN-13 only). */
    'without-ean8': { type: 'boolean', default: false },
  },
});
if (!args.data) throw new Error('--data DIR: a directory with queries.csv');
await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
const catalogue = new Set(
  (args.known
    ? readCsv(join(args.known, 'barcodes.csv')).flatMap((row) => gtinsOfPrintedCode(row.expected!))
    : []
  ).filter((gtin) => !args['without-ean8'] || gtin.length !== 8),
);
const known = (gtin: string) => catalogue.has(gtin);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;
};
const ways = {
  onePass: { effort: 'live' as const },
  moreViews: {
    effort: 'live' as const,
    moreViews: true,
    known,
    knownEan8: [...catalogue].some((gtin) => gtin.length === 8),
  },
};
const results = Object.fromEntries(
  Object.keys(ways).map((way) => [way, { reads: [] as string[], ms: [] as number[] }]),
);
const rows = spread(readCsv(join(args.data, 'queries.csv')), Number(args.limit));
for (const [i, row] of rows.entries()) {
  const frame = resizeImage(placeOnCounter(i, await decodeImageFile(join(args.data, row.path!))), 800, 450);
  for (const [way, options] of Object.entries(ways)) {
    const start = performance.now();
    const reads = await readRetailBarcodes(frame, options);
    results[way]!.ms.push(performance.now() - start);
    results[way]!.reads.push(...reads.map((read) => `${row.path}: ${read.gtin}`));
  }
}
console.log(
  JSON.stringify(
    {
      frames: rows.length,
      catalogueCodes: catalogue.size,
      ...Object.fromEntries(
        Object.entries(results).map(([way, { reads, ms }]) => [
          way,
          { codesRead: reads.length, reads, ms: { median: percentile(ms, 0.5), p95: percentile(ms, 0.95) } },
        ]),
      ),
    },
    null,
    2,
  ),
);
