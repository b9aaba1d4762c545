// The `web` Vitest project: React components and the IndexedDB data layer in happy-dom.
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { recognitionModelFiles } from './src/recognition/modelFilesPlugin.js';
import { workspaceAliases } from './workspaceAliases.js';

export default defineProject({
  // The model-files plugin provides `virtual:recognition-model-files` (the list of served model files).
  plugins: [react(), recognitionModelFiles({ emit: false })],
  resolve: {
    alias: {
      ...workspaceAliases,
      // The PWA plugin's virtual module exists only in a Vite build; tests drive a controllable double.
      'virtual:pwa-register/react': new URL('./src/test/pwaRegisterDouble.ts', import.meta.url).pathname,
    },
  },
  define: {
    __BUILD_TIME__: JSON.stringify('2025-01-01T00:00:00.000Z'),
    __APP_VERSION__: JSON.stringify('1.0.0'),
  },
  test: {
    name: 'web',
    root: new URL('.', import.meta.url).pathname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A busy machine must not fail a test: limits far above an idle run (timings are for `npm run bench`).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
