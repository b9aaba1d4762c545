// Opening the data harness page in Debian's Chromium, for the fault tests and the bench alike.
import type { Browser, Page } from '@playwright/test';
import './harnessApi';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Port of the harness's static server in the e2e suite (the app's server has its own). */
export const HARNESS_PORT = Number(process.env.E2E_HARNESS_PORT ?? 4321);
export const HARNESS_URL = `http://127.0.0.1:${HARNESS_PORT}/`;

/** Waits until the page has published `window.hanoutiHarness`. */
export async function waitForHarness(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => typeof window.hanoutiHarness === 'object');
}

/** A fresh page on the harness, for the bench (the tests get theirs from Playwright's fixtures). */
export async function openHarness(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await waitForHarness(page, url);
  return page;
}
