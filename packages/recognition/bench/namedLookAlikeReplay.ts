// `npx tsx bench/namedLookAlikeReplay.ts --dump FILE --data DIR`: replays the fusion of a bench `--dump` with
// the look-alike ranking also scored among the products the text names. When the words read name a brand,
// all its products score alike on text, and the colour strategy only scores the photo's three nearest
// products in the whole catalogue (often other products), so the brand's flavours stay tied. Here the
// named products (text ≥ --named) nearest in look-alike get a colour score relative to the best of them, as
// `appearanceScores` does for the whole ranking. For choosing on `train` only; the dump's look-alike ranking
// holds 20 products, so a named product outside them gets nothing.
// Measured: 240 `train` photos, packaged top-3 0.987 → 1.000 with keep 2 or 3 at text ≥ 0.3 (one photo),
// nothing else; 600 `train` photos with `--disable visual`, top-3 0.990 → 0.995 (one photo) and, at spread
// 0.07, top-1 0.885 → 0.880. Fresh and Sûr unchanged. Not adopted: one photo either way.
import { parseArgs } from 'node:util';
import { APPEARANCE_TOP, LOOK_ALIKE_SPREAD } from '../src/recognise.js';
import { dumpedScores, packagedProducts, readDumpRows, replayAccuracy } from './replay.js';

const { values: args } = parseArgs({
  options: { dump: { type: 'string' }, data: { type: 'string' }, half: { type: 'string' } },
});
if (!args.dump || !args.data) throw new Error('usage: namedLookAlikeReplay.ts --dump FILE --data DIR');
let rows = readDumpRows(args.dump);
if (args.half) rows = rows.filter((_, i) => i % 2 === (args.half === 'even' ? 0 : 1));
const packaged = packagedProducts(args.data);
console.log(`as dumped: ${replayAccuracy(rows, packaged, dumpedScores)}`);
for (const named of [0.3, 0.4, 0.5])
  for (const keep of [1, 2, 3])
    for (const spread of [LOOK_ALIKE_SPREAD, LOOK_ALIKE_SPREAD / 2]) {
      const line = replayAccuracy(rows, packaged, (row) => {
        const scores = dumpedScores(row);
        const texts = new Set(
          [...scores].filter(([, e]) => (e.strategies.text ?? 0) >= named).map(([id]) => id),
        );
        if (texts.size < 2) return scores;
        const nearest = row.appearance.filter(([id]) => texts.has(id)).slice(0, keep);
        const best = nearest[0]?.[1] ?? 0;
        for (const [id, similarity] of nearest) {
          const colour = APPEARANCE_TOP * (1 - (best - similarity) / spread);
          if (colour <= 0) continue;
          const entry = scores.get(id)!;
          entry.strategies.colour = Math.max(entry.strategies.colour ?? 0, colour);
        }
        return scores;
      });
      console.log(`named ≥ ${named}, keep ${keep}, spread ${spread.toFixed(3)}: ${line}`);
    }
