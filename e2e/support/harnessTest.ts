// Playwright fixtures for the data harness: a page on a fresh database, and a small generated shop to work on.
import { test as base, type Page } from '@playwright/test';
import { backupText, generateShop } from '../bench/generateShop';
import type { HarnessImportOutcome, HarnessProduct, HarnessSaleRequest } from './harnessApi';
import { HARNESS_URL, waitForHarness } from './harnessPage';

/** A small shop: enough products, sales, customers and credit entries to touch every table. */
export const SMALL_SHOP = { products: 40, sales: 120, customers: 6, credits: 20, seed: 7 } as const;
export const smallShopText = (): string => backupText(generateShop(SMALL_SHOP).file);

/** The export date used on both sides of a comparison, so two exports of the same data are equal text. */
export const EXPORT_AT = '2025-06-15T10:00:00.000Z';

export type Harness = {
  page: Page;
  importText(text: string, fileName?: string): Promise<HarnessImportOutcome>;
  exportText(): Promise<string>;
  snapshot(): Promise<string>;
  products(): Promise<HarnessProduct[]>;
  customerIds(): Promise<string[]>;
  status(): Promise<string>;
};

export const test = base.extend<{ harness: Harness }>({
  harness: async ({ page }, use) => {
    await waitForHarness(page, HARNESS_URL);
    await page.evaluate(() => window.hanoutiHarness.reset());
    await page.evaluate(() => window.hanoutiHarness.prepare());
    await use({
      page,
      importText: (text, fileName) =>
        page.evaluate(([t, name]) => window.hanoutiHarness.importText(t, name), [text, fileName] as const),
      exportText: () => page.evaluate((now) => window.hanoutiHarness.exportText(now), EXPORT_AT),
      snapshot: () => page.evaluate(() => window.hanoutiHarness.snapshot()),
      products: () => page.evaluate(() => window.hanoutiHarness.products()),
      customerIds: () => page.evaluate(() => window.hanoutiHarness.customerIds()),
      status: () => page.evaluate(() => window.hanoutiHarness.status()),
    });
  },
});

/** A sale touching every table of the checkout: unit and bulk lines, a customer, on the carnet. */
export function saleOnCredit(products: HarnessProduct[], customerId: string): HarnessSaleRequest {
  const units = products.filter((p) => !p.isBulk && p.stock >= 2);
  const bulk = products.find((p) => p.isBulk && p.stock >= 1);
  if (units.length < 2 || !bulk) throw new Error('the small shop lacks stocked products');
  return {
    lines: [
      { productId: units[0]!.id, quantity: 2 },
      { productId: units[1]!.id, quantity: 1 },
      { productId: bulk.id, quantity: 0.75 },
    ],
    customerId,
    paymentMethod: 'credit',
    now: '2025-06-15T09:30:00.000Z',
  };
}
