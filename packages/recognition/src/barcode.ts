// Retail barcodes (EAN-13, EAN-8, UPC-A, UPC-E) read with zxing-wasm, returned as check-digit-validated GTINs.
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { cropImage, resizeImage, sharpenGreyPlane, toGrey, type PixelBox, type RgbaImage } from './image.js';
import { normaliseGtin } from './gtin.js';

/** Where the reader's .wasm comes from: its bytes (Node) or a URL the app serves (browser, worker). */
export type BarcodeWasmSource = { wasmBinary: ArrayBuffer | Uint8Array } | { wasmUrl: string };

export type BarcodeRead = {
  /** GTIN-13 (or the 8 digits of an EAN-8). */
  gtin: string;
  format: string;
  /** Where it was found, in pixels of the image given. */
  box: PixelBox;
};

const RETAIL_OPTIONS: ReaderOptions = {
  formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 8,
};

let prepared: Promise<unknown> | undefined;

/**
 * Loads the reader once. Never lets zxing-wasm fall back to its default CDN: the caller must say where the
 * .wasm is (the app serves it itself so that scanning works offline).
 */
export function prepareBarcodeReader(source: BarcodeWasmSource): Promise<unknown> {
  prepared ??= prepareZXingModule({
    overrides:
      'wasmBinary' in source
        ? { wasmBinary: toArrayBuffer(source.wasmBinary) }
        : { locateFile: (path: string) => (path.endsWith('.wasm') ? source.wasmUrl : path) },
    fireImmediately: true,
  }).catch((error: unknown) => {
    prepared = undefined;
    throw error;
  });
  return prepared;
}

function toArrayBuffer(bytes: ArrayBuffer | Uint8Array): ArrayBuffer {
  if (bytes instanceof ArrayBuffer) return bytes;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

async function readOnce(
  image: RgbaImage,
  scale: number,
  offset: { x: number; y: number },
): Promise<BarcodeRead[]> {
  // zxing-wasm reads any { data, width, height } RGBA buffer; Node has no ImageData class to build one from.
  // The cast is only needed where the DOM's ImageData type exists (the web app's type check), hence the disable.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const results = await readBarcodes(image as unknown as Parameters<typeof readBarcodes>[0], RETAIL_OPTIONS);
  const reads: BarcodeRead[] = [];
  for (const result of results) {
    if (!result.isValid) continue;
    const gtin = normaliseGtin(result.text, result.format === 'UPCE');
    if (!gtin) continue;
    const { topLeft, topRight, bottomLeft, bottomRight } = result.position;
    const xs = [topLeft.x, topRight.x, bottomLeft.x, bottomRight.x];
    const ys = [topLeft.y, topRight.y, bottomLeft.y, bottomRight.y];
    const x = Math.min(...xs) / scale + offset.x;
    const y = Math.min(...ys) / scale + offset.y;
    reads.push({
      gtin,
      format: result.format,
      box: {
        x,
        y,
        width: (Math.max(...xs) - Math.min(...xs)) / scale,
        height: (Math.max(...ys) - Math.min(...ys)) / scale,
      },
    });
  }
  return reads;
}

/** How hard to try: `live` is one pass per preview frame; `photo` adds the slower passes for blurred codes. */
export type BarcodeEffort = 'live' | 'photo';

/**
 * The slower passes (×2, sharpened) run only on images whose long side is at most this: in a larger photo
 * the bars are wide enough in pixels for the plain pass (barcodes-dev's photos are all ≤ 800 px).
 */
export const SLOW_PASSES_MAX_SIDE = 1000;

/** True when a photo this size gets the slower passes (`photo` effort); a crop of it is judged by it too. */
export function slowPassesFor(photo: { width: number; height: number }): boolean {
  return Math.max(photo.width, photo.height) <= SLOW_PASSES_MAX_SIDE;
}

/**
 * Sharpened copies of a blurred photo: each alone sometimes misreads a digit, so a code read from them
 * is accepted only when at least two of them agree (measured: no wrong read, +11 codes on barcodes-dev).
 */
const SHARPENED_VARIANTS: readonly { scale: number; amount: number; radius: number }[] = [
  { scale: 2, amount: 2, radius: 5 },
  { scale: 2, amount: 1, radius: 3 },
  { scale: 2, amount: 3, radius: 7 },
  { scale: 1.5, amount: 2, radius: 4 },
  { scale: 1, amount: 1, radius: 3 },
];
const SHARPENED_AGREEMENT = 2;

async function readByAgreement(
  image: RgbaImage,
  offset: { x: number; y: number },
  enlarged: ReadonlyMap<number, RgbaImage>,
): Promise<BarcodeRead[]> {
  const votes = new Map<string, { count: number; read: BarcodeRead }>();
  // Variants of one scale share the enlarged copy and its luma (the ×2 one is the plain ×2 pass's).
  const greys = new Map<number, { grey: Uint8Array; width: number; height: number }>();
  for (const variant of SHARPENED_VARIANTS) {
    let plane = greys.get(variant.scale);
    if (!plane) {
      const scaled =
        variant.scale === 1
          ? image
          : (enlarged.get(variant.scale) ??
            resizeImage(image, image.width * variant.scale, image.height * variant.scale));
      plane = { grey: toGrey(scaled), width: scaled.width, height: scaled.height };
      greys.set(variant.scale, plane);
    }
    const sharpened = sharpenGreyPlane(plane.grey, plane.width, plane.height, variant.amount, variant.radius);
    const reads = await readOnce(sharpened, variant.scale, offset);
    for (const read of new Map(reads.map((r) => [r.gtin, r])).values()) {
      const vote = votes.get(read.gtin);
      if (vote) vote.count++;
      else votes.set(read.gtin, { count: 1, read });
    }
  }
  return [...votes.values()].filter((vote) => vote.count >= SHARPENED_AGREEMENT).map((vote) => vote.read);
}

/**
 * Every retail barcode in the photo, deduplicated by GTIN. Only codes whose check digit is right are kept,
 * since a wrong read would sell the wrong product. With `photo` effort, when the plain pass finds nothing
 * the photo is read again enlarged ×2 (thin bars become resolvable), then sharpened (see above).
 */
export async function readRetailBarcodes(
  image: RgbaImage,
  options: { region?: PixelBox; effort?: BarcodeEffort } = {},
): Promise<BarcodeRead[]> {
  if (!prepared) throw new Error('prepareBarcodeReader() must be called first');
  await prepared;
  const { region, effort = 'photo' } = options;
  const source = region ? cropImage(image, region) : image;
  const offset = {
    x: region ? Math.max(0, Math.floor(region.x)) : 0,
    y: region ? Math.max(0, Math.floor(region.y)) : 0,
  };
  let reads = await readOnce(source, 1, offset);
  if (reads.length === 0 && effort === 'photo' && slowPassesFor(source)) {
    const doubled = resizeImage(source, source.width * 2, source.height * 2);
    reads = await readOnce(doubled, 2, offset);
    if (reads.length === 0) reads = await readByAgreement(source, offset, new Map([[2, doubled]]));
  }
  const byGtin = new Map<string, BarcodeRead>();
  for (const read of reads) if (!byGtin.has(read.gtin)) byGtin.set(read.gtin, read);
  return [...byGtin.values()];
}
