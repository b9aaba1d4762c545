// Open set: whether the evidence for an answer separates it from products that are not in the catalogue.
//
// A sure keypoint match only says that the photo shares a view with one product's photos more than with the
// other products'. An unknown product of the same brand (another flavour, another fat level) shares the
// brand's artwork with its known siblings, so it used to be matched as surely as the product itself. What
// separates the answer from such a product is what the answer has and its siblings do not: keypoints of the
// photo that match the answer's reference clearly better than any of its siblings' photos (the flavour's
// picture and words, aligned by the homography as inliers). A product with a brand and no sibling in the
// catalogue has no photos to tell its own print from the brand's: only a word of its own name can separate it.
import { DESCRIPTOR_WORDS, nearestTwoJs, nearestTwoWasm } from './hamming.js';
import { boxBlurGrey } from './image.js';
import {
  greySize,
  RATIO_TEST,
  verifyWithOpenCv,
  type ImageFeatures,
  type Verification,
} from './keypoints.js';
import type { OpenCv } from './opencv.js';
import { VOTE_MAX_DISTANCE, type ReferenceIndex } from './referenceIndex.js';
import { textTokens, wordSimilarity, WORD_MATCH_SIMILARITY, type ReadWord } from './textMatch.js';

const brandKey = (brand: string | undefined) => brand?.trim().toLowerCase() ?? '';

/** Products of the catalogue with the same brand as `productId` (its siblings), without it. */
export function siblingsOf(products: ReadonlyMap<string, { brand?: string }>, productId: string): string[] {
  const brand = brandKey(products.get(productId)?.brand);
  if (!brand) return [];
  return [...products]
    .filter(([id, p]) => id !== productId && brandKey(p.brand) === brand)
    .map(([id]) => id)
    .sort();
}

/** The descriptors of all the siblings' reference photos, one matrix, memoised per index state and product set. */
const rivalCache = new WeakMap<ReferenceIndex, Map<string, Uint32Array>>();

function rivalDescriptors(index: ReferenceIndex, rivals: readonly string[]): Uint32Array {
  const key = `${index.references.length}:${rivals.join(',')}`;
  const cache = rivalCache.get(index) ?? rivalCache.set(index, new Map()).get(index)!;
  const known = cache.get(key);
  if (known) return known;
  const wanted = new Set(rivals);
  const rows = index.references.filter((r) => wanted.has(r.productId)).map((r) => r.features.descriptors);
  const all = new Uint32Array(rows.reduce((n, d) => n + d.length, 0));
  let offset = 0;
  for (const d of rows) {
    all.set(d, offset);
    offset += d.length;
  }
  cache.set(key, all);
  return all;
}

/**
 * Inliers of a verification that belong to the answer and not to its rivals: no rival's reference photo has
 * a near neighbour of the query keypoint (none within VOTE_MAX_DISTANCE, what the index counts as near enough
 * to vote), and the answer's is clearly nearer (Lowe's ratio, the matcher's own RATIO_TEST). Keypoints of the
 * brand's shared artwork have a near neighbour in a sibling's photo and do not count. (The ratio alone is
 * not enough: on near-identical artwork distances of 1 against 3 bits pass it.)
 */
export function distinctiveInliers(
  query: ImageFeatures,
  verification: Verification,
  index: ReferenceIndex,
  rivals: readonly string[],
): number {
  const matches = verification.matches ?? [];
  if (matches.length === 0) return 0;
  const train = rivalDescriptors(index, rivals);
  if (train.length === 0) return matches.length;
  const rows = new Uint32Array(matches.length * DESCRIPTOR_WORDS);
  matches.forEach((m, i) =>
    rows.set(
      query.descriptors.subarray(m.query * DESCRIPTOR_WORDS, (m.query + 1) * DESCRIPTOR_WORDS),
      i * DESCRIPTOR_WORDS,
    ),
  );
  const nearest = nearestTwoWasm(rows, train) ?? nearestTwoJs(rows, train);
  let distinctive = 0;
  matches.forEach((m, i) => {
    const rival = nearest[3 * i]!;
    if (rival > VOTE_MAX_DISTANCE && m.distance < RATIO_TEST * rival) distinctive++;
  });
  return distinctive;
}

/**
 * True when a word read on the photo matches a word of the product's catalogue name that is not its brand
 * (the shop's own name for it: its flavour, its kind): the separation of a product whose brand has no other
 * product in the catalogue.
 */
export function ownNameWordRead(
  product: { name: string; brand?: string },
  words: readonly ReadWord[],
): boolean {
  const brand = new Set(textTokens(product.brand ?? ''));
  for (const word of textTokens(product.name)) {
    if (brand.has(word)) continue;
    for (const read of words) if (wordSimilarity(read.word, word) >= WORD_MATCH_SIMILARITY) return true;
  }
  return false;
}

/**
 * Aligned regions. Keypoints of the brand's artwork match a sibling's photo as closely as the answer's, and
 * the ones left (distinctive inliers) can be a few chance matches on a flavour the catalogue does not have.
 * What tells two flavours apart is where their packs differ: the answer's reference photo and each sibling's
 * photo that shows the same face are aligned by a homography between them (the artwork they share), and the
 * cells of the grid where they differ are the flavour's own print. The photo, aligned to the reference by its
 * own homography, must show the reference's print in those cells. Pixels are compared by their normalised
 * correlation in each cell, which ignores the light's level and contrast (other light, another camera).
 */

/** Side of a compared cell, in pixels of the grey copies (12 px of the 128-px copy: a tenth of the photo). */
export const REGION_CELL = 12;
/** A reference cell with less contrast than this (standard deviation, grey levels) shows no print to compare. */
export const REGION_MIN_CONTRAST = 8;
/** Two aligned photos show the same print in a cell when their correlation there is at least this. */
export const SAME_PRINT = 0.5;
/** Of the cells where the siblings differ from the answer, the share the photo must show as the answer does. */
export const REGION_AGREEMENT = 0.5;
/** Fewer cells where the siblings differ than this: the photos do not say where the flavour is. */
export const MIN_REGION_CELLS = 3;

type Plane = { width: number; height: number; data: Float32Array };

const planes = new WeakMap<ImageFeatures, Plane | null>();

/** The photo's grey copy, lightly blurred (alignment within RANSAC's tolerance is about a pixel of it). */
function planeOf(features: ImageFeatures): Plane | undefined {
  const known = planes.get(features);
  if (known !== undefined) return known ?? undefined;
  const { width, height } = greySize(features);
  const plane =
    features.grey && features.grey.length === width * height
      ? { width, height, data: boxBlurGrey(features.grey, width, height, 1) }
      : null;
  planes.set(features, plane);
  return plane ?? undefined;
}

/**
 * `source` seen in the frame of `target` (its grey copy's pixels): `h` maps the target's working image to the
 * source's (row-major 3×3). NaN where the target's pixel falls outside the source.
 */
function warpPlane(
  target: Plane,
  targetFeatures: ImageFeatures,
  source: Plane,
  sourceFeatures: ImageFeatures,
  h: Float64Array,
): Float32Array {
  const out = new Float32Array(target.width * target.height);
  const toWorking = targetFeatures.width / target.width;
  const toSource = source.width / sourceFeatures.width;
  const { data, width: sw, height: sh } = source;
  for (let v = 0; v < target.height; v++) {
    const y = (v + 0.5) * toWorking;
    for (let u = 0; u < target.width; u++) {
      const x = (u + 0.5) * toWorking;
      const w = h[6]! * x + h[7]! * y + h[8]!;
      const sx = ((h[0]! * x + h[1]! * y + h[2]!) / w) * toSource - 0.5;
      const sy = ((h[3]! * x + h[4]! * y + h[5]!) / w) * toSource - 0.5;
      const i = v * target.width + u;
      if (!(w > 0) || !(sx >= 0 && sy >= 0 && sx <= sw - 1 && sy <= sh - 1)) {
        out[i] = NaN;
        continue;
      }
      const x0 = Math.min(sw - 2, Math.floor(sx));
      const y0 = Math.min(sh - 2, Math.floor(sy));
      const fx = sx - x0;
      const fy = sy - y0;
      const p = y0 * sw + x0;
      out[i] =
        (data[p]! * (1 - fx) + data[p + 1]! * fx) * (1 - fy) +
        (data[p + sw]! * (1 - fx) + data[p + sw + 1]! * fx) * fy;
    }
  }
  return out;
}

type Cell = { x: number; y: number };

function cellsOf(plane: Plane): Cell[] {
  const cells: Cell[] = [];
  for (let y = 0; y + REGION_CELL <= plane.height; y += REGION_CELL)
    for (let x = 0; x + REGION_CELL <= plane.width; x += REGION_CELL) cells.push({ x, y });
  return cells;
}

/** Standard deviation of the reference in a cell. */
function contrast(plane: Plane, cell: Cell): number {
  let sum = 0;
  let squares = 0;
  for (let y = cell.y; y < cell.y + REGION_CELL; y++)
    for (let x = cell.x; x < cell.x + REGION_CELL; x++) {
      const a = plane.data[y * plane.width + x]!;
      sum += a;
      squares += a * a;
    }
  const n = REGION_CELL * REGION_CELL;
  return Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
}

/**
 * Normalised correlation of the reference and an aligned photo in a cell; undefined when the photo does not
 * cover the whole cell; 0 when the photo is flat there (no print where the reference has some).
 */
function correlation(plane: Plane, aligned: Float32Array, cell: Cell): number | undefined {
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let y = cell.y; y < cell.y + REGION_CELL; y++)
    for (let x = cell.x; x < cell.x + REGION_CELL; x++) {
      const i = y * plane.width + x;
      const b = aligned[i]!;
      if (Number.isNaN(b)) return undefined;
      const a = plane.data[i]!;
      sa += a;
      sb += b;
      saa += a * a;
      sbb += b * b;
      sab += a * b;
    }
  const n = REGION_CELL * REGION_CELL;
  const va = saa / n - (sa / n) ** 2;
  const vb = sbb / n - (sb / n) ** 2;
  if (vb < 1) return 0;
  return (sab / n - (sa / n) * (sb / n)) / Math.sqrt(va * vb);
}

/** The cells of a reference photo where its siblings' photos show another print; memoised per index state. */
const flavourCellCache = new WeakMap<ImageFeatures, Map<string, FlavourCells>>();

export type FlavourCells = {
  /**
   * Indices (in `cellsOf` order) of the printed cells where an aligned sibling photo shows another print: the
   * product's own print (its flavour's picture and words), and what light or the pack's shape change.
   */
  cells: number[];
  /** Sibling photos that showed the same face (aligned by a homography). */
  aligned: number;
};

/**
 * Where the reference photo differs from its siblings' photos: each sibling photo is aligned to it by a
 * homography of their keypoints (the brand's shared artwork; as many inliers as the sure rule asks), and a
 * cell with print on the reference counts when such a photo covers it and correlates under SAME_PRINT.
 */
export function flavourCells(
  cv: OpenCv,
  reference: ImageFeatures,
  index: ReferenceIndex,
  rivals: readonly string[],
  minInliers: number,
): FlavourCells | undefined {
  const plane = planeOf(reference);
  if (!plane) return undefined;
  const key = `${index.references.length}:${rivals.join(',')}`;
  const cache = flavourCellCache.get(reference) ?? flavourCellCache.set(reference, new Map()).get(reference)!;
  const known = cache.get(key);
  if (known) return known;
  const wanted = new Set(rivals);
  const cells = cellsOf(plane);
  const printed = cells.map((cell) => contrast(plane, cell) >= REGION_MIN_CONTRAST);
  const differs = cells.map(() => false);
  let aligned = 0;
  for (const sibling of index.references) {
    if (!wanted.has(sibling.productId)) continue;
    const siblingPlane = planeOf(sibling.features);
    if (!siblingPlane) continue;
    // The sibling's photo as the "query": the homography maps the reference's working image to the sibling's.
    const match = verifyWithOpenCv(cv, sibling.features, reference);
    if (match.inliers < minInliers || !match.homography) continue;
    aligned++;
    const warped = warpPlane(plane, reference, siblingPlane, sibling.features, match.homography);
    cells.forEach((cell, i) => {
      if (!printed[i] || differs[i]) return;
      const r = correlation(plane, warped, cell);
      if (r !== undefined && r < SAME_PRINT) differs[i] = true;
    });
  }
  const result = { cells: cells.flatMap((_, i) => (differs[i] ? [i] : [])), aligned };
  cache.set(key, result);
  return result;
}

export type RegionAgreement = {
  /**
   * The photo's correlation with the reference in each cell where a sibling's photo differs from
   * the reference (`flavourCells`) and that the photo covers.
   */
  own: number[];
};

/**
 * How the photo, aligned to the answer's reference photo by the verification's homography, shows the print
 * where the reference differs from its siblings' photos. Undefined when it cannot say: no grey copies (features
 * older than version 6), no homography, or no sibling photo showing the same face.
 */
export function regionAgreement(
  cv: OpenCv,
  query: ImageFeatures,
  verification: Verification,
  reference: ImageFeatures,
  index: ReferenceIndex,
  rivals: readonly string[],
  minInliers: number,
): RegionAgreement | undefined {
  const plane = planeOf(reference);
  const queryPlane = planeOf(query);
  if (!plane || !queryPlane || !verification.homography) return undefined;
  const flavour = flavourCells(cv, reference, index, rivals, minInliers);
  if (!flavour || flavour.aligned === 0) return undefined;
  const cells = cellsOf(plane);
  const warped = warpPlane(plane, reference, queryPlane, query, verification.homography);
  const own = flavour.cells.flatMap((i) => {
    const r = correlation(plane, warped, cells[i]!);
    return r === undefined ? [] : [r];
  });
  return { own };
}

/**
 * The photo shows the answer's print in at least REGION_AGREEMENT of the cells where its siblings' photos
 * differ from it (an unknown flavour shows the brand's artwork and not the answer's flavour). True when
 * nothing says where the product's own print is (fewer than MIN_REGION_CELLS such cells in the photo).
 */
export function regionsAgree(agreement: RegionAgreement | undefined): boolean {
  if (!agreement || agreement.own.length < MIN_REGION_CELLS) return true;
  const agreeing = agreement.own.filter((r) => r >= SAME_PRINT).length;
  return agreeing >= REGION_AGREEMENT * agreement.own.length;
}
