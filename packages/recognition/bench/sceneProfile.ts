// Where the time of a scene photo goes: `npx tsx bench/sceneProfile.ts --data DIR [--split val] [--scenes 10]`.
// Composes the bench's seeded counter scenes and times, per scene photo, detection and, per detected crop,
// each part of the balanced recognition (barcode passes, keypoint features, the rest of the strategies, OCR).
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBarcodeReader, readRetailBarcodes, slowPassesFor } from '../src/barcode.js';
import { detectionBox, detectProducts } from '../src/detect.js';
import { cropImage, type RgbaImage } from '../src/image.js';
import { computeFeatures, computeReferenceFeatures } from '../src/keypoints.js';
import { loadOcrModels, loadZxingReaderWasm, provideOpenCvFromNodeModules } from '../src/nodeAssets.js';
import { createTextReader } from '../src/ocr.js';
import { PRECISION_SETTINGS, recogniseProduct, type CatalogueProduct } from '../src/recognise.js';
import { buildIndex, type ProductReference } from '../src/referenceIndex.js';
import { buildTextIndex } from '../src/textMatch.js';
import { decodeImageFile } from './decode.js';
import { composeScene } from './scenes.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'val' },
    scenes: { type: 'string', default: '10' },
    /** Only the full recognition of each crop (for a CPU profile). */
    plain: { type: 'boolean', default: false },
  },
});
const dir = resolve(args.data ?? '../../../shared/datasets/grocery-dev');
provideOpenCvFromNodeModules();
await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
const products = new Map<string, CatalogueProduct>(
  readCsv(join(dir, 'catalog.csv')).map((r) => [
    r.product_id!,
    { id: r.product_id!, name: r.name!, brand: r.brand ?? '' },
  ]),
);
const reader = await createTextReader(await loadOcrModels());
const references: ProductReference[] = [];
for (const id of products.keys()) {
  const folder = join(dir, 'references', id);
  if (!existsSync(folder)) continue;
  for (const file of readdirSync(folder).sort())
    references.push({
      productId: id,
      features: await computeReferenceFeatures(await decodeImageFile(join(dir, 'references', id, file))),
      origin: 'photo',
    });
}
const index = buildIndex(references);
const text = { reader, index: buildTextIndex(products.values()) };
const pool = readCsv(join(dir, 'queries.csv')).filter((q) => q.split === args.split);
const images = new Map<string, RgbaImage>();
const imageOf = async (path: string) =>
  images.get(path) ?? images.set(path, await decodeImageFile(join(dir, path))).get(path)!;
const settings = PRECISION_SETTINGS.balanced;
const parts = { detect: 0, barcode: 0, features: 0, strategies: 0, ocr: 0, whole: 0 };
let crops = 0;
const photoMs: number[] = [];
for (let s = 0; s < Number(args.scenes); s++) {
  const scene = await composeScene(s + 1, pool, imageOf);
  const t0 = performance.now();
  const found = await detectProducts(scene.image);
  parts.detect += performance.now() - t0;
  let photo = performance.now() - t0;
  for (const detection of found) {
    crops++;
    const crop = cropImage(scene.image, detectionBox(scene.image, detection));
    let t = performance.now();
    if (args.plain) {
      await recogniseProduct(crop, { index, products, text, cropOf: scene.image });
      photo += performance.now() - t;
      continue;
    }
    await readRetailBarcodes(crop, {
      effort: slowPassesFor(scene.image) ? settings.barcodeEffort : 'live',
    });
    parts.barcode += performance.now() - t;
    t = performance.now();
    const features = await computeFeatures(crop, { maxKeypoints: settings.queryKeypoints });
    parts.features += performance.now() - t;
    t = performance.now();
    await recogniseProduct(crop, { index, products, features, disable: ['barcode', 'text'] });
    parts.strategies += performance.now() - t;
    t = performance.now();
    await reader.read(crop, { detectorSide: settings.textDetectorSide!, maxLines: settings.textLines });
    parts.ocr += performance.now() - t;
    t = performance.now();
    await recogniseProduct(crop, { index, products, text, cropOf: scene.image });
    const whole = performance.now() - t;
    parts.whole += whole;
    photo += whole;
  }
  photoMs.push(photo);
}
const round = (n: number) => Math.round(n);
console.log(
  JSON.stringify({
    scenes: Number(args.scenes),
    crops,
    msPerScene: Object.fromEntries(
      Object.entries(parts).map(([k, v]) => [k, round(v / Number(args.scenes))]),
    ),
    photoMs: photoMs.map(round),
  }),
);
