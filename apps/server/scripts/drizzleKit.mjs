// Runs drizzle-kit from this package (`npm run db:generate -w @hanouti/server`) so that it finds our drizzle-orm.
// npm keeps drizzle-orm in apps/server/node_modules while drizzle-kit is hoisted to the root, and drizzle-kit
// loads drizzle-orm from its own location (both require and import), so it would stop at "install drizzle-orm".
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageUrl = new URL('../package.json', import.meta.url);
const packageDir = dirname(fileURLToPath(packageUrl));
const drizzleKitBin = join(dirname(createRequire(packageUrl).resolve('drizzle-kit')), 'bin.cjs');

// ESM import() ignores NODE_PATH: a resolve hook retries drizzle-orm from this package.
const resolveHook = `
  export async function resolve(specifier, context, next) {
    try {
      return await next(specifier, context);
    } catch (error) {
      if (specifier !== 'drizzle-orm' && !specifier.startsWith('drizzle-orm/')) throw error;
      return next(specifier, { ...context, parentURL: ${JSON.stringify(packageUrl.href)} });
    }
  }`;
const registerHook = `import { register } from 'node:module'; register(${JSON.stringify(
  'data:text/javascript,' + encodeURIComponent(resolveHook),
)});`;

const result = spawnSync(
  process.execPath,
  [
    '--import',
    'data:text/javascript,' + encodeURIComponent(registerHook),
    drizzleKitBin,
    ...process.argv.slice(2),
  ],
  {
    cwd: packageDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_PATH: join(packageDir, 'node_modules') },
  },
);
process.exitCode = result.status ?? 1;
