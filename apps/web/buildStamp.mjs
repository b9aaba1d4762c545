// The web build's stamp: a hash of everything the bundle is made from, and the build time written into it.
// `npm start` skips the Vite build when dist/ carries the stamp of the current sources; Vite writes the same
// build time into the bundle for the same sources, so an unchanged app keeps its bundle hash across rebuilds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP_FILE = '.build-stamp.json';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const repoDir = join(webDir, '..', '..');

/** What the bundle is made of: the app, the workspace packages it bundles, its build config and locked deps. */
const INPUTS = [
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/src',
  'apps/web/vite.config.ts',
  'apps/web/workspaceAliases.ts',
  'apps/web/buildStamp.mjs',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/core/src',
  'packages/core/package.json',
  'packages/recognition/src',
  'packages/recognition/package.json',
  'package-lock.json',
];

// Tests are never bundled: changing one must not rebuild the app.
const isTest = (path) => /\.test\.tsx?$/.test(path) || path.includes(`${sep}test${sep}`);

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** SHA-256 over the path and content of every input file (git-independent, mtime-independent). */
export function webSourcesHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesUnder(join(repoDir, input))) {
      if (isTest(file)) continue;
      hash.update(relative(repoDir, file).split(sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/**
 * When the bundle's inputs last changed in git's history (the commit time, ISO), so that every clone of a commit
 * builds the same bundle; undefined when git cannot tell — no git, a shallow clone (its history is cut), or an
 * input changed or added since the last commit (then the build's own time is used, as for any local change).
 */
export function committedSourcesTime(dir = repoDir) {
  const git = (...args) =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    if (git('rev-parse', '--is-shallow-repository') !== 'false') return undefined;
    if (git('status', '--porcelain', '--untracked-files=all', '--', ...INPUTS) !== '') return undefined;
    const time = Date.parse(git('log', '-1', '--format=%cI', '--', ...INPUTS));
    return Number.isNaN(time) ? undefined : new Date(time).toISOString();
  } catch {
    return undefined;
  }
}

/** The stamp a finished build left in `outDir`, or undefined (no build, or an interrupted one). */
export function readStamp(outDir) {
  try {
    const stamp = JSON.parse(readFileSync(join(outDir, STAMP_FILE), 'utf8'));
    if (typeof stamp.sourcesHash === 'string' && typeof stamp.buildTime === 'string') return stamp;
  } catch {
    // no stamp: build
  }
  return undefined;
}

/** True when `outDir` holds a finished build of exactly the current sources. */
export function isBuildCurrent(outDir, sourcesHash = webSourcesHash()) {
  return existsSync(join(outDir, 'index.html')) && readStamp(outDir)?.sourcesHash === sourcesHash;
}
