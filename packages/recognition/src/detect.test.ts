import bwipjs from 'bwip-js/node';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  boxOverlap,
  detectProducts,
  intersectionOverUnion,
  mergeOverlappingBoxes,
  proposeObjects,
} from './detect.js';
import { createImage, type RgbaImage } from './image.js';
import { seededRandom } from './random.js';
import { placeOnCounter, texturedPack } from './testImages.js';
import { beforeAll } from 'vitest';
import { prepareBarcodeReader, readRetailBarcodes } from './barcode.js';
import { loadZxingReaderWasm } from './nodeAssets.js';

beforeAll(async () => {
  await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
});

describe('box merging', () => {
  it('merges boxes overlapping ≥ 0.7 of the smaller one and keeps the others', () => {
    const merged = mergeOverlappingBoxes([
      { x: 0, y: 0, width: 100, height: 100, confidence: 0.9 },
      { x: 10, y: 10, width: 80, height: 80, confidence: 0.5 },
      { x: 60, y: 0, width: 100, height: 100, confidence: 0.6 },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ x: 0, y: 0, width: 100, height: 100, confidence: 0.9 });
  });
  it('does not merge at 0.69 overlap', () => {
    const a = { x: 0, y: 0, width: 100, height: 100, confidence: 1 };
    const b = { x: 31, y: 0, width: 100, height: 100, confidence: 1 };
    expect(boxOverlap(a, b)).toBeCloseTo(0.69);
    expect(mergeOverlappingBoxes([a, b])).toHaveLength(2);
  });
  it('computes IoU', () => {
    expect(
      intersectionOverUnion({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 0, width: 10, height: 10 }),
    ).toBeCloseTo(50 / 150);
  });
});

describe('product detection on a counter', () => {
  it('finds each pack placed on a plain counter', async () => {
    const scene = placeOnCounter(
      [
        { image: texturedPack(1, 200, 260), x: 80, y: 100 },
        { image: texturedPack(2, 180, 240), x: 600, y: 300 },
      ],
      1280,
      720,
    );
    const detections = await detectProducts(scene);
    expect(detections).toHaveLength(2);
    const truth = [
      { x: 80 / 1280, y: 100 / 720, width: 200 / 1280, height: 260 / 720 },
      { x: 600 / 1280, y: 300 / 720, width: 180 / 1280, height: 240 / 720 },
    ];
    for (const box of truth) {
      const best = Math.max(
        ...detections.map((d) =>
          intersectionOverUnion({ x: d.bbox[0], y: d.bbox[1], width: d.bbox[2], height: d.bbox[3] }, box),
        ),
      );
      expect(best).toBeGreaterThan(0.7);
    }
  });
  it('keeps every detection inside the photo and where it was found, whatever the photo (fast-check)', async () => {
    // Flat, noise or bar-like stripes, from 1 px to strips: a proposal measured on a smaller copy may overrun
    // the photo by a pixel (8 × 99 stripes: 4.33 + 3.71 px of 8), and a box cut to the photo must not move.
    const inside = (detections: Awaited<ReturnType<typeof detectProducts>>) => {
      for (const { bbox } of detections) {
        const [x, y, w, h] = bbox;
        expect(Math.min(x, y)).toBeGreaterThanOrEqual(0);
        expect(Math.min(w, h)).toBeGreaterThan(0);
        expect(x + w).toBeLessThanOrEqual(1 + 1e-12);
        expect(y + h).toBeLessThanOrEqual(1 + 1e-12);
      }
    };
    const picture = (width: number, height: number, seed: number, kind: string): RgbaImage => {
      const rand = seededRandom(seed);
      const image = createImage(width, height);
      const bars = Array.from({ length: width }, () => (rand() < 0.5 ? 0 : 255));
      for (let p = 0; p < width * height; p++) {
        const v = kind === 'flat' ? 128 : kind === 'noise' ? Math.floor(rand() * 256) : bars[p % width]!;
        image.data.set([v, v, v, 255], p * 4);
      }
      return image;
    };
    const overrun = picture(8, 99, 0, 'stripes');
    const [proposal] = proposeObjects(overrun, 0.45);
    expect(proposal!.x + proposal!.width).toBeGreaterThan(8);
    const [detection] = await detectProducts(overrun);
    inside([detection!]);
    expect(detection!.bbox[0] * 8).toBeCloseTo(proposal!.x, 6);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 240 }),
        fc.integer({ min: 1, max: 240 }),
        fc.integer(),
        fc.constantFrom('flat', 'noise', 'stripes'),
        async (width, height, seed, kind) => inside(await detectProducts(picture(width, height, seed, kind))),
      ),
      { numRuns: 60 },
    );
  });
  it('cuts a code’s padded box at the photo’s edge without moving it', async () => {
    // A code against the photo's left edge on a wide white label: its box, padded by half its size, starts
    // left of the photo.
    const png = await bwipjs.toBuffer({ bcid: 'ean13', text: '9780764544200', scale: 3, height: 18 });
    const { data, info } = await sharp(png)
      .extend({ top: 300, bottom: 300, left: 0, right: 900, background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const photo = { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
    const [read] = await readRetailBarcodes(photo, { effort: 'live' });
    expect(read?.gtin).toBe('9780764544200');
    const pad = Math.max(read!.box.width, read!.box.height) * 0.5;
    expect(read!.box.x - pad).toBeLessThan(0);
    // The detection holding the code (its bars' proposals merge into it): cut at 0, its right edge where the
    // padding put it, not a padding further right.
    const [code] = (await detectProducts(photo))
      .filter((d) => d.bbox[0] === 0)
      .sort((a, b) => b.bbox[2] * b.bbox[3] - a.bbox[2] * a.bbox[3]);
    expect((code!.bbox[0] + code!.bbox[2]) * photo.width).toBeCloseTo(read!.box.x + read!.box.width + pad, 6);
    expect(code!.bbox[1] * photo.height).toBeCloseTo(read!.box.y - pad, 6);
  });
  it('proposes nothing on an empty counter', () => {
    const empty = createImage(640, 360);
    for (let p = 0; p < 640 * 360; p++) empty.data.set([35, 32, 30, 255], p * 4);
    expect(proposeObjects(empty, 0.45)).toEqual([]);
  });
});
