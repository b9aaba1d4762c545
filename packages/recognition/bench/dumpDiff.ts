// `npx tsx bench/dumpDiff.ts BEFORE.json AFTER.json`: the photos whose first three candidates differ between
// two bench `--dump` files of the same photos (e.g. before and after a change), with their scores.
import { readFileSync } from 'node:fs';

type Row = { path: string; mode: string; disable: string[]; truth: string; candidates: [string, number][] };
const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) throw new Error('usage: dumpDiff.ts BEFORE.json AFTER.json');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Row[];
const key = (r: Row) => `${r.path} ${r.mode} ${r.disable.join()}`;
const before = new Map(read(beforeFile).map((r) => [key(r), r]));
const firstThree = (r: Row) =>
  r.candidates
    .slice(0, 3)
    .map(([id, score]) => `${id}:${score.toFixed(2)}`)
    .join(' ');
let changed = 0;
const after = read(afterFile);
for (const row of after) {
  const old = before.get(key(row));
  if (!old || firstThree(old) === firstThree(row)) continue;
  changed++;
  console.log(`${row.path} (${row.truth})\n  before ${firstThree(old)}\n  after  ${firstThree(row)}`);
}
console.log(`${changed} of ${after.length} photos changed their first three`);
