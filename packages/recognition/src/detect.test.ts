import { describe, expect, it } from 'vitest';
import {
  boxOverlap,
  detectProducts,
  intersectionOverUnion,
  mergeOverlappingBoxes,
  proposeObjects,
} from './detect.js';
import { createImage } from './image.js';
import { placeOnCounter, texturedPack } from './testImages.js';
import { beforeAll } from 'vitest';
import { prepareBarcodeReader } from './barcode.js';
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
  it('proposes nothing on an empty counter', () => {
    const empty = createImage(640, 360);
    for (let p = 0; p < 640 * 360; p++) empty.data.set([35, 32, 30, 255], p * 4);
    expect(proposeObjects(empty, 0.45)).toEqual([]);
  });
});
