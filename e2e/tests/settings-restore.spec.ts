// Data care read by the shopkeeper, in French and Arabic at 360×740: a refused restore says why, a restore
// says what it brought after its reload, the integrity list speaks the shop's format, the cleanup ends clearly.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  LANGS,
  backupText,
  creditRecord,
  customerRecord,
  dismissToasts,
  fill,
  importBackup,
  openApp,
  plain,
  plural,
  productRecord,
  saleRecord,
  shoot,
  uuid,
  words,
  type FileProduct,
  type Lang,
} from '../support/customers';

const shot = async (page: Page, lang: Lang, name: string) => {
  await shoot(page, lang, name);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${lang}.png` });
};

/** How many lines a text takes on screen (distinct tops of its line boxes). */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

async function pick(page: Page, lang: Lang, name: string, text: string) {
  await page.getByLabel(words[lang].settings.import, { exact: true }).setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text, 'utf8'),
  });
}

const tea: FileProduct = {
  id: uuid(1),
  name: 'Thé Menthe',
  brand: 'Sultan',
  category: 'Thé',
  salePrice: 10,
  stock: 8,
};

for (const lang of LANGS) {
  const w = words[lang];

  test(`[${lang}] a refused restore gives its reason and its first refused records, and changes nothing`, async ({
    page,
  }) => {
    await openApp(page, lang, '#/settings');
    const refusal = page.getByTestId('import-refusal');

    await pick(page, lang, 'abime.json', '{"products": [');
    await expect(refusal).toContainText(w.shell.settings.importFailed);
    await expect(refusal).toContainText(plain(w.settings.refusalInvalidJson));

    // Two bad products among three: the file is refused whole, the first ones are named.
    const bad = { ...productRecord(tea), id: uuid(2), salePrice: -5 };
    const worse = { ...productRecord(tea), id: uuid(3), createdAt: 'hier' };
    await pick(page, lang, 'refus.json', backupText({ products: [productRecord(tea), bad, worse] }));
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect
      .poll(async () => plain(await refusal.innerText()))
      .toContain(
        plain(
          fill(w.settings.refusalLine, {
            record: w.settings.recordProducts,
            position: 2,
            problem: fill(w.settings.refusalField, { problem: w.settings.problemMoney, field: 'salePrice' }),
          }),
        ),
      );
    await expect
      .poll(async () => plain(await refusal.innerText()))
      .toContain(
        plain(
          fill(w.settings.refusalLine, {
            record: w.settings.recordProducts,
            position: 3,
            problem: fill(w.settings.refusalField, { problem: w.settings.problemDate, field: 'createdAt' }),
          }),
        ),
      );
    await expect(refusal).toContainText(plain(plural(w.settings, 'refusalRecords', 2, lang)));
    await refusal.scrollIntoViewIfNeeded();
    await shot(page, lang, 'restore-refused');

    // Nothing was written: the catalogue has no tea.
    await page.goto('/#/catalog');
    await expect(page.getByText(tea.name)).toHaveCount(0);
  });

  test(`[${lang}] a restore says what it brought and when, after the reload, once`, async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-10T19:30:00+01:00'));
    await openApp(page, lang, '#/settings');
    const text = backupText(
      {
        products: [productRecord(tea)],
        sales: [saleRecord(uuid(10), 'T-1', '2026-11-09T10:00:00+01:00', [{ product: tea, quantity: 2 }])],
        customers: [customerRecord(uuid(20), 'Hamid Alaoui', '0661000001')],
      },
      '2026-11-09T18:00:00.000Z',
    );
    await importBackup(page, lang, { name: 'boutique.json', text });

    const summary = page.getByTestId('restore-summary');
    await expect(summary).toBeVisible();
    const date = (iso: string) =>
      page.evaluate(
        ([locale, instant]) =>
          new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
            new Date(instant),
          ),
        [lang === 'ar' ? 'ar-MA' : 'fr-MA', iso] as const,
      );
    const read = async () => plain(await summary.innerText());
    await expect
      .poll(read)
      .toContain(plain(fill(w.settings.restoredTitle, { date: await date('2026-11-10T18:30:00Z') })));
    expect(await read()).toContain(plain(fill(w.settings.importFile, { name: 'boutique.json' })));
    expect(await read()).toContain(
      plain(fill(w.settings.importExportDate, { date: await date('2026-11-09T18:00:00.000Z') })),
    );
    expect(await read()).toMatch(new RegExp(`${w.settings.importCountProducts}\\s*1`));
    expect(await read()).toMatch(new RegExp(`${w.settings.importCountSales}\\s*1`));
    expect(await read()).toMatch(new RegExp(`${w.settings.importCountCustomers}\\s*1`));
    await dismissToasts(page, lang);
    await summary.scrollIntoViewIfNeeded();
    await shot(page, lang, 'restore-done');

    // Said once: the next load of the page no longer shows it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: w.settings.export })).toBeVisible();
    await expect(summary).toHaveCount(0);
  });

  test(`[${lang}] the integrity list shows dates in the shop's format and ticket numbers whole`, async ({
    page,
  }) => {
    await openApp(page, lang, '#/settings');
    const gone: FileProduct = { ...tea, id: uuid(4), name: 'Produit supprimé' };
    const text = backupText({
      products: [productRecord(tea)],
      sales: [
        saleRecord(uuid(30), 'IMP-24EDE6A4', '2026-11-10T10:00:00.000Z', [{ product: gone, quantity: 1 }]),
      ],
      // A credit entry without description, of a customer who is not there: named by its date.
      creditTransactions: [creditRecord(uuid(31), uuid(99), 15, '', '2026-11-10T18:00:00.000Z')],
    });
    await importBackup(page, lang, { name: 'incoherent.json', text });
    await dismissToasts(page, lang);
    await page.getByRole('button', { name: w.settings.checkIntegrity }).click();
    const issues = page.getByTestId('integrity-issues').getByRole('listitem');
    await expect(issues).toHaveCount(2);
    const shown = (await issues.allInnerTexts()).map(plain);
    const date = plain(
      await page.evaluate(
        (locale) =>
          new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
            new Date('2026-11-10T18:00:00.000Z'),
          ),
        lang === 'ar' ? 'ar-MA' : 'fr-MA',
      ),
    );
    expect(shown).toEqual([
      `${w.settings.issueSaleMissingProduct} · IMP-24EDE6A4`,
      `${w.settings.issueCreditMissingCustomer} · ${date}`,
    ]);
    expect(shown.join(' ')).not.toContain('2026-11-10T');
    // The ticket number and the date each stay on one line.
    for (const item of await issues.locator('bdi').all()) expect(await linesOf(item)).toBe(1);
    await page.getByTestId('integrity-issues').scrollIntoViewIfNeeded();
    await shot(page, lang, 'integrity');

    // The cleanup shows where it is, closes when it ends and says the outcome in the panel.
    await page.getByRole('button', { name: w.settings.cleanup }).click();
    const confirm = page.getByRole('dialog', { name: w.settings.cleanupConfirmTitle });
    // The title keeps its question mark with its last word (French non-breaking space before "?").
    const title = confirm.getByRole('heading');
    const lastLine = await title.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const rects = [...range.getClientRects()];
      const bottom = Math.max(...rects.map((rect) => rect.top));
      return rects.filter((rect) => rect.top === bottom).reduce((width, rect) => width + rect.width, 0);
    });
    expect(lastLine).toBeGreaterThan(20);
    await shot(page, lang, 'cleanup-confirm');
    await confirm.getByRole('button', { name: w.settings.cleanupRun }).click();
    await expect(confirm).toBeHidden();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: plain(plural(w.shell.settings, 'duplicatesRemoved', 2, lang)) })
        .first(),
    ).toBeVisible();
  });

  test(`[${lang}] a cleanup that fails closes its dialog, says so in the panel and changes nothing`, async ({
    page,
  }) => {
    await openApp(page, lang, '#/settings');
    const again: FileProduct = { ...tea, id: uuid(5), name: ' thé menthe ', stock: 3 };
    await importBackup(page, lang, {
      name: 'doublon.json',
      text: backupText({ products: [productRecord(tea), productRecord(again)] }),
    });
    await dismissToasts(page, lang);
    // The phone refuses every write from now on, as a full disk would.
    await page.evaluate(() => {
      const refuse = () => {
        throw new DOMException('Disque plein', 'QuotaExceededError');
      };
      IDBObjectStore.prototype.put = refuse;
      IDBObjectStore.prototype.add = refuse;
      IDBObjectStore.prototype.delete = refuse;
    });
    await page.getByRole('button', { name: w.settings.cleanup }).click();
    const confirm = page.getByRole('dialog', { name: w.settings.cleanupConfirmTitle });
    await confirm.getByRole('button', { name: w.settings.cleanupRun }).click();
    await expect(confirm).toBeHidden();
    const failed = page.getByTestId('cleanup-failed');
    await expect(failed).toContainText(w.shell.settings.cleanupFailed);
    await expect(failed).toContainText(plain(w.settings.cleanupFailedDetail));
    await dismissToasts(page, lang);
    await failed.scrollIntoViewIfNeeded();
    await shot(page, lang, 'cleanup-failed');

    // Nothing changed: after a reload (writes allowed again) the duplicate is still there.
    await page.reload();
    await page.getByRole('button', { name: w.settings.checkIntegrity }).click();
    await expect(page.getByTestId('integrity-issues').getByRole('listitem')).toHaveCount(1);
  });

  test(`[${lang}] the data buttons each read on one line at 360 px`, async ({ page }) => {
    await openApp(page, lang, '#/settings');
    for (const name of [
      w.settings.checkIntegrity,
      w.settings.cleanup,
      w.settings.export,
      w.settings.import,
    ]) {
      // The file input is a button too, for screen readers: the one the finger sees is the <button>.
      const button = page.getByRole('button', { name, exact: true }).and(page.locator('button'));
      await button.scrollIntoViewIfNeeded();
      expect(await linesOf(button), name).toBe(1);
      // What a finger on the button's middle touches is the button.
      const box = await button.boundingBox();
      if (!box) throw new Error(`no ${name} button`);
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
        [box.x + box.width / 2, box.y + box.height / 2] as const,
      );
      expect(plain(hit)).toBe(plain(name));
    }
    await page.getByRole('button', { name: w.settings.cleanup, exact: true }).scrollIntoViewIfNeeded();
    await shot(page, lang, 'data-buttons');
  });
}
