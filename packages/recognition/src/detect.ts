// Class-agnostic detection of products on a counter: object proposals against the plain background, barcode
// regions and text regions, merged when they overlap.
import { MERGE_OVERLAP } from '@hanouti/core';
import { readRetailBarcodes } from './barcode.js';
import { cropImage, maskComponents, resizeImage, type PixelBox, type RgbaImage } from './image.js';
import type { Point, TextReader } from './ocr.js';

/** Spec §3 Detection: bbox relative to the photo [x, y, width, height] in 0..1. */
export type Detection = { id: string; bbox: [number, number, number, number]; confidence: number };

/** Overlap of two boxes as intersection over the smaller box (a pack and its barcode are one product). */
export function boxOverlap(a: PixelBox, b: PixelBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(a.width * a.height, b.width * b.height);
}

/** Intersection over union, used to score detections against ground truth. */
export function intersectionOverUnion(a: PixelBox, b: PixelBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** `guessed`: the extent is an estimate (a text region padded to a pack), not the object's own outline. */
export type ScoredBox = PixelBox & { confidence: number; guessed?: boolean };

/**
 * Greedy merge: boxes overlapping ≥ MERGE_OVERLAP become one, keeping the higher confidence. Its extent is
 * the union, except that a guessed extent never moves a measured one (a text region padded past the edge of
 * its pack would otherwise widen the pack's box).
 */
export function mergeOverlappingBoxes(boxes: readonly ScoredBox[], threshold = MERGE_OVERLAP): ScoredBox[] {
  const pending = [...boxes].sort((a, b) => b.confidence - a.confidence);
  const merged: ScoredBox[] = [];
  for (const box of pending) {
    const target = merged.find((m) => boxOverlap(m, box) >= threshold);
    if (!target) {
      merged.push({ ...box });
      continue;
    }
    target.confidence = Math.max(target.confidence, box.confidence);
    if (box.guessed && !target.guessed) continue;
    if (target.guessed && !box.guessed) {
      Object.assign(target, { x: box.x, y: box.y, width: box.width, height: box.height, guessed: false });
      continue;
    }
    const x = Math.min(target.x, box.x);
    const y = Math.min(target.y, box.y);
    target.width = Math.max(target.x + target.width, box.x + box.width) - x;
    target.height = Math.max(target.y + target.height, box.y + box.height) - y;
    target.x = x;
    target.y = y;
  }
  return merged;
}

const GRID_LONG_SIDE = 160;
/**
 * Colour distance (sum over RGB) from the counter beyond which a cell belongs to an object (shared with the
 * silhouette of the shape strategy, shape.ts).
 */
export const FOREGROUND_DISTANCE = 60;
/** Proposals smaller than this share of the photo are noise, crumbs or reflections. */
const MIN_AREA_SHARE = 0.01;

/** Median colour of the photo's border: the counter the products stand on. */
export function borderColour(image: RgbaImage): [number, number, number] {
  const channels: number[][] = [[], [], []];
  const push = (x: number, y: number) => {
    const i = (y * image.width + x) * 4;
    for (let c = 0; c < 3; c++) channels[c]!.push(image.data[i + c]!);
  };
  for (let x = 0; x < image.width; x++) {
    push(x, 0);
    push(x, image.height - 1);
  }
  for (let y = 0; y < image.height; y++) {
    push(0, y);
    push(image.width - 1, y);
  }
  return channels.map((values) => values.sort((a, b) => a - b)[values.length >> 1]!) as [
    number,
    number,
    number,
  ];
}

/**
 * Object proposals: cells that differ from the counter's colour, grouped into 8-connected components.
 * Works on the plain (dark, per the app's hint) background the shopkeeper is asked to use.
 */
export function proposeObjects(image: RgbaImage, detectThreshold: number): ScoredBox[] {
  const scale = GRID_LONG_SIDE / Math.max(image.width, image.height);
  const grid = resizeImage(image, image.width * scale, image.height * scale);
  const [br, bg, bb] = borderColour(grid);
  const w = grid.width;
  const h = grid.height;
  const foreground = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const d =
      Math.abs(grid.data[p * 4]! - br) +
      Math.abs(grid.data[p * 4 + 1]! - bg) +
      Math.abs(grid.data[p * 4 + 2]! - bb);
    foreground[p] = d > FOREGROUND_DISTANCE ? 1 : 0;
  }
  const boxes: ScoredBox[] = maskComponents(foreground, w, h).components.map(({ area, x0, y0, x1, y1 }) => {
    const boxArea = (x1 - x0 + 1) * (y1 - y0 + 1);
    // Confidence: how solid the component is (a product fills its box; scattered noise does not) and its size.
    const confidence = Math.min(1, (area / boxArea) * 0.6 + Math.min(1, boxArea / (w * h * 0.05)) * 0.4);
    return {
      x: x0 / scale,
      y: y0 / scale,
      width: (x1 - x0 + 1) / scale,
      height: (y1 - y0 + 1) / scale,
      confidence,
    };
  });
  const minArea = MIN_AREA_SHARE * image.width * image.height;
  return boxes.filter((b) => b.width * b.height >= minArea && b.confidence >= detectThreshold);
}

/** Text boxes closer than this × their mean text height belong to one pack (lines and words of one label). */
export const TEXT_GROUP_GAP = 1;
/** Each side of a text group grows by this share of the group's extent plus half a line: the pack around it. */
export const TEXT_REGION_PADDING = 0.15;
/** A pack is rarely much longer than its print is wide: a region's short side is at least this × its long side. */
export const TEXT_REGION_MIN_ASPECT = 0.8;
/** Text groups covering more than this share of the photo are a close-up, not a pack on the counter. */
export const TEXT_REGION_MAX_SHARE = 0.4;
/** A text region is weaker evidence than a solid object: it merges into one and never outranks it. */
export const TEXT_REGION_CONFIDENCE = 0.5;
/** Detector boxes asked for when proposing regions (a counter with four packs holds many lines). */
export const TEXT_REGION_MAX_BOXES = 100;
/** Detector input side when the caller has no precision mode to take it from (the server). */
export const TEXT_REGION_DETECTOR_SIDE = 640;

const pointDistance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Product proposals from the text detector's line boxes (quads in reading order, image pixels): boxes whose
 * gap is small next to their text height are grouped (union–find), each group is padded to a plausible pack
 * around its text (its print spans most of its width, not its height), and groups that are specks or cover
 * most of the photo are dropped.
 */
export function proposeTextRegions(
  boxes: readonly (readonly Point[])[],
  width: number,
  height: number,
  detectThreshold = 0,
): ScoredBox[] {
  if (TEXT_REGION_CONFIDENCE < detectThreshold) return [];
  const lines = boxes
    .filter((quad) => quad.length === 4)
    .map((quad) => {
      const xs = quad.map((p) => p.x);
      const ys = quad.map((p) => p.y);
      const x0 = Math.min(...xs);
      const y0 = Math.min(...ys);
      // Reading order: [start-top, end-top, end-bottom, start-bottom], so the text height is start-top → start-bottom.
      const textHeight = Math.max(1, pointDistance(quad[0]!, quad[3]!));
      return { x0, y0, x1: Math.max(...xs), y1: Math.max(...ys), textHeight };
    });
  const parent = lines.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      const gapX = Math.max(0, Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1));
      const gapY = Math.max(0, Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1));
      if (Math.max(gapX, gapY) <= (TEXT_GROUP_GAP * (a.textHeight + b.textHeight)) / 2)
        parent[root(i)] = root(j);
    }
  }
  const groups = new Map<number, typeof lines>();
  lines.forEach((line, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), line]);
  });
  const photoArea = width * height;
  const regions: ScoredBox[] = [];
  for (const group of groups.values()) {
    const x0 = Math.min(...group.map((l) => l.x0));
    const y0 = Math.min(...group.map((l) => l.y0));
    const x1 = Math.max(...group.map((l) => l.x1));
    const y1 = Math.max(...group.map((l) => l.y1));
    const line = Math.max(...group.map((l) => l.textHeight));
    let w = (1 + 2 * TEXT_REGION_PADDING) * (x1 - x0) + line;
    let h = (1 + 2 * TEXT_REGION_PADDING) * (y1 - y0) + line;
    w = Math.max(w, TEXT_REGION_MIN_ASPECT * h);
    h = Math.max(h, TEXT_REGION_MIN_ASPECT * w);
    const left = Math.max(0, (x0 + x1 - w) / 2);
    const top = Math.max(0, (y0 + y1 - h) / 2);
    const box = {
      x: left,
      y: top,
      width: Math.min(width, (x0 + x1 + w) / 2) - left,
      height: Math.min(height, (y0 + y1 + h) / 2) - top,
      confidence: TEXT_REGION_CONFIDENCE,
      guessed: true,
    };
    const share = (box.width * box.height) / photoArea;
    if (share < MIN_AREA_SHARE || share > TEXT_REGION_MAX_SHARE) continue;
    regions.push(box);
  }
  return regions;
}

export type DetectOptions = {
  detectThreshold?: number;
  barcodes?: boolean;
  /** Line boxes of the text detector (`TextReader.detect`) in image pixels: proposed as text regions. */
  textBoxes?: readonly (readonly Point[])[];
};

/**
 * Products in a photo of the counter: object proposals, barcode regions (a barcode box alone still marks
 * a product) and, given the text detector's boxes, text regions (a pack whose colour is close to the
 * counter's still carries print), merged at MERGE_OVERLAP. When nothing stands out the whole photo is one
 * detection, so that a close-up of a single product is still recognised.
 */
export async function detectProducts(image: RgbaImage, options: DetectOptions = {}): Promise<Detection[]> {
  const threshold = options.detectThreshold ?? 0.45;
  const boxes = await measuredBoxes(image, options);
  if (options.textBoxes)
    boxes.push(...proposeTextRegions(options.textBoxes, image.width, image.height, threshold));
  return detectionsOf(image, boxes);
}

/** The boxes of a photo that need no text: object proposals and barcode regions. */
async function measuredBoxes(image: RgbaImage, options: DetectOptions): Promise<ScoredBox[]> {
  const boxes = proposeObjects(image, options.detectThreshold ?? 0.45);
  if (options.barcodes !== false) {
    for (const read of await readRetailBarcodes(image, { effort: 'live' })) {
      const pad = Math.max(read.box.width, read.box.height) * 0.5;
      boxes.push({
        x: read.box.x - pad,
        y: read.box.y - pad,
        width: read.box.width + 2 * pad,
        height: read.box.height + 2 * pad,
        confidence: 0.9,
      });
    }
  }
  return boxes;
}

/**
 * Boxes merged into detections, each cut to the photo (a barcode's box is padded past its edge; a proposal
 * measured on a smaller copy may overrun it by a pixel): what lies outside is dropped, the box does not move.
 * Nothing proposed (or nothing inside) → the whole photo.
 */
function detectionsOf(image: RgbaImage, boxes: readonly ScoredBox[]): Detection[] {
  const inside = mergeOverlappingBoxes(boxes).flatMap((box) => {
    const x0 = Math.max(0, box.x);
    const y0 = Math.max(0, box.y);
    const x1 = Math.min(image.width, box.x + box.width);
    const y1 = Math.min(image.height, box.y + box.height);
    return x1 > x0 && y1 > y0 ? [{ ...box, x: x0, y: y0, width: x1 - x0, height: y1 - y0 }] : [];
  });
  const kept = inside.length
    ? inside
    : [{ x: 0, y: 0, width: image.width, height: image.height, confidence: 0.5 }];
  return kept.map((box, i) => ({
    id: `d${i + 1}`,
    bbox: [box.x / image.width, box.y / image.height, box.width / image.width, box.height / image.height],
    confidence: box.confidence,
  }));
}

/** `detectProducts` with text regions: runs the text detector (only the detector) on the photo first. */
export async function detectProductsWithText(
  image: RgbaImage,
  options: Omit<DetectOptions, 'textBoxes'> & { reader: TextReader; detectorSide?: number },
): Promise<Detection[]> {
  const { reader, detectorSide, ...rest } = options;
  const textBoxes = await reader.detect(image, {
    detectorSide: detectorSide ?? TEXT_REGION_DETECTOR_SIDE,
    maxLines: TEXT_REGION_MAX_BOXES,
  });
  return detectProducts(image, { ...rest, textBoxes });
}

/** A detection of `recogniseDetections`, its crop and what recognising the crop answered. */
export type RecognisedCrop<R> = { detection: Detection; crop: RgbaImage; recognition: R };

/**
 * The products of a photo, as the app finds them: detected (with text regions when given a reader), then
 * each detection's crop recognised by `recognise`, one at a time, in the detections' order. `onDetections`
 * hears the detections before the first answer. When the text detector runs in another thread
 * (`reader.concurrent`), the crops of the measured boxes (object proposals, barcodes) are recognised while it
 * reads the photo: a text region never moves a measured box (`mergeOverlappingBoxes`), so a detection with
 * one of their boxes is the same crop and keeps its answer; any other (a text region alone, boxes a region
 * joined) is recognised afterwards, and a started crop the detections do not have is wasted work, its answer
 * dropped. Nothing measured, nothing is started: a close-up's print makes text regions, not the whole photo.
 * Same detections, same answers as detecting first — sooner.
 */
export async function* recogniseDetections<R>(
  image: RgbaImage,
  options: Omit<DetectOptions, 'textBoxes'> & { reader?: TextReader; detectorSide?: number },
  recognise: (crop: RgbaImage) => Promise<R>,
  onDetections?: (detections: readonly Detection[]) => void,
): AsyncGenerator<RecognisedCrop<R>> {
  const { reader, detectorSide, ...rest } = options;
  const cropOf = (detection: Detection) => cropImage(image, detectionBox(image, detection));
  const started = new Map<string, { crop: RgbaImage; recognition: Promise<R> }>();
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = (crop: RgbaImage) => {
    const recognition = last.then(() => recognise(crop));
    last = recognition.catch(() => undefined);
    return recognition;
  };
  let detections: Detection[];
  if (!reader) detections = await detectProducts(image, rest);
  else if (!reader.concurrent)
    detections = await detectProductsWithText(image, {
      ...rest,
      reader,
      ...(detectorSide ? { detectorSide } : {}),
    });
  else {
    const reading = reader.detect(image, {
      detectorSide: detectorSide ?? TEXT_REGION_DETECTOR_SIDE,
      maxLines: TEXT_REGION_MAX_BOXES,
    });
    let boxes: ScoredBox[];
    try {
      boxes = await measuredBoxes(image, rest);
    } catch (error) {
      reading.catch(() => undefined);
      throw error;
    }
    // Nothing measured: the whole photo would be the detection only if the text finds no region either.
    for (const detection of boxes.length > 0 ? detectionsOf(image, boxes) : []) {
      const crop = cropOf(detection);
      const recognition = inTurn(crop);
      // Handled here too: a crop the text makes useless may fail without anyone awaiting it.
      recognition.catch(() => undefined);
      started.set(detection.bbox.join(), { crop, recognition });
    }
    const textBoxes = await reading;
    const threshold = rest.detectThreshold ?? 0.45;
    detections = detectionsOf(image, [
      ...boxes,
      ...proposeTextRegions(textBoxes, image.width, image.height, threshold),
    ]);
  }
  onDetections?.(detections);
  for (const detection of detections) {
    const early = started.get(detection.bbox.join());
    const crop = early?.crop ?? cropOf(detection);
    yield { detection, crop, recognition: await (early?.recognition ?? inTurn(crop)) };
  }
}

/** The detection's pixels, with a small margin so that the product's edges are kept. */
export function detectionBox(image: RgbaImage, detection: Detection, margin = 0.04): PixelBox {
  const [x, y, w, h] = detection.bbox;
  const mx = w * margin;
  const my = h * margin;
  const x0 = Math.max(0, (x - mx) * image.width);
  const y0 = Math.max(0, (y - my) * image.height);
  const x1 = Math.min(image.width, (x + w + mx) * image.width);
  const y1 = Math.min(image.height, (y + h + my) * image.height);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
