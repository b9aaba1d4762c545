// Builds the Hanouti PWA: React, Tailwind v4 and a precaching service worker for offline use.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MODEL_CACHE } from './src/recognition/modelDownload.js';
import { recognitionModelFiles } from './src/recognition/modelFilesPlugin.js';
import { workspaceAliases } from './workspaceAliases.js';

const BRAND_TEAL = '#0f5c55';

export default defineConfig({
  // Relative base: the server may mount the app anywhere and the manifest's start_url stays "./".
  base: './',
  resolve: { alias: workspaceAliases },
  define: {
    // The spec's 24-hour rule compares the build that filled the caches with the one now running.
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '1.0.0'),
  },
  // The recognition Worker is an ES module; its OpenCV comes from models/ (see modelFilesPlugin.ts).
  worker: { format: 'es', plugins: () => [recognitionModelFiles({ emit: false })] },
  plugins: [
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
  ],
  build: { target: 'es2022', sourcemap: true },
});
