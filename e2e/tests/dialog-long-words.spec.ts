// A name of one long word (a sheet's column pasted whole) in a dialog's title or question, and a customer's card
// beside a balance of millions, at 360 px in French and Arabic: the words wrap inside the dialog, its close button
// stays on the screen and answers the finger, and the card shows its amounts whole. Before, the title pushed the
// close button 1,200 px past the screen and the card cut "Achats : 2.999.…".
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LABELS } from '../support/catalog';
import {
  backupText,
  customerRecord,
  importBackup,
  LANGS,
  money,
  openApp,
  productRecord,
  shoot,
  uuid,
  words,
} from '../support/customers';
import { expectControlsInside, expectInside, widths } from '../support/layout';
import { tapCentre } from '../support/sale';

/** The dialog on screen: its words and controls inside it and the screen, nothing wider than the phone. */
async function expectDialogFits(page: Page, dialog: Locator, where: string) {
  await expect(dialog).toBeVisible();
  await expectInside(dialog.getByRole('heading').first(), dialog);
  await expectControlsInside(page, where);
  expect(await widths(page)).toEqual({ layout: 360, content: 360 });
}

for (const lang of LANGS) {
  const w = words[lang];
  const L = LABELS[lang];
  test(`[${lang}] a one-word name wraps in the dialogs, their buttons stay under the finger`, async ({
    page,
  }) => {
    const productName = lang === 'ar' ? 'زيتالزيتونالبكر'.repeat(12) : "Huiled'olivevierge".repeat(11);
    const customerName = 'Client'.repeat(30);
    const product = {
      id: uuid(1),
      name: productName,
      brand: '',
      category: 'Épicerie',
      salePrice: 12.5,
      stock: 12,
    };
    const customer = { ...customerRecord(uuid(2), customerName, '0612345678'), creditBalance: 1_234_567.89 };
    await openApp(page, lang, '#/dashboard');
    await importBackup(page, lang, {
      name: 'shop.json',
      text: backupText({
        products: [productRecord(product)],
        customers: [{ ...customer, totalPurchases: 2_999_999.97 }],
      }),
    });

    // The customer's card: the purchases line wraps beside the balance instead of hiding its amount.
    await page.goto('/#/customers');
    const card = page.getByRole('listitem', { name: customerName });
    await expect(card).toBeVisible();
    const purchases = card.getByText(w.shell.customers.totalPurchases.split('{{')[0]!.trim());
    await expect(purchases).toContainText(await money(page, lang, 299_999_997));
    await expectInside(purchases, card);
    expect(await widths(page)).toEqual({ layout: 360, content: 360 });
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(page, lang, 'customers-long-name');

    // Its notebook: the title wraps, Fermer is on the screen and closes the dialog.
    await tapCentre(page, card.getByRole('button', { name: w.customers.ledger }));
    const ledger = page.getByRole('dialog');
    await expectDialogFits(page, ledger, 'the ledger of a one-word customer');
    await shoot(page, lang, 'customers-ledger-long-name');
    await tapCentre(page, ledger.getByRole('button', { name: w.shell.app.close }));
    await expect(ledger).toBeHidden();

    // Deleting the product: the question names it inside the dialog; Annuler keeps it.
    await page.goto('/#/catalog');
    await tapCentre(page, page.getByRole('button', { name: L.deleteCard(productName) }));
    const question = page.getByRole('dialog', { name: L.deleteOneTitle });
    await expectDialogFits(page, question, 'the delete question');
    await expectInside(question.getByText(productName.slice(0, 12)), question);
    await shoot(page, lang, 'catalog-delete-long-name');
    await tapCentre(page, question.getByRole('button', { name: L.cancel }));
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: L.deleteCard(productName) })).toBeVisible();

    // Counting its stock: the title wraps, Fermer closes.
    await page.goto('/#/inventory');
    await tapCentre(page, page.getByRole('button', { name: L.countFor(productName) }));
    const count = page.getByRole('dialog');
    await expectDialogFits(page, count, 'the stock count of a one-word product');
    await shoot(page, lang, 'inventory-count-long-name');
    await tapCentre(page, count.getByRole('button', { name: w.shell.app.close }));
    await expect(count).toBeHidden();
  });
}
