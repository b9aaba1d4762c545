// `npm run build`: builds what changed and only that — the server and the packages it runs (tsc -b, incremental),
// then the web app unless apps/web/dist already holds a build of the current sources (buildStamp.mjs).
// `--force` rebuilds the web app anyway. Tests are type-checked by `npm run check`, never here.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isBuildCurrent, webSourcesHash } from '../apps/web/buildStamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = fileURLToPath(new URL('../apps/web/', import.meta.url));
const webDist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const require = createRequire(import.meta.url);

function run(label, script, args, cwd) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [script, ...args], { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`${label} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`== ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Builds the server (and core, recognition) and the web app when their sources changed. */
export function build({ force = false } = {}) {
  // Only the build projects: a no-change run reads their .tsbuildinfo and returns in about a second.
  run(
    'server (tsc -b)',
    require.resolve('typescript/bin/tsc'),
    ['-b', 'apps/server/tsconfig.build.json'],
    root,
  );
  const started = performance.now();
  const sourcesHash = webSourcesHash();
  if (!force && isBuildCurrent(webDist, sourcesHash)) {
    const checked = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`== web app: unchanged since its last build (sources checked in ${checked} s)\n`);
    return;
  }
  const vite = join(dirname(require.resolve('vite/package.json', { paths: [webDir] })), 'bin', 'vite.js');
  run('web app (vite build)', vite, ['build'], webDir);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
  build(values);
}
