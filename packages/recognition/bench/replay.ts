// Replaying the fusion on a bench `--dump`: the dump's rows, and top-1 / top-3 / Sûr of candidates scored
// again. For the replays that choose a fusion constant on `train` (weakVisualReplay, lookAlikeKeepReplay).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIDENCE_HIGH } from '@hanouti/core';
import { combineScores, combinedEvidence, type StrategyScores } from '../src/fusion.js';
import { belowSure, SIBLING_SUGGESTION_MIN, siblingsNext, type KeypointEvidence } from '../src/recognise.js';
import { readCsv } from './csv.js';

export type DumpRow = {
  path: string;
  truth: string;
  disable: string[];
  mode: string;
  candidates: [string, number, StrategyScores][];
  /** The look-alike (or appearance) ranking, its first 20 products. */
  appearance: [string, number][];
  /** What the keypoints found per product (dumps taken since the distinctive-inlier probe). */
  keypoints?: KeypointEvidence[];
};

/**
 * The rows of the bench's first measurement (its first mode, its `--disable`), at most `n`. It visits each
 * query once, so a query seen again starts what comes after it (learning from use), which is left out.
 */
export function readDumpRows(file: string, n?: number): DumpRow[] {
  const all = JSON.parse(readFileSync(file, 'utf8')) as DumpRow[];
  const first = all[0];
  const rows: DumpRow[] = [];
  const seen = new Set<string>();
  for (const row of all) {
    if (row.mode !== first?.mode || row.disable.join() !== first.disable.join()) continue;
    if (seen.has(row.path)) break;
    seen.add(row.path);
    rows.push(row);
  }
  return rows.slice(0, n);
}

/** Products with a brand in the dataset's catalogue: the packaged goods. */
export const packagedProducts = (data: string): Set<string> =>
  new Set(
    readCsv(join(data, 'catalog.csv'))
      .filter((r) => r.brand)
      .map((r) => r.product_id!),
  );

/** Each product's brand in the directory's catalogue, trimmed and in lower case ('' without one). */
export const catalogueBrands = (data: string): Map<string, string> =>
  new Map(
    readCsv(join(data, 'catalog.csv')).map((r) => [r.product_id!, (r.brand ?? '').trim().toLowerCase()]),
  );

/**
 * The pipeline's order after the sort (`siblingsNext`: the first answer's siblings from `min` next), brands
 * from the directory's catalogue.
 */
export function siblingOrder(data: string, min = SIBLING_SUGGESTION_MIN): Reorder {
  const brandOf = catalogueBrands(data);
  return (ranked) =>
    siblingsNext(
      ranked.map((c) => ({ ...c, brand: brandOf.get(c.id) || undefined })),
      min,
    );
}

/** A candidate's strategy scores, and whether it was decisive (scored Sûr) when dumped. */
export type Rescored = Map<string, { strategies: StrategyScores; decisive: boolean }>;

/** The dumped candidates as `Rescored` entries, to change before `replayAccuracy`. */
export const dumpedScores = (row: DumpRow): Rescored =>
  new Map(
    row.candidates.map(([id, score, strategies]) => [
      id,
      { strategies: { ...strategies }, decisive: score >= CONFIDENCE_HIGH },
    ]),
  );

/** A candidate as replayed: its score as the pipeline gives it, and what it rests on. */
export type ReplayedCandidate = { id: string; score: number; strategies: StrategyScores };
/** Orders candidates of equal score (given the row, e.g. for its look-alike order); negative: `a` first. */
export type TieBreak = (row: DumpRow) => (a: ReplayedCandidate, b: ReplayedCandidate) => number;
/** The pipeline's tie-break (`rankByScore`): more evidence before the cap first. */
export const byEvidence: TieBreak = () => (a, b) =>
  combinedEvidence(b.strategies) - combinedEvidence(a.strategies);

/** The order of a ranking after the pipeline's sort (e.g. `siblingsNext`); the identity by default. */
export type Reorder = (ranked: ReplayedCandidate[]) => ReplayedCandidate[];

/**
 * A row's candidates ranked as the pipeline does: combined score, `belowSure` unless decisive, ties by
 * evidence unless another tie-break is given, then id; then `reorder`.
 */
export function replayRanking(
  row: DumpRow,
  rescored: Rescored,
  tieBreak: TieBreak = byEvidence,
  reorder: Reorder = (ranked) => ranked,
): ReplayedCandidate[] {
  const ties = tieBreak(row);
  return reorder(
    [...rescored]
      .map(([id, { strategies, decisive }]): ReplayedCandidate => {
        const combined = combineScores(strategies);
        return { id, score: decisive ? combined : belowSure(combined), strategies };
      })
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || ties(a, b) || a.id.localeCompare(b.id)),
  );
}

/**
 * Ranks each row's candidates (`replayRanking`) and tells top-1 / top-3 for packaged goods and fresh
 * produce and how many Sûr answers are right, as one line.
 */
export function replayAccuracy(
  rows: readonly DumpRow[],
  packaged: ReadonlySet<string>,
  rescore: (row: DumpRow) => Rescored,
  tieBreak: TieBreak = byEvidence,
  reorder?: Reorder,
): string {
  const t = { packaged: [0, 0, 0], fresh: [0, 0, 0], sure: [0, 0] };
  for (const row of rows) {
    const ranked = replayRanking(row, rescore(row), tieBreak, reorder);
    const rank = ranked.findIndex((c) => c.id === row.truth);
    const o = packaged.has(row.truth) ? t.packaged : t.fresh;
    o[2]!++;
    if (rank === 0) o[0]!++;
    if (rank >= 0 && rank < 3) o[1]!++;
    if (ranked[0] && ranked[0].score >= CONFIDENCE_HIGH) {
      t.sure[0]!++;
      if (rank === 0) t.sure[1]!++;
    }
  }
  const f = (o: number[]) => `${(o[0]! / o[2]!).toFixed(3)} / ${(o[1]! / o[2]!).toFixed(3)} (${o[2]})`;
  return `packaged ${f(t.packaged)}  fresh ${f(t.fresh)}  Sûr ${t.sure[1]} right of ${t.sure[0]}`;
}
