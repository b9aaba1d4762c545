// `tsx bench/appearanceFusion.ts --dump FILE --data DIR`: replays the fusion of the appearance (colour and
// texture) signal on a bench dump taken with it scoring nothing (APPEARANCE_TOP = 0), for other mappings of
// similarity to score. For choosing on `train` only; the chosen mapping is then measured on `val` by the bench.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIDENCE_HIGH } from '@hanouti/core';
import { combineScores, type StrategyScores } from '../src/fusion.js';
import { belowSure } from '../src/recognise.js';

const { values: args } = parseArgs({ options: { dump: { type: 'string' }, data: { type: 'string' } } });
if (!args.dump || !args.data) throw new Error('usage: appearanceFusion.ts --dump FILE --data DIR');
type Row = {
  truth: string;
  disable: string[];
  candidates: [string, number, StrategyScores][];
  appearance: [string, number][];
};
const rows = (JSON.parse(readFileSync(args.dump, 'utf8')) as Row[]).filter((r) => r.disable.length === 0);
const [header, ...lines] = readFileSync(join(args.data, 'catalog.csv'), 'utf8').trim().split(/\r?\n/);
const keys = header!.split(',');
const packaged = new Set(
  lines
    .map((line) => Object.fromEntries(line.split(',').map((v, i) => [keys[i]!, v])))
    .filter((r) => r.brand)
    .map((r) => r.product_id!),
);

type Mapping = (ranking: [string, number][]) => Map<string, number>;

function replay(mapping: Mapping) {
  const t = {
    n: 0,
    top1: 0,
    top3: 0,
    pN: 0,
    pTop1: 0,
    pTop3: 0,
    fN: 0,
    fTop1: 0,
    fTop3: 0,
    sure: 0,
    sureRight: 0,
  };
  for (const row of rows) {
    const scores = new Map<string, { s: StrategyScores; decisive: boolean }>();
    for (const [id, score, strategies] of row.candidates)
      scores.set(id, { s: { ...strategies }, decisive: score >= CONFIDENCE_HIGH });
    for (const [id, colour] of mapping(row.appearance)) {
      const entry = scores.get(id) ?? { s: {}, decisive: false };
      entry.s.colour = Math.max(entry.s.colour ?? 0, colour);
      scores.set(id, entry);
    }
    const ranked = [...scores]
      .map(([id, { s, decisive }]) => {
        const combined = combineScores(s);
        return { id, score: decisive ? combined : belowSure(combined) };
      })
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    const rank = ranked.findIndex((c) => c.id === row.truth);
    const hit1 = rank === 0 ? 1 : 0;
    const hit3 = rank >= 0 && rank < 3 ? 1 : 0;
    t.n++;
    t.top1 += hit1;
    t.top3 += hit3;
    if (packaged.has(row.truth)) {
      t.pN++;
      t.pTop1 += hit1;
      t.pTop3 += hit3;
    } else {
      t.fN++;
      t.fTop1 += hit1;
      t.fTop3 += hit3;
    }
    if (ranked[0] && ranked[0].score >= CONFIDENCE_HIGH) {
      t.sure++;
      t.sureRight += hit1;
    }
  }
  const r = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 1000) / 1000;
  return {
    packaged: [r(t.pTop1, t.pN), r(t.pTop3, t.pN)],
    fresh: [r(t.fTop1, t.fN), r(t.fTop3, t.fN)],
    all: [r(t.top1, t.n), r(t.top3, t.n)],
    sure: [r(t.sureRight, t.sure), r(t.sure, t.n)],
  };
}

const linear =
  (keep: number, top: number, spread: number): Mapping =>
  (ranking) => {
    const out = new Map<string, number>();
    const best = ranking[0]?.[1] ?? 0;
    for (const [id, similarity] of ranking.slice(0, keep)) {
      const score = top * (1 - (best - similarity) / spread);
      if (score > 0) out.set(id, score);
    }
    return out;
  };

console.log(JSON.stringify({ rows: rows.length, none: replay(() => new Map()) }));
const results: { keep: number; top: number; spread: number; result: ReturnType<typeof replay> }[] = [];
for (const keep of [3, 5, 8])
  for (const top of [0.5, 0.6, 0.7, 0.8, 0.9, 1])
    for (const spread of [0.02, 0.03, 0.05, 0.08, 0.12])
      results.push({ keep, top, spread, result: replay(linear(keep, top, spread)) });
results.sort(
  (a, b) =>
    b.result.all[1]! +
    b.result.packaged[0]! +
    b.result.all[0]! -
    (a.result.all[1]! + a.result.packaged[0]! + a.result.all[0]!),
);
for (const r of results.slice(0, 15)) console.log(JSON.stringify(r));
