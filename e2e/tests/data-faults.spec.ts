// Chromium fault tests of the data layer: interrupted sales, a full disk, hostile backup files, double imports.
import { chromium, expect } from '@playwright/test';
import type { Product, StockMovement } from '@hanouti/core';
import type { OutboxEntryLike, SnapshotTables } from '../support/snapshot';
import { parseSnapshot, storedSales } from '../support/snapshot';
import { EXPORT_AT, saleOnCredit, smallShopText, test } from '../support/harnessTest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, HARNESS_URL, waitForHarness } from '../support/harnessPage';
import { fillStorage, freeStorage, mountTinyDisk } from '../support/tinyDisk';

test.describe.configure({ timeout: 180_000 });

const DATA_TABLES = [
  'products',
  'sales',
  'saleArchive',
  'archivedMovements',
  'stockMovements',
  'customers',
  'creditTransactions',
  'archivedCredits',
  'settings',
  'dailyTotals',
  'productSales',
] as const satisfies readonly (keyof SnapshotTables)[];

test('a sale interrupted at every write of its transaction leaves all or nothing', async ({ harness }) => {
  const { page } = harness;
  expect((await harness.importText(smallShopText())).ok).toBe(true);
  const [customerId] = await harness.customerIds();
  if (!customerId) throw new Error('no customer');

  for (const abortTransaction of [false, true]) {
    let succeeded = false;
    for (let k = 1; k <= 40 && !succeeded; k++) {
      const request = saleOnCredit(await harness.products(), customerId);
      const before = await harness.snapshot();
      const exportBefore = await harness.exportText();

      await page.evaluate((plan) => window.hanoutiHarness.injectFault(plan), {
        failAtMutation: k,
        abortTransaction,
      });
      const outcome = await page.evaluate((r) => window.hanoutiHarness.sell(r), request);
      const report = await page.evaluate(() => window.hanoutiHarness.faultReport());
      await page.evaluate(() => window.hanoutiHarness.clearFault());

      if (report.fired) {
        // Nothing of the sale may remain: not a movement, not a ticket number, not an outbox entry.
        expect(outcome, `fault at write ${k} (${report.firedAt?.table})`).toMatchObject({
          ok: false,
          error: 'save-failed',
        });
        expect(await harness.snapshot(), `database after a fault at write ${k}`).toBe(before);
        expect(await harness.exportText()).toBe(exportBefore);
        continue;
      }

      // The fault came after the last write: the whole sale is there, with everything it changes.
      succeeded = true;
      expect(outcome.ok).toBe(true);
      expect(report.steps.length, 'the checkout writes several tables').toBeGreaterThanOrEqual(8);
      expect(k).toBe(report.steps.length + 1);
      expect(new Set(report.steps.map((s) => s.table))).toEqual(
        new Set([
          // The line movements ride inside the sale's record (apps/web/src/data/saleRecords.ts).
          'sales',
          'products',
          'customers',
          'creditTransactions',
          'dailyTotals',
          'productSales',
          'meta',
          'outbox',
        ]),
      );
      const was = parseSnapshot(before);
      const now = parseSnapshot(await harness.snapshot());
      const sale = now.sales.find((s) => s.id === outcome.saleId);
      if (!sale) throw new Error('sale missing');
      expect(sale.items).toHaveLength(request.lines.length);
      expect(now.stockMovements.filter((m: StockMovement) => m.saleId === sale.id)).toHaveLength(0);
      expect(sale.movements?.map((m) => m.productId).sort()).toEqual(
        request.lines.map((line) => line.productId).sort(),
      );
      for (const line of request.lines) {
        const stockBefore = was.products.find((p: Product) => p.id === line.productId)?.stock ?? NaN;
        const stockAfter = now.products.find((p: Product) => p.id === line.productId)?.stock ?? NaN;
        expect(stockAfter).toBeCloseTo(stockBefore - line.quantity, 6);
      }
      const balance = (tables: SnapshotTables) =>
        tables.customers.find((c) => c.id === customerId)?.creditBalance ?? NaN;
      expect(balance(now)).toBe(balance(was) + sale.total);
      expect(now.creditTransactions.filter((c) => c.saleId === sale.id)).toHaveLength(1);
      expect(now.outbox.filter((op: OutboxEntryLike) => op.type === 'sale.record')).toHaveLength(
        was.outbox.filter((op: OutboxEntryLike) => op.type === 'sale.record').length + 1,
      );
      const day = (tables: SnapshotTables) => tables.dailyTotals.find((d) => d.day === '2025-06-15');
      expect(day(now)?.count).toBe((day(was)?.count ?? 0) + 1);
      expect(day(now)?.total).toBe((day(was)?.total ?? 0) + sale.total);
    }
    expect(succeeded, `sale never completed (abort: ${abortTransaction})`).toBe(true);
  }
});

test('a full disk makes the sale fail with an error, and earlier data stays intact', async () => {
  const disk = mountTinyDisk(40);
  test.skip(!disk, 'mounting a small tmpfs for the Chromium profile needs root');
  if (!disk) return;
  const context = await chromium.launchPersistentContext(disk.dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 360, height: 740 },
  });
  try {
    const page = await context.newPage();
    await waitForHarness(page, HARNESS_URL);
    await page.evaluate(() => window.hanoutiHarness.prepare());
    expect((await page.evaluate((text) => window.hanoutiHarness.importText(text), smallShopText())).ok).toBe(
      true,
    );
    const [customerId] = await page.evaluate(() => window.hanoutiHarness.customerIds());
    if (!customerId) throw new Error('no customer');
    const request = saleOnCredit(await page.evaluate(() => window.hanoutiHarness.products()), customerId);
    const snapshot = () => page.evaluate(() => window.hanoutiHarness.snapshot());
    const exportText = () => page.evaluate((now) => window.hanoutiHarness.exportText(now), EXPORT_AT);
    const before = await snapshot();
    const exportBefore = await exportText();

    const filled = await fillStorage(page);
    expect(filled.refusal).toBe('QuotaExceededError');
    const outcome = await page.evaluate((r) => window.hanoutiHarness.sell(r), request);
    expect(outcome).toMatchObject({ ok: false, error: 'save-failed' });
    await expect(page.locator('output')).toHaveText('Vente non enregistrée (save-failed)');
    expect(await snapshot()).toBe(before);
    expect(await exportText()).toBe(exportBefore);

    // Once space is back, the shop sells again.
    await freeStorage(page);
    expect((await page.evaluate((r) => window.hanoutiHarness.sell(r), request)).ok).toBe(true);
  } finally {
    await context.close();
    disk.release();
  }
});

/** Hostile or broken variants of a valid backup file. */
function badFiles(valid: string): Record<string, string> {
  const file = JSON.parse(valid) as { products: Record<string, unknown>[]; sales: Record<string, unknown>[] };
  const variant = (change: (f: typeof file) => void) => {
    const copy = structuredClone(file);
    change(copy);
    return JSON.stringify(copy, null, 2);
  };
  // The app exports compact JSON; the text-level variants below edit an indented copy of the same file.
  const text = JSON.stringify(file, null, 2);
  const firstProduct = text.indexOf('"products": [\n    {') + '"products": [\n    {'.length;
  const edited = (pattern: RegExp, replacement: string) => {
    const changed = text.replace(pattern, replacement);
    if (changed === text) throw new Error(`the variant ${pattern.source} changed nothing`);
    return changed;
  };
  return {
    truncated: text.slice(0, Math.floor(text.length / 2)),
    'wrong-typed price': variant((f) => (f.products[0]!.salePrice = 'douze dirhams')),
    'wrong-typed items': variant((f) => (f.sales[0]!.items = 'trois articles')),
    'wrong-typed stock': variant((f) => (f.products[1]!.stock = { kg: 3 })),
    'wrong-typed date': variant((f) => (f.sales[1]!.date = true)),
    'unreadable date': variant((f) => (f.sales[2]!.date = 'hier soir')),
    NaN: edited(/"salePrice": [\d.]+/, '"salePrice": NaN'),
    '1e308': edited(/"purchasePrice": [\d.]+/, '"purchasePrice": 1e308'),
    '1e308 stock': edited(/"stock": [\d.]+/, '"stock": 1e308'),
    'duplicate id': variant((f) => (f.products[1]!.id = f.products[0]!.id)),
    '__proto__ key': `${text.slice(0, firstProduct)}\n      "__proto__": { "polluted": true },${text.slice(firstProduct)}`,
    'constructor.prototype key': `${text.slice(0, firstProduct)}\n      "constructor": { "prototype": { "polluted": true } },${text.slice(firstProduct)}`,
  };
}

test('broken and hostile backup files are refused and change nothing', async ({ harness }) => {
  const { page } = harness;
  const valid = smallShopText();
  expect((await harness.importText(valid)).ok).toBe(true);
  const before = await harness.snapshot();
  const exportBefore = await harness.exportText();

  for (const [name, text] of Object.entries(badFiles(valid))) {
    const outcome = await harness.importText(text);
    expect(outcome.ok, name).toBe(false);
    expect(outcome.error, name).toBe('import-invalid');
    expect(await harness.status()).toBe('Import refusé (' + (outcome.reason ?? '') + ')');
    expect(await harness.snapshot(), `database after "${name}"`).toBe(before);
  }
  expect(await page.evaluate(() => Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'))).toBe(
    false,
  );

  // A 100 MB file: a backup whose product list runs on and never closes. Built in the page, read as a File.
  const huge = await page.evaluate(async () => {
    const product = JSON.stringify({
      id: '01900000-0000-7000-8000-000000000000',
      name: 'Huile de table Lesieur 5 L',
      brand: 'Lesieur',
      category: 'Huiles',
      purchasePrice: 80,
      salePrice: 88,
      vat: 10,
      stock: 3,
      reorderThreshold: 5,
      is_bulk: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
    const target = 100 * 1024 * 1024;
    const head = '{"formatVersion":2,"exportDate":"2025-06-15T10:00:00.000Z","products":[';
    const text = head + `${product},`.repeat(Math.ceil((target - head.length) / (product.length + 1)));
    return window.hanoutiHarness.importText(text);
  });
  expect(huge.bytes).toBeGreaterThanOrEqual(100 * 1024 * 1024);
  expect(huge).toMatchObject({ ok: false, error: 'import-invalid', reason: 'invalid-json' });

  expect(await harness.snapshot()).toBe(before);
  expect(await harness.exportText()).toBe(exportBefore);
});

test('a file that is not .json is refused before it is read', async ({ harness }) => {
  const before = await harness.snapshot();
  const outcome = await harness.importText(smallShopText(), 'hanouti-sauvegarde.txt');
  expect(outcome).toMatchObject({ ok: false, reason: 'not-json-file' });
  expect(await harness.snapshot()).toBe(before);
});

test('importing the same backup twice creates no duplicates', async ({ harness }) => {
  const text = smallShopText();
  const first = await harness.importText(text);
  expect(first.ok).toBe(true);
  const once = parseSnapshot(await harness.snapshot());
  const exportOnce = await harness.exportText();

  expect((await harness.importText(text)).ok).toBe(true);
  const twice = parseSnapshot(await harness.snapshot());
  for (const table of DATA_TABLES) expect(twice[table], table).toEqual(once[table]);
  expect(await harness.exportText()).toBe(exportOnce);
  // The file's records are all there once: the sample shop plus the file, nothing counted twice.
  expect(storedSales(twice)).toHaveLength(first.accepted?.sales ?? -1);
  expect(twice.products).toHaveLength((first.accepted?.products ?? 0) + 4);
});
