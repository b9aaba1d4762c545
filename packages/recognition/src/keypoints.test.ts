import { provideOpenCvFromNodeModules } from './nodeAssets.js';
import { describe, expect, it } from 'vitest';
import { resizeImage, rotateQuarter } from './image.js';
import { computeFeatures, computeReferenceFeatures, verifyMatch } from './keypoints.js';
import { buildIndex, shortlist } from './referenceIndex.js';
import { recogniseProduct, visualScore } from './recognise.js';
import { texturedPack } from './testImages.js';

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
  }, 30_000);

  it('features are plain typed arrays (storable in IndexedDB)', async () => {
    const features = await computeReferenceFeatures(texturedPack(3));
    expect(features.descriptors).toBeInstanceOf(Uint32Array);
    expect(features.points).toBeInstanceOf(Float32Array);
    expect(features.points.length / 2).toBe(features.descriptors.length / 16);
    expect(structuredClone(features)).toEqual(features);
  }, 30_000);

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
  }, 60_000);
});

describe('visual score', () => {
  it('reaches Sûr exactly when ≥ 12 inliers and the runner-up ≤ 0.7×', () => {
    expect(visualScore(12, 0)).toBeCloseTo(0.7);
    expect(visualScore(11, 0)).toBeLessThan(0.7);
    expect(visualScore(40, 28)).toBeGreaterThanOrEqual(0.7);
    expect(visualScore(40, 29)).toBeLessThan(0.7);
    expect(visualScore(7, 0)).toBe(0);
    expect(visualScore(400, 0)).toBeLessThanOrEqual(0.95);
  });
});
