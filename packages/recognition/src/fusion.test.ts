import { provideOpenCvFromNodeModules } from './nodeAssets.js';
import { describe, expect, it } from 'vitest';
import { combineScores, combinedEvidence, fusePhotoCandidates, rankByScore } from './fusion.js';

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
