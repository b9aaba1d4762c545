// A backup of the spec's own app (its ids, decimal MAD, payments above the balance floored at 0, stated balances
// its entries do not give) imports whole, in French and Arabic at 360×740: the preview says what will be
// reconciled or ignored and why, and the customer's history shows the "Solde importé" entry that keeps the balance.
import { expect, test, type Page } from '@playwright/test';
import { LANGS, fill, money, openApp, plain, shoot, words, type Lang } from '../support/customers';
import { afterOfflineReady, tapCentre } from '../support/sale';

/** What the spec's app writes: no formatVersion, its own ids, amounts in MAD, a payment as it was typed. */
const SPEC_BACKUP = JSON.stringify({
  exportDate: '2026-02-01T10:00:00.000Z',
  products: [],
  sales: [],
  customers: [
    {
      id: '1700000000001',
      name: 'Samira Bennani',
      phone: '0661234567',
      creditBalance: 95,
      totalPurchases: 0,
      createdAt: '2026-01-01T08:00:00.000Z',
    },
    {
      id: '1700000000002',
      name: 'Omar Tazi',
      phone: '',
      creditBalance: 0,
      totalPurchases: 0,
      createdAt: '2026-01-01T08:00:00.000Z',
    },
  ],
  creditTransactions: [
    {
      id: '1700000000101',
      customerId: '1700000000001',
      type: 'credit',
      amount: 40,
      description: 'Courses',
      date: '2026-01-10T09:00:00.000Z',
    },
    // 60 MAD given on 40 MAD owed: the spec's app floored the balance at 0.
    {
      id: '1700000000102',
      customerId: '1700000000001',
      type: 'payment',
      amount: 60,
      description: '',
      date: '2026-01-11T09:00:00.000Z',
    },
    {
      id: '1700000000103',
      customerId: '1700000000001',
      type: 'credit',
      amount: 30,
      description: 'Lait',
      date: '2026-01-12T09:00:00.000Z',
    },
    // A payment when nothing was owed: it changed no balance.
    {
      id: '1700000000104',
      customerId: '1700000000002',
      type: 'payment',
      amount: 10,
      description: '',
      date: '2026-01-12T10:00:00.000Z',
    },
  ],
});

async function pick(page: Page, lang: Lang, name: string, text: string) {
  await page.getByLabel(words[lang].settings.import, { exact: true }).setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text, 'utf8'),
  });
}

for (const lang of LANGS) {
  const w = words[lang];
  const s = w.settings;
  const pluralOf = (key: string, count: number) => {
    const form = new Intl.PluralRules(lang).select(count);
    const catalogue = s as Record<string, string>;
    return fill(catalogue[`${key}_${form}`] ?? catalogue[`${key}_other`] ?? '', { count });
  };

  test(`[${lang}] a spec-format backup with floored payments and a stated balance imports with its reconciliation shown`, async ({
    page,
  }) => {
    // An import, a reload and two dialogs: on a machine shared by many runs this takes longer than most tests.
    test.slow();
    await openApp(page, lang, '#/settings');
    // The one-time "works offline" toast would cover the dialog's last lines in the screenshots.
    await afterOfflineReady(page);
    await pick(page, lang, 'sauvegarde-boutique.json', SPEC_BACKUP);

    // The preview: nothing refused, each list's count and what will be reconciled or ignored, and why.
    const dialog = page.getByRole('dialog', { name: s.importTitle });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('import-refusal')).toHaveCount(0);
    const credits = plain(await dialog.getByTestId('import-list-creditTransactions').innerText());
    expect(credits).toContain(s.importCountCredits);
    expect(credits).toContain(`${pluralOf('importReconciled', 1)} · ${pluralOf('importSkipped', 1)}`);
    expect(plain(await dialog.getByTestId('import-list-customers').innerText())).toContain(
      pluralOf('importReconciled', 1),
    );
    const reasons = dialog.getByTestId('import-reasons');
    await expect(reasons).toContainText(s.importReasonsTitle);
    const items = reasons.getByRole('listitem');
    await expect(items).toHaveCount(3);
    const lines = (await items.allInnerTexts()).map(plain);
    expect(lines[0]).toBe(
      plain(
        fill(s.reasonBalanceUp, {
          record: s.recordCustomers,
          position: 1,
          name: 'Samira Bennani',
          stated: await money(page, lang, 9500),
          result: await money(page, lang, 3000),
          difference: await money(page, lang, 6500),
        }),
      ),
    );
    const date = async (iso: string) =>
      plain(
        await page.evaluate(
          ([locale, instant]) =>
            new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
              new Date(instant),
            ),
          [lang === 'ar' ? 'ar-MA' : 'fr-MA', iso] as const,
        ),
      );
    expect(lines[1]).toBe(
      plain(
        fill(s.reasonPaymentCapped, {
          record: s.recordCredits,
          position: 2,
          name: 'Samira Bennani',
          date: await date('2026-01-11T09:00:00.000Z'),
          stated: await money(page, lang, 6000),
          result: await money(page, lang, 4000),
        }),
      ),
    );
    expect(lines[2]).toBe(
      plain(
        fill(s.reasonPaymentWithoutDebt, {
          record: s.recordCredits,
          position: 4,
          name: 'Omar Tazi',
          date: await date('2026-01-12T10:00:00.000Z'),
          stated: await money(page, lang, 1000),
        }),
      ),
    );
    await shoot(page, lang, 'import-reconcile-preview');
    await reasons.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await shoot(page, lang, 'import-reconcile-reasons');

    // Imported: the success message, the reload, the restore summary.
    const reloaded = page.waitForEvent('load');
    await tapCentre(page, dialog.getByRole('button', { name: s.importApply }));
    await expect(
      page.getByText(w.shell.settings.imported).first().or(page.getByTestId('restore-summary')),
    ).toBeVisible();
    await reloaded;
    await expect(page.getByTestId('restore-summary')).toBeVisible();

    // Samira owes what the file said, and her history shows the entry that makes her entries give it.
    await page.goto('/#/customers');
    const list = page.getByRole('list', { name: w.customers.listLabel });
    const samira = list.getByRole('listitem', { name: 'Samira Bennani' });
    await expect(samira).toBeVisible();
    await expect.poll(async () => plain(await samira.innerText())).toContain(await money(page, lang, 9500));
    await tapCentre(page, samira.getByRole('button', { name: w.customers.history }));
    const history = page.getByRole('dialog', {
      name: fill(w.customers.historyTitle, { name: 'Samira Bennani' }),
    });
    const entries = history.getByTestId('history-entry');
    // Newest first: the imported balance, milk, the payment recorded up to what was owed, the groceries.
    await expect(entries).toHaveCount(4);
    const newest = plain(await entries.nth(0).innerText());
    expect(newest).toContain(w.customers.entryImportedBalance);
    expect(newest).toContain(plain(w.customers.entryImportedBalanceNote));
    expect(newest).toContain(`+${await money(page, lang, 6500)}`);
    expect(newest).toContain(
      plain(fill(w.customers.runningBalance, { amount: await money(page, lang, 9500) })),
    );
    const payment = plain(await entries.nth(2).innerText());
    expect(payment).toContain(w.customers.entryPayment);
    expect(payment).toContain(`−${await money(page, lang, 4000)}`);
    expect(payment).toContain(
      plain(fill(w.customers.runningBalance, { amount: await money(page, lang, 0) })),
    );
    await shoot(page, lang, 'import-reconcile-history');

    // Omar's payment without debt was left out: he owes nothing and has no entry.
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    const omar = list.getByRole('listitem', { name: 'Omar Tazi' });
    await tapCentre(page, omar.getByRole('button', { name: w.customers.history }));
    const omarHistory = page.getByRole('dialog', {
      name: fill(w.customers.historyTitle, { name: 'Omar Tazi' }),
    });
    await expect(omarHistory.getByText(w.customers.historyEmpty)).toBeVisible();
  });
}
