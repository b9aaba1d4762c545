// `npm test`: every check, in order, stopping at the first failure, with each phase's time (and a summary at the end).
// The phases are the npm scripts of the root package.json; `npm test -- --from unit` starts at a later phase.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const PHASES = [
  ['typecheck', 'tsc -b (packages, server, tests) + web and e2e type checks'],
  ['lint', 'ESLint'],
  ['format:check', 'Prettier'],
  ['test:unit', 'Vitest: core, recognition, web'],
  ['test:server', 'Vitest: server'],
  ['build', 'build what changed (server, web app)'],
  ['test:e2e', 'Playwright in Chromium'],
];

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const first = values.from === undefined ? 0 : PHASES.findIndex(([script]) => script.endsWith(values.from));
if (first < 0) {
  process.stderr.write(`Unknown phase "${values.from}": ${PHASES.map(([script]) => script).join(', ')}\n`);
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
function summary() {
  process.stdout.write('\n== phase times\n');
  for (const [script, ms, ok] of times)
    process.stdout.write(`${seconds(ms)}  ${script}${ok ? '' : '  FAILED'}\n`);
  process.stdout.write(`${seconds(times.reduce((sum, [, ms]) => sum + ms, 0))}  total\n`);
}

for (const [script, what] of PHASES.slice(first)) {
  process.stdout.write(`\n== ${script}: ${what}\n`);
  const started = performance.now();
  const run = spawnSync(npm, ['run', script], { stdio: 'inherit' });
  const ok = run.status === 0;
  times.push([script, performance.now() - started, ok]);
  process.stdout.write(
    `== ${script}: ${ok ? 'passed' : 'FAILED'} in ${seconds(performance.now() - started).trim()}\n`,
  );
  if (!ok) {
    summary();
    process.exit(run.status ?? 1);
  }
}
summary();
