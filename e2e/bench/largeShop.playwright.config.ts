// The large-shop test serves the app, the harness and the shop itself (sameOriginServer.mjs): it needs neither the
// server nor the harness preview that the suite's config starts, so it runs with this config.
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

export default defineConfig({
  ...base,
  testDir: '../tests',
  testMatch: /data-large-shop\.spec\.ts/,
  outputDir: '../test-results/large-shop',
  workers: 1,
  projects: [{ name: 'chromium' }],
  webServer: [],
});
