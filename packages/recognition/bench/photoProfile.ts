// Where the time of a 1280×720 photo goes (the bench's `photo1280` unit: a query photo on the counter):
// `npx tsx bench/photoProfile.ts --data DIR [--split val] [--photos 20] [--mode balanced] [--stretched]`.
// Times, per photo, the whole balanced recognition and its parts: barcode passes, the text detector, the
// text recogniser, keypoint features, and the rest (verification, colour, look-alike, shape).
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { PrecisionMode } from '@hanouti/core';
import { prepareBarcodeReader, readRetailBarcodes, slowPassesFor } from '../src/barcode.js';
import { cropImage, resizeImage } from '../src/image.js';
import { detectionBox, detectProductsWithText } from '../src/detect.js';
import { computeFeatures, computeReferenceFeatures } from '../src/keypoints.js';
import { loadOcrModels, loadZxingReaderWasm, provideOpenCvFromNodeModules } from '../src/nodeAssets.js';
import { createTextReader, type TextReader } from '../src/ocr.js';
import { PRECISION_SETTINGS, recogniseProduct, type CatalogueProduct } from '../src/recognise.js';
import { buildIndex, type ProductReference } from '../src/referenceIndex.js';
import { buildTextIndex, PACK_WORD_READING, packWordsOfLines } from '../src/textMatch.js';
import { decodeImageFile } from './decode.js';
import { readCsv, spread } from './csv.js';
import { placeOnCounter } from './scenes.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'val' },
    photos: { type: 'string', default: '20' },
    mode: { type: 'string', default: 'balanced' },
    /** Photos of the split recognised first, at their own size (the bench times 1280×720 after them). */
    warm: { type: 'string', default: '0' },
    /** The square photo stretched to 1280×720 (the bench's unit until "The slowest photo"). */
    stretched: { type: 'boolean', default: false },
    /** As the app does it: text regions and object proposals first, then the (first) detection's crop. */
    app: { type: 'boolean', default: false },
  },
});
const dir = resolve(args.data ?? '../../../shared/datasets/grocery-dev');
const mode = args.mode as PrecisionMode;
const settings = PRECISION_SETTINGS[mode];
provideOpenCvFromNodeModules();
await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
const products = new Map<string, CatalogueProduct>(
  readCsv(join(dir, 'catalog.csv')).map((r) => [
    r.product_id!,
    { id: r.product_id!, name: r.name!, brand: r.brand ?? '', ...(r.barcode ? { barcode: r.barcode } : {}) },
  ]),
);
const plain = await createTextReader(await loadOcrModels());
const references: ProductReference[] = [];
for (const id of products.keys()) {
  const folder = join(dir, 'references', id);
  if (!existsSync(folder)) continue;
  const words = new Set<string>();
  for (const file of readdirSync(folder).sort()) {
    const image = await decodeImageFile(join(folder, file));
    references.push({ productId: id, features: await computeReferenceFeatures(image), origin: 'photo' });
    for (const word of packWordsOfLines(await plain.read(image, PACK_WORD_READING))) words.add(word);
  }
  products.set(id, { ...products.get(id)!, packWords: [...words] });
}
const index = buildIndex(references);

// The reader, timed: detector and recogniser apart.
const clock = { detect: 0, recognise: 0, lines: 0 };
const reader: TextReader = {
  ...plain,
  async detect(image, options) {
    const t = performance.now();
    const boxes = await plain.detect(image, options);
    clock.detect += performance.now() - t;
    return boxes;
  },
  async recognise(image, boxes, options) {
    const t = performance.now();
    const lines = await plain.recognise(image, boxes, options);
    clock.recognise += performance.now() - t;
    clock.lines += boxes.length;
    return lines;
  },
  async read(image, options) {
    return this.recognise(image, await this.detect(image, options), options);
  },
};
const text = { reader, index: buildTextIndex(products.values()) };

const split = readCsv(join(dir, 'queries.csv')).filter((q) => q.split === args.split);
const memory = () => {
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, rss };
};
console.error('memory before warming', JSON.stringify(memory()));
for (const q of spread(split, Number(args.warm)).slice(0, Number(args.warm)))
  await recogniseProduct(await decodeImageFile(join(dir, q.path!)), { index, products, mode, text });
console.error('memory after warming', JSON.stringify(memory()));
const queries = spread(split, Number(args.photos));
const rows: Record<string, number | string>[] = [];
for (const [i, q] of queries.entries()) {
  const image = await decodeImageFile(join(dir, q.path!));
  const counterPhoto = args.stretched ? resizeImage(image, 1280, 720) : placeOnCounter(i + 1, image);
  let t = performance.now();
  let detection = 0;
  let photo = counterPhoto;
  if (args.app) {
    const [found] = await detectProductsWithText(counterPhoto, {
      reader: plain,
      detectorSide: settings.textRegionSide!,
    });
    detection = performance.now() - t;
    if (found) photo = cropImage(counterPhoto, detectionBox(counterPhoto, found));
  }
  t = performance.now();
  await readRetailBarcodes(photo, {
    effort: args.app && !slowPassesFor(counterPhoto) ? 'live' : settings.barcodeEffort,
  });
  const barcode = performance.now() - t;
  t = performance.now();
  const features = await computeFeatures(photo, { maxKeypoints: settings.queryKeypoints });
  const keypoints = performance.now() - t;
  Object.assign(clock, { detect: 0, recognise: 0, lines: 0 });
  t = performance.now();
  const { keypoints: evidence, candidates } = await recogniseProduct(photo, {
    index,
    products,
    mode,
    text,
    features,
    ...(args.app ? { cropOf: counterPhoto } : {}),
  });
  const rest = performance.now() - t;
  const row = {
    path: q.path!,
    right: candidates[0]?.product_id === q.product_id ? 1 : 0,
    whole: detection + barcode + keypoints + rest,
    detection,
    side: Math.max(photo.width, photo.height),
    barcode,
    keypoints,
    textDetect: clock.detect,
    textRecognise: clock.recognise,
    lines: clock.lines,
    verifyEtc: rest - clock.detect - clock.recognise - barcode,
    verified: evidence.length,
  };
  rows.push(row);
  console.error(JSON.stringify(row, (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v)));
}
rows.sort((a, b) => Number(b.whole) - Number(a.whole));
console.log(
  JSON.stringify(
    { mode, photos: rows.length, slowestFirst: rows },
    (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v),
    1,
  ),
);
