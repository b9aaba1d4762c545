import { CONFIDENCE_HIGH } from '@hanouti/core';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareBarcodeReader } from './barcode.js';
import { reviewDetection } from './cart.js';
import { createImage, resizeImage, type RgbaImage } from './image.js';
import { computeFeatures, computeReferenceFeatures, verifyMatch } from './keypoints.js';
import { loadZxingReaderWasm, provideOpenCvFromNodeModules } from './nodeAssets.js';
import {
  codeContradicts,
  distinctiveInliers,
  foreignNameWordRead,
  kindSiblingsOf,
  ownNameWordRead,
  siblingsOf,
} from './openSet.js';
import { recogniseProduct } from './recognise.js';
import { separates } from './strategies/keypointStrategy.js';
import type { CatalogueProduct } from './strategies/strategy.js';
import { buildIndex } from './referenceIndex.js';
import { buildTextIndex } from './textMatch.js';
import { texturedPack } from './testImages.js';

provideOpenCvFromNodeModules();

/** One brand's pack: the brand's artwork (seed 11) with a flavour picture (its own seed) in the lower third. */
function flavourPack(flavourSeed: number): RgbaImage {
  const pack = texturedPack(11);
  const flavour = texturedPack(flavourSeed, 320, 140);
  const out = createImage(pack.width, pack.height);
  out.data.set(pack.data);
  out.data.set(flavour.data, 260 * pack.width * 4);
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

  it("counts distinctive inliers only where the siblings' matched photos show the pack", async () => {
    // The shop photographed the whole mango pack and only the lower part of the apple pack: the mango photo
    // shares more of the brand's artwork with a photo of the apple juice than the apple photo does.
    const whole = flavourPack(21);
    const lower = createImage(whole.width, 200);
    lower.data.set(whole.data.subarray((whole.height - 200) * whole.width * 4));
    const index = buildIndex([
      { productId: 'apple', features: await computeReferenceFeatures(lower) },
      { productId: 'mango', features: await computeReferenceFeatures(flavourPack(22)) },
    ]);
    const apple = await recogniseProduct(resizeImage(flavourPack(21), 288, 360), {
      index,
      products: catalogue,
      disable: ['text', 'barcode', 'colour', 'shape'],
    });
    const inliers = new Map(apple.keypoints.map((k) => [k.productId, k]));
    // The mango photo matches more of the pack, but what it matches beyond the apple photo lies where the
    // apple photo does not reach: not distinctive. The apple photo's flavour picture is.
    expect(inliers.get('mango')!.inliers).toBeGreaterThan(2 * inliers.get('apple')!.inliers);
    expect(inliers.get('apple')!.distinctive).toBeGreaterThan(inliers.get('mango')!.distinctive!);
    // So the mango juice is not Sûr: it wins on the artwork, the apple juice on the flavour.
    expect(apple.candidates.find((c) => c.product_id === 'mango')!.score).toBeLessThan(CONFIDENCE_HIGH);
    expect(apple.possiblyUnknown).toBe(true);
  });

  it("a product whose brand has no sibling is separated only by a word of its own name, not its brand's", () => {
    const oatly = { name: 'Oatly Oat Drink Vanilla', brand: 'Oatly' };
    expect(ownNameWordRead(oatly, [{ word: 'vanilla', confidence: 0.9 }])).toBe(true);
    expect(ownNameWordRead(oatly, [{ word: 'oatly', confidence: 0.9 }])).toBe(false);
    // "havre" is printed on every Oatly pack: a pack word, not a word of this product's name.
    expect(ownNameWordRead(oatly, [{ word: 'havre', confidence: 0.9 }])).toBe(false);
  });

  it("a word of another product's name that the answer's own words never had is foreign to it", () => {
    const products = new Map([
      ['apple', { name: 'God Morgon Apple Juice', brand: 'God Morgon' }],
      ['orange', { name: 'God Morgon Orange Juice', brand: 'God Morgon' }],
      ['grapefruit', { name: 'Tropicana Golden Grapefruit', brand: 'Tropicana' }],
    ]);
    const index = buildTextIndex([
      { id: 'apple', ...products.get('apple')!, packWords: ['apelsin', 'juice', 'pressad'] },
      { id: 'orange', ...products.get('orange')! },
      { id: 'grapefruit', ...products.get('grapefruit')! },
    ]);
    const read = (word: string, confidence = 0.95) => [{ word, confidence }];
    // A red grapefruit juice of the brand, not in the catalogue, matched to the apple juice.
    expect(foreignNameWordRead('apple', read('grapefrult'), products, index)).toBe('grapefrult');
    // The sibling's flavour is foreign too; the answer's own words, its pack words, the brand are not.
    expect(foreignNameWordRead('apple', read('orange'), products, index)).toBe('orange');
    for (const word of ['apple', 'morgon', 'pressad', 'juice'])
      expect(foreignNameWordRead('apple', read(word), products, index)).toBeUndefined();
    // A word of no product's name says nothing; nor does a word read unclearly.
    expect(foreignNameWordRead('apple', read('ekologisk'), products, index)).toBeUndefined();
    expect(foreignNameWordRead('apple', read('grapefruit', 0.6), products, index)).toBeUndefined();
  });

  it("a product alone of its kind in its brand needs a word of its own name: the brand's other kinds cannot show its kind's common print", async () => {
    const kinds = new Map<string, CatalogueProduct>([
      ['apple', { id: 'apple', name: 'Tropic Apple Juice', brand: 'Tropic', category: 'Juice' }],
      ['skyr', { id: 'skyr', name: 'Tropic Skyr', brand: 'Tropic', category: 'Yoghurt' }],
    ]);
    expect(kindSiblingsOf(kinds, 'apple')).toEqual([]);
    expect(
      kindSiblingsOf(
        new Map([
          ['apple', { brand: 'Tropic', category: 'Juice' }],
          ['mango', { brand: ' tropic', category: 'juice ' }],
          ['plain', { brand: 'Tropic' }],
          ['skyr', { brand: 'Tropic', category: 'Yoghurt' }],
        ]),
        'apple',
      ),
    ).toEqual(['mango', 'plain']);
    // The shop sells the brand's apple juice and its skyr (a design of its own), not its mango juice, which
    // shares the juices' artwork with the apple juice.
    const index = buildIndex([
      { productId: 'apple', features: await computeReferenceFeatures(flavourPack(21)) },
      { productId: 'skyr', features: await computeReferenceFeatures(texturedPack(31)) },
    ]);
    const mango = resizeImage(flavourPack(22), 288, 360);
    const recognise = (products: Map<string, CatalogueProduct>) =>
      recogniseProduct(mango, { index, products, disable: ['text', 'barcode'] });
    const answer = await recognise(kinds);
    expect(answer.candidates[0]?.product_id).toBe('apple');
    expect(answer.candidates[0]!.score).toBeLessThan(CONFIDENCE_HIGH);
    expect(answer.possiblyUnknown).toBe(true);
    // Without the categories the skyr is the apple juice's sibling, and the juices' artwork, which its photos
    // do not have, counts as the apple juice's own print: the unknown mango juice is Sûr.
    const byBrand = new Map([...kinds].map(([id, { category: _, ...product }]) => [id, product]));
    expect((await recognise(byBrand)).candidates[0]!.score).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
    // The apple juice's own name read on the pack separates it.
    const options = { products: kinds };
    expect(separates('apple', [], options, 40).separates).toBe(false);
    expect(separates('apple', [{ word: 'apple', confidence: 0.95 }], options, 40).separates).toBe(true);
    expect(separates('apple', [{ word: 'tropic', confidence: 0.95 }], options, 40).separates).toBe(false);
  });

  it('a pack showing a code the catalogue does not have is not Sûr as a product stored with another code', async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    /** The apple juice's pack with an EAN-13 printed across its top (2-px modules). */
    const packWithCode = async (code: string) => {
      const png = await bwipjs.toBuffer({ bcid: 'ean13', text: code, scale: 2, height: 8, paddingwidth: 10 });
      const { data, info } = await sharp(png)
        .flatten({ background: '#ffffff' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pack = flavourPack(21);
      for (let y = 0; y < info.height; y++)
        pack.data.set(
          data.subarray(y * info.width * 4, (y + 1) * info.width * 4),
          ((y + 6) * pack.width + Math.round((pack.width - info.width) / 2)) * 4,
        );
      return resizeImage(pack, 288, 360);
    };
    // As above: the mango juice photographed from further away, so that the apple juice's match is sure.
    const index = buildIndex([
      { productId: 'apple', features: await computeReferenceFeatures(flavourPack(21)) },
      {
        productId: 'mango',
        features: await computeReferenceFeatures(resizeImage(flavourPack(22), 120, 150)),
      },
    ]);
    const withCodes = (apple?: string) =>
      new Map<string, CatalogueProduct>([
        ['apple', { ...catalogue.get('apple')!, ...(apple ? { barcode: apple } : {}) }],
        ['mango', { ...catalogue.get('mango')!, barcode: '5449000000996' }],
      ]);
    const recognise = async (code: string, products: Map<string, CatalogueProduct>) =>
      recogniseProduct(await packWithCode(code), { index, products, disable: ['text'] });
    // The code on the pack (4006381333931) is no product's: the apple juice, stored with its own code, matches
    // the artwork but the pack is another product (another flavour, a multipack).
    const foreign = await recognise('4006381333931', withCodes('6111245100012'));
    expect(foreign.barcodes).toEqual(['4006381333931']);
    expect(foreign.candidates[0]?.product_id).toBe('apple');
    expect(foreign.candidates[0]!.score).toBeLessThan(CONFIDENCE_HIGH);
    expect(foreign.possiblyUnknown).toBe(true);
    // Stored without a code, the apple juice cannot be told apart by it: its sure match stands.
    const uncoded = await recognise('4006381333931', withCodes());
    expect(uncoded.candidates[0]?.product_id).toBe('apple');
    expect(uncoded.candidates[0]!.score).toBeGreaterThanOrEqual(CONFIDENCE_HIGH);
    // Its own code on the pack: Sûr.
    const own = await recognise('6111245100012', withCodes('6111245100012'));
    expect(own.candidates[0]?.product_id).toBe('apple');
    expect(own.possiblyUnknown).toBe(false);
    // A shop's price label is not a maker's code; a code stored that is no code cannot be the pack's.
    expect(codeContradicts({ barcode: '6111245100012' }, [])).toBe(false);
    expect(codeContradicts({ barcode: 'abc' }, ['4006381333931'])).toBe(false);
    expect(codeContradicts({}, ['4006381333931'])).toBe(false);
    expect(codeContradicts({ barcode: '04252614' }, ['4006381333931'])).toBe(true);
  });
});
