// Shape of a product: its silhouette against a plain background (a studio photo on white, a crop of a product
// detected on the counter), described by a few numbers that do not change when the product lies another way
// round, nearer or farther, or mirrored. A shelf close-up has no silhouette and no shape.
import { rankProductsBySimilarity, type ProductSimilarity } from './appearance.js';
import { convexHull } from './colour.js';
import { borderColour, FOREGROUND_DISTANCE } from './detect.js';
import { maskComponents, resizeImage, type RgbaImage } from './image.js';

/** Silhouettes are taken on a grid of this long side: enough for an outline, a few ms on a phone. */
export const SHAPE_GRID_SIDE = 128;
/**
 * The background is plain when at least this share of the border is within FOREGROUND_DISTANCE of the
 * border's median colour (a detection crop keeps a 4 % margin of counter; a close-up's border is the pack).
 */
export const PLAIN_BORDER_SHARE = 0.9;
/** A silhouette covers at least this share of the grid (smaller: a crumb, a reflection)… */
export const MIN_SILHOUETTE_SHARE = 0.05;
/** …and at most this share (larger: the product fills the photo, its outline is not seen). */
export const MAX_SILHOUETTE_SHARE = 0.95;
/** A silhouette touching more than this share of the border runs out of the photo: its outline is cut. */
export const MAX_BORDER_CONTACT = 0.02;

/** The product's pixels on the grid (1 = product), holes filled. */
export type Silhouette = { width: number; height: number; mask: Uint8Array; area: number };

/**
 * Pixels differing from the border's median colour by more than FOREGROUND_DISTANCE; undefined when the
 * border is not plain.
 */
export function foregroundMask(grid: RgbaImage): Uint8Array | undefined {
  const [br, bg, bb] = borderColour(grid);
  const { width: w, height: h, data } = grid;
  const mask = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const d = Math.abs(data[p * 4]! - br) + Math.abs(data[p * 4 + 1]! - bg) + Math.abs(data[p * 4 + 2]! - bb);
    mask[p] = d > FOREGROUND_DISTANCE ? 1 : 0;
  }
  const ring = borderPixels(w, h);
  const plain = ring.filter((p) => !mask[p]).length;
  return plain >= PLAIN_BORDER_SHARE * ring.length ? mask : undefined;
}

/** Indices of the grid's outer ring of pixels, each once. */
function borderPixels(w: number, h: number): number[] {
  const ring: number[] = [];
  for (let x = 0; x < w; x++) ring.push(x);
  if (h > 1) for (let x = 0; x < w; x++) ring.push((h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) {
    ring.push(y * w);
    if (w > 1) ring.push(y * w + w - 1);
  }
  return ring;
}

/** The largest 8-connected component of a mask, as a new mask. */
export function largestComponent(mask: Uint8Array, w: number, h: number): Uint8Array {
  const { label, components } = maskComponents(mask, w, h);
  let best = -1;
  components.forEach((c, id) => {
    if (best < 0 || c.area > components[best]!.area) best = id;
  });
  const out = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) out[p] = best >= 0 && label[p] === best ? 1 : 0;
  return out;
}

/**
 * Fills the holes of a mask: background pixels not 4-connected to the border (print on a pack that happens
 * to be the counter's colour is still the pack).
 */
export function fillHoles(mask: Uint8Array, w: number, h: number): Uint8Array {
  const outside = new Uint8Array(w * h);
  const stack = borderPixels(w, h).filter((p) => !mask[p]);
  for (const p of stack) outside[p] = 1;
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w;
    const y = (p - x) / w;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const q = ny * w + nx;
      if (!mask[q] && !outside[q]) {
        outside[q] = 1;
        stack.push(q);
      }
    }
  }
  const out = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) out[p] = outside[p] ? 0 : 1;
  return out;
}

/**
 * The product's silhouette: the largest object against the photo's plain background, holes filled. Undefined
 * when the background is not plain (a close-up), or the object is tiny, fills the photo or runs out of it.
 */
export function productSilhouette(image: RgbaImage): Silhouette | undefined {
  const scale = SHAPE_GRID_SIDE / Math.max(image.width, image.height);
  const grid = resizeImage(image, image.width * scale, image.height * scale);
  const { width: w, height: h } = grid;
  const foreground = foregroundMask(grid);
  if (!foreground) return undefined;
  const mask = fillHoles(largestComponent(foreground, w, h), w, h);
  let area = 0;
  for (let p = 0; p < w * h; p++) area += mask[p]!;
  if (area < MIN_SILHOUETTE_SHARE * w * h || area > MAX_SILHOUETTE_SHARE * w * h) return undefined;
  const ring = borderPixels(w, h);
  if (ring.filter((p) => mask[p]).length > MAX_BORDER_CONTACT * ring.length) return undefined;
  return { width: w, height: h, mask, area };
}

/** Numbers in a shape descriptor: elongation, solidity, extent, spread, two asymmetries. */
export const SHAPE_LENGTH = 6;
/**
 * Third-order Hu moments are 0 for a shape with a centre of symmetry (a box, a fruit); √hu ≈ 0.06 for the
 * tests' bottle. Taken as log(1 + √hu / ASYMMETRY_SCALE): linear near 0 (a plain logarithm would blow the
 * pixel noise of a symmetric shape up to whole units), compressed for strongly asymmetric shapes.
 */
const ASYMMETRY_SCALE = 0.02;

/** Area of a convex outline (flat x, y, counter-clockwise or clockwise) and its perimeter. */
function polygonAreaAndPerimeter(outline: readonly number[]): [number, number] {
  const n = outline.length / 2;
  let twice = 0;
  let perimeter = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [xi, yi, xj, yj] = [outline[2 * i]!, outline[2 * i + 1]!, outline[2 * j]!, outline[2 * j + 1]!];
    twice += xi * yj - xj * yi;
    perimeter += Math.hypot(xj - xi, yj - yi);
  }
  return [Math.abs(twice) / 2, perimeter];
}

/**
 * Area of the smallest rectangle, in any direction, around a convex outline of pixel centres, each pixel
 * counted whole (half a pixel added on every side). One side of it lies along an edge of the outline.
 */
function minimumRectangleArea(outline: readonly number[]): number {
  const n = outline.length / 2;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = outline[2 * j]! - outline[2 * i]!;
    const ey = outline[2 * j + 1]! - outline[2 * i + 1]!;
    const length = Math.hypot(ex, ey);
    if (length === 0) continue;
    const [ux, uy] = [ex / length, ey / length];
    let [a0, a1, b0, b1] = [Infinity, -Infinity, Infinity, -Infinity];
    for (let k = 0; k < n; k++) {
      const x = outline[2 * k]!;
      const y = outline[2 * k + 1]!;
      const a = x * ux + y * uy;
      const b = -x * uy + y * ux;
      [a0, a1, b0, b1] = [Math.min(a0, a), Math.max(a1, a), Math.min(b0, b), Math.max(b1, b)];
    }
    best = Math.min(best, (a1 - a0 + 1) * (b1 - b0 + 1));
  }
  return best;
}

/**
 * Rotation-, scale- and mirror-invariant numbers of a silhouette:
 * 0. elongation: minor / major axis (square roots of the eigenvalues of the second central moments);
 * 1. solidity: area / area of the convex hull (a bottle's neck, a banana's bend make it < 1);
 * 2. extent: area / area of the smallest enclosing rectangle in any direction (1 for a box, π/4 for a fruit).
 *    Not the box aligned to the principal axes: those are undefined for a square (equal second moments, the
 *    axes turn with the pixel noise, and a square fills only half of a box turned 45° from it — the tests'
 *    turned box failed with it); the smallest rectangle is that same box for an elongated shape and a stable
 *    one for all shapes;
 * 3. spread: log(2π × Hu's first moment), 0 for a disc, growing with elongation and thin parts;
 * 4–5. asymmetry: Hu's third and fourth moments (third order: a bottle's neck at one end),
 *    log(1 + √hu / 0.02).
 */
export function silhouetteDescriptor(silhouette: Silhouette): Float32Array {
  const { width: w, height: h, mask, area } = silhouette;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x]) {
        sx += x;
        sy += y;
      }
  const cx = sx / area;
  const cy = sy / area;
  // Central moments (sums over pixels) up to the third order, and each row's extreme pixels for the hull.
  let [m20, m02, m11, m30, m03, m21, m12] = [0, 0, 0, 0, 0, 0, 0];
  const extremes: number[] = [];
  for (let y = 0; y < h; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      if (first < 0) first = x;
      last = x;
      const dx = x - cx;
      const dy = y - cy;
      m20 += dx * dx;
      m02 += dy * dy;
      m11 += dx * dy;
      m30 += dx * dx * dx;
      m03 += dy * dy * dy;
      m21 += dx * dx * dy;
      m12 += dx * dy * dy;
    }
    if (first >= 0) extremes.push(first, y, last, y);
  }
  // Each pixel is a unit square, not a point: its own second moment (1/12 per axis) is added.
  m20 += area / 12;
  m02 += area / 12;
  const half = (m20 + m02) / 2;
  const root = Math.sqrt(((m20 - m02) / 2) ** 2 + m11 ** 2);
  const elongation = Math.sqrt(Math.max(0, half - root) / (half + root));

  const hull = convexHull(extremes);
  const [hullArea, hullPerimeter] = polygonAreaAndPerimeter(hull);
  // Hull of the pixel centres grown by half a pixel all round: the hull of the pixels themselves.
  const solidity = Math.min(1, area / (hullArea + hullPerimeter / 2 + Math.PI / 4));
  const extent = Math.min(1, area / minimumRectangleArea(hull));

  // Normalised central moments η_pq = μ_pq / μ00^(1 + (p + q) / 2), then Hu's invariants.
  const eta2 = area ** 2;
  const eta3 = area ** 2.5;
  const [n20, n02] = [m20 / eta2, m02 / eta2];
  const [n30, n03, n21, n12] = [m30 / eta3, m03 / eta3, m21 / eta3, m12 / eta3];
  const hu1 = n20 + n02;
  const hu3 = (n30 - 3 * n12) ** 2 + (3 * n21 - n03) ** 2;
  const hu4 = (n30 + n12) ** 2 + (n21 + n03) ** 2;
  const asymmetry = (hu: number) => Math.log1p(Math.sqrt(hu) / ASYMMETRY_SCALE);
  return Float32Array.from([
    elongation,
    solidity,
    extent,
    Math.log(Math.max(1, 2 * Math.PI * hu1)),
    asymmetry(hu3),
    asymmetry(hu4),
  ]);
}

/** The shape descriptor of a photo's product, or undefined when the photo shows no reliable silhouette. */
export function shapeDescriptor(image: RgbaImage): Float32Array | undefined {
  const silhouette = productSilhouette(image);
  return silhouette && silhouetteDescriptor(silhouette);
}

/**
 * Difference in each number that counts as one unit of distance: about 1.5 × the spread measured between
 * renderings of one shape turned, scaled to 0.36 of its area and on dark or white backgrounds (elongation
 * ±0.025, solidity ±0.035, extent ±0.06, spread ±0.04, asymmetries ±0.06), so that one product keeps a
 * similarity ≥ 0.6 and different shapes fall under 0.1 (a square box against a round fruit, the closest pair
 * of the tests: extent 0.98 against 0.79).
 */
export const SHAPE_TOLERANCES = [0.06, 0.05, 0.08, 0.08, 0.2, 0.2] as const;

/**
 * 1 for the same shape, towards 0 for different ones: exp(−d² / 2), d the distance with each number's
 * difference in units of its tolerance (SHAPE_TOLERANCES).
 */
export function shapeSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== SHAPE_LENGTH || b.length !== SHAPE_LENGTH) return 0;
  let squared = 0;
  for (let i = 0; i < SHAPE_LENGTH; i++) squared += ((a[i]! - b[i]!) / SHAPE_TOLERANCES[i]!) ** 2;
  return Math.exp(-squared / 2);
}

/** Each product's best shape similarity over its references that have a shape, best first. */
export function shapeRanking(
  query: Float32Array,
  references: readonly { productId: string; shape?: Float32Array | undefined }[],
): ProductSimilarity[] {
  return rankProductsBySimilarity(references, ({ shape }) =>
    shape ? shapeSimilarity(query, shape) : undefined,
  );
}

/** Products of the shape ranking that may score: the nearest few (many products share a shape). */
export const SHAPE_KEEP = 3;
/**
 * Shape score of a product whose shape is the query's and stands out from the rest of the catalogue. 0.6 ×
 * the shape weight 0.7 = 0.42: an answer resting on shape alone is Incertain (a shape says "a bottle", not
 * which one).
 */
export const SHAPE_TOP = 0.6;
/** Below this similarity a reference is another shape (one shape's renderings stay ≥ 0.6, others ≤ 0.1). */
export const SHAPE_MIN_SIMILARITY = 0.5;
/** Similarity gap over which the score goes from nothing to all (relative to the best, and to the rest). */
export const SHAPE_SPREAD = 0.3;

/**
 * Shape scores from the shape ranking, for the SHAPE_KEEP nearest products of similarity at least
 * SHAPE_MIN_SIMILARITY: relative to the best product (like appearance), and only as much as the product
 * stands out from the first one left out — when the fourth product is as alike as the first three (a carton
 * is a carton), the shape tells none of them apart and scores nothing.
 */
export function shapeScores(
  ranking: readonly { productId: string; similarity: number }[],
): Map<string, number> {
  const scores = new Map<string, number>();
  const best = ranking[0]?.similarity ?? 0;
  const leftOut = ranking[SHAPE_KEEP]?.similarity ?? 0;
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  for (const { productId, similarity } of ranking.slice(0, SHAPE_KEEP)) {
    if (similarity < SHAPE_MIN_SIMILARITY) continue;
    const relative = clamp(1 - (best - similarity) / SHAPE_SPREAD);
    const standsOut = clamp((similarity - leftOut) / SHAPE_SPREAD);
    const score = SHAPE_TOP * relative * standsOut;
    if (score > 0) scores.set(productId, score);
  }
  return scores;
}
