// Global appearance of a photo: colour (hue/saturation/value) and fine texture (local binary patterns) of
// its central region. The one signal fresh produce has — loose apples, peppers or potatoes share no stable
// keypoints between two photos — and a cheap tie-breaker between packs of different colours.
import { byId } from './random.js';
import { hueSaturationValue } from './colour.js';
import { resizeImage, type RgbaImage } from './image.js';

/** Photos are compared at this size (aspect ignored): colour and texture, not layout. */
const APPEARANCE_SIDE = 96;
/**
 * Only the central part is described: the product is centred, the shelf and neighbouring bins are at the
 * border (70 % chosen on the `train` split, over 50–85 %).
 */
const CENTRE = 0.7;
const HUE_BINS = 18;
const SAT_BINS = 3;
const VALUE_BINS = 3;
const GREY_BINS = 4;
/** Below this saturation or value a pixel is a grey/dark one, binned by value only. */
const GREY_LIMIT = 0.15;
const COLOUR_BINS = HUE_BINS * SAT_BINS * VALUE_BINS + GREY_BINS;
/** Rotation-invariant uniform patterns (0–8 neighbours brighter) + non-uniform, × 4 contrast levels. */
const PATTERN_BINS = 10;
const CONTRAST_LEVELS = [40, 100, 200];
const TEXTURE_BINS = PATTERN_BINS * (CONTRAST_LEVELS.length + 1);
export const APPEARANCE_LENGTH = COLOUR_BINS + TEXTURE_BINS;

function colourBinOf(r: number, g: number, b: number): number {
  const [hue, saturation, max] = hueSaturationValue(r, g, b);
  const value = max / 255;
  if (saturation < GREY_LIMIT || value < GREY_LIMIT)
    return HUE_BINS * SAT_BINS * VALUE_BINS + Math.min(GREY_BINS - 1, Math.floor(value * GREY_BINS));
  const h = Math.min(HUE_BINS - 1, Math.floor((hue / 6) * HUE_BINS));
  const s = Math.min(SAT_BINS - 1, Math.floor(((saturation - GREY_LIMIT) / (1 - GREY_LIMIT)) * SAT_BINS));
  const v = Math.min(VALUE_BINS - 1, Math.floor(((value - GREY_LIMIT) / (1 - GREY_LIMIT)) * VALUE_BINS));
  return (h * SAT_BINS + s) * VALUE_BINS + v;
}

/** Square roots of the normalised counts (Hellinger), so that a dot product is the Bhattacharyya coefficient. */
function hellinger(histogram: Float32Array, from: number, to: number): void {
  let total = 0;
  for (let i = from; i < to; i++) total += histogram[i]!;
  if (total > 0) for (let i = from; i < to; i++) histogram[i] = Math.sqrt(histogram[i]! / total);
}

const NEIGHBOURS_X = [-1, 0, 1, 1, 1, 0, -1, -1];
const NEIGHBOURS_Y = [-1, -1, -1, 0, 1, 1, 1, 0];

/** Colour histogram then texture histogram of the photo's centre, each Hellinger-normalised. */
export function appearanceDescriptor(image: RgbaImage): Float32Array {
  const small = resizeImage(image, APPEARANCE_SIDE, APPEARANCE_SIDE);
  const { width: w, height: h, data } = small;
  const out = new Float32Array(APPEARANCE_LENGTH);
  const grey = new Float32Array(w * h);
  const x0 = Math.floor((w * (1 - CENTRE)) / 2);
  const y0 = Math.floor((h * (1 - CENTRE)) / 2);
  const x1 = w - x0;
  const y1 = h - y0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      grey[y * w + x] = 0.299 * r + 0.587 * g + 0.114 * b;
      if (x >= x0 && x < x1 && y >= y0 && y < y1) out[colourBinOf(r, g, b)]! += 1;
    }
  }
  for (let y = Math.max(1, y0); y < Math.min(h - 1, y1); y++) {
    for (let x = Math.max(1, x0); x < Math.min(w - 1, x1); x++) {
      const centre = grey[y * w + x]!;
      let bits = 0;
      let brighter = 0;
      let contrast = 0;
      for (let k = 0; k < 8; k++) {
        const v = grey[(y + NEIGHBOURS_Y[k]!) * w + x + NEIGHBOURS_X[k]!]!;
        const bit = v >= centre + 2 ? 1 : 0;
        bits |= bit << k;
        brighter += bit;
        contrast += Math.abs(v - centre);
      }
      let transitions = 0;
      for (let k = 0; k < 8; k++) transitions += ((bits >> k) & 1) !== ((bits >> ((k + 1) % 8)) & 1) ? 1 : 0;
      const pattern = transitions <= 2 ? brighter : PATTERN_BINS - 1;
      let level = 0;
      while (level < CONTRAST_LEVELS.length && contrast >= CONTRAST_LEVELS[level]!) level++;
      out[COLOUR_BINS + pattern * (CONTRAST_LEVELS.length + 1) + level]! += 1;
    }
  }
  hellinger(out, 0, COLOUR_BINS);
  hellinger(out, COLOUR_BINS, APPEARANCE_LENGTH);
  return out;
}

/** 1 for the same colours and texture, 0 for nothing in common (mean of the two Bhattacharyya coefficients). */
export function appearanceSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== APPEARANCE_LENGTH || b.length !== APPEARANCE_LENGTH) return 0;
  let sum = 0;
  for (let i = 0; i < APPEARANCE_LENGTH; i++) sum += a[i]! * b[i]!;
  return sum / 2;
}

/** A product and its best similarity to the query over its references. */
export type ProductSimilarity = { productId: string; similarity: number };

/**
 * Each product's best similarity over its references, best first (ties by product id); a reference for
 * which `similarityOf` gives undefined (no descriptor of that kind) is skipped.
 */
export function rankProductsBySimilarity<R extends { productId: string }>(
  references: readonly R[],
  similarityOf: (reference: R) => number | undefined,
): ProductSimilarity[] {
  const best = new Map<string, number>();
  for (const reference of references) {
    const similarity = similarityOf(reference);
    if (similarity === undefined) continue;
    if (similarity > (best.get(reference.productId) ?? -1)) best.set(reference.productId, similarity);
  }
  return [...best]
    .map(([productId, similarity]) => ({ productId, similarity }))
    .sort((a, b) => b.similarity - a.similarity || byId(a.productId, b.productId));
}

/** Each product's best appearance similarity over its references, best first. */
export function appearanceRanking(
  query: Float32Array,
  references: readonly { productId: string; appearance?: Float32Array | undefined }[],
): ProductSimilarity[] {
  return rankProductsBySimilarity(references, ({ appearance }) =>
    appearance ? appearanceSimilarity(query, appearance) : undefined,
  );
}
