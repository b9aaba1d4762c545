// Score fusion per spec: strategy weights, per-strategy thresholds, decay 0.8 per rank, cap at 1.
import {
  BARCODE_MATCH_SCORE,
  COLOUR_MIN,
  MAX_COMBINED_SCORE,
  RANK_DECAY,
  STRATEGY_WEIGHTS,
  TEXT_MIN,
  type MatchStrategy,
} from '@hanouti/core';

/** Each strategy's own score for one product, in 0..1. */
export type StrategyScores = Partial<Record<MatchStrategy, number>>;

/** Below these a strategy's score is noise and does not count (spec §9: text > 0.3, colour > 0.4). */
function counts(strategy: MatchStrategy, score: number): boolean {
  if (!(score > 0)) return false;
  if (strategy === 'text') return score > TEXT_MIN;
  if (strategy === 'colour') return score > COLOUR_MIN;
  return true;
}

/**
 * The evidence for one product before the cap: each counting strategy contributes weight × score;
 * contributions are sorted and the i-th (from 0) multiplied by RANK_DECAY^i, then summed.
 */
export function combinedEvidence(scores: StrategyScores): number {
  const contributions = (Object.entries(scores) as [MatchStrategy, number][])
    .filter(([strategy, score]) => counts(strategy, score))
    .map(([strategy, score]) => STRATEGY_WEIGHTS[strategy] * score)
    .sort((a, b) => b - a);
  return contributions.reduce((total, c, rank) => total + c * RANK_DECAY ** rank, 0);
}

/** Combined score of one product (spec): its evidence capped at MAX_COMBINED_SCORE. */
export function combineScores(scores: StrategyScores): number {
  return Math.min(MAX_COMBINED_SCORE, combinedEvidence(scores));
}

/** A barcode read that is in the catalogue scores this for its product (spec: 0.95). */
export const barcodeScore = (matched: boolean): number => (matched ? BARCODE_MATCH_SCORE : 0);

/**
 * Candidates, scores descending. Scores under Sûr grow strictly with the evidence (`belowSure`), so equal
 * scores mean equal fused evidence (or two decisive answers at the cap): then the one with more evidence
 * before the cap comes first, then the next evidence (`next`, compared in order: e.g. inliers, votes,
 * look-alike similarity), and only when all of it is equal the product id, so that results are stable.
 */
export function rankByScore<T extends { score: number; product_id: string; strategies?: StrategyScores }>(
  items: readonly T[],
  next?: (item: T) => readonly number[],
): T[] {
  const evidence = new Map(
    items.map((item) => [item, item.strategies ? combinedEvidence(item.strategies) : 0]),
  );
  const keys = new Map(items.map((item) => [item, next?.(item) ?? []]));
  const byNext = (a: T, b: T) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
      const d = (kb[i] ?? 0) - (ka[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  return [...items].sort(
    (a, b) =>
      b.score - a.score ||
      evidence.get(b)! - evidence.get(a)! ||
      byNext(a, b) ||
      (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0),
  );
}
