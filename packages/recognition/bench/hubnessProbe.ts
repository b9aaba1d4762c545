// Probe: the appearance ranking alone (nearest reference photo per product), without and with a hubness
// correction (each reference's similarity lowered by share × the mean of its k most similar references of
// other products). `npx tsx bench/hubnessProbe.ts --data DIR --split train [--limit N]`.
//
// Measured on `train` only. Bare ranking, top-1 / top-3: 600 photos, plain packaged 0.759 / 0.942, fresh
// 0.682 / 0.841; k 5 share 0.5: packaged 0.785 / 0.948, fresh 0.709 / 0.853. All 2,235 photos: plain
// packaged 0.828 / 0.946, fresh 0.706 / 0.843; k 5 share 0.5: 0.834 / 0.953, 0.723 / 0.859.
// Not kept in the pipeline: fused with the other strategies it does not help. Bench on 240 `train` photos
// (balanced, `--dump`), k 5 share 0.5 at the index: packaged 0.868 / 0.987 both, fresh 0.793 / 0.884 →
// 0.768 / 0.878, Sûr 0.966 / 0.496 both. Fusion replayed (as bench/appearanceFusion.ts) on a 1,000-photo
// `train` dump taken with APPEARANCE_TOP = 0, plain against corrected rankings: all top-1 / top-3 0.775 /
// 0.896 → 0.769 / 0.898 (fresh 0.736 → 0.727 top-1); spreads 0.06 and 0.10 and k 5–20 × share 0.25–0.5
// were no better than plain (best 0.777 / 0.897; replay script not kept).
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { appearanceDescriptor, appearanceSimilarity } from '../src/appearance.js';
import { decodeImageFile } from './decode.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'train' },
    limit: { type: 'string' },
    half: { type: 'string' },
  },
});
const dir = resolve(args.data ?? '../../../shared/datasets/grocery-dev');
const catalog = readCsv(join(dir, 'catalog.csv'));
const packaged = new Set(catalog.filter((r) => r.brand).map((r) => r.product_id!));
const refs: { productId: string; a: Float32Array }[] = [];
for (const { product_id: id } of catalog) {
  const folder = join(dir, 'references', id!);
  if (!existsSync(folder)) continue;
  for (const file of readdirSync(folder).sort())
    refs.push({ productId: id!, a: appearanceDescriptor(await decodeImageFile(join(folder, file))) });
}
let queries = readCsv(join(dir, 'queries.csv')).filter((q) => q.split === args.split);
if (args.half) queries = queries.filter((_, i) => i % 2 === (args.half === 'even' ? 0 : 1));
const limit = args.limit ? Number(args.limit) : Infinity;
if (queries.length > limit)
  queries = queries.filter(
    (_, i) => Math.floor((i * limit) / queries.length) !== Math.floor(((i - 1) * limit) / queries.length),
  );
const q: { truth: string; a: Float32Array }[] = [];
for (const row of queries)
  q.push({ truth: row.product_id!, a: appearanceDescriptor(await decodeImageFile(join(dir, row.path!))) });

// Hubness of each reference: mean similarity of its k nearest references of other products.
const hub = (k: number) =>
  refs.map((r) => {
    const sims = refs.filter((o) => o.productId !== r.productId).map((o) => appearanceSimilarity(r.a, o.a));
    sims.sort((x, y) => y - x);
    return sims.slice(0, k).reduce((s, v) => s + v, 0) / k;
  });
const evaluate = (h: number[], share: number) => {
  const out: Record<string, [number, number, number]> = { packaged: [0, 0, 0], fresh: [0, 0, 0] };
  for (const query of q) {
    const best = new Map<string, number>();
    refs.forEach((r, i) => {
      const s = appearanceSimilarity(query.a, r.a) - share * h[i]!;
      if (s > (best.get(r.productId) ?? -Infinity)) best.set(r.productId, s);
    });
    const ranked = [...best].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    const rank = ranked.indexOf(query.truth);
    const o = out[packaged.has(query.truth) ? 'packaged' : 'fresh']!;
    o[2]++;
    if (rank === 0) o[0]++;
    if (rank >= 0 && rank < 3) o[1]++;
  }
  const f = ([a, b, n]: [number, number, number]) => `${(a / n).toFixed(3)} / ${(b / n).toFixed(3)} (${n})`;
  return `packaged ${f(out.packaged!)}  fresh ${f(out.fresh!)}`;
};
console.log(
  `${args.split}${args.half ? ` ${args.half}` : ''}: ${q.length} queries, ${refs.length} references`,
);
console.log(
  'plain           ',
  evaluate(
    refs.map(() => 0),
    0,
  ),
);
for (const k of [5, 10, 20])
  for (const share of [0.25, 0.5, 1])
    console.log(`k ${k} share ${share}`.padEnd(16), evaluate(hub(k), share));
