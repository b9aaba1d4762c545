// `npx tsx bench/weakVisualReplay.ts --dump FILE --data DIR [--n 240] [--taken 0.5]`: replays the fusion of a bench
// `--dump` with weak keypoint evidence (a visual score ≤ VOTES_ONLY_CAP before weighing: votes only, or a few
// inliers behind a stronger runner-up) counting 1 / 0.5 / 0.25 / 0 instead of WEAK_VISUAL_FACTOR. For
// choosing on `train` only. With the look-alike ranking, 240 `train` photos (balanced): packaged top-1 /
// top-3 0.882 / 0.987 for 1, 0.5 and 0.25 (0.868 / 0.987 for 0), fresh 0.720 / 0.872, 0.787 / 0.896,
// 0.793 / 0.896, 0.787 / 0.896; Sûr 115 right of 118 for all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIDENCE_HIGH } from '@hanouti/core';
import { combineScores, combinedEvidence, type StrategyScores } from '../src/fusion.js';
import { VOTES_ONLY_CAP, WEAK_VISUAL_FACTOR, belowSure } from '../src/recognise.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({
  options: {
    dump: { type: 'string' },
    data: { type: 'string' },
    n: { type: 'string' },
    /** WEAK_VISUAL_FACTOR when the dump was taken (0.5 before the look-alike ranking's commit). */
    taken: { type: 'string' },
  },
});
if (!args.dump || !args.data) throw new Error('usage: weakVisualReplay.ts --dump FILE --data DIR [--n N]');
type Row = { truth: string; disable: string[]; candidates: [string, number, StrategyScores][] };
// The bench's first measurement comes first in its dump; learning and ablations follow.
const rows = (JSON.parse(readFileSync(args.dump, 'utf8')) as Row[])
  .filter((r) => r.disable.length === 0)
  .slice(0, args.n ? Number(args.n) : undefined);
const packaged = new Set(
  readCsv(join(args.data, 'catalog.csv'))
    .filter((r) => r.brand)
    .map((r) => r.product_id!),
);
const taken = args.taken ? Number(args.taken) : WEAK_VISUAL_FACTOR;
const weakAtMost = VOTES_ONLY_CAP * taken;
for (const factor of [1, 0.5, 0.25, 0]) {
  const t = { packaged: [0, 0, 0], fresh: [0, 0, 0], sure: [0, 0] };
  for (const row of rows) {
    const ranked = row.candidates
      .map(([id, score, stored]) => {
        const strategies = { ...stored };
        if (strategies.visual !== undefined && strategies.visual <= weakAtMost)
          strategies.visual *= factor / taken;
        const combined = combineScores(strategies);
        return {
          id,
          score: score >= CONFIDENCE_HIGH ? combined : belowSure(combined),
          evidence: combinedEvidence(strategies),
        };
      })
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || b.evidence - a.evidence || a.id.localeCompare(b.id));
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
  const f = (o: number[]) => `${(o[0]! / o[2]!).toFixed(3)} / ${(o[1]! / o[2]!).toFixed(3)}`;
  console.log(
    `factor ${factor}: packaged ${f(t.packaged)}  fresh ${f(t.fresh)}  Sûr ${t.sure[1]} right of ${t.sure[0]}`,
  );
}
