import { provideOpenCvFromNodeModules } from './nodeAssets.js';
import { describe, expect, it } from 'vitest';
import { combineScores } from './fusion.js';
import { fusePhotoCandidates as fusePhotoCandidatesForTest } from './recognise.js';

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
  it('ignores text ≤ 0.3 and colour ≤ 0.4', () => {
    expect(combineScores({ text: 0.3 })).toBe(0);
    expect(combineScores({ colour: 0.4 })).toBe(0);
    expect(combineScores({ visual: 0.5, colour: 0.4, text: 0.3 })).toBeCloseTo(0.5);
  });
  it('keeps the best score of a product over several photos', () => {
    const fused = fusePhotoCandidatesForTest([
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
});
