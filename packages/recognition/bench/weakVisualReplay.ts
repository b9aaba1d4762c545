// `npx tsx bench/weakVisualReplay.ts --dump FILE --data DIR [--n 240] [--taken 0.5]`: replays the fusion of a bench
// `--dump` with weak keypoint evidence (a visual score ≤ VOTES_ONLY_CAP before weighing: votes only, or a few
// inliers behind a stronger runner-up) counting 1 / 0.5 / 0.25 / 0 instead of WEAK_VISUAL_FACTOR. For
// choosing on `train` only. With the look-alike ranking, 240 `train` photos (balanced): packaged top-1 /
// top-3 0.882 / 0.987 for 1, 0.5 and 0.25 (0.868 / 0.987 for 0), fresh 0.720 / 0.872, 0.787 / 0.896,
// 0.793 / 0.896, 0.787 / 0.896; Sûr 115 right of 118 for all.
import { parseArgs } from 'node:util';
import { VOTES_ONLY_CAP, WEAK_VISUAL_FACTOR } from '../src/recognise.js';
import { dumpedScores, packagedProducts, readDumpRows, replayAccuracy } from './replay.js';

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
const rows = readDumpRows(args.dump, args.n ? Number(args.n) : undefined);
const packaged = packagedProducts(args.data);
const taken = args.taken ? Number(args.taken) : WEAK_VISUAL_FACTOR;
const weakAtMost = VOTES_ONLY_CAP * taken;
for (const factor of [1, 0.5, 0.25, 0]) {
  const line = replayAccuracy(rows, packaged, (row) => {
    const scores = dumpedScores(row);
    for (const { strategies } of scores.values())
      if (strategies.visual !== undefined && strategies.visual <= weakAtMost)
        strategies.visual *= factor / taken;
    return scores;
  });
  console.log(`factor ${factor}: ${line}`);
}
