// Toasts as the page drew them: a success toast stays 2.5 s, and a test runner starved by a busy machine may
// look after it has gone (CI at load 10, 29 November). The record is kept by the page itself.
import { expect, type Page } from '@playwright/test';

/**
 * Records every toast as the page draws it (its text, once it has a size on screen), from the page's first
 * script on: a success toast stays 2.5 s, and on a busy machine the test runner may look after it has gone.
 * Call before `openApp`; `expectToastShown` reads the record.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { __toastsShown: shown });
    const look = () => {
      for (const item of document.querySelectorAll('[data-testid="toasts"] li')) {
        const text = item.textContent ?? '';
        const { width, height } = item.getBoundingClientRect();
        if (text && width > 0 && height > 0 && !shown.includes(text)) shown.push(text);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until a toast holding `text` has been drawn on the page (recorded by `recordToasts`). */
export async function expectToastShown(page: Page, text: string, timeout?: number): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? []),
      timeout === undefined ? {} : { timeout },
    )
    .toContainEqual(expect.stringContaining(text));
}
