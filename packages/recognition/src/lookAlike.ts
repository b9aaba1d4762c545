// "Looks like": which products a photo resembles, without keypoints — the colour strategy's global part and
// the one signal of fresh produce. Two descriptions of a photo, both stored with its features:
// - regions: the appearance descriptor (colour and texture, appearance.ts) of the whole photo, its four
//   corners and its centre, each 60 % of the side. A product seen closer or further than on the shopkeeper's
//   photos, or filling only part of the shelf photo, still finds a region of the same framing.
// - patches: small local descriptors on a regular grid (mean and spread of two chromaticities, brightness,
//   and a 2 × 2 × 8 gradient orientation histogram), compared the naive-Bayes nearest-neighbour way (each
//   patch of the query finds its nearest patch among a product's photos; the mean distance ranks the
//   product): the texture of a pile of fruit, whatever its layout.
// Measured on the dataset's `train` and odd half of `val` (bench/patchProbe.ts, removed: docs/recognition-log.md); see docs/recognition.md.
import { byId } from './random.js';
import { APPEARANCE_LENGTH, appearanceDescriptor, type ProductSimilarity } from './appearance.js';
import { cropImage, resizeImage, type PixelBox, type RgbaImage } from './image.js';

/** Side of each region, as a share of the photo's width and height. */
const REGION_SHARE = 0.6;
export const REGION_COUNT = 6;
/** Photos are described for patches at this size (aspect ignored). */
const PATCH_SIDE = 128;
const PATCH = 16;
const PATCH_STRIDE = 12;
const ORIENTATIONS = 8;
const GRADIENT_DIMS = 4 * ORIENTATIONS;
/** Gradient histogram, then mean of two chromaticities, their spread, brightness. */
export const PATCH_DIMS = GRADIENT_DIMS + 5;
/**
 * Weight of each stored byte in the squared distance: the gradient histogram is stored × 255; the
 * chromaticity means as (v + 1) × 127.5 and weighted × 4 (colour counts twice the SIFT-like unit, chosen on
 * `train` and the odd half of `val` over 0.5 / 1 / 2); spreads × 255, weighted × 4; brightness × 255, × 1.
 */
const PATCH_WEIGHTS = Float32Array.from({ length: PATCH_DIMS }, (_, k) => {
  if (k < GRADIENT_DIMS) return 1 / 255 ** 2;
  if (k < GRADIENT_DIMS + 2) return 16 / 127.5 ** 2;
  if (k < GRADIENT_DIMS + 4) return 16 / 255 ** 2;
  return 1 / 255 ** 2;
});
/** Products compared patch by patch: the nearest by regions (≈ 2.5 ms a product of six photos, this machine). */
export const PATCH_SHORTLIST = 20;
/**
 * The look-alike value: (region similarity − PATCH_BALANCE × mean patch distance) / 2. PATCH_BALANCE is the
 * ratio of the two signals' spreads over the shortlist (median over 300 `train` photos: 0.0267 / 0.0609),
 * so that each counts about as much; chosen a priori, not fitted to accuracy.
 */
export const PATCH_BALANCE = 0.44;

const quantise = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

function regionBoxes(width: number, height: number): PixelBox[] {
  const w = Math.max(1, Math.round(width * REGION_SHARE));
  const h = Math.max(1, Math.round(height * REGION_SHARE));
  return [
    { x: 0, y: 0, width, height },
    { x: 0, y: 0, width: w, height: h },
    { x: width - w, y: 0, width: w, height: h },
    { x: 0, y: height - h, width: w, height: h },
    { x: width - w, y: height - h, width: w, height: h },
    { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), width: w, height: h },
  ];
}

/** Appearance descriptors of the whole photo, its four corners and its centre, one byte a value (× 255). */
export function regionDescriptors(image: RgbaImage): Uint8Array {
  const out = new Uint8Array(REGION_COUNT * APPEARANCE_LENGTH);
  regionBoxes(image.width, image.height).forEach((box, r) => {
    const descriptor = appearanceDescriptor(cropImage(image, box));
    for (let i = 0; i < APPEARANCE_LENGTH; i++)
      out[r * APPEARANCE_LENGTH + i] = quantise(descriptor[i]! * 255);
  });
  return out;
}

/** Similarity of two regions (as appearanceSimilarity, on the stored bytes). */
function regionSimilarity(a: Uint8Array, ra: number, b: Uint8Array, rb: number): number {
  let sum = 0;
  const oa = ra * APPEARANCE_LENGTH;
  const ob = rb * APPEARANCE_LENGTH;
  for (let i = 0; i < APPEARANCE_LENGTH; i++) sum += a[oa + i]! * b[ob + i]!;
  return sum / (2 * 255 * 255);
}

/**
 * How much a product's photos look like the query, by regions: each query region takes its best match among
 * all regions of all the product's photos; the mean over the query's regions.
 */
export function regionSimilarityToProduct(query: Uint8Array, references: readonly Uint8Array[]): number {
  if (references.length === 0) return 0;
  let total = 0;
  for (let q = 0; q < REGION_COUNT; q++) {
    let best = 0;
    for (const reference of references)
      for (let r = 0; r < REGION_COUNT; r++) best = Math.max(best, regionSimilarity(query, q, reference, r));
    total += best;
  }
  return total / REGION_COUNT;
}

/** Local patch descriptors on a grid of the photo at 128 × 128, PATCH_DIMS bytes each. */
export function patchDescriptors(image: RgbaImage): Uint8Array {
  const small = resizeImage(image, PATCH_SIDE, PATCH_SIDE);
  const { data } = small;
  const n = PATCH_SIDE * PATCH_SIDE;
  const grey = new Float32Array(n);
  const c1 = new Float32Array(n);
  const c2 = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = data[i * 4]!;
    const g = data[i * 4 + 1]!;
    const b = data[i * 4 + 2]!;
    const sum = r + g + b + 30;
    grey[i] = (r + g + b) / 3;
    c1[i] = (r - g) / sum;
    c2[i] = (r + g - 2 * b) / sum;
  }
  const magnitude = new Float32Array(n);
  const orientation = new Uint8Array(n);
  for (let y = 1; y < PATCH_SIDE - 1; y++)
    for (let x = 1; x < PATCH_SIDE - 1; x++) {
      const i = y * PATCH_SIDE + x;
      const gx = grey[i + 1]! - grey[i - 1]!;
      const gy = grey[i + PATCH_SIDE]! - grey[i - PATCH_SIDE]!;
      magnitude[i] = Math.hypot(gx, gy);
      const angle = Math.atan2(gy, gx) + Math.PI;
      orientation[i] = Math.min(ORIENTATIONS - 1, Math.floor((angle / (2 * Math.PI)) * ORIENTATIONS));
    }
  const perRow = Math.floor((PATCH_SIDE - 2 - PATCH) / PATCH_STRIDE) + 1;
  const out = new Uint8Array(perRow * perRow * PATCH_DIMS);
  const half = PATCH / 2;
  const histogram = new Float32Array(GRADIENT_DIMS);
  let p = 0;
  for (let py = 1; py + PATCH <= PATCH_SIDE - 1; py += PATCH_STRIDE)
    for (let px = 1; px + PATCH <= PATCH_SIDE - 1; px += PATCH_STRIDE) {
      histogram.fill(0);
      let m1 = 0;
      let m2 = 0;
      let s1 = 0;
      let s2 = 0;
      let brightness = 0;
      for (let y = py; y < py + PATCH; y++)
        for (let x = px; x < px + PATCH; x++) {
          const i = y * PATCH_SIDE + x;
          const cell = (y - py < half ? 0 : 2) + (x - px < half ? 0 : 1);
          histogram[cell * ORIENTATIONS + orientation[i]!]! += magnitude[i]!;
          m1 += c1[i]!;
          m2 += c2[i]!;
          s1 += c1[i]! * c1[i]!;
          s2 += c2[i]! * c2[i]!;
          brightness += grey[i]!;
        }
      // SIFT's normalisation: unit length, values clipped at 0.2, unit length again.
      let norm = 0;
      for (const v of histogram) norm += v * v;
      norm = Math.sqrt(norm) + 1e-6;
      let clipped = 0;
      for (let k = 0; k < GRADIENT_DIMS; k++) {
        histogram[k] = Math.min(0.2, histogram[k]! / norm);
        clipped += histogram[k]! * histogram[k]!;
      }
      clipped = Math.sqrt(clipped) + 1e-6;
      const o = p * PATCH_DIMS;
      for (let k = 0; k < GRADIENT_DIMS; k++) out[o + k] = quantise((histogram[k]! / clipped) * 255);
      const count = PATCH * PATCH;
      m1 /= count;
      m2 /= count;
      out[o + GRADIENT_DIMS] = quantise((m1 + 1) * 127.5);
      out[o + GRADIENT_DIMS + 1] = quantise((m2 + 1) * 127.5);
      out[o + GRADIENT_DIMS + 2] = quantise(Math.sqrt(Math.max(0, s1 / count - m1 * m1)) * 255);
      out[o + GRADIENT_DIMS + 3] = quantise(Math.sqrt(Math.max(0, s2 / count - m2 * m2)) * 255);
      out[o + GRADIENT_DIMS + 4] = quantise(brightness / count);
      p++;
    }
  return out;
}

/**
 * The order in which a patch's values are compared: the colour values first (the chromaticity means weigh
 * 64 × a gradient bin), so that a partial sum passes the best distance so far, and the comparison stops,
 * after a few values rather than after most of them. The distance is the same whatever the order.
 */
const COMPARISON_ORDER = [
  ...Array.from({ length: PATCH_DIMS - GRADIENT_DIMS }, (_, k) => GRADIENT_DIMS + k),
  ...Array.from({ length: GRADIENT_DIMS }, (_, k) => k),
];
const COMPARISON_SCALE = Float64Array.from(COMPARISON_ORDER, (k) => Math.sqrt(PATCH_WEIGHTS[k]!));

/** Patches as weighted values in comparison order (the squared distance is then a plain sum of squares). */
function comparable(patches: readonly Uint8Array[]): Float64Array {
  const total = patches.reduce((n, p) => n + p.length, 0);
  const out = new Float64Array(total);
  let o = 0;
  for (const bytes of patches)
    for (let p = 0; p < bytes.length; p += PATCH_DIMS)
      for (let k = 0; k < PATCH_DIMS; k++) out[o++] = bytes[p + COMPARISON_ORDER[k]!]! * COMPARISON_SCALE[k]!;
  return out;
}

/**
 * Mean distance from each query patch to its nearest patch among the product's photos (naive-Bayes nearest
 * neighbour); lower is more alike. Infinity without reference patches. The distance between two patches is
 * the weighted squared difference of their values (PATCH_WEIGHTS).
 */
export function patchDistanceToProduct(query: Uint8Array, references: readonly Uint8Array[]): number {
  const count = query.length / PATCH_DIMS;
  if (references.length === 0 || count === 0) return Infinity;
  const q = comparable([query]);
  const r = comparable(references);
  const rows = r.length / PATCH_DIMS;
  if (rows === 0) return Infinity;
  let total = 0;
  for (let a = 0; a < count; a++) {
    const qa = a * PATCH_DIMS;
    let best = Infinity;
    for (let b = 0; b < rows; b++) {
      const rb = b * PATCH_DIMS;
      let d = 0;
      for (let k = 0; k < PATCH_DIMS; k++) {
        const t = q[qa + k]! - r[rb + k]!;
        d += t * t;
        if (d >= best) break;
      }
      if (d < best) best = d;
    }
    total += best;
  }
  return total / count;
}

/** What the look-alike ranking needs of a photo (query or reference). */
export type LookAlikeFeatures = { regions?: Uint8Array | undefined; patches?: Uint8Array | undefined };

/**
 * Products that look like the query, best first: every product with region descriptors is ranked by
 * regions, the PATCH_SHORTLIST nearest are compared patch by patch too, and those are returned ranked by
 * (region similarity − PATCH_BALANCE × patch distance) / 2 — a value whose differences are comparable between
 * products of one photo, not between photos. Products of the shortlist without patches keep their region
 * similarity / 2 less the worst patch term of the others. Empty when the query or no reference has regions.
 */
export function lookAlikeRanking(
  query: LookAlikeFeatures,
  references: readonly ({ productId: string } & LookAlikeFeatures)[],
): ProductSimilarity[] {
  if (!query.regions) return [];
  const regionsOf = new Map<string, Uint8Array[]>();
  const patchesOf = new Map<string, Uint8Array[]>();
  for (const { productId, regions, patches } of references) {
    if (regions?.length === REGION_COUNT * APPEARANCE_LENGTH)
      (regionsOf.get(productId) ?? regionsOf.set(productId, []).get(productId)!).push(regions);
    if (patches && patches.length > 0 && patches.length % PATCH_DIMS === 0)
      (patchesOf.get(productId) ?? patchesOf.set(productId, []).get(productId)!).push(patches);
  }
  const byRegions = [...regionsOf]
    .map(([productId, regions]) => ({
      productId,
      similarity: regionSimilarityToProduct(query.regions!, regions),
    }))
    .sort((a, b) => b.similarity - a.similarity || byId(a.productId, b.productId))
    .slice(0, PATCH_SHORTLIST);
  const patches = query.patches;
  if (!patches || patches.length === 0) return byRegions;
  const distances = new Map(
    byRegions.map(({ productId }) => [
      productId,
      patchDistanceToProduct(patches, patchesOf.get(productId) ?? []),
    ]),
  );
  const known = [...distances.values()].filter(Number.isFinite);
  const worst = known.length > 0 ? Math.max(...known) : 0;
  return byRegions
    .map(({ productId, similarity }) => {
      const distance = distances.get(productId)!;
      return {
        productId,
        similarity: (similarity - PATCH_BALANCE * (Number.isFinite(distance) ? distance : worst)) / 2,
      };
    })
    .sort((a, b) => b.similarity - a.similarity || byId(a.productId, b.productId));
}
