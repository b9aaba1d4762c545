// `npx tsx bench/siblingReplay.ts --dump FILE --data DIR`: replays the order of the suggestions after the first
// answer. Now: by score. Variant: when the first answer is a packaged product, its siblings (same brand) that
// have any evidence come next, by score, then the rest — the commonest wrong answer is another flavour of the
// right brand, so its siblings are the likelier second and third answers. Top-1 and Sûr cannot change.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { CONFIDENCE_HIGH } from '@hanouti/core';
import { combineScores } from '../src/fusion.js';
import { belowSure } from '../src/recognise.js';
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
/** Siblings of the first answer scoring at least `min` right after it. */
const siblingsNext =
  (min: number): Reorder =>
  (ranked) => {
    const [first, ...rest] = ranked;
    const brand = first && brandOf.get(first.id);
    if (!first || !brand) return ranked;
    const siblings = rest.filter((c) => brandOf.get(c.id) === brand && c.score >= min);
    return [first, ...siblings, ...rest.filter((c) => !siblings.includes(c))];
  };

const variants: [string, Reorder][] = [
  ['by score (now)', asRanked],
  ['siblings next', siblingsNext(0)],
  ['siblings > 0.2', siblingsNext(0.2)],
  ['siblings > 0.4', siblingsNext(0.4)],
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
    `${name.padEnd(16)} packaged ${f(t.packaged)}  fresh ${f(t.fresh)}  Sûr ${t.sure[1]} right of ${t.sure[0]}`,
  );
  if (args.show) for (const line of changed) console.log(line);
}
