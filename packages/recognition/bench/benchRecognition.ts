// `npm run bench:recognition -- --data DIR [--limit N] [--split val] [--modes balanced] [--skip scale,scenes]`
// (--leave-out 3: every third product removed from the catalogue with its references, its photos measured as
// unknown; --scales 0.5,1,2,3: the barcode photos also read resized by each factor, as a phone's camera gives them;
// --known: the barcode photos read with the set's codes as the catalogue; --live: read as a live preview frame)
// (--skip also takes textRegions and lowContrast, the scene variants, and printedDigits; --textRegionSides 640,960; --disable visual
// turns strategies off in the main measurement; --dump FILE keeps every query's outcome for the replays):
// measures the pipeline on a dataset directory (format: shared/datasets/README.md) and prints one JSON document.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { PrecisionMode } from '@hanouti/core';
import { confidenceLevel } from '@hanouti/core';
import { prepareBarcodeReader, readRetailBarcodes, type BarcodeRead } from '../src/barcode.js';
import { readPhotoBarcodes } from '../src/photoBarcodes.js';
import { assembleCart, reviewDetection, type RecognisedDetection } from '../src/cart.js';
import {
  detectionBox,
  detectProducts,
  recogniseDetections,
  intersectionOverUnion,
  TEXT_REGION_DETECTOR_SIDE,
  TEXT_REGION_MAX_BOXES,
} from '../src/detect.js';
import { gtinsOfPrintedCode, normaliseGtin } from '../src/gtin.js';
import { cropImage, resizeImage, type RgbaImage } from '../src/image.js';
import { readBarcodes } from 'zxing-wasm/reader';
import { computeReferenceFeatures, FEATURES_VERSION, type ReferenceFeatures } from '../src/keypoints.js';
import { addConfirmedReference } from '../src/learning.js';
import { createThreadedTextReader, loadOcrModels, loadZxingReaderWasm } from '../src/nodeAssets.js';
import { createTextReader, type TextReader } from '../src/ocr.js';
import { buildTextIndex, PACK_WORD_READING, packWordsOfLines, withPackWords } from '../src/textMatch.js';
import { writeFileSync } from 'node:fs';
import { recogniseProduct } from '../src/recognise.js';
import { PRECISION_SETTINGS, type CatalogueProduct } from '../src/strategies/strategy.js';
import { buildIndex, type ProductReference, type ReferenceIndex } from '../src/referenceIndex.js';
import { decodeImageFile, outOfFocus, recompressed, rgbaOf, sharpOf } from './decode.js';
import { provideOpenCvFromNodeModules } from '../src/nodeAssets.js';
import { composeScene, placeOnCounter } from './scenes.js';
import { readCsv, spread } from './csv.js';

/** Contrast with the counter kept by the faded product of the low-contrast scenes. */
const LOW_CONTRAST = 0.25;

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    limit: { type: 'string' },
    split: { type: 'string' },
    modes: { type: 'string', default: 'fast,balanced,precise' },
    skip: { type: 'string', default: '' },
    /**
     * Strategies off in the main measurement (e.g. `visual`: how the rest does when keypoints find nothing,
     * as on photos from other sessions; a `train` proxy for choosing the other strategies' fusion).
     */
    disable: { type: 'string', default: '' },
    scenes: { type: 'string', default: '40' },
    /** Text detector sides for the scenes' text-region variants (balanced reads at 640, precise at 960). */
    textRegionSides: { type: 'string', default: String(TEXT_REGION_DETECTOR_SIDE) },
    /** Writes each query's outcome (candidates with their strategies, text read) to this JSON file. */
    dump: { type: 'string' },
    /** The main measurement with PP-OCR's networks in a thread of their own, as the app (same answers). */
    'ocr-thread': { type: 'boolean', default: false },
    /**
     * Open set: every N-th product of the catalogue (the N-th, 2N-th, … in catalogue order) is removed with its
     * references and pack words; its photos are recognised and must never be Sûr nor chosen.
     */
    'leave-out': { type: 'string' },
    /**
     * The barcode photos read with the set's codes as the catalogue (a shop that stocks these products: one view
     * reading a catalogue code is enough, as in the app); without it, every code is outside the catalogue.
     */
    known: { type: 'boolean', default: false },
    /**
     * The barcode photos read as the live scanner reads a preview frame (`effort: 'live'` with `moreViews`:
     * turned upright from the bars' slant, and the template view, which keeps only catalogue codes: `--known`).
     */
    live: { type: 'boolean', default: false },
    /** The barcode photos inverted (light bars on a dark pack), after the other imitations but recompression. */
    invert: { type: 'boolean', default: false },
    /**
     * Unseen photos imitated: `SCALE,QUALITY` — each query photo resized by SCALE and re-encoded as a JPEG of
     * QUALITY before it is recognised (another camera, a messaging app's recompression), e.g. `0.6,60`.
     */
    degrade: { type: 'string' },
    /** Each query photo's central 1 / FACTOR of each side recognised instead (a photo taken closer), e.g. `1.6`. */
    closer: { type: 'string' },
    /**
     * Each query photo turned by DEGREES clockwise before it is recognised (a pack lying on the counter, a phone
     * held sideways or tilted), e.g. `90`, `180`, `20`; another angle than a quarter turn keeps the largest
     * upright rectangle inside the turned photo, as a turned camera would see it. Barcode photos are turned
     * whole, once resized and blurred (the canvas grown, the photo's edges carried out: the code is never cut).
     */
    rotate: { type: 'string' },
    /** Barcode photos also read resized by these factors (a phone's 1280–4000 px camera). */
    scales: { type: 'string' },
    /**
     * Barcode photos blurred once resized by each of --scales (a Gaussian of SIGMA pixels of the photo read: a
     * camera that did not focus, a hand that moved), e.g. `2`.
     */
    blur: { type: 'string' },
    /**
     * Barcode photos out of focus: blurred once resized by a disc of RADIUS pixels (a lens's defocus spreads a
     * point into a disc; --blur's Gaussian is another model of blur), e.g. `3`.
     */
    defocus: { type: 'string' },
    /** Reference features and pack words are cached here between runs (keyed by the files and versions). */
    cache: { type: 'string', default: join(tmpdir(), 'hanouti-bench-cache') },
  },
});
if (!args.data) throw new Error('usage: bench:recognition -- --data DIR');
// npm runs the script inside packages/recognition: a relative --data is taken from where npm was called.
const dir = resolve(process.env.INIT_CWD ?? process.cwd(), args.data);
const limit = args.limit ? Number(args.limit) : Infinity;
const skip = new Set(args.skip.split(',').filter(Boolean));
const modes = args.modes.split(',') as PrecisionMode[];

const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: Math.round(at(0.5)), p95: Math.round(at(0.95)) };
};
const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 1000 : null);

provideOpenCvFromNodeModules();
const dump: Record<string, unknown>[] = [];
const report: Record<string, unknown> = { data: dir, limit: Number.isFinite(limit) ? limit : null };
await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });

// --- barcodes (at the photos' own size, and resized by each of --scales) ---
const LIBRARY_BINARIZERS = ['LocalAverage', 'GlobalHistogram', 'FixedThreshold', 'BoolCast'] as const;
if (existsSync(join(dir, 'barcodes.csv')) && !skip.has('barcodes')) {
  const rows = spread(readCsv(join(dir, 'barcodes.csv')), limit);
  const scales = args.scales ? args.scales.split(',').map(Number) : [1];
  // An expected text of 8 digits may be an EAN-8 or the digits under a UPC-E (ZXing's upce folders): either
  // GTIN counts as the code.
  const expectedOf = (row: Record<string, string>) => {
    const gtins = gtinsOfPrintedCode(row.expected!);
    return new Set(gtins.length ? gtins : [row.expected!]);
  };
  const catalogue = new Set(rows.flatMap((row) => [...expectedOf(row)]));
  const known = args.known ? (gtin: string) => catalogue.has(gtin) : undefined;
  if (known) report.barcodesKnown = catalogue.size;
  const blur = args.blur === undefined ? 0 : Number(args.blur);
  if (!(blur >= 0)) throw new Error('--blur SIGMA: a Gaussian blur in pixels, e.g. 1.5');
  if (blur > 0) report.barcodesBlurred = blur;
  const defocus = args.defocus === undefined ? 0 : Number(args.defocus);
  if (!(defocus >= 0)) throw new Error('--defocus RADIUS: a disc blur in pixels, e.g. 3');
  if (defocus > 0) report.barcodesDefocused = defocus;
  const [recompressScale, recompressQuality] = (args.degrade ?? '').split(',').filter(Boolean).map(Number);
  if (args.degrade && !(recompressScale! > 0 && recompressQuality! >= 1 && recompressQuality! <= 100))
    throw new Error('--degrade SCALE,QUALITY: a scale above 0 and a JPEG quality from 1 to 100, e.g. 0.6,60');
  if (args.degrade) report.barcodesDegraded = { scale: recompressScale, jpegQuality: recompressQuality };
  const turn = args.rotate === undefined ? 0 : Number(args.rotate);
  if (!Number.isFinite(turn)) throw new Error('--rotate DEGREES: an angle, e.g. 90 or 20');
  if (turn !== 0) report.barcodesTurned = turn;
  if (args.invert) report.barcodesInverted = true;
  /**
   * The photo read out of focus (--defocus), blurred (--blur), turned clockwise (--rotate) on a canvas grown
   * to hold it, inverted (--invert), then recompressed (--degrade). Turned, the photo's edge pixels are
   * carried out to the canvas's edges: a fill of one colour would draw a bar beside a code at the photo's edge
   * and take its quiet zone, which no turned camera does.
   */
  const imitated = async (image: RgbaImage): Promise<RgbaImage> => {
    const defocused = defocus > 0 ? await outOfFocus(image, defocus) : image;
    const blurred =
      blur > 0
        ? rgbaOf(await sharpOf(defocused).blur(blur).raw().toBuffer({ resolveWithObject: true }))
        : defocused;
    const turned = turn === 0 ? blurred : await turnedWhole(blurred);
    const printed = args.invert
      ? { ...turned, data: turned.data.map((v, i) => (i % 4 === 3 ? v : 255 - v)) }
      : turned;
    // Recompressed last, as a photo is after it was taken.
    return args.degrade ? recompressed(printed, recompressQuality!, recompressScale) : printed;
  };
  const turnedWhole = async (image: RgbaImage): Promise<RgbaImage> => {
    const { width, height } = image;
    const angle = (turn * Math.PI) / 180;
    const grown = [
      Math.ceil(Math.abs(width * Math.cos(angle)) + Math.abs(height * Math.sin(angle))),
      Math.ceil(Math.abs(width * Math.sin(angle)) + Math.abs(height * Math.cos(angle))),
    ] as const;
    const pad = Math.max(width, height);
    const extended = rgbaOf(
      await sharpOf(image)
        .extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    const turned = rgbaOf(await sharpOf(extended).rotate(turn).raw().toBuffer({ resolveWithObject: true }));
    return rgbaOf(
      await sharpOf(turned)
        .extract({
          left: Math.round((turned.width - grown[0]) / 2),
          top: Math.round((turned.height - grown[1]) / 2),
          width: grown[0],
          height: grown[1],
        })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
  };
  // The app's photo modes read the photo's text after its code (recognise.ts): the digits printed under a code
  // are one more view of it (`withPrintedDigits`), read here with the balanced mode's text settings unless
  // --live or --skip printedDigits.
  const digitReader =
    args.live || skip.has('printedDigits') ? undefined : await createTextReader(await loadOcrModels());
  report.barcodesPrintedDigits = digitReader !== undefined;
  const perScale: Record<string, unknown> = {};
  for (const scale of scales) {
    let byDigits = 0;
    let correct = 0;
    let wrong = 0;
    let notFound = 0;
    const times: number[] = [];
    const ocrTimes: number[] = [];
    const missed: string[] = [];
    const unread: string[] = [];
    // The library alone with its best settings, once with each of its binarisers: the pipeline must read at
    // least what any of them reads.
    let library = 0;
    const libraryOnly: string[] = [];
    for (const row of rows) {
      const original = await decodeImageFile(join(dir, row.path!));
      const image = await imitated(
        scale === 1
          ? original
          : resizeImage(
              original,
              Math.max(1, Math.round(original.width * scale)),
              Math.max(1, Math.round(original.height * scale)),
            ),
      );
      // The bars' views and, when they gave no maker's code, the printed digits (readPhotoBarcodes, as the
      // server's /api/ai/barcode); `ms` is the bars' reading, the template view left for the digits included,
      // the OCR's time apart (`ocrMs`, the photos whose text was read).
      let ocr = 0;
      const timedReader = digitReader && {
        read: async (...read: Parameters<TextReader['read']>) => {
          const at = performance.now();
          const lines = await digitReader.read(...read);
          ocr += performance.now() - at;
          return lines;
        },
      };
      const start = performance.now();
      const codes = {
        ...(known ? { known, knownEan8: [...catalogue].some((gtin) => gtin.length === 8) } : {}),
      };
      let reads: BarcodeRead[];
      if (args.live) reads = await readRetailBarcodes(image, { effort: 'live', moreViews: true, ...codes });
      else {
        const read = await readPhotoBarcodes(image, {
          ...codes,
          ...(timedReader ? { reader: timedReader } : {}),
        });
        reads = read.reads;
        if (read.byPrintedDigits) byDigits++;
        if (read.textRead) ocrTimes.push(ocr);
      }
      times.push(performance.now() - start - ocr);
      const expected = expectedOf(row);
      let libraryRight = false;
      for (const binarizer of LIBRARY_BINARIZERS) {
        const libraryReads = await readBarcodes(image, {
          formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE'],
          tryHarder: true,
          tryRotate: true,
          tryInvert: true,
          tryDownscale: true,
          binarizer,
        });
        libraryRight ||= libraryReads.some(
          (r) => r.isValid && expected.has(normaliseGtin(r.text, r.format === 'UPCE') ?? ''),
        );
      }
      if (libraryRight) library++;
      if (libraryRight && !expected.has(reads[0]?.gtin ?? '')) libraryOnly.push(row.path!);
      if (reads.length === 0) {
        notFound++;
        unread.push(row.path!);
      }
      // The product's code is the first read: a second code on the pack must not replace it.
      else if (expected.has(reads[0]!.gtin)) correct++;
      else {
        wrong++;
        missed.push(`${row.path}: ${reads.map((r) => r.gtin).join('/')}`);
      }
    }
    perScale[String(scale)] = {
      total: rows.length,
      correct,
      wrong,
      notFound,
      correctRate: ratio(correct, rows.length),
      libraryCorrect: library,
      libraryOnly,
      ...(digitReader ? { confirmedByPrintedDigits: byDigits } : {}),
      ms: ms(times),
      ...(ocrTimes.length ? { ocrMs: { photos: ocrTimes.length, ...ms(ocrTimes) } } : {}),
      ...(wrong ? { wrongReads: missed } : {}),
      unread,
    };
  }
  await digitReader?.release();
  report.barcodes = scales.length === 1 && scales[0] === 1 ? perScale['1'] : { scales: perScale };
}

// --- queries ---
if (existsSync(join(dir, 'queries.csv')) && existsSync(join(dir, 'catalog.csv'))) {
  const catalogRows = readCsv(join(dir, 'catalog.csv'));
  const products = new Map<string, CatalogueProduct>(
    catalogRows.map((r) => [
      r.product_id!,
      {
        id: r.product_id!,
        name: r.name!,
        brand: r.brand ?? '',
        ...(r.category ? { category: r.category } : {}),
        ...(r.barcode ? { barcode: r.barcode } : {}),
      },
    ]),
  );
  const brands = new Map([...products].map(([id, p]) => [id, p.brand ?? '']));
  const packaged = (id: string) => Boolean(brands.get(id));
  // Text strategy: PP-OCRv4 on onnxruntime-web, matched against the catalogue's names and brands and (unless
  // --skip packWords) the words read on each product's reference photos.
  let start = performance.now();
  const reader = args['ocr-thread']
    ? await createThreadedTextReader()
    : await createTextReader(await loadOcrModels());
  report.textReaderLoadMs = Math.round(performance.now() - start);
  const packTimes: number[] = [];
  const references: ProductReference[] = [];
  const refTimes: number[] = [];
  // Reference features and pack words take minutes to compute: they are kept between runs in --cache, keyed
  // by the reference files (name, size, time), the features version and the pack-word reading.
  const referenceFiles = [...products.keys()].flatMap((id) => {
    const folder = join(dir, 'references', id);
    return existsSync(folder)
      ? readdirSync(folder)
          .sort()
          .map((file) => ({ id, file: join(folder, file) }))
      : [];
  });
  const cacheKey = createHash('sha1')
    .update(
      JSON.stringify([
        FEATURES_VERSION,
        PACK_WORD_READING,
        'direction classifier read both ways',
        skip.has('packWords'),
        referenceFiles.map(({ id, file }) => [id, file, statSync(file).size, statSync(file).mtimeMs]),
      ]),
    )
    .digest('hex');
  const cacheFile = join(args.cache, `references-${cacheKey}.bin`);
  type CachedReference = { id: string; features: ReferenceFeatures; words: string[] };
  let cached: CachedReference[] | undefined;
  if (existsSync(cacheFile)) cached = deserialize(readFileSync(cacheFile)) as CachedReference[];
  else {
    cached = [];
    for (const { id, file } of referenceFiles) {
      const image = await decodeImageFile(file);
      const start = performance.now();
      const features = await computeReferenceFeatures(image);
      refTimes.push(performance.now() - start);
      let words: string[] = [];
      if (!skip.has('packWords')) {
        const begin = performance.now();
        const lines = await reader.read(image, PACK_WORD_READING);
        packTimes.push(performance.now() - begin);
        words = packWordsOfLines(lines);
      }
      cached.push({ id, features, words });
    }
    mkdirSync(args.cache, { recursive: true });
    writeFileSync(cacheFile, serialize(cached));
  }
  report.referenceCache = { file: cacheFile, reused: refTimes.length === 0 };
  // --leave-out N: the N-th, 2N-th, … products of the catalogue are not in it (nor their photos and words);
  // --leave-out N:K shifts the choice K products earlier (3:1 leaves out the 2nd, 5th, …; 3:2 the 1st, 4th, …),
  // so that every product is once the unknown one.
  const [leaveOut, leaveOutShift] = (args['leave-out'] ?? '0').split(':').map(Number) as [number, number?];
  const shift = leaveOutShift ?? 0;
  if (
    !Number.isInteger(leaveOut) ||
    leaveOut < 0 ||
    !Number.isInteger(shift) ||
    shift < 0 ||
    (leaveOut > 0 && shift >= leaveOut)
  )
    throw new Error(`--leave-out N[:K] wants whole numbers with K < N, not ${args['leave-out']}`);
  const unknownProducts = new Set(
    leaveOut > 0 ? [...products.keys()].filter((_, i) => (i + 1 + shift) % leaveOut === 0) : [],
  );
  for (const id of unknownProducts) products.delete(id);
  for (const { id, features, words } of cached) {
    if (unknownProducts.has(id)) continue;
    // Each photo keeps its pack words, and the catalogue gets them from its photos, as in the app.
    references.push({ productId: id, features: { ...features, words }, origin: 'photo' });
  }
  for (const product of withPackWords(products.values(), references)) products.set(product.id, product);
  const text = { reader, index: buildTextIndex(products.values()) };
  const withWords = [...products.values()].filter((p) => p.packWords?.length);
  report.packWords = {
    products: withWords.length,
    words: withWords.reduce((n, p) => n + p.packWords!.length, 0),
    msPerReference: ms(packTimes),
  };
  start = performance.now();
  const index = buildIndex(references);
  report.references = {
    count: references.length,
    featureMs: ms(refTimes),
    indexBuildMs: Math.round(performance.now() - start),
  };

  const allQueries = readCsv(join(dir, 'queries.csv')).filter((q) => !args.split || q.split === args.split);
  const queries = spread(allQueries, limit);
  const images = new Map<string, RgbaImage>();
  /** Query photos whose features have a shape (a silhouette against a plain background). */
  const queriesWithShape = new Set<string>();
  const [degradeScale, degradeQuality] = (args.degrade ?? '').split(',').filter(Boolean).map(Number);
  if (args.degrade && !(degradeScale! > 0 && degradeQuality! >= 1 && degradeQuality! <= 100))
    throw new Error('--degrade SCALE,QUALITY: a scale above 0 and a JPEG quality from 1 to 100, e.g. 0.6,60');
  if (args.degrade) report.degraded = { scale: degradeScale, jpegQuality: degradeQuality };
  const closer = args.closer === undefined ? 1 : Number(args.closer);
  if (!(closer >= 1)) throw new Error('--closer FACTOR: 1 or more, e.g. 1.6');
  if (closer !== 1) report.closer = closer;
  const rotate = args.rotate === undefined ? 0 : Number(args.rotate);
  if (!Number.isFinite(rotate)) throw new Error('--rotate DEGREES: an angle, e.g. 90 or 20');
  if (rotate !== 0) report.rotated = rotate;
  /**
   * A query photo as another camera and a recompression would give it (--degrade), taken closer (--closer:
   * its central 1 / FACTOR of each side), else as it is.
   */
  const queryImage = async (file: string): Promise<RgbaImage> => {
    const whole = await decodeImageFile(file);
    const [w, h] = [whole.width / closer, whole.height / closer];
    const image =
      closer === 1
        ? whole
        : cropImage(whole, { x: (whole.width - w) / 2, y: (whole.height - h) / 2, width: w, height: h });
    const turned = rotate === 0 ? image : await rotated(image, rotate);
    if (!args.degrade) return turned;
    const { width, height } = turned;
    const jpeg = await sharp(
      Buffer.from(turned.data.buffer, turned.data.byteOffset, turned.data.byteLength),
      {
        raw: { width, height, channels: 4 },
      },
    )
      .resize(Math.max(1, Math.round(width * degradeScale!)), Math.max(1, Math.round(height * degradeScale!)))
      .jpeg({ quality: degradeQuality! })
      .toBuffer();
    const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
  };
  /**
   * The photo turned clockwise, as a camera turned by that angle sees it: the largest upright rectangle inside
   * the turned photo (an angle that is not a quarter turn would otherwise uncover corners no camera gives).
   */
  async function rotated(image: RgbaImage, degrees: number): Promise<RgbaImage> {
    const { width, height } = image;
    const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    const turned = await sharp(pixels, { raw: { width, height, channels: 4 } })
      .rotate(degrees, { background: { r: 0, g: 0, b: 0, alpha: 1 } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [w, h] = largestInside(width, height, (degrees * Math.PI) / 180);
    const whole = {
      width: turned.info.width,
      height: turned.info.height,
      data: new Uint8ClampedArray(turned.data),
    };
    const [cw, ch] = [Math.min(whole.width, Math.floor(w)), Math.min(whole.height, Math.floor(h))];
    if (cw === whole.width && ch === whole.height) return whole;
    return cropImage(whole, { x: (whole.width - cw) / 2, y: (whole.height - ch) / 2, width: cw, height: ch });
  }
  /** The largest upright rectangle inside a w × h rectangle turned by `angle` (radians). */
  function largestInside(w: number, h: number, angle: number): [number, number] {
    const [sin, cos] = [Math.abs(Math.sin(angle)), Math.abs(Math.cos(angle))];
    if (sin < 1e-9 || cos < 1e-9) return sin < 1e-9 ? [w, h] : [h, w];
    const [long, short] = w >= h ? [w, h] : [h, w];
    if (short <= 2 * sin * cos * long || Math.abs(sin - cos) < 1e-9) {
      const x = short / 2;
      return w >= h ? [x / sin, x / cos] : [x / cos, x / sin];
    }
    const cos2 = cos * cos - sin * sin;
    return [(w * cos - h * sin) / cos2, (h * cos - w * sin) / cos2];
  }
  const imageOf = async (path: string) =>
    images.get(path) ?? images.set(path, await queryImage(join(dir, path))).get(path)!;

  type Outcome = {
    onReview: boolean;
    split: string;
    packaged: boolean;
    rank: number;
    sure: boolean;
    sureRight: boolean;
    /** The photo's product is not in the catalogue (--leave-out). */
    unknown: boolean;
    /** The review chose a product for it (match threshold, default settings). */
    chosen: boolean;
    /** The answer says the product may not be in the catalogue (`Recognition.possiblyUnknown`). */
    flagged: boolean;
    /** The first answer is a product of the photo's brand (what an unknown flavour is taken for). */
    sibling: boolean;
    ms: number;
  };
  const evaluate = async (
    idx: ReferenceIndex,
    list: Record<string, string>[],
    mode: PrecisionMode,
    disable: ('barcode' | 'visual' | 'colour' | 'text' | 'shape')[] = [],
  ) => {
    const outcomes: Outcome[] = [];
    for (const q of list) {
      const image = await imageOf(q.path!);
      const begin = performance.now();
      const { candidates, textLines, appearance, shape, features, keypoints, possiblyUnknown } =
        await recogniseProduct(image, {
          index: idx,
          products,
          mode,
          disable,
          text,
        });
      const elapsed = performance.now() - begin;
      if (features.shape) queriesWithShape.add(q.path!);
      if (args.dump)
        dump.push({
          path: q.path,
          split: q.split,
          truth: q.product_id,
          mode,
          disable,
          ms: Math.round(elapsed),
          text: textLines.map((l) => [l.text, Math.round(l.confidence * 1000) / 1000]),
          candidates: candidates.map((c) => [c.product_id, c.score, c.strategies]),
          appearance: appearance.slice(0, 20).map((a) => [a.productId, Math.round(a.similarity * 1e4) / 1e4]),
          shape: shape.slice(0, 5).map((a) => [a.productId, Math.round(a.similarity * 1e4) / 1e4]),
          keypoints,
        });
      const rank = candidates.findIndex((c) => c.product_id === q.product_id);
      const sure = candidates[0] !== undefined && confidenceLevel(candidates[0].score) === 'high';
      // What the review screen shows: the chosen product (match threshold) and ≤ 2 suggestions > 0.4.
      const review = reviewDetection({ id: 'photo', bbox: [0, 0, 1, 1], confidence: 1, candidates });
      const onReview = [review.chosen, ...review.suggestions].some((c) => c?.product_id === q.product_id);
      const brand = brands.get(q.product_id!);
      outcomes.push({
        onReview,
        unknown: unknownProducts.has(q.product_id!),
        chosen: review.chosen !== undefined,
        flagged: possiblyUnknown,
        sibling: Boolean(brand) && brands.get(candidates[0]?.product_id ?? '') === brand,
        split: q.split ?? 'all',
        packaged: packaged(q.product_id!),
        rank: rank < 0 ? Infinity : rank,
        sure,
        sureRight: sure && rank === 0,
        ms: elapsed,
      });
    }
    return outcomes;
  };
  const summarise = (all: Outcome[]) => {
    const outcomes = all.filter((o) => !o.unknown);
    const group = (list: Outcome[]) => ({
      n: list.length,
      top1: ratio(list.filter((o) => o.rank === 0).length, list.length),
      top3: ratio(list.filter((o) => o.rank < 3).length, list.length),
      onReview: ratio(list.filter((o) => o.onReview).length, list.length),
    });
    const splits: Record<string, unknown> = {};
    for (const split of [...new Set(outcomes.map((o) => o.split))]) {
      const list = outcomes.filter((o) => o.split === split);
      const sure = list.filter((o) => o.sure);
      splits[split] = {
        all: group(list),
        packaged: group(list.filter((o) => o.packaged)),
        fresh: group(list.filter((o) => !o.packaged)),
        sure: {
          precision: ratio(sure.filter((o) => o.sureRight).length, sure.length),
          coverage: ratio(sure.length, list.length),
        },
      };
    }
    // Open set (--leave-out): photos of products missing from the catalogue, and the known ones beside them.
    const unknown = all.filter((o) => o.unknown);
    const openSet = unknown.length
      ? {
          unknownPhotos: unknown.length,
          unknownPackaged: unknown.filter((o) => o.packaged).length,
          unknownSure: ratio(unknown.filter((o) => o.sure).length, unknown.length),
          unknownSureSibling: unknown.filter((o) => o.sure && o.sibling).length,
          unknownChosen: ratio(unknown.filter((o) => o.chosen).length, unknown.length),
          unknownFlagged: ratio(unknown.filter((o) => o.flagged).length, unknown.length),
          knownPhotos: outcomes.length,
          knownSurePrecision: ratio(
            outcomes.filter((o) => o.sureRight).length,
            outcomes.filter((o) => o.sure).length,
          ),
          knownSureCoverage: ratio(outcomes.filter((o) => o.sure).length, outcomes.length),
          knownFlagged: ratio(outcomes.filter((o) => o.flagged).length, outcomes.length),
        }
      : undefined;
    return { splits, ...(openSet ? { openSet } : {}), ms: ms(outcomes.map((o) => o.ms)) };
  };

  const perMode: Record<string, unknown> = {};
  const disabled = args.disable.split(',').filter(Boolean) as Parameters<typeof evaluate>[3];
  if (disabled?.length) report.disabled = disabled;
  if (unknownProducts.size) report.leftOut = { every: leaveOut, shift, products: [...unknownProducts] };
  for (const mode of modes) perMode[mode] = summarise(await evaluate(index, queries, mode, disabled));
  report.queries = perMode;
  // How often the shape strategy can fire: it needs a silhouette on the query and on some reference.
  report.shape = {
    queries: queriesWithShape.size,
    queryPhotos: queries.length,
    references: references.filter((r) => r.features.shape).length,
    referencePhotos: references.length,
  };

  if (!skip.has('ablation')) {
    if (!skip.has('colourAblation'))
      report.queriesWithoutColour = summarise(await evaluate(index, queries, 'balanced', ['colour']));
    report.queriesWithoutText = summarise(await evaluate(index, queries, 'balanced', ['text']));
  }

  // --- learning from use: for each product, the first half of its queries (in file order, i.e. in the order
  // of its photo sessions) is confirmed and learned, the second half measured. Interleaving would let a
  // measured photo's neighbour from the same session be learned; a global first half (queries are grouped by
  // product) would leave the measured products with nothing learned.
  if (!skip.has('learning')) {
    const byProduct = new Map<string, Record<string, string>[]>();
    for (const q of queries) byProduct.set(q.product_id!, [...(byProduct.get(q.product_id!) ?? []), q]);
    const first: Record<string, string>[] = [];
    const second: Record<string, string>[] = [];
    for (const list of byProduct.values()) {
      const half = Math.floor(list.length / 2);
      first.push(...list.slice(0, half));
      second.push(...list.slice(half));
    }
    const before = summarise(await evaluate(index, second, 'balanced'));
    let learning = buildIndex(references, index.vocabulary);
    const outcomes: Record<string, number> = {};
    for (const q of first) {
      const { features } = await recogniseProduct(await imageOf(q.path!), {
        index: learning,
        products,
        mode: 'balanced',
        disable: ['visual', 'barcode', 'text'],
      });
      const result = await addConfirmedReference(learning, q.product_id!, features);
      learning = result.index;
      outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
    }
    const after = summarise(await evaluate(learning, second, 'balanced'));
    report.learning = { learned: first.length, outcomes, measured: second.length, before, after };
  }

  // --- time per 1280×720 photo (the unit): a query photo on the counter, as a phone takes it ---
  // Its aspect kept (placeOnCounter), recognised whole, and (`app`) detected and cropped as the app does. `stretched` is the unit measured until "The slowest photo"
  // (docs/recognition-log.md): the square photo stretched to 16:9, which widens its text lines 1.78×.
  if (!skip.has('photo1280')) {
    const threaded = await createThreadedTextReader();
    const measure = async (photoOf: (image: RgbaImage, seed: number) => RgbaImage) => {
      const times: number[] = [];
      let top1 = 0;
      for (const [i, q] of spread(queries, 20).entries()) {
        const photo = photoOf(await imageOf(q.path!), i + 1);
        const begin = performance.now();
        const { candidates } = await recogniseProduct(photo, { index, products, mode: 'balanced', text });
        times.push(performance.now() - begin);
        if (candidates[0]?.product_id === q.product_id) top1++;
      }
      return { photos: times.length, balancedMs: ms(times), top1: ratio(top1, times.length) };
    };
    // As the app's worker does it (`recogniseDetections`): text regions (640 px) and object proposals on the
    // photo, each detection's crop recognised, PP-OCR's networks in a thread of their own
    // (`createThreadedTextReader`, as the app's OCR Worker: the proposals' crops are recognised while it
    // looks for text regions); `appOneThread` with them in this thread (detected first). Right when a
    // detection's first answer is the product.
    const app = async (reader: TextReader) => {
      const appText = { ...text, reader };
      const times: number[] = [];
      const given: string[] = [];
      let right = 0;
      let detections = 0;
      // The first photo once untimed: a new thread's runtime sizes its memory on its first runs (≈ 0.8 s
      // more), which the reader of this thread did on the photos above. The app pays it once per start.
      const photos = spread(queries, 20);
      for (const [i, q] of [photos[0]!, ...photos].entries()) {
        const photo = placeOnCounter(Math.max(1, i), await imageOf(q.path!));
        const begin = performance.now();
        const found = [];
        const answers = [];
        const crops = recogniseDetections(
          photo,
          { reader, detectorSide: PRECISION_SETTINGS.balanced.textRegionSide! },
          (crop) => recogniseProduct(crop, { index, products, mode: 'balanced', text: appText }),
        );
        for await (const { detection, recognition } of crops) {
          found.push(detection);
          answers.push(recognition);
        }
        if (i === 0) continue;
        times.push(performance.now() - begin);
        given.push(JSON.stringify({ found, candidates: answers.map((a) => a.candidates) }));
        detections += found.length;
        if (answers.some((a) => a.candidates[0]?.product_id === q.product_id)) right++;
      }
      return {
        photos: times.length,
        balancedMs: ms(times),
        top1: ratio(right, times.length),
        detections,
        given,
      };
    };
    const [inOcrThread, oneThread] = [await app(threaded), await app(text.reader)];
    const omit = ({ given: _, ...rest }: Awaited<ReturnType<typeof app>>) => rest;
    // The same candidates, scores included, whichever thread read: checked on every photo.
    const same = inOcrThread.given.filter((answer, i) => answer === oneThread.given[i]).length;
    report.photo1280 = {
      ...(await measure((image, seed) => placeOnCounter(seed, image))),
      app: { ...omit(inOcrThread), sameAnswersAsOneThread: ratio(same, inOcrThread.photos) },
      appOneThread: omit(oneThread),
      stretched: await measure((image) => resizeImage(image, 1280, 720)),
    };
    await threaded.release();
  }

  // --- time with 500 and 2,000 products (synthetic copies of the references) ---
  if (!skip.has('scale')) {
    const scale: Record<string, unknown> = {};
    const sample = spread(queries, 20);
    for (const size of [500, 2000]) {
      const copies: ProductReference[] = [];
      const bigProducts = new Map(products);
      const ids = [...products.keys()];
      for (let p = 0; p < size; p++) {
        const original = ids[p % ids.length]!;
        const id = p < ids.length ? original : `${original}~${p}`;
        if (!bigProducts.has(id)) bigProducts.set(id, { ...products.get(original)!, id });
        for (const r of references)
          if (r.productId === original) copies.push({ productId: id, features: shuffled(r.features, p) });
      }
      start = performance.now();
      const big = buildIndex(copies);
      const bigText = { reader: text.reader, index: buildTextIndex(bigProducts.values()) };
      const buildMs = Math.round(performance.now() - start);
      const times: number[] = [];
      for (const q of sample) {
        const begin = performance.now();
        await recogniseProduct(await imageOf(q.path!), {
          index: big,
          products: bigProducts,
          mode: 'balanced',
          text: bigText,
        });
        times.push(performance.now() - begin);
      }
      scale[String(size)] = { references: copies.length, indexBuildMs: buildMs, balancedMs: ms(times) };
    }
    report.scale = scale;
  }

  // --- composed scenes on a plain counter: detection without and with text regions (unless --skip
  // textRegions), on the plain scenes and (unless --skip lowContrast) on the same scenes with one product
  // faded to LOW_CONTRAST of its contrast with the counter ---
  if (!skip.has('scenes')) {
    const count = Number(args.scenes);
    const pool = queries;
    const pricedProducts = [...products.values()].map((p) => ({ id: p.id, name: p.name, salePrice: 100 }));
    const sides = skip.has('textRegions') ? [] : args.textRegionSides.split(',').map(Number);
    const variants: { name: string; side?: number }[] = [
      { name: 'objects' },
      ...sides.map((side) => ({ name: `textRegions${side}`, side })),
    ];
    const runScenes = async (lowContrast?: number) => {
      const totals = variants.map(() => ({
        truths: 0,
        detections: 0,
        matchedTruths: 0,
        matchedDetections: 0,
        exactCarts: 0,
        times: [] as number[],
        textTimes: [] as number[],
      }));
      for (let s = 0; s < count; s++) {
        const scene = await composeScene(
          s + 1,
          pool,
          imageOf,
          lowContrast === undefined ? {} : { lowContrast },
        );
        // The same crop is recognised once per scene, whichever variant proposed it (same answer, less time).
        const answers = new Map<string, { candidates: RecognisedDetection['candidates']; ms: number }>();
        for (const [v, variant] of variants.entries()) {
          const total = totals[v]!;
          const begin = performance.now();
          let found;
          if (variant.side !== undefined) {
            const textBegin = performance.now();
            const textBoxes = await reader.detect(scene.image, {
              detectorSide: variant.side,
              maxLines: TEXT_REGION_MAX_BOXES,
            });
            total.textTimes.push(performance.now() - textBegin);
            found = await detectProducts(scene.image, { textBoxes });
          } else found = await detectProducts(scene.image);
          let elapsed = performance.now() - begin;
          const recognised: RecognisedDetection[] = [];
          for (const detection of found) {
            const key = detection.bbox.join(',');
            let answer = answers.get(key);
            if (!answer) {
              const start = performance.now();
              const crop = cropImage(scene.image, detectionBox(scene.image, detection));
              const { candidates } = await recogniseProduct(crop, {
                index,
                products,
                mode: 'balanced',
                text,
              });
              answer = { candidates, ms: performance.now() - start };
              answers.set(key, answer);
            }
            elapsed += answer.ms;
            recognised.push({ ...detection, candidates: answer.candidates });
          }
          const lines = assembleCart(recognised, pricedProducts);
          total.times.push(elapsed);
          total.truths += scene.items.length;
          total.detections += found.length;
          const toPixels = (b: [number, number, number, number]) => ({
            x: b[0] * scene.image.width,
            y: b[1] * scene.image.height,
            width: b[2] * scene.image.width,
            height: b[3] * scene.image.height,
          });
          total.matchedTruths += scene.items.filter((item) =>
            found.some((d) => intersectionOverUnion(toPixels(d.bbox), item.box) >= 0.5),
          ).length;
          total.matchedDetections += found.filter((d) =>
            scene.items.some((item) => intersectionOverUnion(toPixels(d.bbox), item.box) >= 0.5),
          ).length;
          const expected = new Map<string, number>();
          for (const item of scene.items)
            expected.set(item.productId, (expected.get(item.productId) ?? 0) + 1);
          const exact =
            lines.length === expected.size && lines.every((l) => expected.get(l.product_id) === l.qty);
          if (exact) total.exactCarts++;
        }
      }
      return Object.fromEntries(
        variants.map((variant, v) => {
          const total = totals[v]!;
          return [
            variant.name,
            {
              products: total.truths,
              detections: total.detections,
              detectionRecall: ratio(total.matchedTruths, total.truths),
              detectionPrecision: ratio(total.matchedDetections, total.detections),
              exactCartAccuracy: ratio(total.exactCarts, count),
              balancedMsPerPhoto: ms(total.times),
              ...(variant.side !== undefined ? { textDetectorMsPerPhoto: ms(total.textTimes) } : {}),
            },
          ];
        }),
      );
    };
    report.scenes = { scenes: count, size: '1280x720', ...(await runScenes()) };
    if (!skip.has('lowContrast'))
      report.lowContrastScenes = {
        scenes: count,
        contrastKept: LOW_CONTRAST,
        ...(await runScenes(LOW_CONTRAST)),
      };
  }
  await reader.release();
}

/** A synthetic copy of a reference: same keypoints in another order, so no cache can tell them apart. */
function shuffled(features: ReferenceFeatures, seed: number): ReferenceFeatures {
  const n = features.points.length / 2;
  const words = features.descriptors.length / n;
  const order = Array.from({ length: n }, (_, i) => i);
  let state = seed + 1;
  for (let i = n - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) >>> 0;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const points = new Float32Array(n * 2);
  const descriptors = new Uint32Array(features.descriptors.length);
  order.forEach((from, to) => {
    points[2 * to] = features.points[2 * from]!;
    points[2 * to + 1] = features.points[2 * from + 1]!;
    descriptors.set(features.descriptors.subarray(from * words, (from + 1) * words), to * words);
  });
  return { ...features, points, descriptors };
}

if (args.dump) writeFileSync(args.dump, JSON.stringify(dump));
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
