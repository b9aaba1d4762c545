/** One Vitest run for the whole repository: each workspace is a project with its own environment. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources of the workspace packages, never a stale build.
    alias: {
      '@hanouti/core': src('./packages/core/src/index.ts'),
      '@hanouti/recognition/node': src('./packages/recognition/src/nodeAssets.ts'),
      '@hanouti/recognition': src('./packages/recognition/src/index.ts'),
    },
  },
  test: {
    // Bounds for a hang, never budgets: a test fails because its outcome is wrong, never because the machine is
    // busy (at load 30-44 opening PGlite took 47 s and an OCR test several minutes). One bound for every test, no
    // per-test timeouts below it. Timings belong to `npm run bench`.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'recognition',
          include: ['packages/recognition/src/**/*.test.ts'],
          environment: 'node',
          passWithNoTests: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
