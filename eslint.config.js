// Lint carries the architecture: package boundaries, no floating promises, no raw strings in JSX.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import { readdirSync } from 'node:fs';

const crossPackage = {
  group: ['**/apps/**', '../../packages/**', '../../../packages/**'],
  message: 'Import workspace packages by name (@hanouti/core), never by path; nothing imports from apps/.',
};

// Screen boundaries: a feature folder is one screen and imports no other; shared pieces live in ui/ or app/.
const featureNames = readdirSync(new URL('apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const screenBoundaries = [
  ...featureNames.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossPackage,
            {
              regex: `^(\\.\\./)+(features/)?(${featureNames.filter((other) => other !== name).join('|')})(/|$)`,
              message: `features/${name} imports no other screen: move what both use to ui/ or app/.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossPackage,
            { regex: '^(\\.\\./)+features/', message: 'ui/ serves the screens and imports none of them.' },
          ],
        },
      ],
    },
  },
  {
    // The data layer is the bottom of the app: screens, the shell and the sync client build on it, never the reverse.
    files: ['apps/web/src/data/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossPackage,
            {
              regex: '^\\.\\./(sync|features|app|ui|printing|recognition|i18n|pwa)(/|$)',
              message: 'data/ imports nothing of the app above it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The sync client keeps HTTP and scheduling; what it reads and writes locally goes through the data layer's face.
    files: ['apps/web/src/sync/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossPackage,
            {
              regex: '^\\.\\./data/(?!(syncStore|applyPulledChanges)$)',
              message: 'sync/ reaches data/ only through syncStore.ts and applyPulledChanges.ts.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      '**/dist-harness/**',
      'e2e/bench-results/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Root config files belong to no workspace's tsconfig.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [crossPackage] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // End-to-end specs assert the app's exact texts, so they may read its translation catalogues.
    files: ['e2e/**/*.{ts,mjs}'],
    // Code passed to page.evaluate runs in the browser.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(packages|apps/(?!web/src/(.+/)?locales/[a-z]+\\.json$))',
              message: crossPackage.message,
            },
          ],
        },
      ],
    },
  },
  ...screenBoundaries,
  {
    // The root's build scripts drive the web build: they read its build stamp by path.
    files: ['scripts/**/*.mjs'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The domain is pure: no UI, no storage, no network, no platform.
    files: ['packages/core/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossPackage,
            {
              group: [
                'react',
                'react-*',
                'react/*',
                'dexie',
                'dexie-*',
                '@hanouti/*',
                'node:*',
                'fs',
                'path',
              ],
              message: 'packages/core is pure: no React, DOM, IndexedDB, Node or other workspace imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'fetch',
          'window',
          'document',
          'indexedDB',
          'localStorage',
          'sessionStorage',
          'navigator',
          'XMLHttpRequest',
        ].map((name) => ({ name, message: 'packages/core is pure: pass data in, return data out.' })),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every user-visible string goes through t(): French source catalogue, complete Arabic.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-only' }],
    },
  },
);
