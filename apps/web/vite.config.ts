// Builds the Hanouti PWA: React, Tailwind v4, a precaching service worker for offline use, precompressed assets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { committedSourcesTime, readStamp, STAMP_FILE, webSourcesHash } from './buildStamp.mjs';
import { MODEL_CACHE } from './src/recognition/modelDownload.js';
import { recognitionModelFiles } from './src/recognition/modelFilesPlugin.js';
import { workspaceAliases } from './workspaceAliases.js';

const BRAND_TEAL = '#0f5c55';

/**
 * `__BUILD_TIME__` (the spec's 24-hour rule) is the commit time of the bundle's inputs when they are committed
 * (`committedSourcesTime`: every clone of a commit builds the same bundle), otherwise the time the current sources
 * were FIRST built: a rebuild of unchanged sources reuses the time in dist's stamp, so its bundle is byte for byte
 * the same (same hashes, no "new version" for the phones). The stamp is written last, once the whole build
 * (service worker included) is done.
 */
function buildStamp(): Plugin {
  let sourcesHash = '';
  let buildTime = '';
  let outDir = '';
  return {
    name: 'hanouti-build-stamp',
    apply: 'build',
    config(config) {
      outDir = resolve(config.root ?? process.cwd(), config.build?.outDir ?? 'dist');
      sourcesHash = webSourcesHash();
      const previous = readStamp(outDir);
      buildTime =
        committedSourcesTime() ??
        (previous?.sourcesHash === sourcesHash ? previous.buildTime : new Date().toISOString());
      return { define: { __BUILD_TIME__: JSON.stringify(buildTime) } };
    },
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, STAMP_FILE), `${JSON.stringify({ sourcesHash, buildTime })}\n`);
      },
    },
  };
}

/**
 * Marks the chunks of the first download (the entry chunk and the chunks it imports statically, directly or not)
 * with V8's explicit compile hint `//# allFunctionsCalledOnLoad` on their first line (Chrome 136+; for other
 * browsers, a comment): their functions are compiled on a background thread while the files stream in, instead of
 * one by one on the main thread when first called. The lazy chunks are left as they are (most of their functions are
 * not called on load). Second visit at CPU 4x: median 1,898 -> 1,767 ms in five interleaved pairs (issue 25).
 *
 * The minifier drops comments, so the line is added to the finished chunks, last: their source maps move one line
 * down, and their brotli and gzip copies (vite-plugin-compression2 made them earlier) are made again.
 */
function compileHintsForFirstDownload(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'hanouti-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const firstDownload = new Set<string>();
        const pending = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' && output.isEntry && !output.isDynamicEntry ? [output.fileName] : [],
        );
        while (pending.length > 0) {
          const file = pending.pop()!;
          const chunk = bundle[file];
          if (firstDownload.has(file) || chunk?.type !== 'chunk') continue;
          firstDownload.add(file);
          pending.push(...chunk.imports);
        }
        for (const file of firstDownload) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || chunk.code.startsWith(hint)) continue;
          chunk.code = hint + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${file}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(map.source.toString()) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
          const code = Buffer.from(chunk.code);
          const brotli = bundle[`${file}.br`];
          if (brotli?.type === 'asset') {
            brotli.source = brotliCompressSync(code, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
            });
          }
          const gzip = bundle[`${file}.gz`];
          if (gzip?.type === 'asset') gzip.source = gzipSync(code, { level: 9 });
        }
      },
    },
  };
}

export default defineConfig({
  // Relative base: the server may mount the app anywhere and the manifest's start_url stays "./".
  base: './',
  resolve: { alias: workspaceAliases },
  define: {
    // __BUILD_TIME__ (the spec's 24-hour rule) is defined by buildStamp() from the sources.
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '1.0.0'),
  },
  // The recognition Worker is an ES module; its OpenCV comes from models/ (see modelFilesPlugin.ts).
  worker: { format: 'es', plugins: () => [recognitionModelFiles({ emit: false })] },
  plugins: [
    buildStamp(),
    compileHintsForFirstDownload(),
    recognitionModelFiles(),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      // Registration happens in UpdatePrompt through useRegisterSW, so the plugin must not inject its own.
      injectRegister: false,
      includeAssets: ['favicon.ico', 'favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'Hanouti',
        short_name: 'Hanouti',
        description:
          'Caisse et stock pour votre hanout : ventes, catalogue, clients et crédit, même hors ligne.',
        lang: 'fr',
        dir: 'ltr',
        theme_color: BRAND_TEAL,
        background_color: '#f7f4ee',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        categories: ['business', 'finance', 'shopping'],
        icons: [
          { src: 'pwa-64x64.png', sizes: '64x64', type: 'image/png' },
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole shell, fonts included, so the app opens and navigates with no network after one visit.
        globPatterns: ['**/*.{js,css,html,woff2,png,svg,ico,webmanifest}'],
        // models/ holds scripts too (tesseract's worker and core): they belong to the model download below.
        globIgnores: ['**/models/**'],
        // The first visit's page is taken over as soon as the worker is installed ("Prêt hors ligne"), so a phone
        // that loses the network in that same visit still opens the pages it has not seen yet (their chunks come
        // from the precache). An update still waits for "Mettre à jour": claiming happens on activation, and an
        // update activates only when the shopkeeper accepts it (registerType 'prompt', no skipWaiting).
        clientsClaim: true,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Model files (WASM runtimes, tens of MB) are not precached: fetched on first use of the AI, then
        // served from this cache (the app's download writes to the same cache, see modelDownload.ts).
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.includes('/models/'),
            handler: 'CacheFirst',
            options: { cacheName: MODEL_CACHE, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
    // Brotli and gzip copies next to each text asset, served by the server as they are (preCompressed): a phone
    // downloads a quarter of the bytes and the server compresses nothing per request. The recognition models are
    // left alone: tens of MB fetched once on first use of the AI (compressing them would double the build time).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|css|js|mjs|json|svg|webmanifest|ico)$/,
      exclude: /(^|\/)models\//,
      threshold: 1024,
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // The bundler's own timing report ("[PLUGIN_TIMINGS] JavaScript callbacks ran for 10.9s…") is printed
      // whenever the machine is busy enough that plugins take seconds; it says nothing about the app, and a first
      // `npm start` must print no warning (issue 25). scripts/build.mjs prints the build's time itself.
      checks: { bundlerTimings: false },
      // @hanouti/core (a barrel of pure modules, imported from source) runs nothing at import but building its
      // schemas: a module of it whose exports the app does not use is left out. Without this, every module of the
      // barrel (backup import, spreadsheet import…) was in the first download: 12 KB gzip.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id) },
    },
  },
});
