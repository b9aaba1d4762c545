import { describe, expect, it } from 'vitest';
import { APPEARANCE_LENGTH, appearanceDescriptor, appearanceRanking } from './appearance.js';
import {
  PATCH_DIMS,
  PATCH_SHORTLIST,
  REGION_COUNT,
  lookAlikeRanking,
  patchDescriptors,
  patchDistanceToProduct,
  regionDescriptors,
  regionSimilarityToProduct,
} from './lookAlike.js';
import { seededRandom } from './random.js';
import { produceBin } from './testImages.js';

const LIMES = [80, 190, 40] as const;
const RED_APPLES = [200, 30, 30] as const;
const ORANGES = [235, 140, 20] as const;
const AUBERGINES = [60, 20, 70] as const;

const describeBin = (productId: string, image: ReturnType<typeof produceBin>) => ({
  productId,
  regions: regionDescriptors(image),
  patches: patchDescriptors(image),
  appearance: appearanceDescriptor(image),
});

describe('look-alike descriptors', () => {
  it('stores six regions and a grid of patches as bytes', () => {
    const bin = produceBin(1, LIMES, 20);
    const regions = regionDescriptors(bin);
    expect(regions).toBeInstanceOf(Uint8Array);
    expect(regions.length).toBe(REGION_COUNT * APPEARANCE_LENGTH);
    const patches = patchDescriptors(bin);
    expect(patches.length % PATCH_DIMS).toBe(0);
    expect(patches.length / PATCH_DIMS).toBe(100);
    // The whole photo's region is the appearance descriptor, to a byte.
    const whole = appearanceDescriptor(bin);
    for (let i = 0; i < APPEARANCE_LENGTH; i++)
      expect(Math.abs(regions[i]! - whole[i]! * 255)).toBeLessThanOrEqual(0.5);
  });

  it('finds another photo of the same bin nearer, patch by patch, than a bin of another colour or size', () => {
    const limes = patchDescriptors(produceBin(1, LIMES, 20));
    const sameKind = patchDescriptors(produceBin(2, LIMES, 20));
    const apples = patchDescriptors(produceBin(3, RED_APPLES, 20));
    const bigGreen = patchDescriptors(produceBin(4, LIMES, 45));
    const toSame = patchDistanceToProduct(limes, [sameKind]);
    expect(toSame).toBeLessThan(patchDistanceToProduct(limes, [apples]));
    expect(toSame).toBeLessThan(patchDistanceToProduct(limes, [bigGreen]));
    expect(patchDistanceToProduct(limes, [])).toBe(Infinity);
  });

  it('measures a query patch to its nearest reference patch by the weighted squared difference of its values', () => {
    // The definition, value by value: 32 gradient bins (stored × 255), two chromaticity means (stored
    // × 127.5, weighted × 16), their two spreads (× 255, weighted × 16) and brightness (× 255).
    const weight = (k: number) =>
      k < 32 ? 1 / 255 ** 2 : k < 34 ? 16 / 127.5 ** 2 : k < 36 ? 16 / 255 ** 2 : 1 / 255 ** 2;
    const random = seededRandom(7);
    const patches = (n: number) =>
      Uint8Array.from({ length: n * PATCH_DIMS }, () => Math.floor(random() * 256));
    const query = patches(3);
    const references = [patches(4), patches(2)];
    const squared = (a: Uint8Array, i: number, b: Uint8Array, j: number) => {
      let d = 0;
      for (let k = 0; k < PATCH_DIMS; k++)
        d += weight(k) * (a[i * PATCH_DIMS + k]! - b[j * PATCH_DIMS + k]!) ** 2;
      return d;
    };
    let expected = 0;
    for (let i = 0; i < 3; i++)
      expected += Math.min(
        ...references.flatMap((reference) =>
          Array.from({ length: reference.length / PATCH_DIMS }, (_, j) => squared(query, i, reference, j)),
        ),
      );
    // The module keeps its weights as 32-bit floats: equal to one part in a million.
    expect(patchDistanceToProduct(query, references) / (expected / 3)).toBeCloseTo(1, 6);
    expect(patchDistanceToProduct(query, [query])).toBe(0);
  });

  it('finds the same nearest patches as comparing every pair, however the patches crowd or spread in colour', () => {
    const random = seededRandom(11);
    // Patches in a few colour clusters (many equal first values, as in a photo of one product), plus
    // outliers at both ends of the colour range and beyond every reference's.
    const clustered = (n: number, centres: readonly number[]) =>
      Uint8Array.from({ length: n * PATCH_DIMS }, (_, i) => {
        const k = i % PATCH_DIMS;
        if (k === 32) return centres[Math.floor(random() * centres.length)]! + Math.floor(random() * 3);
        return Math.floor(random() * (k < 32 ? 120 : 256));
      });
    const query = clustered(150, [0, 60, 128, 200, 253]);
    const references = [clustered(120, [58, 130]), clustered(90, [10, 128, 190]), clustered(40, [90])];
    const brute = (q: Uint8Array, refs: readonly Uint8Array[]) => {
      let total = 0;
      for (let i = 0; i < q.length / PATCH_DIMS; i++) {
        let best = Infinity;
        for (const reference of refs)
          for (let j = 0; j < reference.length / PATCH_DIMS; j++) {
            let d = 0;
            for (let k = 0; k < PATCH_DIMS; k++) {
              const weight =
                k < 32 ? 1 / 255 ** 2 : k < 34 ? 16 / 127.5 ** 2 : k < 36 ? 16 / 255 ** 2 : 1 / 255 ** 2;
              d += weight * (q[i * PATCH_DIMS + k]! - reference[j * PATCH_DIMS + k]!) ** 2;
            }
            best = Math.min(best, d);
          }
        total += best;
      }
      return total / (q.length / PATCH_DIMS);
    };
    expect(patchDistanceToProduct(query, references) / brute(query, references)).toBeCloseTo(1, 6);
    expect(
      patchDistanceToProduct(query, references.slice(2)) / brute(query, references.slice(2)),
    ).toBeCloseTo(1, 6);
  });

  it('recognises produce that fills only a corner of the reference photo by its regions, where the whole photo fails', () => {
    // The shopkeeper's photo of the limes shows them in its top-left corner, the rest is the shop's shelf;
    // the photo at the till is a close-up of the limes. Another green product filled its own photo.
    const limesInCorner = produceBin(11, LIMES, 20);
    for (let y = 0; y < limesInCorner.height; y++)
      for (let x = 0; x < limesInCorner.width; x++) {
        if (x < limesInCorner.width * 0.6 && y < limesInCorner.height * 0.6) continue;
        const i = (y * limesInCorner.width + x) * 4;
        const stripe = Math.floor(y / 24) % 2 === 0 ? 1 : 0.8;
        limesInCorner.data.set([210 * stripe, 210 * stripe, 215 * stripe], i);
      }
    const references = [
      describeBin('limes', limesInCorner),
      describeBin('big-green', produceBin(12, [85, 185, 45], 30)),
      describeBin('apples', produceBin(13, RED_APPLES, 20)),
    ];
    const query = produceBin(14, LIMES, 20);
    expect(appearanceRanking(appearanceDescriptor(query), references)[0]!.productId).toBe('big-green');
    const ranking = lookAlikeRanking(
      { regions: regionDescriptors(query), patches: patchDescriptors(query) },
      references,
    );
    expect(ranking[0]!.productId).toBe('limes');
    const regions = regionDescriptors(query);
    expect(lookAlikeRanking({ regions }, references)[0]!.productId).toBe('limes');
    expect(regionSimilarityToProduct(regions, [references[0]!.regions])).toBeGreaterThan(
      regionSimilarityToProduct(regions, [references[1]!.regions]),
    );
    expect(regionSimilarityToProduct(regions, [])).toBe(0);
  });

  it('ranks four kinds of produce right from new photos', () => {
    const kinds = [
      ['limes', LIMES, 20],
      ['apples', RED_APPLES, 30],
      ['oranges', ORANGES, 26],
      ['aubergines', AUBERGINES, 40],
    ] as const;
    const references = kinds.flatMap(([id, rgb, radius], k) => [
      describeBin(id, produceBin(100 + k, rgb, radius)),
      describeBin(id, produceBin(200 + k, rgb, radius)),
    ]);
    kinds.forEach(([id, rgb, radius], k) => {
      const photo = produceBin(300 + k, rgb, radius);
      const ranking = lookAlikeRanking(
        { regions: regionDescriptors(photo), patches: patchDescriptors(photo) },
        references,
      );
      expect(ranking.map((r) => r.productId)).toHaveLength(4);
      expect(ranking[0]!.productId).toBe(id);
    });
  });

  it('answers nothing without query regions, and ignores references with spoilt or missing arrays', () => {
    const limes = describeBin('limes', produceBin(21, LIMES, 20));
    expect(lookAlikeRanking({}, [limes])).toEqual([]);
    const query = produceBin(22, LIMES, 20);
    const q = { regions: regionDescriptors(query), patches: patchDescriptors(query) };
    const spoilt = { productId: 'spoilt', regions: new Uint8Array(10), patches: new Uint8Array(5) };
    const noPatches = { productId: 'apples', regions: regionDescriptors(produceBin(23, RED_APPLES, 20)) };
    const ranking = lookAlikeRanking(q, [limes, spoilt, noPatches]);
    expect(ranking.map((r) => r.productId)).toEqual(['limes', 'apples']);
    // Without query patches the ranking is by regions alone.
    expect(lookAlikeRanking({ regions: q.regions }, [limes, noPatches])[0]!.productId).toBe('limes');
  });

  it('compares at most the shortlist patch by patch and returns it', () => {
    const one = describeBin('p', produceBin(31, LIMES, 20));
    const references = Array.from({ length: PATCH_SHORTLIST + 5 }, (_, i) => ({
      ...one,
      productId: `p${i}`,
    }));
    const query = produceBin(32, LIMES, 20);
    const ranking = lookAlikeRanking(
      { regions: regionDescriptors(query), patches: patchDescriptors(query) },
      references,
    );
    expect(ranking).toHaveLength(PATCH_SHORTLIST);
  });
});
