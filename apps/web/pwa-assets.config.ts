// Generates the committed PWA icons from public/favicon.svg: `npx pwa-assets-generator` in apps/web.
import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

export default defineConfig({
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, padding: 0.3, resizeOptions: { background: '#0f5c55' } },
    apple: { ...minimal2023Preset.apple, padding: 0.3, resizeOptions: { background: '#0f5c55' } },
  },
  images: ['public/favicon.svg'],
});
