// Paramètres in French and Arabic: saved and reloaded, AI settings, export → import in a fresh profile, integrity, cleanup.
import { expect, test, type Page } from '@playwright/test';
import {
  LANGS,
  backupText,
  creditRecord,
  customerRecord,
  emptyShop,
  exportBackup,
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
} from '../support/customers';

const withoutExportDate = (text: string) => {
  const { exportDate: _date, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
};

for (const lang of LANGS) {
  const w = words[lang];

  test(`[${lang}] store settings and AI settings are saved and still there after a reload`, async ({
    page,
  }) => {
    await openApp(page, lang, '#/settings');
    await shoot(page, lang, 'settings');
    await page.getByLabel(w.shell.settings.storeName).fill('Hanout Al Baraka');
    await page.getByLabel(w.shell.settings.storePhone).fill('05 22 11 22 33');
    await page.getByLabel(w.shell.settings.storeAddress).fill('Rue 12, Derb Sultan, Casablanca');
    await page.getByLabel(w.shell.settings.currency).selectOption('EUR');
    await page.getByLabel(w.shell.settings.defaultVat).selectOption('10');
    await page.getByRole('button', { name: w.shell.app.save, exact: true }).first().click();
    // "Sauvegardé!" on the button for 2 s, then the button reads Enregistrer again.
    const saved = page.getByRole('button', { name: w.shell.app.saved });
    await expect(saved).toBeVisible();
    // It goes back (the 2 s are the app's timer; a busy machine may fire it late, so no tighter limit here).
    await expect(saved).toBeHidden({ timeout: 15_000 });

    // AI settings: precise mode, 5 photos, thresholds moved by the keyboard (step 0.05).
    await page.getByRole('button', { name: w.settings.aiOpen }).click();
    const ai = page.getByRole('dialog', { name: w.settings.aiTitle });
    await ai.getByRole('radio', { name: new RegExp(w.settings.precisionPrecise) }).click();
    await ai.getByRole('slider', { name: w.settings.detectThreshold }).focus();
    await page.keyboard.press('ArrowUp'); // 0.45 → 0.50 (arrows follow the value, not the direction)
    await ai.getByRole('slider', { name: w.settings.maxPhotos }).focus();
    await page.keyboard.press('End'); // 5
    await ai.getByRole('checkbox', { name: w.settings.deviceInference }).click();
    await ai.getByRole('switch', { name: new RegExp(w.settings.storeImages) }).click();
    await shoot(page, lang, 'settings-ai');
    await ai.getByRole('button', { name: w.shell.app.save }).click();
    await expect(ai.getByRole('button', { name: w.shell.app.saved })).toBeVisible();
    await ai.getByRole('button', { name: w.shell.app.close }).last().click();

    await page.reload();
    await expect(page.getByLabel(w.shell.settings.storeName)).toHaveValue('Hanout Al Baraka');
    await expect(page.getByLabel(w.shell.settings.storePhone)).toHaveValue('05 22 11 22 33');
    await expect(page.getByLabel(w.shell.settings.storeAddress)).toHaveValue(
      'Rue 12, Derb Sultan, Casablanca',
    );
    await expect(page.getByLabel(w.shell.settings.currency)).toHaveValue('EUR');
    await expect(page.getByLabel(w.shell.settings.defaultVat)).toHaveValue('10');
    await expect(page.getByRole('banner')).toContainText('Hanout Al Baraka');
    await expect(
      page.getByText(fill(w.settings.aiSummary, { detect: '0,50', match: '0,70', photos: 5 })),
    ).toBeVisible();
    await page.getByRole('button', { name: w.settings.aiOpen }).click();
    await expect(ai.getByRole('radio', { name: new RegExp(w.settings.precisionPrecise) })).toBeChecked();
    await expect(ai.getByRole('checkbox', { name: w.settings.deviceInference })).not.toBeChecked();
    await expect(ai.getByRole('switch', { name: new RegExp(w.settings.storeImages) })).not.toBeChecked();
    await ai.getByRole('button', { name: w.shell.app.close }).last().click();

    // Storage use and persistence are reported, and the About page is one tap away.
    await expect(page.getByTestId('storage-state')).toBeVisible();
    await page.getByTestId('storage-state').scrollIntoViewIfNeeded();
    await shoot(page, lang, 'settings-data');
    await page.getByRole('link', { name: w.shell.settings.aboutLink }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.shell.pages.about.title);
    await expect(page.getByTestId('app-version')).toContainText('1.0.0');
    await expect(page.getByRole('heading', { name: w.about.partnerTitle })).toBeVisible();
    await shoot(page, lang, 'about');
  });

  test(`[${lang}] integrity check lists the seeded issues and cleanup removes exactly the spec's duplicates`, async ({
    page,
  }) => {
    // A failed cleanup logs its error in the page: show it with the test's output.
    page.on('console', (message) => {
      if (message.type() === 'error') console.log('page error:', message.text());
    });
    await openApp(page, lang, '#/settings');
    const mint: FileProduct = {
      id: uuid(1),
      name: 'Thé Menthe',
      brand: 'Sultan',
      category: 'Thé',
      salePrice: 10,
      stock: 8,
    };
    // Same lowercase trimmed name, brand and category: a duplicate, more recent, so it is the one kept.
    const mintAgain: FileProduct = {
      ...mint,
      id: uuid(2),
      name: '  thé menthe ',
      stock: 3,
      updatedAt: '2025-05-01T08:00:00.000Z',
    };
    const sugar: FileProduct = {
      id: uuid(3),
      name: 'Sucre',
      brand: 'Cosumar',
      category: 'Épicerie',
      salePrice: 12,
      stock: 20,
    };
    const gone: FileProduct = {
      id: uuid(4),
      name: 'Produit supprimé',
      brand: '',
      category: 'Divers',
      salePrice: 5,
      stock: 0,
    };
    const hamid = customerRecord(uuid(10), 'Hamid Alaoui', '06 61 00 00 01');
    const hamidAgain = customerRecord(
      uuid(11),
      'hamid alaoui',
      '+212 661 000 001',
      '2025-04-10T08:00:00.000Z',
    );
    const bread = uuid(30);
    const oil = uuid(31);
    const sale = saleRecord(uuid(20), 'T-0001', '2025-05-10T10:00:10.000Z', [
      { product: sugar, quantity: 1 },
    ]);
    const text = backupText({
      products: [mint, mintAgain, sugar].map(productRecord),
      customers: [hamid, hamidAgain],
      sales: [
        sale,
        // the same sale recorded twice in the same minute
        { ...saleRecord(uuid(21), 'T-0002', '2025-05-10T10:00:40.000Z', [{ product: sugar, quantity: 1 }]) },
        // a sale of a product that no longer exists
        saleRecord(uuid(22), 'T-0003', '2025-05-11T10:00:00.000Z', [{ product: gone, quantity: 2 }]),
      ],
      creditTransactions: [
        creditRecord(bread, hamid.id, 30, 'Pain et lait', '2025-05-02T09:00:00.000Z'),
        creditRecord(oil, hamidAgain.id, 20, 'Huile', '2025-05-03T09:00:00.000Z'),
        // a credit entry of a customer who is not there
        creditRecord(uuid(32), uuid(99), 15, 'Dette ancienne', '2025-05-04T09:00:00.000Z'),
      ],
    });
    await importBackup(page, lang, { name: 'doublons.json', text });

    await page.getByRole('button', { name: w.settings.checkIntegrity }).click();
    const issues = page.getByTestId('integrity-issues').getByRole('listitem');
    await expect(issues).toHaveCount(4);
    await expect(page.getByText(plural(w.settings, 'issuesFound', 4, lang))).toBeVisible();
    expect((await issues.allInnerTexts()).map(plain)).toEqual([
      `${w.settings.issueDuplicateProduct} · ${plain(mintAgain.name)}`,
      `${w.settings.issueDuplicateCustomer} · ${hamid.name}`,
      `${w.settings.issueSaleMissingProduct} · T-0003`,
      `${w.settings.issueCreditMissingCustomer} · Dette ancienne`,
    ]);
    await expect(page.getByText(w.settings.recommendRunCleanup)).toBeVisible();
    await shoot(page, lang, 'settings-integrity');

    // Cleanup asks first; then 1 product + 1 customer + 1 sale without product + 1 orphan entry + 1 duplicate sale.
    await page.getByRole('button', { name: w.settings.cleanup }).click();
    const confirm = page.getByRole('dialog', { name: w.settings.cleanupConfirmTitle });
    await confirm.getByRole('button', { name: w.settings.cleanupRun }).click();
    await expect(
      page.getByText(plural(w.shell.settings, 'duplicatesRemoved', 5, lang)).first(),
    ).toBeVisible();

    await page.getByRole('button', { name: w.settings.checkIntegrity }).click();
    await expect(page.getByText(w.settings.noIssues)).toBeVisible();
    await page.getByRole('button', { name: w.settings.cleanup }).click();
    await confirm.getByRole('button', { name: w.settings.cleanupRun }).click();
    await expect(page.getByText(w.shell.settings.alreadyClean).first()).toBeVisible();

    // Exactly what remains: the kept product with both stocks, one Hamid owing 50,00, one sale.
    const after = JSON.parse((await exportBackup(page, lang)).text) as {
      products: { id: string; stock: number }[];
      customers: { id: string; creditBalance: number }[];
      sales: { id: string }[];
      creditTransactions: { id: string; customerId: string }[];
    };
    const ours = <T extends { id: string }>(list: T[]) => list.filter((r) => r.id.startsWith('0195f000-'));
    expect(
      ours(after.products)
        .map((p) => [p.id, p.stock])
        .sort(),
    ).toEqual(
      [
        [mintAgain.id, 11],
        [sugar.id, 20],
      ].sort(),
    );
    expect(ours(after.customers).map((c) => [c.id, c.creditBalance])).toEqual([[hamid.id, 50]]);
    expect(ours(after.sales).map((s) => s.id)).toEqual([sale.id]);
    // Hamid's two entries now both belong to the kept Hamid; the orphan entry is gone.
    expect(
      ours(after.creditTransactions)
        .map((c) => [c.id, c.customerId])
        .sort(),
    ).toEqual(
      [
        [bread, hamid.id],
        [oil, hamid.id],
      ].sort(),
    );
  });
}

test('[fr] export, then import into a fresh browser profile, gives identical data', async ({
  page,
  browser,
}) => {
  await openApp(page, 'fr', '#/customers');
  // Some life in the shop: a customer with a credit entry, and settings of its own.
  await page.getByRole('button', { name: words.fr.customers.addCustomer }).click();
  const dialog = page.getByRole('dialog', { name: words.fr.customers.addCustomer });
  await dialog.getByLabel(words.fr.customers.fullName).fill('Nadia Berrada');
  await dialog.getByLabel(words.fr.customers.phone).fill('0700112233');
  await dialog.getByRole('button', { name: words.fr.customers.create }).click();
  const nadia = page.getByRole('listitem', { name: 'Nadia Berrada' });
  await nadia.getByRole('button', { name: words.fr.customers.ledger }).click();
  await page.getByLabel(fill(words.fr.customers.amount, { currency: 'MAD' })).fill('42,50');
  await page.getByRole('button', { name: words.fr.customers.recordCredit }).click();
  await page.goto('/#/settings');
  await page.getByLabel(words.fr.shell.settings.storeName).fill('Hanout Nadia');
  await page.getByRole('button', { name: words.fr.shell.app.save, exact: true }).first().click();
  await expect(page.getByRole('button', { name: words.fr.shell.app.saved })).toBeVisible();

  const first = await exportBackup(page, 'fr');
  expect(first.name).toMatch(/^hanouti-sauvegarde-\d{4}-\d{2}-\d{2}\.json$/);

  const fresh = await browser.newContext();
  const other: Page = await fresh.newPage();
  await openApp(other, 'fr', '#/settings');
  // A fresh profile seeds its own sample shop; it is emptied so the comparison is exact.
  await emptyShop(other);
  await importBackup(other, 'fr', first, (summary) => {
    expect(summary).toContain(`${words.fr.settings.importCountCustomers} 3`);
    expect(summary).toContain(`${words.fr.settings.importCountProducts} 4`);
  });
  const second = await exportBackup(other, 'fr');
  expect(withoutExportDate(second.text)).toEqual(withoutExportDate(first.text));
  await fresh.close();
});
