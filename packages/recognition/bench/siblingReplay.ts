// `npx tsx bench/siblingReplay.ts --dump FILE --data DIR [--show]`: replays the order of the answers after the
// first one: by score alone, or the first answer's siblings (same brand) scoring at least 0 / 0.2 / 0.4 next
// (`siblingsNext`) — the commonest wrong answer is another flavour of the right brand. Top-1 and Sûr cannot
// change. Measured on the dump's first 600 `train` photos (packaged top-3; fresh top-3): by score 0.990;
// 0.866, min 0 1.000; 0.858, min 0.2 1.000; 0.866 (adopted: SIBLING_SUGGESTION_MIN), min 0.4 0.995; 0.866.
// On `val` afterwards: 0.900; 0.673 with 0.2 and 0.4 (unchanged), 0.890; 0.658 with 0.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { CONFIDENCE_HIGH } from '@hanouti/core';
import { combineScores } from '../src/fusion.js';
import { belowSure, siblingsNext } from '../src/recognise.js';
import { readCsv } from './csv.js';
import {
  byEvidence,
  dumpedScores,
  packagedProducts,
  readDumpRows,
  type ReplayedCandidate,
} from './replay.js';

const { values: args } = parseArgs({
  options: { dump: { type: 'string' }, data: { type: 'string' }, show: { type: 'boolean' } },
});
if (!args.dump || !args.data) throw new Error('usage: siblingReplay.ts --dump FILE --data DIR');
const rows = readDumpRows(args.dump);
const packaged = packagedProducts(args.data);
const catalogue = readCsv(join(args.data, 'catalog.csv'));
const brandOf = new Map(catalogue.map((r) => [r.product_id!, (r.brand ?? '').trim().toLowerCase()]));
const nameOf = new Map(catalogue.map((r) => [r.product_id!, r.name!]));

type Reorder = (ranked: ReplayedCandidate[]) => ReplayedCandidate[];
const asRanked: Reorder = (ranked) => ranked;
/** The pipeline's `siblingsNext` with siblings from `min`, brands from the catalogue. */
const siblingsFrom =
  (min: number): Reorder =>
  (ranked) =>
    siblingsNext(
      ranked.map((c) => ({ ...c, brand: brandOf.get(c.id) || undefined })),
      min,
    );

const variants: [string, Reorder][] = [
  ['by score', asRanked],
  ['siblings from 0', siblingsFrom(0)],
  ['siblings from 0.2 (now)', siblingsFrom(0.2)],
  ['siblings from 0.4', siblingsFrom(0.4)],
];
for (const [name, reorder] of variants) {
  const t = { packaged: [0, 0, 0], fresh: [0, 0, 0], sure: [0, 0] };
  const changed: string[] = [];
  for (const row of rows) {
    const ties = byEvidence(row);
    const ranked = [...dumpedScores(row)]
      .map(([id, { strategies, decisive }]): ReplayedCandidate => {
        const combined = combineScores(strategies);
        return { id, score: decisive ? combined : belowSure(combined), strategies };
      })
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || ties(a, b) || a.id.localeCompare(b.id));
    const before = ranked.findIndex((c) => c.id === row.truth);
    const order = reorder(ranked);
    const rank = order.findIndex((c) => c.id === row.truth);
    if ((before >= 0 && before < 3) !== (rank >= 0 && rank < 3))
      changed.push(
        `  ${rank >= 0 && rank < 3 ? 'won ' : 'lost'} ${row.path} ${nameOf.get(row.truth)} (${before} -> ${rank}); first ${nameOf.get(order[0]!.id)}`,
      );
    const o = packaged.has(row.truth) ? t.packaged : t.fresh;
    o[2]!++;
    if (rank === 0) o[0]!++;
    if (rank >= 0 && rank < 3) o[1]!++;
    if (order[0] && order[0].score >= CONFIDENCE_HIGH) {
      t.sure[0]!++;
      if (rank === 0) t.sure[1]!++;
    }
  }
  const f = (o: number[]) => `${(o[0]! / o[2]!).toFixed(3)} / ${(o[1]! / o[2]!).toFixed(3)} (${o[2]})`;
  console.log(
    `${name.padEnd(24)} packaged ${f(t.packaged)}  fresh ${f(t.fresh)}  Sûr ${t.sure[1]} right of ${t.sure[0]}`,
  );
  if (args.show) for (const line of changed) console.log(line);
}
