// Local keypoints (AKAZE via OpenCV WASM): serialisable features of a photo and their geometric verification.
import { appearanceDescriptor } from './appearance.js';
import { colourGrid } from './colour.js';
import { DESCRIPTOR_BYTES, DESCRIPTOR_WORDS, matchDescriptors, type DescriptorMatch } from './hamming.js';
import { resizeToLongSide, toGrey, type RgbaImage } from './image.js';
import { patchDescriptors, regionDescriptors } from './lookAlike.js';
import { loadOpenCv, type OpenCv } from './opencv.js';
import { shapeDescriptor } from './shape.js';

/** Photos are described at this long side: enough detail for a pack, fast enough on a phone. */
export const FEATURE_LONG_SIDE = 640;
/**
 * AKAZE keeps no keypoint whose descriptor would reach past the image: 10 × its finest scale (σ 1.6, rounded
 * to 2) plus one, 21 px from every border — so an image narrower than 42 px has none. Under 16 px (the work
 * image of a strip, e.g. 1,000 × 2 px at 640 px) it is not run at all: the same answer, and OpenCV's scale
 * space throws on a side of one pixel.
 */
export const MIN_KEYPOINT_SIDE = 16;
/**
 * 3: global appearance (colour and texture of the centre) added. 4: shape (silhouette against a plain
 * background) added; the web app computes a catalogue photo's older features again. 5: regions and
 * patches (lookAlike.ts) added.
 */
export const FEATURES_VERSION = 5;
/** Lowe's ratio: a match must be this much nearer than the next candidate (also openSet.ts's test). */
export const RATIO_TEST = 0.8;
const MIN_MATCHES_FOR_HOMOGRAPHY = 8;
/** RANSAC reprojection tolerance, in pixels of the 640-px working image. */
const RANSAC_PIXELS = 6;
/**
 * RANSAC's iterations at most (OpenCV's default is 2,000) and its confidence (OpenCV's default). The
 * iterations only run out on pairs with a low share of inliers, mostly wrong references, which end under
 * MIN_INLIERS either way: on 240 `train` photos the first three answers and Sûr were the same as with 2,000,
 * for 30 % less time per photo (bench/homographyProbe.ts, removed: docs/recognition-log.md: true pairs keep their inlier counts).
 */
const RANSAC_ITERATIONS = 500;
const RANSAC_CONFIDENCE = 0.995;

/**
 * What is kept of a photo: plain typed arrays, so it can be stored in IndexedDB, sent to a worker or the
 * server as is. Points are in pixels of the working image (width × height).
 */
export type ImageFeatures = {
  version: number;
  width: number;
  height: number;
  /** x0, y0, x1, y1, … */
  points: Float32Array;
  /** One row of DESCRIPTOR_WORDS words per point. */
  descriptors: Uint32Array;
  /** Colour bin of each cell of a COLOUR_GRID² grid (see colour.ts). */
  colours: Uint8Array;
  /**
   * Colour and texture of the photo's centre (`appearanceDescriptor`); absent on features saved before
   * version 3 (such a reference then only lacks this signal).
   */
  appearance?: Float32Array;
  /**
   * Shape of the product's silhouette (`shapeDescriptor`), when the photo shows one against a plain
   * background (a studio photo, a crop of a product on the counter); absent otherwise and before version 4.
   */
  shape?: Float32Array;
  /**
   * Appearance of the whole photo, its corners and its centre (`regionDescriptors`), and local patches
   * (`patchDescriptors`): the look-alike ranking; absent before version 5.
   */
  regions?: Uint8Array;
  patches?: Uint8Array;
  /** Words read on the photo (`packWordsOfLines`), when the text reader ran: the pack's own vocabulary. */
  words?: string[];
};
export type ReferenceFeatures = ImageFeatures;

export type FeatureOptions = {
  maxKeypoints?: number;
  /** Working long side (default FEATURE_LONG_SIDE). */
  longSide?: number;
  /** Enlarge smaller photos to the working size (default true: small crops then keep enough keypoints). */
  enlarge?: boolean;
  /** AKAZE detector threshold (OpenCV default 0.001); lower finds more keypoints on low-contrast packs. */
  threshold?: number;
};

/** Keypoints and descriptors of a photo, strongest first, at most `maxKeypoints`. */
export async function computeFeatures(
  image: RgbaImage,
  options: FeatureOptions = {},
): Promise<ImageFeatures> {
  const cv = await loadOpenCv();
  const work = resizeToLongSide(image, options.longSide ?? FEATURE_LONG_SIDE, options.enlarge ?? true);
  const maxKeypoints = options.maxKeypoints || 600;
  const grey = cv.matFromArray(work.height, work.width, cv.CV_8UC1, toGrey(work));
  const mask = new cv.Mat();
  const keypoints = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  const detector = new cv.AKAZE();
  try {
    if (options.threshold !== undefined) detector.setThreshold?.(options.threshold);
    // A strip too thin for any keypoint is not given to AKAZE (its scale space throws on a 1-px side).
    if (Math.min(work.width, work.height) >= MIN_KEYPOINT_SIDE)
      detector.detectAndCompute(grey, mask, keypoints, descriptors);
    const count = keypoints.size();
    const order = Array.from({ length: count }, (_, i) => i);
    const responses = order.map((i) => keypoints.get(i).response);
    order.sort((a, b) => responses[b]! - responses[a]!);
    const kept = order.slice(0, maxKeypoints);
    const rowBytes = descriptors.cols;
    const points = new Float32Array(kept.length * 2);
    const bytes = new Uint8Array(kept.length * DESCRIPTOR_BYTES);
    kept.forEach((index, k) => {
      const { pt } = keypoints.get(index);
      points[2 * k] = pt.x;
      points[2 * k + 1] = pt.y;
      bytes.set(descriptors.data.subarray(index * rowBytes, (index + 1) * rowBytes), k * DESCRIPTOR_BYTES);
    });
    const shape = shapeDescriptor(image);
    return {
      version: FEATURES_VERSION,
      width: work.width,
      height: work.height,
      points,
      descriptors: new Uint32Array(bytes.buffer),
      colours: colourGrid(work),
      appearance: appearanceDescriptor(image),
      regions: regionDescriptors(image),
      patches: patchDescriptors(image),
      ...(shape ? { shape } : {}),
    };
  } finally {
    for (const m of [grey, mask, descriptors, keypoints, detector]) m.delete();
  }
}

/** Features of a shopkeeper's reference photo (computed once, when the photo is saved). */
export function computeReferenceFeatures(
  image: RgbaImage,
  options: FeatureOptions = {},
): Promise<ReferenceFeatures> {
  return computeFeatures(image, { maxKeypoints: options.maxKeypoints ?? 800 });
}

export type Verification = {
  inliers: number;
  /** Reference → query homography (row-major 3×3), when one was found. */
  homography?: Float64Array;
  /** Inlier points in the query and in the reference, flat x, y. */
  queryPoints: number[];
  referencePoints: number[];
  /** The inlier matches (query and reference keypoint indices, Hamming distance), in the points' order. */
  matches?: DescriptorMatch[];
};

const NO_MATCH: Verification = { inliers: 0, queryPoints: [], referencePoints: [] };

export function featureCount(features: ImageFeatures): number {
  return features.descriptors.length / DESCRIPTOR_WORDS;
}

/** A homography that folds, flips or collapses the reference is a chance fit, not a product seen in the photo. */
function plausibleHomography(h: Float64Array, width: number, height: number): boolean {
  const corners = [0, 0, width, 0, width, height, 0, height];
  const projected: number[] = [];
  for (let i = 0; i < 8; i += 2) {
    const x = corners[i]!;
    const y = corners[i + 1]!;
    const w = h[6]! * x + h[7]! * y + h[8]!;
    if (w <= 1e-6) return false;
    projected.push((h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w);
  }
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const [ax, ay, bx, by, cx, cy] = [0, 1, 2, 3, 4, 5].map((k) => projected[(2 * i + k) % 8]!) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    const s = Math.sign(cross);
    if (s === 0 || (sign !== 0 && s !== sign)) return false;
    sign = s;
  }
  return true;
}

export type VerifyOptions = { ratio?: number; ransacPixels?: number; maxDistance?: number };

/** Ratio-test matches, then RANSAC: how many reference keypoints agree on one view of the product. */
export function verifyWithOpenCv(
  cv: OpenCv,
  query: ImageFeatures,
  reference: ImageFeatures,
  options: VerifyOptions = {},
): Verification {
  const matches = matchDescriptors(
    query.descriptors,
    reference.descriptors,
    options.ratio ?? RATIO_TEST,
    options.maxDistance,
  );
  if (matches.length < MIN_MATCHES_FOR_HOMOGRAPHY) return NO_MATCH;
  const src: number[] = [];
  const dst: number[] = [];
  for (const m of matches) {
    src.push(reference.points[2 * m.train]!, reference.points[2 * m.train + 1]!);
    dst.push(query.points[2 * m.query]!, query.points[2 * m.query + 1]!);
  }
  const srcMat = cv.matFromArray(matches.length, 1, cv.CV_32FC2, src);
  const dstMat = cv.matFromArray(matches.length, 1, cv.CV_32FC2, dst);
  const mask = new cv.Mat();
  let h: ReturnType<OpenCv['findHomography']> | undefined;
  try {
    h = cv.findHomography(
      srcMat,
      dstMat,
      cv.RANSAC,
      options.ransacPixels ?? RANSAC_PIXELS,
      mask,
      RANSAC_ITERATIONS,
      RANSAC_CONFIDENCE,
    );
    if (h.rows !== 3 || h.cols !== 3) return NO_MATCH;
    const homography = Float64Array.from(h.data64F);
    if (!plausibleHomography(homography, reference.width, reference.height)) return NO_MATCH;
    const queryPoints: number[] = [];
    const referencePoints: number[] = [];
    const inlierMatches: DescriptorMatch[] = [];
    for (let i = 0; i < matches.length; i++) {
      if (!mask.data[i]) continue;
      queryPoints.push(dst[2 * i]!, dst[2 * i + 1]!);
      referencePoints.push(src[2 * i]!, src[2 * i + 1]!);
      inlierMatches.push(matches[i]!);
    }
    return {
      inliers: queryPoints.length / 2,
      homography,
      queryPoints,
      referencePoints,
      matches: inlierMatches,
    };
  } finally {
    srcMat.delete();
    dstMat.delete();
    mask.delete();
    h?.delete();
  }
}

export async function verifyMatch(query: ImageFeatures, reference: ImageFeatures): Promise<Verification> {
  return verifyWithOpenCv(await loadOpenCv(), query, reference);
}
