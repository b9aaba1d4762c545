import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Candidate } from '@hanouti/recognition';
import { mergeCandidates, referenceBatches } from './serverRecognition';

const product = (id: string, images: number, brand?: string) => ({
  id,
  ...(brand ? { brand } : {}),
  images: Array.from({ length: images }, (_, i) => `${id}-${i}`),
});

describe('referenceBatches', () => {
  it('keeps every request within the bound and a brand together', () => {
    const batches = referenceBatches(
      [product('a', 5, 'Arla'), product('b', 5, 'Alpro'), product('c', 5, 'Arla'), product('d', 5, 'Alpro')],
      10,
    );
    expect(batches.map((batch) => batch.map((p) => p.id))).toEqual([
      ['b', 'd'],
      ['a', 'c'],
    ]);
  });

  it('sends every product once, within the bound, whatever the catalogue', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ images: fc.nat(40), brand: fc.constantFrom('A', 'B', 'C', '') }), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 30 }),
        (specs, max) => {
          const products = specs.map((spec, i) => product(`p${i}`, spec.images, spec.brand || undefined));
          const batches = referenceBatches(products, max);
          expect(
            batches
              .flat()
              .map((p) => p.id)
              .sort(),
          ).toEqual(products.map((p) => p.id).sort());
          for (const batch of batches) {
            expect(batch.reduce((sum, p) => sum + p.images.length, 0)).toBeLessThanOrEqual(max);
          }
        },
      ),
    );
  });
});

describe('mergeCandidates', () => {
  const candidate = (id: string, score: number): Candidate => ({
    product_id: id,
    product_name: id,
    score,
    strategies: {},
  });

  it('keeps the surest answers of all requests, a product once at its best score', () => {
    const merged = mergeCandidates(
      [
        [candidate('a', 0.4), candidate('b', 0.9)],
        [candidate('c', 0.7), candidate('a', 0.6)],
      ],
      2,
    );
    expect(merged.map((c) => [c.product_id, c.score])).toEqual([
      ['b', 0.9],
      ['c', 0.7],
    ]);
  });
});
