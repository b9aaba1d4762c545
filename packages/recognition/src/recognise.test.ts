import { confidenceLevel } from '@hanouti/core';
import { describe, expect, it } from 'vitest';
import { belowSure, combineScores, fusePhotoCandidates, siblingsNext } from './fusion.js';
import {
  isConfident,
  MIN_INLIERS,
  productInliers,
  visualScore,
  weighedVisual,
} from './strategies/keypointStrategy.js';

describe('the sure rule', () => {
  it('is sure only with ≥ 12 inliers and a runner-up at most 0.7× as many', () => {
    expect(isConfident(12, 8)).toBe(true);
    expect(isConfident(11, 0)).toBe(false);
    expect(isConfident(40, 29)).toBe(false);
  });

  it('keeps fused ambiguous scores under Sûr, in the same order', () => {
    const scores = [0.3, 0.55, 0.6, 0.8, 0.95, 1];
    const kept = scores.map(belowSure);
    expect(kept.slice(0, 2)).toEqual([0.3, 0.55]);
    for (const s of kept) expect(confidenceLevel(s)).not.toBe('high');
    for (let i = 1; i < kept.length; i++) expect(kept[i]!).toBeGreaterThan(kept[i - 1]!);
  });

  it('ranks by the best reference plus a second one only when it holds a homography', () => {
    expect(productInliers(20, 11)).toBe(20);
    expect(productInliers(20, 12)).toBe(32);
  });

  it('weak keypoint evidence counts a quarter: a votes-only guess no longer outranks the look of the photo', () => {
    // A homography-backed score counts in full, a votes-only one (≤ 0.45) a quarter.
    expect(weighedVisual(visualScore(12, 0))).toBeCloseTo(0.7, 5);
    expect(weighedVisual(0.45)).toBeCloseTo(0.1125, 5);
    expect(weighedVisual(0.2)).toBeCloseTo(0.05, 5);
    // A votes-only guess lifts the product it falls on by less than 0.1 in the fusion (second place, × 0.8).
    expect(
      combineScores({ colour: 0.8, visual: weighedVisual(0.45) }) - combineScores({ colour: 0.8 }),
    ).toBeLessThan(0.1);
    // Fresh produce: the best-voted product (no homography) against the product second by appearance.
    const votedOnly = combineScores({ visual: weighedVisual(0.45) });
    const lookAlike = combineScores({ colour: 0.6 });
    expect(lookAlike).toBeGreaterThan(votedOnly);
    expect(combineScores({ colour: 0.6 })).toBeLessThan(combineScores({ visual: 0.45 }));
  });

  it('a neighbouring pack matched by 8–11 inliers no longer outranks the product that looks like the photo', () => {
    // A shelf photo: a sibling beside the product gives a 10-inlier homography; the product itself only votes
    // and is the look-alike's first (colour 0.8). Under 12 inliers the homography is a chance fit.
    expect(MIN_INLIERS).toBe(12);
    const neighbour = combineScores({
      visual: weighedVisual(visualScore(productInliers(10, 0), 0) || 0.45),
      colour: 0.57,
    });
    const product = combineScores({ visual: weighedVisual(0.45 * 0.6), colour: 0.8 });
    expect(product).toBeGreaterThan(neighbour);
    // From 12 inliers the match counts in full (Sûr when the runner-up is far behind).
    expect(weighedVisual(visualScore(productInliers(12, 0), 0))).toBeCloseTo(0.7, 5);
  });
});

describe('the answers after the first one', () => {
  const candidate = (product_id: string, score: number, brand?: string) => ({
    product_id,
    score,
    product_name: product_id,
    ...(brand ? { brand } : {}),
    strategies: {},
  });
  const vanilla = candidate('alpro-vanilla', 0.65, 'Alpro');
  const oatly = candidate('oatly-oat', 0.6, 'Oatly');
  const banana = candidate('banana', 0.5);
  const blueberry = candidate('alpro-blueberry', 0.45, 'alpro ');
  const strawberry = candidate('alpro-strawberry', 0.1, 'Alpro');

  it("puts the first answer's other flavours next, by score, then the rest; weak siblings stay where they are", () => {
    const order = siblingsNext([vanilla, oatly, banana, blueberry, strawberry]);
    expect(order.map((c) => c.product_id)).toEqual([
      'alpro-vanilla',
      'alpro-blueberry',
      'oatly-oat',
      'banana',
      'alpro-strawberry',
    ]);
  });

  it('leaves the order of a first answer without a brand (fresh produce) as it is', () => {
    const order = siblingsNext([banana, vanilla, oatly, blueberry]);
    expect(order.map((c) => c.product_id)).toEqual([
      'banana',
      'alpro-vanilla',
      'oatly-oat',
      'alpro-blueberry',
    ]);
  });

  it('keeps the siblings next when the photos of one product are fused', () => {
    const fused = fusePhotoCandidates([
      [vanilla, oatly],
      [banana, blueberry],
    ]);
    expect(fused.map((c) => c.product_id)).toEqual([
      'alpro-vanilla',
      'alpro-blueberry',
      'oatly-oat',
      'banana',
    ]);
  });
});
