// `npx tsx bench/lookAlikeKeepReplay.ts --dump FILE --data DIR`: replays the fusion of a bench `--dump` with
// more of the look-alike ranking scored as colour (APPEARANCE_KEEP 3, 4, 5, 6 products instead of 3). Exact
// for keeps ≥ the one the dump was taken with: the products of the first three keep their colour score, and
// a product added keeps the better of its outline colour (what its dumped colour was) and its look-alike
// score. For choosing on `train` only; the dump's look-alike ranking holds 20 products.
// Measured on 240 `train` photos (balanced, the bench's own figures at keep 3): packaged top-1 / top-3
// 0.882 / 0.987 for every keep; fresh 0.793 / 0.896 for 3, 4 and 5, 0.793 / 0.902 for 6 (one photo of 164);
// Sûr 115 right of 118 for all. Not adopted: APPEARANCE_KEEP stays 3.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIDENCE_HIGH } from '@hanouti/core';
import { combineScores, combinedEvidence, type StrategyScores } from '../src/fusion.js';
import { APPEARANCE_KEEP, APPEARANCE_TOP, LOOK_ALIKE_SPREAD, belowSure } from '../src/recognise.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({ options: { dump: { type: 'string' }, data: { type: 'string' } } });
if (!args.dump || !args.data) throw new Error('usage: lookAlikeKeepReplay.ts --dump FILE --data DIR');
type Row = {
  truth: string;
  disable: string[];
  mode: string;
  candidates: [string, number, StrategyScores][];
  appearance: [string, number][];
};
// The bench's first measurement comes first in its dump; learning and ablations follow.
const all = JSON.parse(readFileSync(args.dump, 'utf8')) as Row[];
const rows = all.filter((r) => r.disable.length === 0 && r.mode === all[0]!.mode);
const packaged = new Set(
  readCsv(join(args.data, 'catalog.csv'))
    .filter((r) => r.brand)
    .map((r) => r.product_id!),
);
for (const keep of [APPEARANCE_KEEP, 4, 5, 6]) {
  const t = { packaged: [0, 0, 0], fresh: [0, 0, 0], sure: [0, 0] };
  for (const row of rows) {
    const scores = new Map<string, { s: StrategyScores; decisive: boolean }>();
    for (const [id, score, strategies] of row.candidates)
      scores.set(id, { s: { ...strategies }, decisive: score >= CONFIDENCE_HIGH });
    const best = row.appearance[0]?.[1] ?? 0;
    row.appearance.slice(APPEARANCE_KEEP, keep).forEach(([id, similarity]) => {
      const colour = APPEARANCE_TOP * (1 - (best - similarity) / LOOK_ALIKE_SPREAD);
      if (colour <= 0) return;
      const entry = scores.get(id) ?? { s: {}, decisive: false };
      entry.s.colour = Math.max(entry.s.colour ?? 0, colour);
      scores.set(id, entry);
    });
    const ranked = [...scores]
      .map(([id, { s, decisive }]) => {
        const combined = combineScores(s);
        return { id, score: decisive ? combined : belowSure(combined), evidence: combinedEvidence(s) };
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
  const f = (o: number[]) => `${(o[0]! / o[2]!).toFixed(3)} / ${(o[1]! / o[2]!).toFixed(3)} (${o[2]})`;
  const n = t.packaged[2]! + t.fresh[2]!;
  const allTop = (k: 0 | 1) => ((t.packaged[k]! + t.fresh[k]!) / n).toFixed(3);
  console.log(
    `keep ${keep}: packaged ${f(t.packaged)}  fresh ${f(t.fresh)}  all ${allTop(0)} / ${allTop(1)}  Sûr ${t.sure[1]} right of ${t.sure[0]}`,
  );
}
