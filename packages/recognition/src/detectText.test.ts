// Text regions as detection proposals: grouping of the text detector's boxes, and a counter photo with a
// pack the colour of the counter that only its print gives away.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareBarcodeReader } from './barcode.js';
import {
  boxOverlap,
  detectProducts,
  detectProductsWithText,
  intersectionOverUnion,
  mergeOverlappingBoxes,
  proposeObjects,
  proposeTextRegions,
  type Detection,
} from './detect.js';
import type { PixelBox, RgbaImage } from './image.js';
import { loadOcrModels, loadZxingReaderWasm, provideOpenCvFromNodeModules } from './nodeAssets.js';
import { createTextReader, type Point, type TextReader } from './ocr.js';
import { renderSvg } from '../bench/decode.js';

provideOpenCvFromNodeModules();

/** An axis-aligned text line as the detector returns it: [start-top, end-top, end-bottom, start-bottom]. */
const line = (x: number, y: number, width: number, height: number): Point[] => [
  { x, y },
  { x: x + width, y },
  { x: x + width, y: y + height },
  { x, y: y + height },
];

describe('text regions from the detector boxes', () => {
  it('two lines of one label make one region, padded around the text', () => {
    const regions = proposeTextRegions([line(500, 300, 280, 40), line(520, 352, 240, 30)], 1280, 720);
    expect(regions).toHaveLength(1);
    const region = regions[0]!;
    // Holds both lines with room around them (the pack is larger than its print).
    expect(region.x).toBeLessThan(500 - 20);
    expect(region.y).toBeLessThan(300 - 20);
    expect(region.x + region.width).toBeGreaterThan(780 + 20);
    expect(region.y + region.height).toBeGreaterThan(382 + 20);
  });

  it('two labels far apart make two regions', () => {
    const regions = proposeTextRegions(
      [line(100, 300, 200, 36), line(110, 345, 180, 24), line(900, 320, 220, 40)],
      1280,
      720,
    );
    expect(regions).toHaveLength(2);
    const lefts = regions.map((r) => r.x).sort((a, b) => a - b);
    expect(lefts[0]).toBeLessThan(100);
    expect(lefts[1]).toBeGreaterThan(600);
  });

  it('a standing line takes its text height across, not along', () => {
    // Read downwards: start-top (x 430, y 100) → end-top (430, 500); the glyphs are 40 px wide.
    const standing: Point[] = [
      { x: 430, y: 100 },
      { x: 430, y: 500 },
      { x: 390, y: 500 },
      { x: 390, y: 100 },
    ];
    // 30 px to its left: within one text height (40) of the standing line, so the same label.
    const regions = proposeTextRegions([standing, line(200, 280, 160, 40)], 1280, 720);
    expect(regions).toHaveLength(1);
  });

  it('drops specks and a group covering most of the photo', () => {
    expect(proposeTextRegions([line(600, 400, 24, 10)], 1280, 720)).toEqual([]);
    expect(proposeTextRegions([line(40, 200, 1200, 120), line(40, 340, 1200, 120)], 1280, 720)).toEqual([]);
    expect(proposeTextRegions([], 1280, 720)).toEqual([]);
  });

  it('a region inside an object merges into it without moving its edges; alone it is a detection', () => {
    const pack = { x: 100, y: 100, width: 300, height: 400, confidence: 0.9 };
    const region = proposeTextRegions([line(90, 250, 260, 40), line(110, 300, 200, 30)], 1280, 720)[0]!;
    expect(region.x).toBeLessThan(pack.x);
    expect(boxOverlap(region, pack)).toBeGreaterThanOrEqual(0.7);
    expect(mergeOverlappingBoxes([pack, region])).toEqual([pack]);
    // Order does not matter: the measured extent wins over the guessed one, the higher confidence is kept.
    expect(mergeOverlappingBoxes([{ ...region, confidence: 0.95 }, pack])).toEqual([
      { ...pack, confidence: 0.95, guessed: false },
    ]);
    const far = { x: 900, y: 100, width: 200, height: 300, confidence: 0.9 };
    expect(mergeOverlappingBoxes([far, region])).toHaveLength(2);
  });

  it('stays under a detect threshold above its confidence', () => {
    const label = [line(500, 300, 280, 40)];
    expect(proposeTextRegions(label, 1280, 720, 0.45)).toHaveLength(1);
    expect(proposeTextRegions(label, 1280, 720, 0.8)).toEqual([]);
  });
});

const COUNTER = '#23201e';
/** A bright carton with its name: stands out from the counter. */
const REGULAR: PixelBox = { x: 120, y: 160, width: 300, height: 380 };
/** A carton only a little lighter than the counter, its name printed in a muted grey. */
const DARK: PixelBox = { x: 760, y: 180, width: 320, height: 360 };

const scene = () =>
  renderSvg(
    `<rect width="1280" height="720" fill="${COUNTER}"/>
     <rect x="${REGULAR.x}" y="${REGULAR.y}" width="${REGULAR.width}" height="${REGULAR.height}" fill="#f2e4c4"/>
     <text x="150" y="300" font-family="DejaVu Sans" font-weight="bold" font-size="52" fill="#1a3a8a">Jaouda</text>
     <text x="150" y="350" font-family="DejaVu Sans" font-size="28" fill="#222">Lait entier 1 L</text>
     <rect x="${DARK.x}" y="${DARK.y}" width="${DARK.width}" height="${DARK.height}" fill="#2d2a27"/>
     <text x="800" y="330" font-family="DejaVu Sans" font-weight="bold" font-size="50" fill="#77716b">Dari</text>
     <text x="800" y="380" font-family="DejaVu Sans" font-size="28" fill="#77716b">Couscous moyen</text>`,
    1280,
    720,
  );

const pixels = (d: Detection, image: RgbaImage): PixelBox => ({
  x: d.bbox[0] * image.width,
  y: d.bbox[1] * image.height,
  width: d.bbox[2] * image.width,
  height: d.bbox[3] * image.height,
});
const covering = (detections: Detection[], image: RgbaImage, truth: PixelBox) =>
  detections.filter((d) => intersectionOverUnion(pixels(d, image), truth) >= 0.5);

describe('text regions on a counter photo (PP-OCR detector)', () => {
  let reader: TextReader;
  beforeAll(async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    reader = await createTextReader(await loadOcrModels());
  });

  it('finds the pack the colour of the counter only with text regions, the bright one stays one detection', async () => {
    const image = await scene();
    // Without text: the dark carton does not stand out from the counter.
    const plain = await detectProducts(image);
    expect(covering(plain, image, REGULAR)).toHaveLength(1);
    expect(covering(plain, image, DARK)).toHaveLength(0);
    expect(plain).toHaveLength(1);

    const withText = await detectProductsWithText(image, { reader, detectorSide: 640 });
    const dark = covering(withText, image, DARK);
    expect(dark).toHaveLength(1);
    expect(intersectionOverUnion(pixels(dark[0]!, image), DARK)).toBeGreaterThan(0.6);
    // The bright carton's print merged into its object proposal: still one detection, still its box.
    expect(withText).toHaveLength(2);
    const regular = covering(withText, image, REGULAR);
    expect(regular).toHaveLength(1);
    expect(intersectionOverUnion(pixels(regular[0]!, image), REGULAR)).toBeGreaterThan(0.85);
    // Its text alone would have been a region of its own: the merge is what kept it one detection.
    const boxes = await reader.detect(image, { detectorSide: 640, maxLines: 100 });
    const regions = proposeTextRegions(boxes, image.width, image.height);
    expect(regions.some((r) => intersectionOverUnion(r, REGULAR) > 0.2)).toBe(true);
    expect(proposeObjects(image, 0.45)).toHaveLength(1);
    await reader.release();
  });
});
