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

/**
 * The library's best settings for a photo: every rotation, inverted codes (light bars on a dark pack), its own
 * downscaled pyramid for large photos, the slower search. The first pass of every read.
 */
const RETAIL_OPTIONS: ReaderOptions = {
  formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 8,
};
/**
 * The slower passes (another size, sharpened) search without inverting: an inverted code is found by the
 * first pass already, and inverting doubles the time of every pass on a photo without a code.
 */
const SLOW_OPTIONS: ReaderOptions = { ...RETAIL_OPTIONS, tryInvert: false };
/** The second opinion: a globally thresholded image (another binariser, other errors). */
const GLOBAL_OPTIONS: ReaderOptions = { ...SLOW_OPTIONS, binarizer: 'GlobalHistogram' };

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
  options: ReaderOptions = RETAIL_OPTIONS,
): Promise<BarcodeRead[]> {
  // zxing-wasm reads any { data, width, height } RGBA buffer; Node has no ImageData class to build one from.
  // The cast is only needed where the DOM's ImageData type exists (the web app's type check), hence the disable.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const results = await readBarcodes(image as unknown as Parameters<typeof readBarcodes>[0], options);
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
 * The slower passes (×2, sharpened) run on the photo at most this long side: larger photos are read whole
 * with the library's own pyramid, then reduced to this size (a pyramid level) for the slower passes.
 */
export const SLOW_PASSES_MAX_SIDE = 1000;

/**
 * Sharpened copies of a blurred photo: each alone sometimes misreads a digit, so a code read from them
 * is accepted only when two passes agree (measured: no wrong read, +11 codes on barcodes-dev).
 */
const SHARPENED_VARIANTS: readonly { scale: number; amount: number; radius: number }[] = [
  { scale: 2, amount: 2, radius: 5 },
  { scale: 2, amount: 1, radius: 3 },
  { scale: 2, amount: 3, radius: 7 },
  { scale: 1.5, amount: 2, radius: 4 },
  { scale: 1, amount: 1, radius: 3 },
];

/**
 * Codes a shop prints itself (restricted circulation: GS1 prefixes 20–29, and UPC number system 2, "02…" as
 * GTIN-13) are price or weight labels stuck on a pack: they never come before the maker's code.
 */
export function isInStoreCode(gtin: string): boolean {
  return gtin.length === 13 && (gtin.startsWith('2') || gtin.startsWith('02'));
}

/** The passes of a photo read, in order; each reads one image (scale: its size over the photo's). */
type Pass = { image: () => RgbaImage; scale: number; options?: ReaderOptions; confirm?: boolean };

function photoPasses(source: RgbaImage): Pass[] {
  // Large photos are also read at SLOW_PASSES_MAX_SIDE (a pyramid level). The slower passes enlarge that
  // level (thin bars), but never past the photo's own size: enlarging a large photo's level beyond the photo
  // adds no detail, only time; the photo itself is read by the first passes.
  const baseScale = Math.min(1, SLOW_PASSES_MAX_SIDE / Math.max(source.width, source.height));
  const levels = new Map<number, RgbaImage>([[1, source]]);
  /** The photo at `scale` of its size (at most 1 for a large photo: see above). */
  const at = (scale: number) => {
    let image = levels.get(scale);
    if (!image) {
      image = resizeImage(source, source.width * scale, source.height * scale);
      levels.set(scale, image);
    }
    return image;
  };
  const scaleOf = (enlarge: number) => (baseScale < 1 ? Math.min(1, baseScale * enlarge) : enlarge);
  const greys = new Map<number, { grey: Uint8Array; width: number; height: number }>();
  const greyAt = (scale: number) => {
    let plane = greys.get(scale);
    if (!plane) {
      const scaled = at(scale);
      plane = { grey: toGrey(scaled), width: scaled.width, height: scaled.height };
      greys.set(scale, plane);
    }
    return plane;
  };
  const doubled = scaleOf(2);
  return [
    { image: () => source, scale: 1 },
    { image: () => source, scale: 1, options: GLOBAL_OPTIONS },
    ...(baseScale < 1
      ? [
          { image: () => at(baseScale), scale: baseScale, options: SLOW_OPTIONS },
          { image: () => at(baseScale), scale: baseScale, options: GLOBAL_OPTIONS, confirm: true },
        ]
      : []),
    // The ×2 pass, unless capped at the photo itself (already read).
    ...(doubled !== 1
      ? [
          { image: () => at(doubled), scale: doubled, options: SLOW_OPTIONS },
          { image: () => at(doubled), scale: doubled, options: GLOBAL_OPTIONS, confirm: true },
        ]
      : []),
    ...SHARPENED_VARIANTS.map((variant) => {
      const scale = scaleOf(variant.scale);
      return {
        image: () => {
          const plane = greyAt(scale);
          return sharpenGreyPlane(plane.grey, plane.width, plane.height, variant.amount, variant.radius);
        },
        scale,
        options: SLOW_OPTIONS,
      };
    }),
  ];
}

export type ReadBarcodeOptions = {
  region?: PixelBox;
  effort?: BarcodeEffort;
  /**
   * Codes of the catalogue: one pass reading such a code is enough. Any other code is kept only when two
   * passes read it (a single pass misreads a digit now and then, and the check digit catches one in ten).
   */
  known?: (gtin: string) => boolean;
};

/**
 * Every retail barcode in the photo, deduplicated by GTIN. Only codes whose check digit is right are kept,
 * since a wrong read would sell the wrong product. `live` is one pass with the library's best settings (a
 * frame: the live confirmer asks two frames to agree). `photo` reads until a code is accepted: the library's
 * best settings, a second binariser, the photo at most SLOW_PASSES_MAX_SIDE (a pyramid level for large
 * photos), that ×2 (thin bars) — each level also with the second binariser when a read awaits confirmation —
 * then sharpened copies; a code is accepted when it is `known` or two passes read it. In-store codes (price
 * labels) come after the maker's code.
 */
export async function readRetailBarcodes(
  image: RgbaImage,
  options: ReadBarcodeOptions = {},
): Promise<BarcodeRead[]> {
  if (!prepared) throw new Error('prepareBarcodeReader() must be called first');
  await prepared;
  const { region, effort = 'photo', known } = options;
  const source = region ? cropImage(image, region) : image;
  const offset = {
    x: region ? Math.max(0, Math.floor(region.x)) : 0,
    y: region ? Math.max(0, Math.floor(region.y)) : 0,
  };
  const votes = new Map<string, { count: number; first: number; read: BarcodeRead }>();
  const accepted = () =>
    [...votes.values()].filter((v) => effort === 'live' || v.count >= 2 || known?.(v.read.gtin));
  const passes = effort === 'live' ? [{ image: () => source, scale: 1 }] : photoPasses(source);
  for (const [n, pass] of passes.entries()) {
    // A confirming pass (the other binariser on the image just read) runs only when a read awaits a second.
    if ('confirm' in pass && pass.confirm && votes.size === 0) continue;
    const reads = await readOnce(pass.image(), pass.scale, offset, pass.options);
    for (const read of new Map(reads.map((r) => [r.gtin, r])).values()) {
      const vote = votes.get(read.gtin);
      if (vote) vote.count++;
      else votes.set(read.gtin, { count: 1, first: n, read });
    }
    if (accepted().length > 0) break;
  }
  return accepted()
    .sort(
      (a, b) =>
        Number(isInStoreCode(a.read.gtin)) - Number(isInStoreCode(b.read.gtin)) ||
        b.count - a.count ||
        a.first - b.first,
    )
    .map((v) => v.read);
}
