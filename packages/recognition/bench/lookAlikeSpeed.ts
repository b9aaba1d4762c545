// Time of the look-alike ranking alone (lookAlike.ts) on real photos against the dataset's references:
// `npx tsx bench/lookAlikeSpeed.ts --data DIR [--split train] [--limit 56] [--out rankings.json]`.
// Prints the median / p95 ms per photo of the whole ranking and of its patch comparison; --out writes every
// photo's ranking, so that two versions of the code can be compared value for value.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  PATCH_SHORTLIST,
  lookAlikeRanking,
  patchDescriptors,
  patchDistanceToProduct,
  regionDescriptors,
} from '../src/lookAlike.js';
import { decodeImageFile } from './decode.js';
import { readCsv } from './csv.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    split: { type: 'string', default: 'train' },
    limit: { type: 'string', default: '56' },
    out: { type: 'string' },
  },
});
const dir = resolve(args.data ?? '../../../shared/datasets/grocery-dev');
const references: { productId: string; regions: Uint8Array; patches: Uint8Array }[] = [];
for (const { product_id: id } of readCsv(join(dir, 'catalog.csv'))) {
  const folder = join(dir, 'references', id!);
  if (!existsSync(folder)) continue;
  for (const file of readdirSync(folder).sort()) {
    const image = await decodeImageFile(join(folder, file));
    references.push({ productId: id!, regions: regionDescriptors(image), patches: patchDescriptors(image) });
  }
}
const patchesOf = new Map<string, Uint8Array[]>();
for (const { productId, patches } of references)
  (patchesOf.get(productId) ?? patchesOf.set(productId, []).get(productId)!).push(patches);

const pool = readCsv(join(dir, 'queries.csv')).filter((q) => q.split === args.split);
const limit = Number(args.limit);
const queries = pool.filter(
  (_, i) => Math.floor((i * limit) / pool.length) !== Math.floor(((i - 1) * limit) / pool.length),
);
const rankingTimes: number[] = [];
const patchTimes: number[] = [];
const rankings: Record<string, { productId: string; similarity: number }[]> = {};
for (const { path } of queries) {
  const image = await decodeImageFile(join(dir, path!));
  const query = { regions: regionDescriptors(image), patches: patchDescriptors(image) };
  let start = performance.now();
  const ranking = lookAlikeRanking(query, references);
  rankingTimes.push(performance.now() - start);
  rankings[path!] = ranking;
  // The patch comparison alone, over the same shortlist.
  start = performance.now();
  for (const { productId } of ranking.slice(0, PATCH_SHORTLIST))
    patchDistanceToProduct(query.patches, patchesOf.get(productId) ?? []);
  patchTimes.push(performance.now() - start);
}
const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10 };
};
console.log(
  JSON.stringify({
    photos: queries.length,
    references: references.length,
    rankingMs: ms(rankingTimes),
    patchMs: ms(patchTimes),
  }),
);
if (args.out) writeFileSync(args.out, JSON.stringify(rankings));
