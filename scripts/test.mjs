// `npm test`: every check, with each phase's time and a summary at the end; the first failure stops the run.
//
// The machine has two cores and most phases use one, so phases run side by side: a phase starts as soon as the
// phases it needs have passed and fewer than two cores' worth of phases are running (the Vitest runs and
// Playwright use two: they start when one core is free). The order below is the order of preference: the longest
// one-core phases first, so that the two-core phases start when little else is left. Each output line starts with
// its phase's name (not with --serial).
//
// `npm test -- --from unit` starts at a later phase (the phases before it are taken as passed), `--serial` runs one
// phase at a time, `--jobs N` sets how many cores' worth may run at once (2).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const tsc = [process.execPath, require.resolve('typescript/bin/tsc')];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const script = (name, ...args) => [npm, 'run', '--silent', name, ...(args.length ? ['--', ...args] : [])];

/**
 * The phases: name, what it checks, command, the phases it needs, cores it keeps busy. `npm run typecheck` is the
 * same type check in one command (typecheck:build + typecheck:tests + typecheck:web + typecheck:e2e).
 */
const PHASES = [
  {
    // First: ESLint's type information for e2e reads their declarations, and tsc -b then finds them built.
    name: 'typecheck:build',
    what: 'tsc -b of the build projects (core, recognition, server)',
    command: [...tsc, '-b', 'apps/server/tsconfig.build.json'],
  },
  { name: 'lint', what: 'ESLint', command: script('lint'), needs: ['typecheck:build'] },
  {
    name: 'typecheck:web',
    what: 'web app type check',
    command: [npm, 'run', '--silent', 'typecheck', '-w', '@hanouti/web'],
  },
  {
    name: 'typecheck:tests',
    what: 'tsc -b of the test projects',
    command: [...tsc, '-b'],
    needs: ['typecheck:build'],
  },
  {
    name: 'typecheck:e2e',
    what: 'e2e type check',
    command: [...tsc, '-p', 'e2e/tsconfig.json', '--noEmit'],
    needs: ['typecheck:build'],
  },
  { name: 'format:check', what: 'Prettier', command: script('format:check') },
  {
    name: 'build',
    what: 'build what changed (server, web app)',
    command: script('build'),
    needs: ['typecheck:build'],
  },
  // Vitest runs as many workers as the machine has cores unless told otherwise (the unit run: --maxWorkers=2).
  { name: 'test:server', what: 'Vitest: server', command: script('test:server'), cores: 2 },
  { name: 'test:unit', what: 'Vitest: core, recognition, web', command: script('test:unit'), cores: 2 },
  {
    name: 'test:e2e',
    what: 'Playwright in Chromium',
    command: script('test:e2e'),
    needs: ['build'],
    cores: 2,
  },
];

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    serial: { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
  },
});
const first = values.from === undefined ? 0 : PHASES.findIndex(({ name }) => name.endsWith(values.from));
if (first < 0) {
  process.stderr.write(`Unknown phase "${values.from}": ${PHASES.map(({ name }) => name).join(', ')}\n`);
  process.exit(2);
}
const capacity = values.serial ? 1 : Number(values.jobs);
if (!(capacity >= 1)) {
  process.stderr.write(`--jobs wants a number of cores (1 or more), not "${values.jobs}"\n`);
  process.exit(2);
}

const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const started = performance.now();
const passed = new Set(PHASES.slice(0, first).map(({ name }) => name));
const waiting = PHASES.slice(first);
/** name -> { child, cores } */
const running = new Map();
/** [name, ms, ok] in the order the phases ended. */
const times = [];
let failed = false;

process.stdout.write(`== npm test: load average ${load()}; up to ${capacity} core(s) of phases at once\n`);

function write(name, line) {
  process.stdout.write(capacity > 1 ? `[${name}] ${line}\n` : `${line}\n`);
}

/** Stops the running phases and everything they started (each runs in its own process group). */
function stopAll(signal) {
  for (const { child } of running.values()) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });

function start(phase) {
  const phaseStart = performance.now();
  process.stdout.write(`\n== ${phase.name}: ${phase.what}\n`);
  const [command, ...args] = phase.command;
  // Its own process group, so that a failure elsewhere can stop it with everything it started.
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.set(phase.name, { child, cores: phase.cores ?? 1 });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => write(phase.name, line));
  child.on('close', (code, signal) => {
    const ms = performance.now() - phaseStart;
    running.delete(phase.name);
    const stopped = failed && signal !== null;
    const ok = code === 0;
    times.push([phase.name, ms, ok, stopped]);
    process.stdout.write(
      `== ${phase.name}: ${ok ? 'passed' : stopped ? 'stopped' : 'FAILED'} in ${seconds(ms).trim()} (load ${load()})\n`,
    );
    if (ok) passed.add(phase.name);
    else if (!failed) {
      failed = true;
      waiting.length = 0;
      stopAll('SIGTERM');
    }
    schedule();
  });
}

function schedule() {
  const busy = () => [...running.values()].reduce((sum, { cores }) => sum + cores, 0);
  for (let i = 0; i < waiting.length && busy() < capacity;) {
    const phase = waiting[i];
    if ((phase.needs ?? []).every((name) => passed.has(name))) {
      waiting.splice(i, 1);
      start(phase);
    } else i++;
  }
  if (running.size === 0) summary();
}

function summary() {
  process.stdout.write(`\n== phase times (load average at the end: ${load()})\n`);
  for (const [name, ms, ok, stopped] of times)
    process.stdout.write(`${seconds(ms)}  ${name}${ok ? '' : stopped ? '  stopped' : '  FAILED'}\n`);
  process.stdout.write(`${seconds(performance.now() - started)}  total (wall clock)\n`);
  process.exit(failed ? 1 : 0);
}

schedule();
