// `npm run bench`: every browser benchmark of the app as ONE JSON document — the data layer (issue 3), the catalogue
// and stock lists' frame times (issue 4), the checkout screen (issue 5), a search keystroke on 10,000 products and
// a phone's first and second visit on a slow network (coldStart). Each runs in its own process.
// `--products N --sales N` shrink the shop of all three for a quick run. Exits 1 when a budget is missed (budgets.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { budgetChecks, budgetReport } from './budgets.mjs';

const { values: args } = parseArgs({
  options: { products: { type: 'string' }, sales: { type: 'string' } },
});
const size = Object.entries(args).flatMap(([name, value]) => (value ? [`--${name}`, value] : []));
const e2eDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs one benchmark script with tsx and returns the JSON it printed (its logs go to stderr). */
function runBench(script) {
  const run = spawnSync('npx', ['tsx', script, ...size], {
    cwd: e2eDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) return { error: `${script} exited with ${run.status}` };
  try {
    return JSON.parse(run.stdout);
  } catch {
    return { error: `${script} printed no JSON document` };
  }
}

const result = {
  data: runBench('bench/run.ts'),
  catalogFrames: runBench('bench/catalogFrames.mjs'),
  checkoutUi: runBench('bench/checkoutUi.mjs'),
  searchKeystroke: runBench('bench/searchKeystroke.ts'),
  coldStart: runBench('bench/coldStart.mjs'),
};
const json = JSON.stringify(result, null, 2);
mkdirSync(new URL('../bench-results/', import.meta.url), { recursive: true });
writeFileSync(new URL('../bench-results/all.json', import.meta.url), `${json}\n`);
process.stdout.write(`${json}\n`);
// Each figure beside its budget (stderr, after the document); a budget missed or a bench failed fails the run.
const checks = budgetChecks(result);
process.stderr.write(`\n${budgetReport(checks)}\n`);
const failed = Object.values(result).some((part) => 'error' in part) || checks.some((check) => !check.pass);
process.exitCode = failed ? 1 : 0;
