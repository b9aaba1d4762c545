// `npx tsx bench/distinctiveReplay.ts --dump FILE --data DIR [--n N]`: replays the visual score of a bench
// `--dump` (taken with the keypoint evidence, `keypoints` in each row) under rules that weigh the inliers a
// product explains better than the other verified products do (`distinctiveInliers`). For choosing on `train`.
import { parseArgs } from 'node:util';
import {
  productInliers,
  VOTES_ONLY_CAP,
  visualScore,
  weighedVisual,
  type KeypointEvidence,
} from '../src/recognise.js';
import { dumpedScores, packagedProducts, readDumpRows, replayAccuracy } from './replay.js';

const { values: args } = parseArgs({
  options: { dump: { type: 'string' }, data: { type: 'string' }, n: { type: 'string' } },
});
if (!args.dump || !args.data) throw new Error('usage: distinctiveReplay.ts --dump FILE --data DIR [--n N]');
const rows = readDumpRows(args.dump, args.n ? Number(args.n) : undefined);
const packaged = packagedProducts(args.data);

/** Visual scores of a row's products under a rule: (evidence, all evidence) → score before weighing. */
type Rule = (e: KeypointEvidence, all: readonly KeypointEvidence[], maxVotes: number) => number;

const current: Rule = (e, all, maxVotes) => {
  const others = Math.max(
    0,
    ...all.filter((o) => o.productId !== e.productId).map((o) => productInliers(o.inliers, o.second)),
  );
  return visualScore(productInliers(e.inliers, e.second), others) || (VOTES_ONLY_CAP * e.votes) / maxVotes;
};

/**
 * Ambiguity settled by distinctive inliers: when another product's inliers are close (the ambiguous cap
 * applies), the share factor is (distinctive own + k) / (distinctive of the best other + k) instead of
 * own / other inliers.
 */
const distinctShare =
  (ratioIndex: number, k: number): Rule =>
  (e, all, maxVotes) => {
    const own = productInliers(e.inliers, e.second);
    const others = all.filter((o) => o.productId !== e.productId);
    const othersRanking = Math.max(0, ...others.map((o) => productInliers(o.inliers, o.second)));
    const plain = visualScore(own, othersRanking);
    if (!plain) return (VOTES_ONLY_CAP * e.votes) / maxVotes;
    if (othersRanking <= 0.7 * own) return plain;
    const strength = visualScore(own, 0);
    const dOwn = e.distinctive[ratioIndex]!;
    const dOther = Math.max(
      0,
      ...others.filter((o) => o.inliers >= 8).map((o) => o.distinctive[ratioIndex]!),
    );
    return Math.min(strength, 0.65) * Math.min(1, (dOwn + k) / (dOther + k));
  };

/** Ranking inliers replaced by distinctive ones (best photo), the rule otherwise as now. */
const distinctRanking =
  (ratioIndex: number): Rule =>
  (e, all, maxVotes) => {
    const plain = current(e, all, maxVotes);
    if (productInliers(e.inliers, e.second) < 8) return plain;
    const d = (o: KeypointEvidence) => (o.inliers >= 8 ? o.distinctive[ratioIndex]! : 0);
    const others = Math.max(0, ...all.filter((o) => o.productId !== e.productId).map(d));
    const strength = visualScore(productInliers(e.inliers, e.second), 0);
    if (others <= 0.7 * d(e)) return plain;
    return Math.min(strength, 0.65) * Math.min(1, d(e) / Math.max(1, others));
  };

const rules: [string, Rule][] = [
  ['current', current],
  ...[0, 1, 2].flatMap((r) =>
    [1, 3].map((k): [string, Rule] => [`share r${[0.7, 0.8, 0.9][r]} k${k}`, distinctShare(r, k)]),
  ),
  ...[0, 1, 2].map((r): [string, Rule] => [`ranking r${[0.7, 0.8, 0.9][r]}`, distinctRanking(r)]),
];

for (const [name, rule] of rules) {
  const line = replayAccuracy(rows, packaged, (row) => {
    const scores = dumpedScores(row);
    const keypoints = row.keypoints ?? [];
    const maxVotes = Math.max(1, ...keypoints.map((e) => e.votes));
    for (const e of keypoints) {
      const entry = scores.get(e.productId);
      if (!entry || entry.decisive) continue;
      const visual = weighedVisual(rule(e, keypoints, maxVotes));
      if (visual > 0) entry.strategies.visual = visual;
      else delete entry.strategies.visual;
    }
    return scores;
  });
  console.log(`${name.padEnd(16)} ${line}`);
}

// A homography needs at least `m` inliers instead of MIN_INLIERS (8): with more keypoints per photo, chance
// fits reach more inliers.
const withMinInliers =
  (m: number): Rule =>
  (e, all, maxVotes) => {
    const rank = (o: KeypointEvidence) => (o.inliers >= m ? o.inliers + (o.second >= m ? o.second : 0) : 0);
    const own = rank(e);
    const others = Math.max(0, ...all.filter((o) => o.productId !== e.productId).map(rank));
    return (own ? visualScore(own, others) : 0) || (VOTES_ONLY_CAP * e.votes) / maxVotes;
  };
for (const m of [8, 9, 10, 12]) {
  const line = replayAccuracy(rows, packaged, (row) => {
    const scores = dumpedScores(row);
    const keypoints = row.keypoints ?? [];
    const maxVotes = Math.max(1, ...keypoints.map((e) => e.votes));
    for (const e of keypoints) {
      const entry = scores.get(e.productId);
      if (!entry || entry.decisive) continue;
      const visual = weighedVisual(withMinInliers(m)(e, keypoints, maxVotes));
      if (visual > 0) entry.strategies.visual = visual;
      else delete entry.strategies.visual;
    }
    return scores;
  });
  console.log(`min inliers ${m}`.padEnd(16), line);
}
