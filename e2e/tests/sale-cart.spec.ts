// Selling, in French and Arabic: search, weight, barcode scan, quantities, checkout, stock, credit, reload.
import { expect, test, type Page } from '@playwright/test';
import {
  addBySearch,
  BULK_PRODUCT,
  cartLine,
  fill,
  LANGS,
  mad,
  openApp,
  plain,
  scanWithWedge,
  SCANNED_PRODUCT,
  screenshotPath,
  seedSaleProducts,
  words,
  type Lang,
} from '../support/sale';

const OIL = 'Huile Lesieur 1L';
const TEA = 'Thé vert Sultan 200 g';

async function cartFigures(page: Page) {
  return {
    subtotal: plain(await page.getByTestId('cart-subtotal').textContent()),
    vat: plain(await page.getByTestId('cart-vat').textContent()),
    total: plain(await page.getByTestId('cart-total').textContent()),
  };
}

/** The amount printed next to a label on the ticket. */
async function ticketAmount(page: Page, label: string): Promise<string> {
  const row = page.locator('article.ticket p').filter({ has: page.getByText(label, { exact: true }) });
  return plain(await row.locator('bdi').textContent());
}

async function stockShownInSheet(
  page: Page,
  lang: Lang,
  query: string,
  productName: string,
): Promise<string> {
  const w = words[lang].sale;
  await page.getByRole('button', { name: w.addSearch }).click();
  const sheet = page.getByRole('dialog', { name: w.sheet.title });
  await sheet.getByRole('searchbox', { name: w.sheet.search }).fill(query);
  const text = plain(await sheet.getByRole('button', { name: new RegExp(productName) }).textContent());
  await sheet.getByRole('button', { name: w.sheet.done }).click();
  return text;
}

for (const lang of LANGS) {
  const w = words[lang];

  test(`[${lang}] a full sale by search: quantities, totals, checkout, ticket = cart, stock lowered`, async ({
    page,
  }) => {
    await openApp(page, lang);
    // The three buttons of the cart; the photo capture flow itself is tested in recognition-*.spec.ts.
    await expect(page.getByRole('button', { name: w.sale.aiPhoto })).toBeEnabled();

    // No bulk product in the sample shop: the dialog says so and points to the catalogue.
    await page.getByRole('button', { name: w.sale.bulk, exact: true }).click();
    const bulkDialog = page.getByRole('dialog', { name: w.sale.bulkDialog.title });
    await expect(bulkDialog.getByText(w.sale.bulkDialog.emptyTitle)).toBeVisible();
    await expect(bulkDialog.getByText(w.sale.bulkDialog.emptyHint)).toBeVisible();
    await page.screenshot({ path: screenshotPath(lang, 'sale-bulk-empty') });
    await bulkDialog.getByRole('button', { name: w.shell.app.close }).click();
    await expect(bulkDialog).toBeHidden();

    // The sheet lists at most 10 products, in stock only; here, the sample shop's four.
    await page.getByRole('button', { name: w.sale.addSearch }).click();
    const sheet = page.getByRole('dialog', { name: w.sale.sheet.title });
    await expect(sheet.getByRole('list').getByRole('listitem')).toHaveCount(4);
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath(lang, 'sale-add-sheet') });
    await sheet.getByRole('button', { name: w.sale.sheet.done }).click();
    await expect(sheet).toBeHidden();

    // Case- and accent-insensitive search on the brand; only products in stock are offered.
    await addBySearch(page, lang, 'LESIEUR', OIL);
    await addBySearch(page, lang, 'the vert', TEA);
    const oil = cartLine(page, lang, OIL);
    await oil.getByRole('button', { name: fill(w.sale.increase, { name: OIL }) }).click();
    await oil.getByRole('button', { name: fill(w.sale.increase, { name: OIL }) }).click();
    await expect(oil.getByRole('status', { name: fill(w.sale.quantityOf, { name: OIL }) })).toHaveText('3');
    await oil.getByRole('button', { name: fill(w.sale.decrease, { name: OIL }) }).click();
    await expect(oil.getByRole('status')).toHaveText('2');

    // 2 × 21,00 (VAT 10 %) + 1 × 17,00 (VAT 20 %) = 59,00 HT, 4,20 + 3,40 = 7,60 VAT, 66,60 TTC.
    const figures = await cartFigures(page);
    expect(figures).toEqual({ subtotal: mad(lang, 5900), vat: mad(lang, 760), total: mad(lang, 6660) });
    await page.screenshot({ path: screenshotPath(lang, 'sale-cart'), fullPage: true });

    await page.getByRole('button', { name: w.sale.toTicket }).click();
    await expect(page).toHaveURL(/#\/receipt\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.shell.pages.receipt.title);
    const ticket = page.locator('article.ticket');
    await expect(ticket).toContainText(OIL);
    await expect(ticket).toContainText(TEA);
    expect(await ticketAmount(page, w.shell.receipt.subtotal)).toBe(figures.subtotal);
    expect(await ticketAmount(page, w.shell.receipt.vat)).toBe(figures.vat);
    expect(await ticketAmount(page, w.shell.receipt.total)).toBe(figures.total);
    await expect(ticket).toContainText(w.shell.receipt.thanks);
    await expect(ticket).toContainText(/A-\d{6}|[A-Z0-9]+-\d{6}/);
    await page.screenshot({ path: screenshotPath(lang, 'receipt'), fullPage: true });

    // Terminer goes back to the dashboard; the cart is empty again and the oil's stock went 12 → 10.
    await page.getByRole('button', { name: w.shell.receipt.finish }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.shell.pages.dashboard.title);
    await page.goto('/#/sale');
    await expect(page.getByText(w.shell.sale.emptyCart)).toBeVisible();
    expect(await stockShownInSheet(page, lang, 'lesieur', OIL)).toContain(
      fill(w.sale.sheet.stock, { quantity: 10 }),
    );
  });

  test(`[${lang}] a sale by weight, and a barcode scanned anywhere on the screen`, async ({ page }) => {
    await openApp(page, lang);
    await seedSaleProducts(page);

    await page.getByRole('button', { name: w.sale.bulk, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w.sale.bulkDialog.title });
    await expect(dialog.getByRole('combobox', { name: w.sale.bulkDialog.product })).toHaveValue(
      BULK_PRODUCT.id,
    );
    const add = dialog.getByRole('button', { name: w.sale.bulkDialog.add });
    await expect(add).toBeDisabled();
    const weight = dialog.getByRole('textbox', { name: w.sale.bulkDialog.weight });
    await weight.fill('0');
    await expect(add).toBeDisabled();
    await weight.fill('abc');
    await expect(dialog.getByText(w.sale.bulkDialog.weightInvalid)).toBeVisible();
    await expect(add).toBeDisabled();
    // 1,25 kg × 16,00 MAD = 20,00 MAD; a custom 18,00 MAD per kg gives 22,50 MAD.
    await weight.fill('1,25');
    await expect(dialog.getByTestId('bulk-total')).toHaveText(
      fill(w.sale.bulkDialog.total, { amount: mad(lang, 2000) }).replace(/\s/g, ' '),
      { useInnerText: true },
    );
    await dialog.getByRole('textbox', { name: w.sale.bulkDialog.price }).fill('18');
    await expect(dialog.getByTestId('bulk-total')).toContainText(mad(lang, 2250).split(' ')[0] ?? '');
    await dialog.getByRole('checkbox', { name: w.sale.bulkDialog.createLot }).click();
    await dialog.getByRole('textbox', { name: w.sale.bulkDialog.lotName }).fill('Lot mars');
    await page.screenshot({ path: screenshotPath(lang, 'sale-bulk-dialog') });
    await add.click();
    await expect(dialog).toBeHidden();
    const lentils = cartLine(page, lang, BULK_PRODUCT.name);
    await expect(lentils).toContainText(fill(w.sale.lot, { lot: 'Lot mars' }));
    expect(plain(await page.getByTestId('cart-total').textContent())).toBe(mad(lang, 2250));

    // A keyboard-wedge scanner: fast keystrokes ending with Enter, the focus on no field.
    await page.locator('body').click({ position: { x: 5, y: 200 } });
    await scanWithWedge(page, SCANNED_PRODUCT.barcode);
    await expect(cartLine(page, lang, SCANNED_PRODUCT.name)).toBeVisible();
    // Typed by hand in the search box, followed by Enter, the same code adds one more.
    await page.getByRole('button', { name: w.sale.addSearch }).click();
    const sheet = page.getByRole('dialog', { name: w.sale.sheet.title });
    await sheet.getByRole('searchbox', { name: w.sale.sheet.search }).fill(SCANNED_PRODUCT.barcode);
    await sheet.getByRole('searchbox', { name: w.sale.sheet.search }).press('Enter');
    await sheet.getByRole('button', { name: w.sale.sheet.done }).click();
    await expect(cartLine(page, lang, SCANNED_PRODUCT.name).getByRole('status')).toHaveText('2');
    // 22,50 + 2 × 6,50 (VAT 20 % = 2,60) = 35,50 HT, 38,10 TTC.
    expect(plain(await page.getByTestId('cart-total').textContent())).toBe(mad(lang, 3810));

    await page.getByRole('button', { name: w.sale.toTicket }).click();
    await expect(page.locator('article.ticket')).toContainText(BULK_PRODUCT.name);
    expect(await ticketAmount(page, w.shell.receipt.total)).toBe(mad(lang, 3810));
  });

  test(`[${lang}] quantities down to zero remove lines, and a reload keeps the cart`, async ({ page }) => {
    await openApp(page, lang);
    await addBySearch(page, lang, 'lait', 'Lait Centrale 1L');
    await addBySearch(page, lang, 'sucre', 'Sucre en morceaux Cosumar 1 kg');
    const milk = cartLine(page, lang, 'Lait Centrale 1L');
    await milk.getByRole('button', { name: fill(w.sale.increase, { name: 'Lait Centrale 1L' }) }).click();
    await page
      .getByRole('combobox', { name: w.sale.customer })
      .selectOption({ label: 'Youssef Benali — 07 72 34 56 81' });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.shell.pages.sale.title);
    await expect(milk.getByRole('status')).toHaveText('2');
    await expect(cartLine(page, lang, 'Sucre en morceaux Cosumar 1 kg')).toBeVisible();
    await expect(page.getByRole('combobox', { name: w.sale.customer })).toHaveValue(/.+/);

    await milk.getByRole('button', { name: fill(w.sale.decrease, { name: 'Lait Centrale 1L' }) }).click();
    await milk.getByRole('button', { name: fill(w.sale.decrease, { name: 'Lait Centrale 1L' }) }).click();
    await expect(milk).toHaveCount(0);
    await cartLine(page, lang, 'Sucre en morceaux Cosumar 1 kg')
      .getByRole('button', { name: fill(w.sale.remove, { name: 'Sucre en morceaux Cosumar 1 kg' }) })
      .click();
    await expect(page.getByText(w.shell.sale.emptyCart)).toBeVisible();
    await expect(page.getByRole('button', { name: w.sale.toTicket })).toBeDisabled();
  });

  test(`[${lang}] a credit sale goes on the customer's carnet`, async ({ page }) => {
    await openApp(page, lang);
    await addBySearch(page, lang, 'sultan', TEA);
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: w.sale.credit }) })
      .click();
    await expect(page.getByRole('radio', { name: w.sale.credit })).toBeChecked();
    await expect(page.getByText(w.sale.creditNeedsCustomer)).toBeVisible();
    await expect(page.getByRole('button', { name: w.sale.toTicket })).toBeDisabled();
    const customer = page.getByRole('combobox', { name: w.sale.customer });
    await customer.selectOption({ label: 'Fatima Zahra El Amrani — 06 61 23 45 67' });
    await expect(
      page.getByText(fill(w.sale.balance, { amount: mad(lang, 0) }).replace(/\s/g, ' ')),
    ).toBeVisible();
    const total = plain(await page.getByTestId('cart-total').textContent());
    expect(total).toBe(mad(lang, 2040));

    await page.getByRole('button', { name: w.sale.toTicket }).click();
    await expect(page.locator('article.ticket')).toContainText(
      fill(w.receipt.paidCredit, { customer: 'Fatima Zahra El Amrani' }),
    );
    await page.goto('/#/sale');
    await page
      .getByRole('combobox', { name: w.sale.customer })
      .selectOption({ label: 'Fatima Zahra El Amrani — 06 61 23 45 67' });
    await expect(page.getByText(fill(w.sale.balance, { amount: total }))).toBeVisible();
  });
}

test('a cart left with only a deleted product says "Aucun article valide dans le panier"', async ({
  page,
}) => {
  await openApp(page, 'fr');
  await page.evaluate(() => {
    const cart = {
      lines: [
        {
          productId: '0190a1b2-0000-7000-8000-00000000dead',
          productName: 'Produit supprimé',
          quantity: 1,
          unitPrice: 500,
          vatRate: 20,
        },
      ],
      paymentMethod: 'cash',
    };
    localStorage.setItem('hanouti.cart', JSON.stringify(cart));
  });
  await page.reload();
  await page.getByRole('button', { name: words.fr.sale.toTicket }).click();
  await expect(page.getByText('Aucun article valide dans le panier', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/sale$/);
});
