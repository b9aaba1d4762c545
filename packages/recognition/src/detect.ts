// Class-agnostic detection of products on a counter: object proposals against the plain background and
// barcode regions, merged when they overlap.
import { MERGE_OVERLAP } from '@hanouti/core';
import { readRetailBarcodes } from './barcode.js';
import { resizeImage, type PixelBox, type RgbaImage } from './image.js';

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

export type ScoredBox = PixelBox & { confidence: number };

/** Greedy merge: boxes overlapping ≥ MERGE_OVERLAP become their union, keeping the higher confidence. */
export function mergeOverlappingBoxes(boxes: readonly ScoredBox[], threshold = MERGE_OVERLAP): ScoredBox[] {
  const pending = [...boxes].sort((a, b) => b.confidence - a.confidence);
  const merged: ScoredBox[] = [];
  for (const box of pending) {
    const target = merged.find((m) => boxOverlap(m, box) >= threshold);
    if (!target) {
      merged.push({ ...box });
      continue;
    }
    const x = Math.min(target.x, box.x);
    const y = Math.min(target.y, box.y);
    target.width = Math.max(target.x + target.width, box.x + box.width) - x;
    target.height = Math.max(target.y + target.height, box.y + box.height) - y;
    target.x = x;
    target.y = y;
    target.confidence = Math.max(target.confidence, box.confidence);
  }
  return merged;
}

const GRID_LONG_SIDE = 160;
/** Colour distance (sum over RGB) from the counter beyond which a cell belongs to an object. */
const FOREGROUND_DISTANCE = 60;
/** Proposals smaller than this share of the photo are noise, crumbs or reflections. */
const MIN_AREA_SHARE = 0.01;

/** Median colour of the photo's border: the counter the products stand on. */
function borderColour(image: RgbaImage): [number, number, number] {
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
  const label = new Int32Array(w * h).fill(-1);
  const boxes: ScoredBox[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!foreground[start] || label[start]! >= 0) continue;
    const stack = [start];
    label[start] = boxes.length;
    let [x0, y0, x1, y1, area] = [w, h, 0, 0, 0];
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      area++;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (foreground[q] && label[q]! < 0) {
            label[q] = boxes.length;
            stack.push(q);
          }
        }
      }
    }
    const boxArea = (x1 - x0 + 1) * (y1 - y0 + 1);
    // Confidence: how solid the component is (a product fills its box; scattered noise does not) and its size.
    const confidence = Math.min(1, (area / boxArea) * 0.6 + Math.min(1, boxArea / (w * h * 0.05)) * 0.4);
    boxes.push({
      x: x0 / scale,
      y: y0 / scale,
      width: (x1 - x0 + 1) / scale,
      height: (y1 - y0 + 1) / scale,
      confidence,
    });
  }
  const minArea = MIN_AREA_SHARE * image.width * image.height;
  return boxes.filter((b) => b.width * b.height >= minArea && b.confidence >= detectThreshold);
}

/**
 * Products in a photo of the counter: object proposals and barcode regions (a barcode box alone still marks
 * a product), merged at MERGE_OVERLAP. When nothing stands out the whole photo is one detection, so that a
 * close-up of a single product is still recognised.
 */
export async function detectProducts(
  image: RgbaImage,
  options: { detectThreshold?: number; barcodes?: boolean } = {},
): Promise<Detection[]> {
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
  const merged = mergeOverlappingBoxes(boxes);
  const kept = merged.length
    ? merged
    : [{ x: 0, y: 0, width: image.width, height: image.height, confidence: 0.5 }];
  return kept.map((box, i) => ({
    id: `d${i + 1}`,
    bbox: [
      Math.max(0, box.x / image.width),
      Math.max(0, box.y / image.height),
      Math.min(1, box.width / image.width),
      Math.min(1, box.height / image.height),
    ],
    confidence: box.confidence,
  }));
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
