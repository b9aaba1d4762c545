// Builds the data harness page (never shipped) into dist-harness: the real data layer, production mode.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { workspaceAliases } from './workspaceAliases.js';

export default defineConfig({
  root: fileURLToPath(new URL('./harness', import.meta.url)),
  base: './',
  mode: 'production',
  resolve: { alias: workspaceAliases },
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '1.0.0'),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist-harness', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
});
