// `npx tsx bench/siblingReplay.ts --dump FILE --data DIR [--show]`: replays the order of the answers after the
// first one: by score alone, or the first answer's siblings (same brand) scoring at least 0 / 0.2 / 0.4 next
// (`siblingsNext`) — the commonest wrong answer is another flavour of the right brand. Top-1 and Sûr cannot
// change. Measured on the dump's first 600 `train` photos (packaged top-3; fresh top-3): by score 0.990;
// 0.866, min 0 1.000; 0.858, min 0.2 1.000; 0.866 (adopted: SIBLING_SUGGESTION_MIN), min 0.4 0.995; 0.866.
// On `val` afterwards: 0.900; 0.673 with 0.2 and 0.4 (unchanged), 0.890; 0.658 with 0.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { readCsv } from './csv.js';
import {
  dumpedScores,
  packagedProducts,
  readDumpRows,
  replayAccuracy,
  replayRanking,
  siblingOrder,
  type Reorder,
} from './replay.js';

const { values: args } = parseArgs({
  options: { dump: { type: 'string' }, data: { type: 'string' }, show: { type: 'boolean' } },
});
if (!args.dump || !args.data) throw new Error('usage: siblingReplay.ts --dump FILE --data DIR [--show]');
const rows = readDumpRows(args.dump);
const packaged = packagedProducts(args.data);
const catalogue = readCsv(join(args.data, 'catalog.csv'));
const nameOf = new Map(catalogue.map((r) => [r.product_id!, r.name!]));

const siblingsFrom = (min: number): Reorder => siblingOrder(args.data!, min);

const variants: [string, Reorder | undefined][] = [
  ['by score', undefined],
  ['siblings from 0', siblingsFrom(0)],
  ['siblings from 0.2 (now)', siblingsFrom(0.2)],
  ['siblings from 0.4', siblingsFrom(0.4)],
];
const inFirstThree = (rank: number) => rank >= 0 && rank < 3;
for (const [name, reorder] of variants) {
  console.log(`${name.padEnd(24)} ${replayAccuracy(rows, packaged, dumpedScores, undefined, reorder)}`);
  if (!args.show || !reorder) continue;
  for (const row of rows) {
    const ranked = replayRanking(row, dumpedScores(row));
    const before = ranked.findIndex((c) => c.id === row.truth);
    const order = reorder(ranked);
    const rank = order.findIndex((c) => c.id === row.truth);
    if (inFirstThree(before) !== inFirstThree(rank))
      console.log(
        `  ${inFirstThree(rank) ? 'won ' : 'lost'} ${row.path} ${nameOf.get(row.truth)} (${before} -> ${rank}); first ${nameOf.get(order[0]!.id)}`,
      );
  }
}
