// The recognition pipeline on the server (same package as the app's Worker), for /api/ai/* when the phone
// does not analyse on the device.
import { createHash } from 'node:crypto';
import {
  ARABIC_DETECTOR_SIDE,
  ARABIC_LINES,
  buildIndex,
  buildTextIndex,
  computeFeatures,
  computeReferenceFeatures,
  createTextReader,
  PACK_WORD_READING,
  PRECISION_SETTINGS,
  packWordsOfLines,
  withPackWords,
  detectProductsWithText,
  isInStoreCode,
  TEXT_REGION_DETECTOR_SIDE,
  prepareBarcodeReader,
  readPhotoBarcodes,
  recogniseProduct,
  type Candidate,
  type CatalogueProduct,
  type Detection,
  type ImageFeatures,
  type ProductReference,
  type RgbaImage,
  type TextLine,
  type TextReader,
} from '@hanouti/recognition';
import {
  createNodeArabicLineReader,
  loadOcrModels,
  loadZxingReaderWasm,
  provideOpenCvFromNodeModules,
} from '@hanouti/recognition/node';
import { decodeImage } from './aiImages.js';

let ready: Promise<void> | undefined;

/** Loads the WASM runtimes from the installed packages, once, at the first AI request. */
function prepare(): Promise<void> {
  ready ??= (async () => {
    provideOpenCvFromNodeModules();
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

let textReaderReady: Promise<TextReader> | undefined;

/** PP-OCRv4 (onnxruntime-web's WASM backend, models from node_modules), created at the first text request. */
function textReader(): Promise<TextReader> {
  textReaderReady ??= (async () => {
    await prepare();
    return createTextReader(await loadOcrModels());
  })().catch((error: unknown) => {
    textReaderReady = undefined;
    throw error;
  });
  return textReaderReady;
}

/** tesseract `ara` for Arabic lines: started at the first photo that needs it (an Arabic catalogue or request). */
const arabicReader = createNodeArabicLineReader();

export type TextLanguage = 'fr' | 'ar';

/**
 * Lines of text on the photo, best detector score first, each with its corners and confidence. PP-OCR has
 * no Arabic letters: with `ar` the lines its detector finds at 640 px (`ARABIC_DETECTOR_SIDE`, as in
 * recogniseProduct: at 960 px it cuts short Arabic words into pieces) are also read by tesseract `ara`.
 */
export async function readText(image: string, language: TextLanguage = 'fr'): Promise<TextLine[]> {
  const pixels = await decodeImage(image);
  const reader = await textReader();
  const options = { detectorSide: 960 };
  if (language !== 'ar') return reader.read(pixels, options);
  const boxes = await reader.detect(pixels, options);
  const arabicBoxes = await reader.detect(pixels, {
    detectorSide: ARABIC_DETECTOR_SIDE,
    maxLines: ARABIC_LINES,
  });
  return [
    ...(await reader.recognise(pixels, boxes, options)),
    ...(await arabicReader.read(pixels, arabicBoxes)),
  ];
}

/** Features of reference images already seen (the app sends its catalogue's photos with each match). */
const FEATURE_CACHE_SIZE = 2000;
const featureCache = new Map<string, ImageFeatures>();

/** An image's key in the caches below: the hash of its base64 text. */
const imageKey = (image: string) => createHash('sha256').update(image).digest('hex');

/** The cache's entry for the key, made the most recently used (last: the oldest entry is dropped first). */
function recentlyUsed<T>(cache: Map<string, T>, key: string): T | undefined {
  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
  }
  return cached;
}

async function referenceFeatures(image: string): Promise<ImageFeatures> {
  const key = imageKey(image);
  const cached = recentlyUsed(featureCache, key);
  if (cached) return cached;
  const pixels = await decodeImage(image);
  const features = await computeReferenceFeatures(pixels);
  // The words printed on the pack, for the text strategy (read once per image, cached with the features).
  features.words = packWordsOfLines(await (await textReader()).read(pixels, PACK_WORD_READING));
  featureCache.set(key, features);
  if (featureCache.size > FEATURE_CACHE_SIZE) featureCache.delete(featureCache.keys().next().value!);
  return features;
}

/** Products on the photo: object proposals, barcode regions and text regions (PP-OCR's detector alone). */
export async function detect(image: string, detectThreshold?: number): Promise<Detection[]> {
  await prepare();
  return detectProductsWithText(await decodeImage(image), {
    reader: await textReader(),
    detectorSide: TEXT_REGION_DETECTOR_SIDE,
    ...(detectThreshold === undefined ? {} : { detectThreshold }),
  });
}

/**
 * The retail codes on the photo, the product's first, read as the app's photo modes read them: the bars' views,
 * then — only when they gave no maker's code — the photo's text, the digits printed under a code one more view
 * of it (`readPhotoBarcodes`): a blurred code that the templates alone read stands when its digits were read.
 */
export async function readBarcodes(image: string): Promise<string[]> {
  await prepare();
  // PP-OCR is loaded only when the bars gave no maker's code.
  const reader = {
    read: async (...read: Parameters<TextReader['read']>) => (await textReader()).read(...read),
  };
  const { reads } = await readPhotoBarcodes(await decodeImage(image), { reader });
  return reads.map((read) => read.gtin);
}

export type MatchProduct = CatalogueProduct & { images: string[] };

/**
 * What is worked out on a crop whatever products it is matched against: the app sends a crop once per part of
 * its catalogue (`visual-match` takes ≤ 24 reference photos), so the last crops are kept decoded, with their
 * keypoints and the text read on them (PP-OCR's lines cost most of a match).
 */
type CropWork = { image: RgbaImage; features: ImageFeatures; reads: Map<string, Promise<unknown>> };
/** At most this many pixels of crops are kept (64 MB of RGBA): a phone's crops, a few of them. */
const CROP_CACHE_PIXELS = 16_000_000;
const cropCache = new Map<string, CropWork>();
const pixelsOf = ({ image }: CropWork) => image.width * image.height;

async function cropWork(crop: string): Promise<CropWork> {
  const key = imageKey(crop);
  const cached = recentlyUsed(cropCache, key);
  if (cached) return cached;
  const image = await decodeImage(crop);
  const maxKeypoints = PRECISION_SETTINGS.balanced.queryKeypoints;
  const work: CropWork = {
    image,
    features: await computeFeatures(image, { maxKeypoints }),
    reads: new Map(),
  };
  cropCache.set(key, work);
  let pixels = [...cropCache.values()].reduce((sum, w) => sum + pixelsOf(w), 0);
  for (const [oldKey, old] of cropCache) {
    if (pixels <= CROP_CACHE_PIXELS || old === work) break;
    cropCache.delete(oldKey);
    pixels -= pixelsOf(old);
  }
  return work;
}

/**
 * The reader, remembering what it read on the crop (same image, same options: the same lines, PP-OCR being
 * deterministic); any other image is read as usual.
 */
function rememberingReader(reader: TextReader, { image, reads }: CropWork): TextReader {
  const once = <T>(key: unknown[], read: () => Promise<T>): Promise<T> => {
    const id = JSON.stringify(key);
    if (!reads.has(id)) {
      const reading = read();
      reading.catch(() => reads.delete(id));
      reads.set(id, reading);
    }
    // A copy each time: a caller's change to the lines it got never reaches the next request's.
    return (reads.get(id) as Promise<T>).then((value) => structuredClone(value));
  };
  return {
    read: (on, options) =>
      on === image && !options?.signal
        ? once(['read', options], () => reader.read(on, options))
        : reader.read(on, options),
    detect: (on, options) =>
      on === image && !options?.signal
        ? once(['detect', options], () => reader.detect(on, options))
        : reader.detect(on, options),
    recognise: (on, boxes, options) =>
      on === image && !options?.signal
        ? once(['recognise', boxes, options], () => reader.recognise(on, boxes, options))
        : reader.recognise(on, boxes, options),
    concurrent: reader.concurrent,
    release: () => reader.release(),
  };
}

/**
 * Candidates for the crop among the given products (their images are the references), best first, and the
 * maker's code read on the crop (never a shop's price or weight label), as the app's Worker gives them: a
 * product created from the crop ("Produit inconnu ? Créer le produit") starts with that code.
 */
export async function visualMatch(
  crop: string,
  products: readonly MatchProduct[],
  topK: number,
): Promise<{ candidates: Candidate[]; barcode?: string }> {
  await prepare();
  const references: ProductReference[] = [];
  for (const product of products) {
    for (const image of product.images) {
      references.push({ productId: product.id, features: await referenceFeatures(image), origin: 'photo' });
    }
  }
  const catalogue = new Map<string, CatalogueProduct>(
    products.map(({ images: _images, ...product }) => [product.id, product]),
  );
  const work = await cropWork(crop);
  const { candidates, barcodes } = await recogniseProduct(work.image, {
    index: buildIndex(references),
    products: catalogue,
    features: work.features,
    text: {
      reader: rememberingReader(await textReader(), work),
      index: buildTextIndex(withPackWords(catalogue.values(), references)),
      arabic: arabicReader,
    },
    ...(references.length === 0 ? { disable: ['visual', 'colour'] as const } : {}),
  });
  const barcode = barcodes.find((gtin) => !isInStoreCode(gtin));
  return { candidates: candidates.slice(0, topK), ...(barcode ? { barcode } : {}) };
}
