// Retail barcodes (EAN-13, EAN-8, UPC-A, UPC-E) read with zxing-wasm, returned as check-digit-validated GTINs.
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import {
  cropImage,
  greyToImage,
  resizeImage,
  rotateImage,
  sharpenGreyPlane,
  toGrey,
  type PixelBox,
  type PixelPoint,
  type RgbaImage,
} from './image.js';
import { readByTemplates } from './eanTemplate.js';
import { mayConfirmACode, printedDigitsRead } from './printedDigits.js';
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
 * The library's best settings for a photo: every rotation, its own downscaled pyramid for large photos, the
 * slower search. The first pass of every read. (Its tryInvert does not apply to linear codes — zxing-cpp's
 * 1D reader does not support inversion — so light bars on a dark pack are read by an inverted pass, below.)
 */
const RETAIL_OPTIONS: ReaderOptions = {
  formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 8,
};
/** The slower passes (another size, sharpened): the same search, inverting left to the inverted pass. */
const SLOW_OPTIONS: ReaderOptions = { ...RETAIL_OPTIONS, tryInvert: false };
/** The second opinion: a globally thresholded image (another binariser, other errors). */
const GLOBAL_OPTIONS: ReaderOptions = { ...SLOW_OPTIONS, binarizer: 'GlobalHistogram' };
/**
 * The last opinion: one fixed threshold at mid-grey. Where blur has spread the bars into grey, the local
 * binarisers' adaptive threshold follows the blur and loses the narrow bars that a fixed one keeps.
 */
const FIXED_OPTIONS: ReaderOptions = { ...SLOW_OPTIONS, binarizer: 'FixedThreshold' };

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

/** A level turned (`rotateImage`, in grey): the image read, and where its pixels come from in the level. */
type TurnedView = ReturnType<typeof rotateImage>;

/**
 * One pass on a level turned upright (`TurnedView`): each read's corners are taken back to the level
 * (`rotateImage`'s `toSource`), its box is their bounding box in the photo's pixels.
 */
async function readTurned(
  { image, toSource }: TurnedView,
  scale: number,
  offset: { x: number; y: number },
  options: ReaderOptions,
): Promise<BarcodeRead[]> {
  return (await readOnce(image, 1, { x: 0, y: 0 }, options)).map((read) => ({
    ...read,
    box: boxInPhoto(read.box, toSource, scale, offset),
  }));
}

/**
 * A box of a (turned) level in the photo's pixels: its corners taken back by `toSource` to the level, their
 * bounding box divided by the level's scale and moved by the region's offset.
 */
function boxInPhoto(
  { x, y, width, height }: PixelBox,
  toSource: (point: PixelPoint) => PixelPoint,
  scale: number,
  offset: { x: number; y: number },
): PixelBox {
  const corners = [
    toSource({ x, y }),
    toSource({ x: x + width, y }),
    toSource({ x, y: y + height }),
    toSource({ x: x + width, y: y + height }),
  ];
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return {
    x: Math.min(...xs) / scale + offset.x,
    y: Math.min(...ys) / scale + offset.y,
    width: (Math.max(...xs) - Math.min(...xs)) / scale,
    height: (Math.max(...ys) - Math.min(...ys)) / scale,
  };
}

/**
 * The part of the photo (`source`, before `offset`) around a read: a read is the rows decoded, so its box is
 * grown across the code by a bar height (BAR_HEIGHT_SHARE of its length) each way, and a little along it.
 */
function aroundRead(box: PixelBox, offset: { x: number; y: number }): PixelBox {
  const length = Math.max(box.width, box.height);
  const across = BAR_HEIGHT_SHARE * length;
  const along = 0.05 * length;
  const [mx, my] = box.width >= box.height ? [along, across] : [across, along];
  return {
    x: box.x - offset.x - mx,
    y: box.y - offset.y - my,
    width: box.width + 2 * mx,
    height: box.height + 2 * my,
  };
}

/** How hard to try: `live` is one pass per preview frame; `photo` adds the slower passes for blurred codes. */
export type BarcodeEffort = 'live' | 'photo';

/**
 * The scale space the slower passes read, in pixels of the photo's long side. A large photo is also read at
 * its halves down to PYRAMID_MIN_SIDE (a phone's 4,000-px photo: 2,000, 1,000, 500; the library's own
 * pyramid steps by thirds and only from a 500-px short side); a small one is also read enlarged up to
 * ENLARGED_SIDE (bars of one or two pixels become wide enough for the binariser's 8-px blocks). These are
 * sizes of the image, not of a dataset: a retail code (95 modules) needs ≥ 1.5 px a module, i.e. ≥ 150 px
 * of width, so a level below 500 px could only hold a code filling the frame (the photo itself does).
 */
export const PYRAMID_MIN_SIDE = 500;
export const ENLARGED_SIDE = 1000;

/**
 * Sharpened copies of a blurred photo (unsharp mask: amount, box radius in pixels of the level read, see
 * `barcodeScales`): each alone sometimes misreads a digit, so their reads are votes like any other pass.
 */
const SHARPENINGS: readonly { amount: number; radius: number }[] = [
  { amount: 2, radius: 5 },
  { amount: 1, radius: 3 },
  { amount: 3, radius: 7 },
];

/**
 * The library reads a code whose bars stand within a few degrees of upright (or, with tryRotate, of lying):
 * a row must cross every bar, and a retail code is short for its width. A shopkeeper holds the phone at any
 * angle to the pack, so the slant of the photo's bars is measured (`barSlants`) and the photo turned upright.
 * The photo is measured at most this large (never enlarged).
 */
const SLANT_SIDE = 480;
/** Square cells, in pixels of the measured photo, whose edges each give one direction. */
const SLANT_CELL = 8;
/**
 * A cell counts when its edges nearly all run one way (its structure tensor's coherence), as bars do and
 * print, photos and a pack's texture do not, and with some contrast (a mean gradient of 8 grey levels).
 */
const BAR_COHERENCE = 0.8;
const BAR_MIN_GRADIENT = 8;
/** The fewest cells that make a slant: a code 60 px wide at SLANT_SIDE, its bars 30 px tall, has 28. */
const SLANT_MIN_CELLS = 8;
/**
 * From this slant (degrees from upright or lying) a row of the photo crosses a short code's bars too
 * obliquely to be trusted alone (a retail code's bars are 0.6 of its width tall, often cut to a third: a row
 * 10° off runs 0.18 of the width up or down the bars).
 */
const OBLIQUE_SLANT = 10;
const isOblique = (slant: number) => Math.min(Math.abs(slant), 90 - Math.abs(slant)) >= OBLIQUE_SLANT;
/** Directions are counted in 5° bins; the reader already reads slants within one bin of upright or lying. */
const SLANT_BIN = 5;

/**
 * The slants of the photo's barcode-like edges, in degrees clockwise from upright bars (−90 to 90, the
 * strongest first; at most two, 15° or more apart, the second at least half as strong): a direction many
 * cells of parallel edges share. Slants the reader reads anyway (within 5° of upright or lying) are left out.
 */
export function barSlants(image: RgbaImage): number[] {
  const factor = Math.min(1, SLANT_SIDE / Math.max(image.width, image.height));
  const small = factor < 1 ? resizeImage(image, image.width * factor, image.height * factor) : image;
  const { width: w, height: h } = small;
  const grey = toGrey(small);
  const bins = new Float64Array(180 / SLANT_BIN);
  // Per bin, the cells' tensors summed: the slant is their sum's direction (a mean of angles is biased).
  const tensors = Array.from({ length: bins.length }, () => [0, 0, 0]);
  for (let cy = 1; cy + SLANT_CELL < h; cy += SLANT_CELL)
    for (let cx = 1; cx + SLANT_CELL < w; cx += SLANT_CELL) {
      let xx = 0;
      let yy = 0;
      let xy = 0;
      for (let y = cy; y < cy + SLANT_CELL; y++)
        for (let x = cx; x < cx + SLANT_CELL; x++) {
          // Scharr's derivatives (3, 10, 3): the same answer whatever the edges' direction.
          const i = y * w + x;
          const a = grey[i - w - 1]!;
          const c = grey[i - w + 1]!;
          const g = grey[i + w - 1]!;
          const l = grey[i + w + 1]!;
          const gx = (3 * (c - a) + 10 * (grey[i + 1]! - grey[i - 1]!) + 3 * (l - g)) / 32;
          const gy = (3 * (g - a) + 10 * (grey[i + w]! - grey[i - w]!) + 3 * (l - c)) / 32;
          xx += gx * gx;
          yy += gy * gy;
          xy += gx * gy;
        }
      const energy = xx + yy;
      if (energy < BAR_MIN_GRADIENT ** 2 * SLANT_CELL * SLANT_CELL) continue;
      if (Math.hypot(xx - yy, 2 * xy) < BAR_COHERENCE * energy) continue;
      // The edges' normal (the gradient) at this angle from the x axis, clockwise (y down): the bars' slant.
      const angle = (Math.atan2(2 * xy, xx - yy) / 2) * (180 / Math.PI);
      const bin = Math.min(bins.length - 1, Math.floor((angle + 90) / SLANT_BIN));
      bins[bin]! += 1;
      const t = tensors[bin]!;
      t[0]! += xx;
      t[1]! += yy;
      t[2]! += xy;
    }
  // Bins within one bin of upright (0°) or lying (±90°) are read as they are.
  const readAnyway = (bin: number) => {
    const centre = -90 + (bin + 0.5) * SLANT_BIN;
    return Math.abs(centre) <= SLANT_BIN || Math.abs(centre) >= 90 - SLANT_BIN;
  };
  const peaks = [...bins.keys()]
    .filter((bin) => bins[bin]! > 0 && !readAnyway(bin))
    .sort((a, b) => bins[b]! - bins[a]! || a - b);
  // A slant is a code's many cells, not a few strokes of print: its bin holds at least SLANT_MIN_CELLS and
  // half the cells of the strongest direction, upright and lying included (an upright code's stray cells at
  // its ends and digits do not make a slant).
  const slants: number[] = [];
  const strongest = Math.max(...bins);
  for (const bin of peaks) {
    if (slants.length === 2 || bins[bin]! < Math.max(SLANT_MIN_CELLS, strongest / 2)) break;
    // The peak's bin and its neighbours (a slant near a bin's edge splits its cells between two).
    let [xx, yy, xy] = [0, 0, 0];
    for (const near of [bin - 1, bin, bin + 1]) {
      const t = tensors[(near + bins.length) % bins.length]!;
      xx += t[0]!;
      yy += t[1]!;
      xy += t[2]!;
    }
    const slant = (Math.atan2(2 * xy, xx - yy) / 2) * (180 / Math.PI);
    if (slants.every((other) => Math.abs(other - slant) >= 15)) slants.push(Math.round(slant * 10) / 10);
  }
  return slants;
}

/**
 * Codes a shop prints itself (restricted circulation: GS1 prefixes 20–29, and UPC number system 2, "02…" as
 * GTIN-13) are price or weight labels stuck on a pack: they never come before the maker's code.
 */
export function isInStoreCode(gtin: string): boolean {
  return gtin.length === 13 && (gtin.startsWith('2') || gtin.startsWith('02'));
}

/**
 * One pass: the photo at `scale` of its size (1: itself), maybe sharpened, read with `options`. `confirm`:
 * run only when a read awaits agreement (another binariser on an image already read finds little new).
 */
type Pass = {
  scale: number;
  /** The level turned upright from the photo's n-th slant (`barSlants`), when it has one. */
  slant?: number;
  /**
   * Degrees added to that turn: the slant is measured to a bin (SLANT_BIN), and a turn half a bin off either
   * way reads the code through other samples (another view, which two binarisers of one turned image are not).
   */
  nudge?: number;
  /** Light and dark swapped (a code printed light on a dark pack). */
  invert?: boolean;
  sharpen?: { amount: number; radius: number };
  options: ReaderOptions;
  confirm?: boolean;
};

/**
 * The key of a view: the image a pass reads — its level, its turn, its polarity and its sharpening. Two
 * binarisers of one view read the same pixels; agreement is counted between views (see decideBarcodes).
 */
function viewKey(scale: number, turn: number | undefined, inverted: boolean, sharpening = ''): string {
  return `${scale}|${turn ?? ''}|${inverted ? 'inverted' : ''}|${sharpening}`;
}

/** The image with light and dark swapped (alpha kept). */
function invertImage(image: RgbaImage): RgbaImage {
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 255 - image.data[i]!;
    data[i + 1] = 255 - image.data[i + 1]!;
    data[i + 2] = 255 - image.data[i + 2]!;
    data[i + 3] = image.data[i + 3]!;
  }
  return { width: image.width, height: image.height, data };
}

/**
 * The photo's scale space, as scales of its size: `below` halves a large photo down to PYRAMID_MIN_SIDE,
 * `above` enlarges a small one ×2, ×3, ×4 while the previous size is under ENLARGED_SIDE (a 240-px photo
 * gets all three, a 640-px one ×2, a 1,000-px one none), `sharpened` are the two largest levels of at most
 * 1.5 × ENLARGED_SIDE (an unsharp mask's few pixels of radius undo a blur of a few pixels: at a large
 * photo's own size the blur spans more).
 */
export function barcodeScales(
  width: number,
  height: number,
): { below: number[]; above: number[]; sharpened: number[] } {
  const long = Math.max(width, height);
  const below: number[] = [];
  for (let scale = 0.5; long * scale >= PYRAMID_MIN_SIDE; scale /= 2) below.push(scale);
  const above: number[] = [];
  for (let factor = 2; factor <= 4 && long * (factor - 1) < ENLARGED_SIDE; factor++) above.push(factor);
  const sharpened = [...[...above].reverse(), 1, ...below]
    .filter((scale) => long * scale <= 1.5 * ENLARGED_SIDE)
    .slice(0, 2);
  return { below, above, sharpened };
}

function photoPasses(width: number, height: number): Pass[] {
  const { below, above, sharpened } = barcodeScales(width, height);
  const passes: Pass[] = [
    { scale: 1, options: RETAIL_OPTIONS },
    { scale: 1, options: GLOBAL_OPTIONS },
    { scale: 1, invert: true, options: SLOW_OPTIONS },
  ];
  for (const scale of [...below, ...above])
    passes.push({ scale, options: SLOW_OPTIONS }, { scale, options: GLOBAL_OPTIONS, confirm: true });
  // The photo turned upright from each slant of its bars, on the largest level of at most 1,500 px (the
  // first sharpened one, a size at which a code's modules are wide enough); the second binariser reads that
  // view too, and the turns half a bin off are the views that confirm it.
  for (const slant of [0, 1])
    passes.push(
      { scale: sharpened[0] ?? 1, slant, options: SLOW_OPTIONS },
      { scale: sharpened[0] ?? 1, slant, options: GLOBAL_OPTIONS, confirm: true },
      { scale: sharpened[0] ?? 1, slant, nudge: -SLANT_BIN / 2, options: SLOW_OPTIONS, confirm: true },
      { scale: sharpened[0] ?? 1, slant, nudge: SLANT_BIN / 2, options: SLOW_OPTIONS, confirm: true },
    );
  for (const scale of sharpened)
    for (const sharpen of SHARPENINGS) passes.push({ scale, sharpen, options: SLOW_OPTIONS });
  passes.push({ scale: 1, options: FIXED_OPTIONS });
  return passes;
}

/** A read of one pass, for the decision: its code and where it was read (pixels of the photo). */
export type BarcodeVote = {
  gtin: string;
  format: string;
  box: PixelBox;
  /** Read on a sharpened copy: sharpening draws edges the photo may not have (see decideBarcodes). */
  sharpened?: boolean;
};

/** Modules (narrowest bar widths) across each format, guards included. */
const MODULES: Record<string, number> = { EAN13: 95, UPCA: 95, EAN8: 67, UPCE: 51 };

/**
 * Whether the photo sampled the code at one pixel a module or more: its narrowest bar and space (one cycle
 * of two modules) then get the two samples a cycle needs (Nyquist); below, its bars are not in the photo.
 */
function isResolved(read: BarcodeVote): boolean {
  return Math.max(read.box.width, read.box.height) >= (MODULES[read.format] ?? 95);
}

/**
 * The bars of a retail code stand about 0.6 of its width tall (GS1's nominal EAN-13: 22.85 mm bars on a
 * 37.29 mm symbol; shops' codes are often cut shorter, never taller): two rows of one code are never further
 * apart across it than that.
 */
export const BAR_HEIGHT_SHARE = 0.6;

/**
 * Two reads at the same place: along the code their spans (grown a little) overlap by half, and across it
 * they are at most a bar height apart (BAR_HEIGHT_SHARE of the code's length) — the library reports a read as
 * the rows it decoded, and two rows of one blurred code may give two codes. Reads of a code standing up (box
 * taller than wide) are compared the other way round; a read of each orientation, as boxes overlapping by half.
 */
export function samePlace(a: PixelBox, b: PixelBox): boolean {
  const span = (start: number, length: number, margin: number) => [start - margin, start + length + margin];
  const overlapByHalf = ([a0, a1]: number[], [b0, b1]: number[]) =>
    Math.min(a1!, b1!) - Math.max(a0!, b0!) >= 0.5 * Math.min(a1! - a0!, b1! - b0!);
  const margin = (box: PixelBox) => Math.max(2, 0.05 * Math.max(box.width, box.height));
  const xs = (box: PixelBox) => span(box.x, box.width, margin(box));
  const ys = (box: PixelBox) => span(box.y, box.height, margin(box));
  const lying = (box: PixelBox) => box.width >= box.height;
  if (lying(a) !== lying(b)) return overlapByHalf(xs(a), xs(b)) && overlapByHalf(ys(a), ys(b));
  const [along, across] = lying(a) ? [xs, ys] : [ys, xs];
  const [c0, c1] = across(a);
  const [d0, d1] = across(b);
  const gap = Math.max(0, Math.max(c0!, d0!) - Math.min(c1!, d1!));
  const length = Math.max(a.width, a.height, b.width, b.height);
  return overlapByHalf(along(a), along(b)) && gap <= BAR_HEIGHT_SHARE * length;
}

/**
 * The codes the views agree on. `passes` are the reads of each view (an image read: one level, turn, polarity
 * and sharpening of the photo, whatever binarisers read it). A code's support is the number of views that
 * read it; two different codes read at the same place (`samePlace`) contradict each other (one of them is a
 * misread: a blurred bar moved a digit and the check digit let it through), unless one is a shop's label
 * (`isInStoreCode`) and the other a maker's code. A code is accepted when its support is more than twice
 * that of any code read at its place, and, unless it is in the catalogue (`known`), at least 2 — 3 when only
 * sharpened copies read it and it spans less than one pixel of the photo a module (`isResolved`): sharpening
 * a code the photo sampled below its narrowest bar and space invents bars, and the copies invent them alike
 * (two sharpened copies of a 120-px photo agreed on a wrong code). Accepted codes come in-store codes last,
 * then by support, then by the first view that read them.
 */
export function decideBarcodes(
  passes: readonly (readonly BarcodeVote[])[],
  known?: (gtin: string) => boolean,
): BarcodeRead[] {
  const codes = new Map<string, { support: number; plain: number; first: number; reads: BarcodeVote[] }>();
  for (const [n, reads] of passes.entries()) {
    const counted = new Set<string>();
    for (const read of reads) {
      const code = codes.get(read.gtin) ?? { support: 0, plain: 0, first: n, reads: [] };
      codes.set(read.gtin, code);
      code.reads.push(read);
      if (counted.has(read.gtin)) continue;
      counted.add(read.gtin);
      code.support++;
      if (!read.sharpened) code.plain++;
    }
  }
  const accepted: { gtin: string; support: number; first: number; read: BarcodeVote }[] = [];
  for (const [gtin, code] of codes) {
    let against = 0;
    for (const [other, rival] of codes) {
      // A maker's code and a shop's label are two codes, whatever their places.
      if (other === gtin || isInStoreCode(other) !== isInStoreCode(gtin)) continue;
      if (code.reads.some((a) => rival.reads.some((b) => samePlace(a.box, b.box))))
        against = Math.max(against, rival.support);
    }
    const needed = known?.(gtin) ? 1 : code.plain > 0 || code.reads.some(isResolved) ? 2 : 3;
    if (code.support >= needed && code.support > 2 * against)
      accepted.push({ gtin, support: code.support, first: code.first, read: code.reads[0]! });
  }
  return accepted
    .sort(
      (a, b) =>
        Number(isInStoreCode(a.gtin)) - Number(isInStoreCode(b.gtin)) ||
        b.support - a.support ||
        a.first - b.first,
    )
    .map(({ read }) => ({ gtin: read.gtin, format: read.format, box: read.box }));
}

export type ReadBarcodeOptions = {
  region?: PixelBox;
  effort?: BarcodeEffort;
  /**
   * Codes of the catalogue: one pass reading such a code is enough. Any other code is kept only when two
   * passes read it (a single pass misreads a digit now and then, and the check digit catches one in ten).
   */
  known?: (gtin: string) => boolean;
  /**
   * Whether the catalogue holds an EAN-8: the template view looks for EAN-8 codes only then (its reads are kept
   * alone only for catalogue codes, and placing every row as an EAN-8 too costs a frame without a code about a
   * sixth more). Unsaid, it looks for them.
   */
  knownEan8?: boolean;
  /**
   * `live` only: when the library's one pass reads no maker's code on the frame, more views of it are read —
   * the frame turned upright from each slant of its bars (`barSlants`: a code held at a slant), and, for the
   * catalogue's codes (`known`), the blurred templates (eanTemplate.ts) on the frame and those turns (a code
   * held closer than the camera can focus). Off by default: the `fast` mode's one pass stays one pass.
   */
  moreViews?: boolean;
  /**
   * `photo` only: the caller reads the photo's text next (the digits printed under a code, `printedDigits.ts`),
   * a view of the code on other pixels that `decideWithPrintedDigits` adds to the bars' views. With no catalogue
   * code and no other view's read, what the template view alone reads may still be confirmed by the printed
   * digits: it is left for them (`templateView`), read only when the OCR read enough digits in a row.
   */
  digitsFollow?: boolean;
};

/** The codes the views accepted, and every view's reads (for `decideWithPrintedDigits`). */
export type BarcodeViews = {
  reads: BarcodeRead[];
  views: readonly (readonly BarcodeVote[])[];
  /**
   * `digitsFollow`: the template view, not read yet because only the printed digits could confirm what it
   * reads (no catalogue code, no other view's read) — `decideWithPrintedDigits` reads it when some printed
   * digits could confirm a code.
   */
  templateView?: () => BarcodeVote[];
};

/**
 * Every retail barcode in the photo, deduplicated by GTIN. Only codes whose check digit is right are kept,
 * since a wrong read would sell the wrong product. `live` is one pass with the library's best settings (a
 * frame: the live confirmer asks two frames to agree). `photo` reads pass after pass — the library's best
 * settings, a second binariser, the photo's scale space (halves of a large photo, a small one enlarged; each
 * level with the second binariser when a read awaits agreement), sharpened copies — until `decideBarcodes`
 * accepts a code that is not an in-store label (a price label alone does not end the search for the
 * maker's code). Deterministic: the passes are a fixed list, no clock decides.
 */
export async function readRetailBarcodes(
  image: RgbaImage,
  options: ReadBarcodeOptions = {},
): Promise<BarcodeRead[]> {
  return (await readRetailBarcodeViews(image, options)).reads;
}

/** `readRetailBarcodes`, with the views' reads it decided on (none for `live`). */
export async function readRetailBarcodeViews(
  image: RgbaImage,
  options: ReadBarcodeOptions = {},
): Promise<BarcodeViews> {
  if (!prepared) throw new Error('prepareBarcodeReader() must be called first');
  await prepared;
  const { region, effort = 'photo', known, knownEan8: ean8 = true, digitsFollow = false } = options;
  const source = region ? cropImage(image, region) : image;
  const offset = {
    x: region ? Math.max(0, Math.floor(region.x)) : 0,
    y: region ? Math.max(0, Math.floor(region.y)) : 0,
  };
  if (effort === 'live') return { reads: await readLiveFrame(source, offset, options), views: [] };
  const levels = new Map<number, RgbaImage>([[1, source]]);
  const at = (scale: number) => {
    let level = levels.get(scale);
    if (!level) {
      level = resizeImage(source, source.width * scale, source.height * scale);
      levels.set(scale, level);
    }
    return level;
  };
  const greys = new Map<string, Uint8Array>();
  const greyAt = (scale: number, invert = false): Uint8Array => {
    const key = `${scale}|${invert}`;
    let grey = greys.get(key);
    if (!grey) {
      grey = invert ? greyAt(scale).map((v) => 255 - v) : toGrey(at(scale));
      greys.set(key, grey);
    }
    return grey;
  };
  // Each turned view is turned once (in grey: what the reader reads, one channel interpolated instead of
  // three), whatever passes read it.
  const turned = new Map<string, TurnedView>();
  const turnedAt = (scale: number, turn: number, invert: boolean): TurnedView => {
    const key = `${scale}|${turn}|${invert}`;
    let view = turned.get(key);
    if (!view) {
      const level = at(scale);
      view = rotateImage(greyToImage(greyAt(scale, invert), level.width, level.height), turn, { grey: true });
      turned.set(key, view);
    }
    return view;
  };
  // Each pass's reads, and the reads of each view: the image a pass reads (its level, turn, polarity and
  // sharpening). Two binarisers of one image share its pixels and, on a crisp but damaged code (a JPEG's
  // blocks across the bars), make the same misread on the same rows: agreement is counted between views.
  const passReads: BarcodeVote[][] = [];
  const views = new Map<string, BarcodeVote[]>();
  const vote = (view: string, reads: readonly BarcodeVote[]) =>
    views.set(view, [...(views.get(view) ?? []), ...reads]);
  // The passes after the third read the photo's polarity, or the inverted one when only the inverted pass
  // read a code (light bars on a dark pack: its agreement must come from inverted passes too).
  let inverted = false;
  let slants: number[] | undefined;
  for (const [n, pass] of photoPasses(source.width, source.height).entries()) {
    if (n === 3)
      inverted = passReads[0]!.length === 0 && passReads[1]!.length === 0 && passReads[2]!.length > 0;
    if (pass.confirm && passReads.every((reads) => reads.length === 0)) continue;
    // The bars' slants are measured once, when first needed; a photo without one skips the turned passes.
    const measured = pass.slant === undefined ? undefined : (slants ??= barSlants(source))[pass.slant];
    if (pass.slant !== undefined && measured === undefined) continue;
    const slant = measured === undefined ? undefined : measured + (pass.nudge ?? 0);
    const level = at(pass.scale);
    const image = pass.sharpen
      ? sharpenGreyPlane(
          greyAt(pass.scale),
          level.width,
          level.height,
          pass.sharpen.amount,
          pass.sharpen.radius,
        )
      : level;
    const reads =
      slant === undefined
        ? await readOnce(
            (pass.invert ?? inverted) ? invertImage(image) : image,
            pass.scale,
            offset,
            pass.options,
          )
        : await readTurned(
            turnedAt(pass.scale, -slant, pass.invert ?? inverted),
            pass.scale,
            offset,
            pass.options,
          );
    const sharpening = pass.sharpen ? `${pass.sharpen.amount},${pass.sharpen.radius}` : '';
    passReads.push(reads);
    vote(
      viewKey(pass.scale, slant, pass.invert ?? inverted, sharpening),
      pass.sharpen ? reads.map((read) => ({ ...read, sharpened: true })) : reads,
    );
    const [accepted] = decideBarcodes([...views.values()], known).filter((read) => !isInStoreCode(read.gtin));
    if (!accepted) continue;
    // A read is a row across the bars. Where the code's own bars slant by OBLIQUE_SLANT or more, a row of the
    // photo as it is crosses them obliquely and may run out of a short code's bars at its ends, and two passes
    // then misread it alike. So the photo is read turned upright from that slant too: the decision stands when
    // the turned view reads the code again; when it reads only another code at its place, that code's reads
    // count too and contradict the oblique ones.
    if (slant !== undefined) break;
    const local = barSlants(cropImage(source, aroundRead(accepted.box, offset))).find(isOblique);
    if (local === undefined) break;
    const scale = barcodeScales(source.width, source.height).sharpened[0] ?? 1;
    const upright = [
      ...(await readTurned(turnedAt(scale, -local, inverted), scale, offset, SLOW_OPTIONS)),
      ...(await readTurned(turnedAt(scale, -local, inverted), scale, offset, GLOBAL_OPTIONS)),
    ];
    if (upright.some((r) => r.gtin === accepted.gtin)) break;
    // Then half a bin off each way (as the turned passes): other views of the code upright. Whatever they read
    // counts — the code's reads too, which then weigh against the upright view's rival; a view that reads the
    // code ends the check.
    vote(viewKey(scale, local, inverted), upright);
    for (const nudge of [-SLANT_BIN / 2, SLANT_BIN / 2]) {
      const nudged = await readTurned(
        turnedAt(scale, -(local + nudge), inverted),
        scale,
        offset,
        SLOW_OPTIONS,
      );
      vote(viewKey(scale, local + nudge, inverted), nudged);
      if (nudged.some((r) => r.gtin === accepted.gtin)) break;
    }
    break;
  }
  // The last view, when no pass read a maker's code the views accept: the codes read by blurred templates
  // (eanTemplate.ts), where blur or a coarse sampling spread the narrow bars into grey for every binariser —
  // on the level as it is and turned upright from each slant of its bars (the templates read rows across
  // upright or lying bars). Its rows are one image's, so all its reads are one view: a code outside the
  // catalogue needs another view to agree — without a catalogue and with no other view's read, nothing it
  // reads could be accepted, and it is not read — unless the printed digits follow (`digitsFollow`): then it
  // is read once they are, if they could confirm a code (`templateView`).
  const templateView = () => {
    const long = Math.max(source.width, source.height);
    const scale =
      long <= TEMPLATE_SIDE
        ? 1
        : (barcodeScales(source.width, source.height).below.find((s) => long * s <= TEMPLATE_SIDE) ?? 1);
    const level = at(scale);
    const upright = [...(slants ?? barSlants(source))].map((slant) => turnedAt(scale, -slant, inverted));
    const plane = { plane: greyAt(scale, inverted), width: level.width, height: level.height };
    return templateVotes(plane, upright, scale, offset, ean8);
  };
  const awaitsAgreement = [...views.values()].some((reads) => reads.length > 0);
  let reads = decideBarcodes([...views.values()], known);
  const makerAccepted = reads.some((read) => !isInStoreCode(read.gtin));
  const templateMayStand = known !== undefined || awaitsAgreement;
  if (!makerAccepted && templateMayStand) {
    vote(`template|${inverted ? 'inverted' : ''}`, templateView());
    reads = decideBarcodes([...views.values()], known);
  }
  const leftForDigits = digitsFollow && !makerAccepted && !templateMayStand;
  return { reads, views: [...views.values()], ...(leftForDigits ? { templateView } : {}) };
}

/**
 * The views' decision with the digits printed under the codes as one more view (`printedDigits.ts`): a code
 * some view of the bars read, whose digits the OCR read in a row (`printedDigitsRead`), counts as read by
 * it too, at the place the bars gave. A misread of the bars is not confirmed (its moved digit is not the
 * printed one); a rival read at the same place still weighs against it. The template view left for the
 * digits (`templateView`) is read first when some run of digits is long enough to confirm a code.
 */
export function decideWithPrintedDigits(
  { views, templateView }: Pick<BarcodeViews, 'views' | 'templateView'>,
  runs: readonly string[],
  known?: (gtin: string) => boolean,
): BarcodeRead[] {
  const bars = templateView && runs.some(mayConfirmACode) ? [...views, templateView()] : views;
  const printed = new Map<string, BarcodeVote>();
  for (const vote of bars.flat())
    if (!printed.has(vote.gtin) && printedDigitsRead(vote.gtin, runs, vote.format))
      printed.set(vote.gtin, { gtin: vote.gtin, format: vote.format, box: vote.box });
  return decideBarcodes([...bars, [...printed.values()]], known);
}

/**
 * A live frame (`effort: 'live'`): the library's one pass; with `moreViews`, the checks and views a photo's
 * passes have that a frame can afford (two frames confirm what it reads):
 * - a maker's code read where the bars around it slant 10° or more (rows crossing a short code's bars
 *   obliquely misread it alike in two frames) stands only if the frame turned upright from that slant (or half
 *   a bin off) does not read another code there — as `readRetailBarcodes`'s oblique check;
 * - no maker's code read: the frame inverted (light bars on a dark pack), read by the same pass;
 * - nothing read either way: the frame turned upright from each slant of its bars (a code held at a slant),
 *   each turn read in both polarities, then, for the catalogue's codes (`known`), the blurred templates on the
 *   frame and those turns (a code held closer than the camera can focus).
 */
async function readLiveFrame(
  frame: RgbaImage,
  offset: PixelPoint,
  { moreViews = false, known, knownEan8 }: ReadBarcodeOptions,
): Promise<BarcodeRead[]> {
  let plain = await readOnce(frame, 1, offset);
  let read = decideBarcodes([plain], () => true);
  if (!moreViews) return read;
  // Light bars on a dark pack: the frame inverted (the library's tryInvert does not apply to linear codes);
  // when it reads a maker's code, the views below read that polarity.
  let source = frame;
  if (!read.some((r) => !isInStoreCode(r.gtin))) {
    const inverted = invertImage(frame);
    const invertedReads = await readOnce(inverted, 1, offset, SLOW_OPTIONS);
    if (invertedReads.some((r) => !isInStoreCode(r.gtin))) {
      [source, plain] = [inverted, [...plain, ...invertedReads]];
      read = decideBarcodes([plain], () => true);
    }
  }
  let grey: Uint8Array | undefined;
  const turnedBy = (slant: number) =>
    rotateImage(greyToImage((grey ??= toGrey(source)), source.width, source.height), -slant, { grey: true });
  const [accepted] = read.filter((r) => !isInStoreCode(r.gtin));
  if (accepted) {
    const local = barSlants(cropImage(source, aroundRead(accepted.box, offset))).find(isOblique);
    if (local === undefined) return read;
    const views = [plain];
    for (const slant of [local, local - SLANT_BIN / 2, local + SLANT_BIN / 2]) {
      const upright = await readTurned(turnedBy(slant), 1, offset, RETAIL_OPTIONS);
      views.push(upright);
      if (upright.some((r) => r.gtin === accepted.gtin)) break;
    }
    return decideBarcodes(views, () => true);
  }
  const upright = barSlants(source).map(turnedBy);
  const turned: BarcodeVote[] = [];
  for (const view of upright) {
    turned.push(...(await readTurned(view, 1, offset, RETAIL_OPTIONS)));
    // A dark pack held at a slant: the upright view inverted too (neither polarity read a code above).
    turned.push(...(await readTurned({ ...view, image: invertImage(view.image) }, 1, offset, SLOW_OPTIONS)));
  }
  const readUpright = decideBarcodes([plain, turned], () => true);
  if (!known || readUpright.some((r) => !isInStoreCode(r.gtin))) return readUpright;
  const templates = templateVotes(
    { plane: (grey ??= toGrey(source)), width: source.width, height: source.height },
    upright,
    1,
    offset,
    knownEan8 ?? true,
  );
  const library = [...plain, ...turned];
  return decideBarcodes([library, templates], (gtin) => known(gtin) || library.some((r) => r.gtin === gtin));
}

/**
 * The largest side the template view reads at: its work is the same at any resolution (modules are placed in
 * module steps), and 1,500 px keeps a phone's code at a pixel a module or more (as the sharpened levels).
 */
const TEMPLATE_SIDE = 1500;

/**
 * The codes the blurred templates read (eanTemplate.ts) on a grey level and on its views turned upright, as
 * reads in the photo's pixels: all of them one view (rows of one image).
 */
function templateVotes(
  level: { plane: Uint8Array; width: number; height: number },
  turnedViews: readonly TurnedView[],
  scale: number,
  offset: PixelPoint,
  ean8: boolean,
): BarcodeVote[] {
  const reads: BarcodeVote[] = [];
  const views = [
    { ...level, toSource: (p: PixelPoint) => p },
    ...turnedViews.map(({ image, toSource }) => ({
      plane: toGrey(image),
      width: image.width,
      height: image.height,
      toSource,
    })),
  ];
  for (const { plane, width, height, toSource } of views)
    for (const { code, box } of readByTemplates(plane, width, height, { ean8 })) {
      const gtin = normaliseGtin(code);
      if (gtin)
        reads.push({
          gtin,
          format: gtin.length === 8 ? 'EAN8' : gtin.startsWith('0') ? 'UPCA' : 'EAN13',
          box: boxInPhoto(box, toSource, scale, offset),
        });
    }
  return reads;
}
