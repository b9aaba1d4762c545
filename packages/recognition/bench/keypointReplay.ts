// `npx tsx bench/keypointReplay.ts --dump FILE --data DIR [--n N]`: replays the visual score of a bench `--dump`
// from each product's keypoint evidence (`keypoints` in its rows) under other rules, the rest of the fusion as
// dumped. For choosing on `train` only. Rules:
// - `MIN_INLIERS m`: the pipeline's visual score (`visualScore` on best + second photo, votes-only below) with
//   a homography from m inliers; m = MIN_INLIERS gives the bench's own figures (the replay is exact);
// - `share` / `ranking` (dumps taken at commit ad4b8c7, the distinctive-inlier probe, whose rows carry
//   `distinctive`: the best photo's inliers that it explains better than any other product's verified photo,
//   at Lowe ratios 0.7 / 0.8 / 0.9): ambiguous products (a runner-up above 0.7× their inliers) separated by
//   distinctive inliers instead of all of them, with homographies from 8 inliers as when they were measured.
// - `aligned ^p` / `alignedOwn ^p` (dumps taken at commit 676e30b, the aligned-colour probe, whose rows carry
//   `aligned` / `alignedOwn`): ambiguous products settled by inliers × aligned colour agreement^p;
// - `, homography × f`: an ambiguous homography (≥ MIN_INLIERS inliers) scoring ≤ VOTES_ONLY_CAP weighed by f
//   instead of WEAK_VISUAL_FACTOR (votes only unchanged).
// - `hull ^p` / `centre ^p` / `hull alone` (dumps taken at commit 1a0ee66, whose rows carry `hull` and `centre`:
//   the share of the photo the best photo's inliers cover, and their centroid's distance from its centre):
//   ambiguous products settled by inliers × hull^p, × (1 − centre)^p, or by hull alone — the pack held up to
//   the camera is larger and more central than the packs of the shelf behind it.
// The ranking ends with the pipeline's sibling order (`siblingOrder`), so `current` gives the bench's figures.
// Measured in docs/recognition.md, "Homographies from 12 inliers" (MIN_INLIERS 12 adopted, the others not),
// "The first answer's siblings next" (aligned colour and the homography weights not adopted) and "Where the
// inliers lie, and keypoints voted and verified apart" (hull and centre not adopted).
import { parseArgs } from 'node:util';
import {
  AMBIGUOUS_CAP,
  MIN_INLIERS,
  productInliers,
  RUNNER_UP_RATIO,
  VOTES_ONLY_CAP,
  visualScore,
  weighedVisual,
  type KeypointEvidence,
} from '../src/recognise.js';
import { dumpedScores, packagedProducts, readDumpRows, replayAccuracy, siblingOrder } from './replay.js';

const { values: args } = parseArgs({
  options: { dump: { type: 'string' }, data: { type: 'string' }, n: { type: 'string' } },
});
if (!args.dump || !args.data) throw new Error('usage: keypointReplay.ts --dump FILE --data DIR [--n N]');
const rows = readDumpRows(args.dump, args.n ? Number(args.n) : undefined);
const packaged = packagedProducts(args.data);

/** Keypoint evidence as the probe commit dumped it: distinctive inliers at ratios 0.7, 0.8, 0.9. */
type Evidence = KeypointEvidence & { distinctive?: number[]; aligned?: number; alignedOwn?: number };
/** A product's visual score before weighing, from its evidence and that of the others. */
type Rule = (e: Evidence, others: readonly Evidence[], maxVotes: number) => number;

/** `productInliers` with a second photo counting from m inliers. */
const rankingFrom = (m: number) => (o: Evidence) => productInliers(o.inliers, o.second, m);
const votesOnly = (e: Evidence, maxVotes: number) => (VOTES_ONLY_CAP * e.votes) / maxVotes;

/** The pipeline's rule with homographies from m inliers. */
const fromInliers =
  (m: number): Rule =>
  (e, others, maxVotes) => {
    const rank = rankingFrom(m);
    return visualScore(rank(e), Math.max(0, ...others.map(rank)), m) || votesOnly(e, maxVotes);
  };

/** Homographies from 8 inliers, as when the distinctive rules were measured. */
const BEFORE = 8;
const ranking8 = rankingFrom(BEFORE);

/**
 * Ambiguous products (the cap below Sûr applies) scaled by (distinctive own + k) / (distinctive of the best
 * other + k) instead of own / other inliers.
 */
const distinctShare =
  (ratio: number, k: number): Rule =>
  (e, others, maxVotes) => {
    const own = ranking8(e);
    const othersRanking = Math.max(0, ...others.map(ranking8));
    const plain = visualScore(own, othersRanking, BEFORE);
    if (!plain || othersRanking <= RUNNER_UP_RATIO * own) return plain || votesOnly(e, maxVotes);
    const d = (o: Evidence) => o.distinctive?.[ratio] ?? 0;
    const dOther = Math.max(0, ...others.filter((o) => o.inliers >= BEFORE).map(d));
    return Math.min(visualScore(own, 0, BEFORE), AMBIGUOUS_CAP) * Math.min(1, (d(e) + k) / (dOther + k));
  };

/** The ambiguity decided on distinctive inliers alone (best photo), the strength still from all inliers. */
const distinctRanking =
  (ratio: number): Rule =>
  (e, others, maxVotes) => {
    const plain = fromInliers(BEFORE)(e, others, maxVotes);
    if (ranking8(e) < BEFORE) return plain;
    const d = (o: Evidence) => (o.inliers >= BEFORE ? (o.distinctive?.[ratio] ?? 0) : 0);
    const dOther = Math.max(0, ...others.map(d));
    if (dOther <= RUNNER_UP_RATIO * d(e)) return plain;
    return (
      Math.min(visualScore(ranking8(e), 0, BEFORE), AMBIGUOUS_CAP) * Math.min(1, d(e) / Math.max(1, dOther))
    );
  };

/**
 * PROBE: an ambiguous match (a runner-up above 0.7× its inliers) settled by aligned colour agreement: the
 * product's inliers and the others' weighed by `aligned` (common outline) or `alignedOwn` (own outline) to
 * the power p, the cap below Sûr kept.
 */
const alignedShare = (key: 'aligned' | 'alignedOwn', p: number): Rule =>
  weighedShare((o) => (o[key] ?? 0) ** p);
const hasAligned = rows.some((row) => row.keypoints?.some((e) => 'aligned' in e));

/**
 * PROBE: an ambiguous match settled by inliers × weight(product), the cap below Sûr kept (`weight` from where
 * the best photo's inliers lie in the photo: `hull`, the share they cover; `centre`, their distance from it).
 */
const weighedShare =
  (weight: (o: Evidence) => number): Rule =>
  (e, others, maxVotes) => {
    const rank = rankingFrom(MIN_INLIERS);
    const own = rank(e);
    const othersRanking = Math.max(0, ...others.map(rank));
    const plain = visualScore(own, othersRanking);
    if (!plain || othersRanking <= RUNNER_UP_RATIO * own) return plain || votesOnly(e, maxVotes);
    const weighed = (o: Evidence) => (o.inliers >= MIN_INLIERS ? rank(o) * weight(o) : 0);
    const otherWeighed = Math.max(0, ...others.map(weighed));
    return (
      Math.min(visualScore(own, 0), AMBIGUOUS_CAP) * Math.min(1, weighed(e) / Math.max(1e-9, otherWeighed))
    );
  };
const hasSpread = rows.some((row) => row.keypoints?.some((e) => 'hull' in e));
type Spread = Evidence & { hull?: number; centre?: number };

const RATIOS = [0.7, 0.8, 0.9];
const hasDistinctive = rows.some((row) => row.keypoints?.some((e) => 'distinctive' in e));
const rules: [string, Rule][] = [
  ...[8, 9, 10, 12, 14, 16].map((m): [string, Rule] => [
    `MIN_INLIERS ${m}${m === MIN_INLIERS ? ' (now)' : ''}`,
    fromInliers(m),
  ]),
  ...(hasAligned
    ? (['aligned', 'alignedOwn'] as const).flatMap((key) =>
        [1, 2, 4].map((p): [string, Rule] => [`${key} ^${p}`, alignedShare(key, p)]),
      )
    : []),
  ...(hasSpread
    ? [
        ...[0.5, 1, 2].map((p): [string, Rule] => [
          `hull ^${p}`,
          weighedShare((o: Spread) => (o.hull ?? 0) ** p),
        ]),
        ...[1, 2].map((p): [string, Rule] => [
          `centre ^${p}`,
          weighedShare((o: Spread) => (1 - (o.centre ?? 1)) ** p),
        ]),
        [
          'hull alone',
          weighedShare((o: Spread) => (o.hull ?? 0) / Math.max(1, rankingFrom(MIN_INLIERS)(o))),
        ] as [string, Rule],
      ]
    : []),
  ...(hasDistinctive
    ? RATIOS.flatMap((r, i) => [
        ...[1, 3].map((k): [string, Rule] => [`share r${r} k${k}`, distinctShare(i, k)]),
        [`ranking r${r}`, distinctRanking(i)] as [string, Rule],
      ])
    : []),
];

/**
 * How a visual score counts in the fusion: `weighedVisual` (weak evidence — votes only, or an ambiguous
 * homography scoring at most VOTES_ONLY_CAP — × WEAK_VISUAL_FACTOR), or an ambiguous homography from
 * MIN_INLIERS inliers weighed by `factor` instead (votes only still × WEAK_VISUAL_FACTOR).
 */
type Weigh = (visual: number, e: Evidence) => number;
const weighNow: Weigh = (visual) => weighedVisual(visual);
const homographyWeighed =
  (factor: number): Weigh =>
  (visual, e) =>
    e.inliers >= MIN_INLIERS && visual <= VOTES_ONLY_CAP ? visual * factor : weighedVisual(visual);
const weighs: [string, Weigh][] = [
  ['', weighNow],
  ...[0.5, 0.75, 1].map((f): [string, Weigh] => [`, homography × ${f}`, homographyWeighed(f)]),
];

for (const [name, rule, weigh] of rules.flatMap(([n, r]) =>
  (n.includes('(now)') ? weighs : weighs.slice(0, 1)).map(([w, weigh]): [string, Rule, Weigh] => [
    n + w,
    r,
    weigh,
  ]),
)) {
  const line = replayAccuracy(
    rows,
    packaged,
    (row) => {
      const scores = dumpedScores(row);
      const keypoints: Evidence[] = row.keypoints ?? [];
      const maxVotes = Math.max(1, ...keypoints.map((e) => e.votes));
      for (const e of keypoints) {
        const entry = scores.get(e.productId);
        // Sûr answers (the measured rule, on all inliers) are kept as dumped.
        if (!entry || entry.decisive) continue;
        const others = keypoints.filter((o) => o.productId !== e.productId);
        const visual = weigh(rule(e, others, maxVotes), e);
        if (visual > 0) entry.strategies.visual = visual;
        else delete entry.strategies.visual;
      }
      return scores;
    },
    undefined,
    siblingOrder(args.data),
  );
  console.log(`${name.padEnd(40)} ${line}`);
}
