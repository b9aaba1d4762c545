import { provideOpenCvFromNodeModules } from './nodeAssets.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combineScores,
  combinedEvidence,
  fusePhotoCandidates,
  fuseStrategies,
  rankByScore,
} from './fusion.js';
import { flavourReadFirst } from './openSet.js';

provideOpenCvFromNodeModules();

describe('score fusion', () => {
  it('weights one strategy', () => {
    expect(combineScores({ visual: 0.6 })).toBeCloseTo(0.6);
    expect(combineScores({ text: 0.5 })).toBeCloseTo(0.4);
    expect(combineScores({ colour: 0.5 })).toBeCloseTo(0.3);
  });
  it('decays 0.8 per rank, strongest contribution first', () => {
    // text 0.8×0.5 = 0.4 (rank 0), colour 0.6×0.5 = 0.3 (rank 1 → ×0.8)
    expect(combineScores({ colour: 0.5, text: 0.5 })).toBeCloseTo(0.4 + 0.3 * 0.8);
    expect(combineScores({ visual: 0.3, text: 0.35, colour: 0.45 })).toBeCloseTo(
      0.3 + 0.28 * 0.8 + 0.27 * 0.64,
    );
  });
  it('caps at 1', () => {
    expect(combineScores({ barcode: 0.95 })).toBe(1);
    expect(combineScores({ visual: 0.9, text: 0.9 })).toBe(1);
  });
  it('keeps the evidence beyond the cap', () => {
    expect(combinedEvidence({ visual: 0.9, text: 0.9 })).toBeCloseTo(0.9 + 0.72 * 0.8);
    expect(combinedEvidence({ visual: 0.9, text: 0.9 })).toBeGreaterThan(
      combinedEvidence({ visual: 0.9, text: 0.5 }),
    );
    expect(combinedEvidence({ colour: 0.4 })).toBe(0);
  });
  it('ranks equal scores by their evidence before the cap, then by id', () => {
    // Both capped under Sûr at 0.65: brand and colour alone vs keypoints and the flavour word on the pack.
    const weak = {
      product_id: 'a',
      score: 0.65,
      product_name: 'A',
      strategies: { visual: 0.18, colour: 0.74, text: 0.67 },
    };
    const strong = {
      product_id: 'b',
      score: 0.65,
      product_name: 'B',
      strategies: { visual: 0.95, colour: 0.8, text: 0.97 },
    };
    const lower = {
      product_id: 'c',
      score: 0.6,
      product_name: 'C',
      strategies: { visual: 0.95, text: 0.97 },
    };
    expect(rankByScore([weak, lower, strong]).map((c) => c.product_id)).toEqual(['b', 'a', 'c']);
    const twin = { ...weak, product_id: 'd' };
    expect(rankByScore([twin, weak]).map((c) => c.product_id)).toEqual(['a', 'd']);
  });
  it('ignores text ≤ 0.3 and colour ≤ 0.4', () => {
    expect(combineScores({ text: 0.3 })).toBe(0);
    expect(combineScores({ colour: 0.4 })).toBe(0);
    expect(combineScores({ visual: 0.5, colour: 0.4, text: 0.3 })).toBeCloseTo(0.5);
  });
  it('keeps the best score of a product over several photos', () => {
    const fused = fusePhotoCandidates([
      [{ product_id: 'a', score: 0.5, product_name: 'A', strategies: {} }],
      [
        { product_id: 'a', score: 0.8, product_name: 'A', strategies: {} },
        { product_id: 'b', score: 0.6, product_name: 'B', strategies: {} },
      ],
    ]);
    expect(fused.map((c) => [c.product_id, c.score])).toEqual([
      ['a', 0.8],
      ['b', 0.6],
    ]);
  });
  it("keeps one photo's own ranking (made with evidence a candidate does not carry)", () => {
    const photo = [
      {
        product_id: 'apple',
        score: 0.62,
        product_name: 'Apple',
        strategies: { text: 0.4 },
        possiblyUnknown: true,
      },
      {
        product_id: 'orange',
        score: 0.64,
        product_name: 'Orange',
        strategies: { visual: 0.9 },
        possiblyUnknown: true,
      },
      { product_id: 'b', score: 0.3, product_name: 'B', strategies: { colour: 0.5 }, possiblyUnknown: true },
      { product_id: 'a', score: 0.3, product_name: 'A', strategies: { colour: 0.5 }, possiblyUnknown: true },
    ];
    expect(fusePhotoCandidates([photo]).map((c) => c.product_id)).toEqual(['apple', 'orange', 'b', 'a']);
  });
  it('keeps, of equal scores over several photos, the one with more evidence', () => {
    const fused = fusePhotoCandidates([
      [{ product_id: 'a', score: 0.65, product_name: 'A', strategies: { colour: 0.8, text: 0.6 } }],
      [{ product_id: 'a', score: 0.65, product_name: 'A', strategies: { visual: 0.9, text: 0.9 } }],
      [{ product_id: 'b', score: 0.65, product_name: 'B', strategies: { visual: 0.7, text: 0.8 } }],
    ]);
    expect(fused.map((c) => [c.product_id, c.strategies.visual])).toEqual([
      ['a', 0.9],
      ['b', 0.7],
    ]);
  });
});

describe('a flavour read on the pack decides between two flavours of a brand', () => {
  const products = new Map([
    ['orange', { id: 'orange', name: 'God Morgon Orange Juice', brand: 'God Morgon' }],
    ['apple', { id: 'apple', name: 'God Morgon Apple Juice', brand: 'God Morgon' }],
    ['bravo', { id: 'bravo', name: 'Bravo Apple Juice', brand: 'Bravo' }],
    ['plum', { id: 'plum', name: 'Plum' }],
  ]);
  const read = (...words: [string, number][]) => words.map(([word, confidence]) => ({ word, confidence }));
  // The keypoints prefer the orange juice (the artwork the flavours share); neither is decisive.
  const fuse = (words: ReturnType<typeof read>, decisive: string[] = []) =>
    fuseStrategies({
      scores: {
        visual: new Map([
          ['orange', 0.6],
          ['apple', 0.55],
        ]),
        colour: new Map([
          ['plum', 0.8],
          ['bravo', 0.7],
        ]),
      },
      decisive: new Set(decisive),
      products,
      words,
    }).map((c) => c.product_id);

  it('puts the sibling whose flavour is read first, the answer it displaced next', () => {
    expect(fuse([])).toEqual(['orange', 'apple', 'plum', 'bravo']);
    expect(fuse(read(['god', 0.99], ['apple', 0.99]))).toEqual(['apple', 'orange', 'plum', 'bravo']);
  });

  it('changes nothing when both flavours are read, the read is unclear, or the word is only the brand', () => {
    expect(fuse(read(['apple', 0.99], ['orange', 0.9]))).toEqual(['orange', 'apple', 'plum', 'bravo']);
    expect(fuse(read(['apple', 0.6]))).toEqual(['orange', 'apple', 'plum', 'bravo']);
    expect(fuse(read(['morgon', 0.99], ['juice', 0.99]))).toEqual(['orange', 'apple', 'plum', 'bravo']);
  });

  it('never moves a Sûr answer, nor brings another brand forward', () => {
    expect(fuse(read(['apple', 0.99]), ['orange'])[0]).toBe('orange');
    const products2 = new Map([...products].filter(([id]) => id !== 'apple'));
    const ranked = fuseStrategies({
      scores: { visual: new Map([['orange', 0.6]]), colour: new Map([['bravo', 0.7]]) },
      decisive: new Set(),
      products: products2,
      words: read(['apple', 0.99]),
    });
    expect(ranked.map((c) => c.product_id)).toEqual(['orange', 'bravo']);
  });

  it('answers the same products, each once, whatever is read (generated rankings and words)', () => {
    const ids = [...products.keys()];
    const word = fc.constantFrom('apple', 'orange', 'juice', 'god', 'bravo', 'plum', 'appel', 'xyz');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...ids), { minLength: 0, maxLength: 4 }),
        fc.array(fc.record({ word, confidence: fc.double({ min: 0, max: 1, noNaN: true }) }), {
          maxLength: 6,
        }),
        fc.boolean(),
        (order, words, unsure) => {
          const ranked = order.map((product_id) => ({
            product_id,
            ...(unsure ? { possiblyUnknown: true } : {}),
          }));
          const out = flavourReadFirst(ranked, words, products);
          expect([...out].map((c) => c.product_id).sort()).toEqual([...order].sort());
          if (!unsure) expect(out).toEqual(ranked);
          // Only a sibling of the first answer can take its place.
          if (out[0] && out[0] !== ranked[0])
            expect(products.get(out[0].product_id)!.brand).toBe(products.get(ranked[0]!.product_id)!.brand);
        },
      ),
    );
  });
});
