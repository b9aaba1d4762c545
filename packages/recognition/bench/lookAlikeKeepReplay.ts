// `npx tsx bench/lookAlikeKeepReplay.ts --dump FILE --data DIR`: replays the fusion of a bench `--dump` with
// more of the look-alike ranking scored as colour (APPEARANCE_KEEP 3, 4, 5, 6 products instead of 3). Exact
// for keeps ≥ the one the dump was taken with: the products of the first three keep their colour score, and
// a product added keeps the better of its outline colour (what its dumped colour was) and its look-alike
// score. For choosing on `train` only; the dump's look-alike ranking holds 20 products.
// Measured on 240 `train` photos (balanced, the bench's own figures at keep 3): packaged top-1 / top-3
// 0.882 / 0.987 for every keep; fresh 0.793 / 0.896 for 3, 4 and 5, 0.793 / 0.902 for 6 (one photo of 164);
// Sûr 115 right of 118 for all. Not adopted: APPEARANCE_KEEP stays 3.
import { parseArgs } from 'node:util';
import { APPEARANCE_KEEP, APPEARANCE_TOP, LOOK_ALIKE_SPREAD } from '../src/recognise.js';
import { dumpedScores, packagedProducts, readDumpRows, replayAccuracy } from './replay.js';

const { values: args } = parseArgs({ options: { dump: { type: 'string' }, data: { type: 'string' } } });
if (!args.dump || !args.data) throw new Error('usage: lookAlikeKeepReplay.ts --dump FILE --data DIR');
const rows = readDumpRows(args.dump);
const packaged = packagedProducts(args.data);
for (const keep of [APPEARANCE_KEEP, 4, 5, 6]) {
  const line = replayAccuracy(rows, packaged, (row) => {
    const scores = dumpedScores(row);
    const best = row.appearance[0]?.[1] ?? 0;
    for (const [id, similarity] of row.appearance.slice(APPEARANCE_KEEP, keep)) {
      const colour = APPEARANCE_TOP * (1 - (best - similarity) / LOOK_ALIKE_SPREAD);
      if (colour <= 0) continue;
      const entry = scores.get(id) ?? { strategies: {}, decisive: false };
      entry.strategies.colour = Math.max(entry.strategies.colour ?? 0, colour);
      scores.set(id, entry);
    }
    return scores;
  });
  console.log(`keep ${keep}: ${line}`);
}
