// `tsx bench/textFusion.ts --dump FILE --data DIR`: replays the text strategy's fusion on a bench dump
// (`--dump` of benchRecognition.ts) with other text weights, without running the models again. For choosing
// weights on `train` only; the chosen ones are then measured once on `val` by the bench itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIDENCE_HIGH } from '@hanouti/core';
import { combineScores, type StrategyScores } from '../src/fusion.js';
import { belowSure } from '../src/recognise.js';
import { buildTextIndex, scoreText, wordsOfLines } from '../src/textMatch.js';

const { values: args } = parseArgs({ options: { dump: { type: 'string' }, data: { type: 'string' } } });
if (!args.dump || !args.data) throw new Error('usage: textFusion.ts --dump FILE --data DIR');
type Row = {
  path: string;
  split: string;
  truth: string;
  disable: string[];
  text: [string, number][];
  candidates: [string, number, StrategyScores][];
};
const rows = (JSON.parse(readFileSync(args.dump, 'utf8')) as Row[]).filter((r) => r.disable.length === 0);
const [header, ...lines] = readFileSync(join(args.data, 'catalog.csv'), 'utf8').trim().split(/\r?\n/);
const keys = header!.split(',');
const catalogue = lines
  .map((line) => Object.fromEntries(line.split(',').map((v, i) => [keys[i]!, v])))
  .map((r) => ({ id: r.product_id!, name: r.name!, brand: r.brand ?? '' }));
const packaged = new Set(catalogue.filter((p) => p.brand).map((p) => p.id));

function replay(brandWeight: number, nameWeight: number, similarity: number, veto: number | null) {
  const index = buildTextIndex(catalogue, { brandWeight, nameWeight });
  let top1 = 0;
  let top3 = 0;
  let pTop1 = 0;
  let pTop3 = 0;
  let pN = 0;
  let sure = 0;
  let sureRight = 0;
  for (const row of rows) {
    const text = scoreText(
      index,
      wordsOfLines(row.text.map(([t, confidence]) => ({ text: t, confidence }))),
      similarity,
    );
    const scores = new Map<string, { s: StrategyScores; decisive: boolean }>();
    for (const [id, score, strategies] of row.candidates) {
      const { text: _text, ...rest } = strategies;
      scores.set(id, { s: rest, decisive: score >= CONFIDENCE_HIGH });
    }
    for (const [id, t] of text) {
      const entry = scores.get(id) ?? { s: {}, decisive: false };
      entry.s = { ...entry.s, text: t };
      scores.set(id, entry);
    }
    const bestText = Math.max(0, ...text.values());
    const ranked = [...scores]
      .map(([id, { s, decisive }]) => {
        // Veto: a sure keypoint answer that the text clearly contradicts (another brand read) is not sure.
        const contradicted = veto !== null && bestText >= veto && !(s.text && s.text > 0);
        const combined = combineScores(s);
        return { id, score: decisive && !contradicted ? combined : belowSure(combined) };
      })
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    const rank = ranked.findIndex((c) => c.id === row.truth);
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    if (packaged.has(row.truth)) {
      pN++;
      if (rank === 0) pTop1++;
      if (rank >= 0 && rank < 3) pTop3++;
    }
    if (ranked[0] && ranked[0].score >= CONFIDENCE_HIGH) {
      sure++;
      if (rank === 0) sureRight++;
    }
  }
  const r = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 1000) / 1000;
  return {
    brandWeight,
    nameWeight,
    similarity,
    veto,
    packaged: [r(pTop1, pN), r(pTop3, pN)],
    all: [r(top1, rows.length), r(top3, rows.length)],
    sure: [r(sureRight, sure), r(sure, rows.length)],
  };
}

const results = [];
results.push({ ...replay(0, 0, 0.75, null), note: 'no text' });
for (const brandWeight of [0.5, 0.7, 0.9])
  for (const nameWeight of [0.3, 0.5, 0.7])
    for (const similarity of [0.7, 0.75, 0.8])
      for (const veto of [null, 0.35, 0.4, 0.45, 0.5])
        results.push(replay(brandWeight, nameWeight, similarity, veto));
for (const result of results) process.stdout.write(`${JSON.stringify(result)}\n`);
