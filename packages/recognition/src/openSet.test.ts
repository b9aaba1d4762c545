import { CONFIDENCE_HIGH } from '@hanouti/core';
import { describe, expect, it } from 'vitest';
import { reviewDetection } from './cart.js';
import { createImage, resizeImage, type RgbaImage } from './image.js';
import { computeFeatures, computeReferenceFeatures, verifyMatch } from './keypoints.js';
import { provideOpenCvFromNodeModules } from './nodeAssets.js';
import { loadOpenCv } from './opencv.js';
import {
  distinctiveInliers,
  flavourCells,
  ownNameWordRead,
  regionAgreement,
  regionsAgree,
  siblingsOf,
} from './openSet.js';
import { recogniseProduct } from './recognise.js';
import type { CatalogueProduct } from './strategies/strategy.js';
import { buildIndex } from './referenceIndex.js';
import { texturedPack } from './testImages.js';

provideOpenCvFromNodeModules();

/** One brand's pack: the brand's artwork (seed 11) with a flavour picture (its own seed) in the middle third. */
function flavourPack(flavourSeed: number): RgbaImage {
  const pack = texturedPack(11);
  const flavour = texturedPack(flavourSeed, 320, 140);
  const out = createImage(pack.width, pack.height);
  out.data.set(pack.data);
  out.data.set(flavour.data, 130 * pack.width * 4);
  return out;
}

const catalogue = new Map<string, CatalogueProduct>([
  ['apple', { id: 'apple', name: 'Tropic Apple Juice', brand: 'Tropic' }],
  ['mango', { id: 'mango', name: 'Tropic Mango Juice', brand: 'Tropic' }],
  ['milk', { id: 'milk', name: 'Arla Milk' }],
]);

describe('open set: evidence that separates an answer from what the catalogue does not have', () => {
  it('siblings are the other products of the brand', () => {
    expect(siblingsOf(catalogue, 'apple')).toEqual(['mango']);
    expect(siblingsOf(catalogue, 'milk')).toEqual([]);
  });

  it('counts as distinctive only the inliers that a sibling photo does not match as well', async () => {
    const apple = await computeReferenceFeatures(flavourPack(21));
    const mango = await computeReferenceFeatures(flavourPack(22));
    const index = buildIndex([
      { productId: 'apple', features: apple },
      { productId: 'mango', features: mango },
    ]);
    // The apple juice itself: its flavour picture is matched too, and only the apple photo has it.
    const known = await computeFeatures(resizeImage(flavourPack(21), 288, 360));
    const knownMatch = await verifyMatch(known, apple);
    const knownDistinct = distinctiveInliers(known, knownMatch, index, ['mango']);
    // A peach juice of the brand, not in the catalogue: only the brand's artwork matches the apple photo.
    const unknown = await computeFeatures(resizeImage(flavourPack(23), 288, 360));
    const unknownMatch = await verifyMatch(unknown, apple);
    const unknownDistinct = distinctiveInliers(unknown, unknownMatch, index, ['mango']);
    expect(unknownMatch.inliers).toBeGreaterThanOrEqual(12);
    expect(unknownDistinct).toBeLessThan(12);
    expect(unknownDistinct).toBeLessThan(unknownMatch.inliers / 4);
    expect(knownDistinct).toBeGreaterThanOrEqual(12);
  });

  it('compares the photo with the reference where the siblings differ, aligned, in any light', async () => {
    const cv = await loadOpenCv();
    const apple = await computeReferenceFeatures(flavourPack(21));
    const mango = await computeReferenceFeatures(flavourPack(22));
    const index = buildIndex([
      { productId: 'apple', features: apple },
      { productId: 'mango', features: mango },
    ]);
    // Where the mango's photo differs from the apple's: the flavour picture, the middle of the pack.
    const flavour = flavourCells(cv, apple, index, ['mango'], 12)!;
    expect(flavour.aligned).toBe(1);
    expect(flavour.cells.length).toBeGreaterThanOrEqual(5);
    const columns = Math.floor(Math.round(apple.width * 0.2) / 12);
    const greyHeight = Math.round(apple.height * 0.2);
    // (the picture fills the pack's rows 130-270 of 400)
    for (const i of flavour.cells) {
      const row = Math.floor(i / columns) * 12;
      expect(row + 12).toBeGreaterThan((120 / 400) * greyHeight);
      expect(row).toBeLessThan((280 / 400) * greyHeight);
    }
    // The apple juice in dimmer, flatter light: its print correlates in those cells.
    const dim = (image: RgbaImage): RgbaImage => ({
      ...image,
      data: image.data.map((v, i) => (i % 4 === 3 ? v : 40 + v * 0.6)),
    });
    const known = await computeFeatures(resizeImage(dim(flavourPack(21)), 288, 360));
    const knownRegions = regionAgreement(
      cv,
      known,
      await verifyMatch(known, apple),
      apple,
      index,
      ['mango'],
      12,
    )!;
    const agreeing = (list: number[]) => list.filter((r) => r >= 0.5).length;
    expect(knownRegions.own.length).toBeGreaterThanOrEqual(5);
    expect(agreeing(knownRegions.own)).toBeGreaterThanOrEqual(0.9 * knownRegions.own.length);
    expect(regionsAgree(knownRegions)).toBe(true);
    // A peach juice of the brand, not in the catalogue: matched on the artwork, another print in those cells.
    const unknown = await computeFeatures(resizeImage(dim(flavourPack(23)), 288, 360));
    const unknownMatch = await verifyMatch(unknown, apple);
    expect(unknownMatch.inliers).toBeGreaterThanOrEqual(12);
    const unknownRegions = regionAgreement(cv, unknown, unknownMatch, apple, index, ['mango'], 12)!;
    expect(unknownRegions.own.length).toBeGreaterThanOrEqual(5);
    expect(agreeing(unknownRegions.own)).toBeLessThan(0.3 * unknownRegions.own.length);
    expect(regionsAgree(unknownRegions)).toBe(false);
    // Nothing to say without a sibling photo of the same face.
    expect(regionAgreement(cv, known, await verifyMatch(known, apple), apple, index, [], 12)).toBeUndefined();
  });

  it('an unknown flavour of the brand is not Sûr, is flagged and never chosen; the known one is Sûr', async () => {
    // The shop photographed the mango juice from further away (less detail) than the apple juice.
    const index = buildIndex([
      { productId: 'apple', features: await computeReferenceFeatures(flavourPack(21)) },
      {
        productId: 'mango',
        features: await computeReferenceFeatures(resizeImage(flavourPack(22), 120, 150)),
      },
    ]);
    const peach = await recogniseProduct(resizeImage(flavourPack(23), 288, 360), {
      index,
      products: catalogue,
      disable: ['text', 'barcode'],
    });
    expect(peach.candidates[0]?.product_id).toBe('apple');
    expect(peach.candidates[0]!.score).toBeLessThan(CONFIDENCE_HIGH);
    expect(peach.possiblyUnknown).toBe(true);
    const review = reviewDetection(
      { id: 'd', bbox: [0, 0, 1, 1], confidence: 1, candidates: peach.candidates },
      0.5,
    );
    expect(review.chosen).toBeUndefined();
    // The apple juice itself is Sûr: its flavour picture separates it from the mango and from the unknown.
    const apple = await recogniseProduct(resizeImage(flavourPack(21), 288, 360), {
      index,
      products: catalogue,
      disable: ['text', 'barcode'],
    });
    expect(apple.candidates[0]?.product_id).toBe('apple');
    expect(apple.candidates[0]!.score).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
    expect(apple.possiblyUnknown).toBe(false);
  });

  it("a product whose brand has no sibling is separated only by a word of its own name, not its brand's", () => {
    const oatly = { name: 'Oatly Oat Drink Vanilla', brand: 'Oatly' };
    expect(ownNameWordRead(oatly, [{ word: 'vanilla', confidence: 0.9 }])).toBe(true);
    expect(ownNameWordRead(oatly, [{ word: 'oatly', confidence: 0.9 }])).toBe(false);
    // "havre" is printed on every Oatly pack: a pack word, not a word of this product's name.
    expect(ownNameWordRead(oatly, [{ word: 'havre', confidence: 0.9 }])).toBe(false);
  });
});
