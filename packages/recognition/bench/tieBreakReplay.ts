// `npx tsx bench/tieBreakReplay.ts --dump FILE --data DIR`: replays how candidates tied at the top score (the
// ceiling under Sûr) are ordered. Now: by their evidence before the cap (`combinedEvidence`, the spec's
// weights). Variants: the text counted less in that tie-break, or the look-alike order first. Scores do not
// change, only the order of equal ones. For choosing on `train` only (a normal dump, and one taken with
// `--disable visual`, where the photo's keypoints find nothing, as on many photos from other sessions).
// Measured (packaged top-1; top-3, fresh and Sûr unchanged by every variant):
//   240 `train` photos:                  now 0.882; text × 0.75 0.868, × 0.5 0.882, × 0.25 0.855; look-alike 0.882
//   600 `train` photos, --disable visual: now 0.885; text × 0.75 0.895, × 0.5 0.880, × 0.25 0.890; look-alike 0.890
// No direction holds on both: the tie-break stays by evidence.
// Again at MIN_INLIERS 12 with siblings next (600 `train` photos, the order ends with `siblingOrder`): now 0.901;
// look-alike first 0.916, sibling text first (a tied sibling whose words beat the other's by SIBLING_TEXT_MARGIN
// from TEXT_VETO) 0.906, any text first 0.906. `val` afterwards: now 0.80, look-alike first 0.73 (the look-alike
// ranking favours the references' own session: `train`, not other photos), text first 0.80. Not adopted.
import { parseArgs } from 'node:util';
import { combinedEvidence, type StrategyScores } from '../src/fusion.js';
import { SIBLING_TEXT_MARGIN, TEXT_VETO } from '../src/recognise.js';
import {
  byEvidence,
  catalogueBrands,
  dumpedScores,
  packagedProducts,
  readDumpRows,
  replayAccuracy,
  siblingOrder,
  type TieBreak,
} from './replay.js';

const { values: args } = parseArgs({ options: { dump: { type: 'string' }, data: { type: 'string' } } });
if (!args.dump || !args.data) throw new Error('usage: tieBreakReplay.ts --dump FILE --data DIR');
const rows = readDumpRows(args.dump);
const packaged = packagedProducts(args.data);

const textScaled =
  (factor: number): TieBreak =>
  () =>
  (a, b) => {
    const scaled = (s: StrategyScores) => combinedEvidence({ ...s, text: (s.text ?? 0) * factor });
    return scaled(b.strategies) - scaled(a.strategies);
  };
const lookAlikeFirst: TieBreak = (row) => {
  const order = new Map(row.appearance.map(([id], i) => [id, i]));
  const evidence = byEvidence(row);
  return (a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || evidence(a, b);
};
const brandOf = catalogueBrands(args.data);
/**
 * PROBE: of tied products, one whose words read beat the other's by SIBLING_TEXT_MARGIN (from TEXT_VETO) comes
 * first — the rule that takes Sûr from a keypoint answer (`siblingTextContradicts`) also ordering the tie;
 * only between siblings (same brand), or between any two products.
 */
const textMarginFirst =
  (siblingsOnly: boolean): TieBreak =>
  (row) => {
    const evidence = byEvidence(row);
    return (a, b) => {
      const ta = a.strategies.text ?? 0;
      const tb = b.strategies.text ?? 0;
      const related = !siblingsOnly || (brandOf.get(a.id) && brandOf.get(a.id) === brandOf.get(b.id));
      if (related && ta >= TEXT_VETO && ta - tb >= SIBLING_TEXT_MARGIN) return -1;
      if (related && tb >= TEXT_VETO && tb - ta >= SIBLING_TEXT_MARGIN) return 1;
      return evidence(a, b);
    };
  };
const variants: [string, TieBreak][] = [
  ['evidence (now)', byEvidence],
  ['text × 0.75', textScaled(0.75)],
  ['text × 0.5', textScaled(0.5)],
  ['text × 0.25', textScaled(0.25)],
  ['look-alike first', lookAlikeFirst],
  ['sibling text first', textMarginFirst(true)],
  ['any text first', textMarginFirst(false)],
];
for (const [name, tieBreak] of variants)
  console.log(
    `${name.padEnd(18)} ${replayAccuracy(rows, packaged, dumpedScores, tieBreak, siblingOrder(args.data))}`,
  );
