import { describe, expect, it } from 'vitest';
import { rankByScore } from './fusion.js';
import { prepareBarcodeReader } from './barcode.js';
import { resizeImage } from './image.js';
import { computeReferenceFeatures } from './keypoints.js';
import { loadZxingReaderWasm, provideOpenCvFromNodeModules } from './nodeAssets.js';
import { recogniseProduct } from './recognise.js';
import type { CatalogueProduct } from './strategies/strategy.js';
import { addConfirmedReference } from './learning.js';
import { buildIndex } from './referenceIndex.js';
import { texturedPack } from './testImages.js';

provideOpenCvFromNodeModules();

describe('the same photo and catalogue give the same answer every time', () => {
  it('recognises one photo twice, with a new index each time, to the same candidates and evidence', async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    const products = new Map<string, CatalogueProduct>(
      [1, 2, 3, 4].map((seed) => [`p${seed}`, { id: `p${seed}`, name: `Pack ${seed}`, brand: 'Brand' }]),
    );
    const references = async () =>
      Promise.all(
        [1, 2, 3, 4].flatMap((seed) =>
          [1, 0.7].map(async (scale) => ({
            productId: `p${seed}`,
            features: await computeReferenceFeatures(
              resizeImage(texturedPack(seed), 320 * scale, 400 * scale),
            ),
          })),
        ),
      );
    const photo = resizeImage(texturedPack(2), 260, 330);
    const run = async () => {
      const result = await recogniseProduct(photo, { index: buildIndex(await references()), products });
      return {
        candidates: result.candidates,
        keypoints: result.keypoints,
        appearance: result.appearance,
        possiblyUnknown: result.possiblyUnknown,
      };
    };
    const first = await run();
    const second = await run();
    expect(first.candidates[0]?.product_id).toBe('p2');
    expect(second).toEqual(first);
  });

  it('gives the same answer whatever the order the references come in, and after learning a crop', async () => {
    const products = new Map<string, CatalogueProduct>(
      [1, 2, 3].map((seed) => [`p${seed}`, { id: `p${seed}`, name: `Pack ${seed}`, brand: 'Brand' }]),
    );
    const references = await Promise.all(
      [1, 2, 3].flatMap((seed) =>
        [1, 0.75].map(async (scale) => ({
          productId: `p${seed}`,
          origin: 'photo' as const,
          features: await computeReferenceFeatures(resizeImage(texturedPack(seed), 320 * scale, 400 * scale)),
        })),
      ),
    );
    const photo = resizeImage(texturedPack(3), 250, 320);
    const answer = async (index: ReturnType<typeof buildIndex>) => {
      const result = await recogniseProduct(photo, { index, products, disable: ['barcode'] });
      return { candidates: result.candidates, keypoints: result.keypoints };
    };
    const inOrder = buildIndex(references);
    const reversed = buildIndex([...references].reverse());
    expect(reversed.vocabulary).toEqual(inOrder.vocabulary);
    const first = await answer(inOrder);
    expect(first.candidates[0]?.product_id).toBe('p3');
    expect(await answer(reversed)).toEqual(first);
    // A crop learned by the worker joins its index; after a reload the index is rebuilt with it: same vocabulary.
    // (another view of it: a pattern the shop's photos do not show, so the crop is not redundant).
    const crop = await computeReferenceFeatures(resizeImage(texturedPack(7), 280, 350));
    const learned = await addConfirmedReference(buildIndex(references), 'p1', crop);
    expect(learned.outcome).toBe('added');
    const rebuilt = buildIndex([...references, { productId: 'p1', origin: 'learned', features: crop }]);
    expect(learned.index.vocabulary).toEqual(rebuilt.vocabulary);
  });

  it('orders equal scores by the evidence, then the next evidence, and only then by id', () => {
    const tie = (id: string) => ({ product_id: id, score: 0.6, strategies: { text: 0.5 } });
    const next = new Map([
      ['b', [30, 4]],
      ['a', [30, 2]],
      ['c', [12, 9]],
    ]);
    expect(
      rankByScore([tie('a'), tie('c'), tie('b')], (c) => next.get(c.product_id)!).map((c) => c.product_id),
    ).toEqual(['b', 'a', 'c']);
    expect(rankByScore([tie('b'), tie('a')]).map((c) => c.product_id)).toEqual(['a', 'b']);
  });
});
