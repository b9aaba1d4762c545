import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Candidate } from '@hanouti/recognition';
import { codeReadOnCrop, mergeCandidates, referenceBatches } from './serverRecognition';

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

  it("keeps one request's own order: a flavour read put a sibling with a lower score first", () => {
    const answer = [candidate('apple', 0.62), candidate('orange', 0.64), candidate('pear', 0.3)];
    expect(mergeCandidates([answer], 3).map((c) => c.product_id)).toEqual(['apple', 'orange', 'pear']);
    expect(mergeCandidates([answer, [candidate('milk', 0.5)]], 4).map((c) => c.product_id)).toEqual([
      'apple',
      'orange',
      'milk',
      'pear',
    ]);
  });

  it('keeps every request in its order, each product once at its best, at most topK', () => {
    const answers = fc.array(
      fc.uniqueArray(
        fc.record({
          product_id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
          score: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
        { selector: (c) => c.product_id, maxLength: 6 },
      ),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(answers, fc.integer({ min: 0, max: 8 }), (raw, topK) => {
        const lists = raw.map((list) => list.map((c) => candidate(c.product_id, c.score)));
        const merged = mergeCandidates(lists, topK);
        const ids = merged.map((c) => c.product_id);
        expect(new Set(ids).size).toBe(ids.length);
        const all = new Set(lists.flat().map((c) => c.product_id));
        expect(merged.length).toBe(Math.min(topK, all.size));
        for (const c of merged)
          expect(c.score).toBe(
            Math.max(
              ...lists
                .flat()
                .filter((o) => o.product_id === c.product_id)
                .map((o) => o.score),
            ),
          );
        for (const list of lists) {
          const order = list.filter((c) => merged.includes(c));
          expect(merged.filter((c) => order.includes(c))).toEqual(order);
        }
        const sorted = lists.map((list) => [...list].sort((x, y) => y.score - x.score));
        const scores = mergeCandidates(sorted, topK).map((c) => c.score);
        expect(scores).toEqual([...scores].sort((x, y) => y - x));
      }),
    );
  });
});

describe('codeReadOnCrop', () => {
  it("keeps the first maker's code the server read, as a GTIN with its check digit", () => {
    expect(codeReadOnCrop([{ candidates: [] }, { candidates: [], barcode: '4006381333931' }])).toBe(
      '4006381333931',
    );
    // A UPC-A as 12 digits is the same code as its GTIN-13.
    expect(codeReadOnCrop([{ candidates: [], barcode: '036000291452' }])).toBe('0036000291452');
    expect(codeReadOnCrop([{ candidates: [], barcode: null }])).toBeUndefined();
    expect(codeReadOnCrop([])).toBeUndefined();
  });

  it('never gives a code that is not a valid GTIN, whatever the server sent', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            candidates: fc.constant<Candidate[]>([]),
            barcode: fc.option(fc.string(), { nil: null }),
          }),
          {
            maxLength: 4,
          },
        ),
        (answers) => {
          const code = codeReadOnCrop(answers);
          if (code !== undefined) expect(code).toMatch(/^(\d{8}|\d{13})$/);
        },
      ),
    );
    expect(codeReadOnCrop([{ candidates: [], barcode: '4006381333932' }])).toBeUndefined();
    expect(codeReadOnCrop([{ candidates: [], barcode: '<script>' }])).toBeUndefined();
  });
});
