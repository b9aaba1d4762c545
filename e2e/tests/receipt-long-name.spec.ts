// A name of one long word (a sheet's column pasted whole, a code) and a total of millions stay inside the phone's
// 360-px screen, in the cart and on the ticket: the page never grows wider than the screen (a phone would zoom out
// and scroll sideways), the amount never touches its words. Tapped with the finger, as the shopkeeper does.
import { expect, test } from '@playwright/test';
import { backupText, importBackup, productRecord, uuid } from '../support/customers';
import { box, expectInside, widths } from '../support/layout';
import { fill, LANGS, openApp, screenshotPath, tapCentre, words } from '../support/sale';

for (const lang of LANGS) {
  const w = words[lang];
  test(`[${lang}] a one-word name and a total of millions stay on the screen, in the cart and on the ticket`, async ({
    page,
  }) => {
    const name = lang === 'ar' ? 'زيتالزيتونالبكر'.repeat(12) : "Huiled'olivevierge".repeat(11);
    const brand = 'Marque'.repeat(16);
    const product = {
      id: uuid(1),
      name,
      brand,
      category: 'Épicerie',
      salePrice: 999_999.99,
      stock: 50,
    };
    await openApp(page, lang, '#/dashboard');
    await importBackup(page, lang, {
      name: 'shop.json',
      text: backupText({ products: [productRecord(product)] }),
    });

    await page.goto('/#/sale');
    // The add sheet's row: the name and the brand wrap inside the sheet.
    await tapCentre(page, page.getByRole('button', { name: w.sale.addSearch }));
    const sheet = page.getByRole('dialog', { name: w.sale.sheet.title });
    await sheet.getByRole('searchbox', { name: w.sale.sheet.search }).fill('Marque');
    const row = sheet.getByRole('button', { name: new RegExp(name.slice(0, 12)) });
    await expect(row).toBeVisible();
    await expectInside(row.getByText(name.slice(0, 12)), sheet);
    await expectInside(row.getByText(brand.slice(0, 12)), sheet);
    expect(await widths(page)).toEqual({ layout: 360, content: 360 });
    await page.screenshot({ path: screenshotPath(lang, 'sale-sheet-long-name') });
    await tapCentre(page, row);
    await tapCentre(page, sheet.getByRole('button', { name: w.sale.sheet.done }));
    await expect(sheet).toBeHidden();
    const increase = page.getByRole('button', { name: fill(w.sale.increase, { name }) });
    for (let quantity = 1; quantity < 10; quantity++) await tapCentre(page, increase);
    const total = page.getByTestId('cart-total');
    await expect(total).toHaveText(/9.999.999,90/);
    expect(await widths(page)).toEqual({ layout: 360, content: 360 });
    // The amount is on the screen and apart from its words: beside them with a gap, or on a line of its own.
    const [amount, label] = [await box(total), await box(total.locator('xpath=preceding-sibling::dt'))];
    expect(amount.x).toBeGreaterThanOrEqual(0);
    expect(amount.x + amount.width).toBeLessThanOrEqual(360);
    const apart =
      amount.y >= label.y + label.height - 1 ||
      Math.max(label.x - (amount.x + amount.width), amount.x - (label.x + label.width)) >= 8;
    expect(apart, 'the total does not touch its words').toBe(true);
    await page.screenshot({ path: screenshotPath(lang, 'sale-cart-long-name') });

    await tapCentre(page, page.getByRole('button', { name: w.sale.toTicket }));
    const ticket = page.locator('article.ticket');
    await expect(ticket).toContainText(/9.999.999,90/);
    expect(await widths(page)).toEqual({ layout: 360, content: 360 });
    await expectInside(ticket.getByText(name.slice(0, 12)), ticket);
    await expectInside(ticket, page.locator('main'));
    await page.screenshot({ path: screenshotPath(lang, 'receipt-long-name'), fullPage: true });
  });
}
