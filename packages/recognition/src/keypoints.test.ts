import { provideOpenCvFromNodeModules } from './nodeAssets.js';
import { describe, expect, it } from 'vitest';
import { resizeImage, rotateQuarter } from './image.js';
import { computeFeatures, computeReferenceFeatures, verifyMatch } from './keypoints.js';
import { buildIndex, shortlist } from './referenceIndex.js';
import { recogniseProduct } from './recognise.js';
import { visualScore } from './strategies/keypointStrategy.js';
import { produceBin, texturedPack } from './testImages.js';

provideOpenCvFromNodeModules();

describe('keypoint matching', () => {
  it('matches a pack against a rotated, scaled photo of it and not against another pack', async () => {
    const pack = texturedPack(1);
    const reference = await computeReferenceFeatures(pack);
    const photo = rotateQuarter(resizeImage(pack, pack.width * 0.8, pack.height * 0.8));
    const query = await computeFeatures(photo);
    const same = await verifyMatch(query, reference);
    const other = await verifyMatch(query, await computeReferenceFeatures(texturedPack(2)));
    expect(same.inliers).toBeGreaterThanOrEqual(12);
    expect(other.inliers).toBeLessThan(8);
  });

  it('features are plain typed arrays (storable in IndexedDB)', async () => {
    const features = await computeReferenceFeatures(texturedPack(3));
    expect(features.descriptors).toBeInstanceOf(Uint32Array);
    expect(features.points).toBeInstanceOf(Float32Array);
    expect(features.points.length / 2).toBe(features.descriptors.length / 16);
    expect(structuredClone(features)).toEqual(features);
  });

  it('shortlists and recognises the right pack among several', async () => {
    const references = await Promise.all(
      [10, 11, 12, 13].map(async (seed) => ({
        productId: `p${seed}`,
        features: await computeReferenceFeatures(texturedPack(seed)),
      })),
    );
    const index = buildIndex(references);
    const photo = resizeImage(texturedPack(12), 250, 312);
    const query = await computeFeatures(photo);
    expect(shortlist(index, query, 2)[0]?.productId).toBe('p12');
    const products = new Map(
      references.map((r) => [r.productId, { id: r.productId, name: `Pack ${r.productId}` }]),
    );
    const { candidates } = await recogniseProduct(photo, { index, products, disable: ['barcode'] });
    expect(candidates[0]?.product_id).toBe('p12');
    expect(candidates[0]?.score).toBeGreaterThanOrEqual(0.7);
  });
});

describe('strips', () => {
  it('a strip of any length has no keypoints and no error; a pack cut to a strip neither', async () => {
    // texturedPack is rich in keypoints; cut to strips, AKAZE keeps none (its descriptor reaches 21 px from
    // every border), so not running it under MIN_KEYPOINT_SIDE changes no answer. A 1-px side used to throw.
    const pack = resizeImage(texturedPack(4, 640, 480), 640, 480);
    expect((await computeFeatures(pack)).points.length).toBeGreaterThan(100);
    for (const height of [1, 2, 15, 16, 30, 40]) {
      const strip = { width: 640, height, data: pack.data.slice(0, 640 * height * 4) };
      expect((await computeFeatures(strip)).points).toHaveLength(0);
      const standing = resizeImage(rotateQuarter(strip), height, 640);
      expect((await computeFeatures(standing)).points).toHaveLength(0);
    }
    for (const [width, height] of [
      [1000, 1],
      [4000, 6],
      [2, 1000],
    ] as const) {
      const strip = resizeImage(pack, width, height);
      expect(await computeFeatures(strip)).toMatchObject({ descriptors: new Uint32Array(0) });
    }
  });
});

describe('fresh produce (no stable keypoints)', () => {
  it('ranks the bin that looks alike first by its appearance, as a suggestion, never Sûr', async () => {
    const bins = [
      { id: 'tomatoes', rgb: [210, 40, 30] as const, radius: 30 },
      { id: 'limes', rgb: [90, 190, 40] as const, radius: 22 },
      { id: 'potatoes', rgb: [190, 150, 90] as const, radius: 35 },
    ];
    const references = [];
    for (const [b, bin] of bins.entries())
      for (let view = 0; view < 2; view++)
        references.push({
          productId: bin.id,
          features: await computeReferenceFeatures(produceBin(100 + 10 * b + view, bin.rgb, bin.radius)),
        });
    const index = buildIndex(references);
    const products = new Map(bins.map((b) => [b.id, { id: b.id, name: b.id }]));
    const photo = produceBin(999, bins[1]!.rgb, bins[1]!.radius);
    const { candidates, appearance } = await recogniseProduct(photo, {
      index,
      products,
      disable: ['barcode'],
    });
    expect(appearance[0]?.productId).toBe('limes');
    expect(candidates[0]?.product_id).toBe('limes');
    expect(candidates[0]?.strategies.colour).toBeGreaterThan(0.7);
    expect(candidates[0]!.score).toBeGreaterThan(0.4);
    expect(candidates[0]!.score).toBeLessThan(0.7);
    const withoutColour = await recogniseProduct(photo, {
      index,
      products,
      disable: ['barcode', 'colour'],
    });
    expect(withoutColour.appearance).toEqual([]);
  });
});

describe('visual score', () => {
  it('reaches Sûr exactly when ≥ 12 inliers and the runner-up ≤ 0.7×', () => {
    expect(visualScore(12, 0)).toBeCloseTo(0.7);
    // Under 12 inliers a homography is a chance fit: no visual score (the product keeps its votes).
    expect(visualScore(11, 0)).toBe(0);
    expect(visualScore(40, 28)).toBeGreaterThanOrEqual(0.7);
    expect(visualScore(40, 29)).toBeLessThan(0.7);
    expect(visualScore(400, 0)).toBeLessThanOrEqual(0.95);
  });
});
