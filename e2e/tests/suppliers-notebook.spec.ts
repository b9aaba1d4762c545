// The supplier notebook in French and Arabic at 360×740: reached from the customers screen (Clients |
// Fournisseurs), a supplier added, a Réception à crédit raising both the stock and what is owed, a payment
// (one above the balance refused), and the history.
import { expect, test, type Locator } from '@playwright/test';
import suppliersAr from '../../apps/web/src/features/suppliers/locales/ar.json' with { type: 'json' };
import suppliersFr from '../../apps/web/src/features/suppliers/locales/fr.json' with { type: 'json' };
import { LABELS, SAMPLE } from '../support/catalog';
import { LANGS, fill, openApp, plural, shoot, words } from '../support/customers';
import { SuppliersPage } from '../support/pages';

const S = { fr: suppliersFr, ar: suppliersAr } as const;
const SUPPLIER = 'Centrale Laitière';

/** The words of a message before its first placeholder, to find the message whatever the amount. */
const lead = (text: string) => text.split('{{')[0]!.trim();

for (const lang of LANGS) {
  const s = S[lang];
  // The notebook switch and the Réception's supplier part are shared pieces: their words are ui/'s.
  const u = words[lang].ui.credit;
  const L = LABELS[lang];

  test(`[${lang}] supplier notebook: a delivery on credit raises the supplier balance and the stock`, async ({
    page,
  }) => {
    const suppliers = new SuppliersPage(page, lang);
    const supplierCard = () => suppliers.card(s.listLabel, SUPPLIER);
    const money = (centimes: number) => suppliers.money(centimes);
    const shows = (control: Locator, expected: string) => suppliers.shows(control, expected);
    await openApp(page, lang, '#/customers');
    // The notebook's other half is one tap away on the customers screen.
    await suppliers.tap(page.getByRole('link', { name: u.suppliersTab }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[lang].shell.pages.suppliers.title);
    await expect(page.getByRole('link', { name: u.suppliersTab })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(s.noSuppliers)).toBeVisible();
    await shoot(page, lang, 'suppliers-empty');

    // A nameless supplier is refused and nothing is saved; then the supplier is added.
    await suppliers.tap(page.getByRole('button', { name: s.addSupplier }));
    const add = page.getByRole('dialog', { name: s.addSupplier });
    await add.getByRole('button', { name: s.create }).click();
    await expect(add.getByText(s.nameRequired)).toBeVisible();
    await add.getByLabel(s.name).fill(SUPPLIER);
    await add.getByLabel(s.phone).fill('0522 12 34 56');
    await shoot(page, lang, 'suppliers-add');
    await add.getByRole('button', { name: s.create }).click();
    await expect(add).toBeHidden();
    await expect(supplierCard()).toContainText('05 22 12 34 56');
    await shows(supplierCard().getByTestId('supplier-balance'), await money(0));

    // Réception of 24 packs of milk from the supplier, on credit: an empty amount is refused, nothing moves.
    await page.goto('/#/inventory');
    const milk = page.getByRole('article', { name: SAMPLE.milk });
    await expect(milk).toContainText(L.stockLine('4'));
    await milk.getByRole('button', { name: L.restockFor(SAMPLE.milk) }).click();
    const delivery = page.getByRole('dialog');
    await delivery.getByLabel(L.receivedQuantity).fill('24');
    await delivery.getByLabel(u.reception.supplier, { exact: true }).selectOption({ label: SUPPLIER });
    await expect(delivery.getByRole('checkbox', { name: u.reception.onCredit })).toBeChecked();
    const owedField = delivery.getByLabel(fill(u.reception.amount, { currency: 'MAD' }));
    await delivery.getByRole('button', { name: L.saveRestock }).click();
    await expect(delivery.getByText(s.amountMustBePositive)).toBeVisible();
    await owedField.fill('360,00');
    await shoot(page, lang, 'inventory-restock-on-credit');
    await suppliers.tap(delivery.getByRole('button', { name: L.saveRestock }));
    await expect(delivery).toBeHidden();
    await expect(milk).toContainText(L.stockLine('28'));

    // The supplier now shows what is owed, and the screen's total says to how many suppliers.
    await suppliers.open();
    const card = supplierCard();
    await shows(card.getByTestId('supplier-balance'), await money(36_000));
    await shows(
      page.getByTestId('suppliers-owed'),
      `${fill(s.owedTotal, { amount: await money(36_000) })} ${plural(s, 'owedTo', 1, lang)}`,
    );
    await shoot(page, lang, 'suppliers-owed');

    // A payment above what is owed is refused; 150,00 lowers the balance to 210,00.
    await suppliers.tap(card.getByRole('button', { name: s.entry }));
    const entry = page.getByRole('dialog', { name: fill(s.entryTitle, { name: SUPPLIER }) });
    await expect(entry.getByRole('radio', { name: s.kindPayment })).toBeChecked();
    const amount = entry.getByLabel(fill(s.amount, { currency: 'MAD' }));
    await amount.fill('500');
    await entry.getByRole('button', { name: s.recordPayment }).click();
    await shows(
      entry.getByText(lead(s.paymentAboveBalance)),
      fill(s.paymentAboveBalance, { amount: await money(36_000) }),
    );
    await shoot(page, lang, 'supplier-payment-refused');
    await amount.fill('150,00');
    await shows(
      entry.getByText(lead(s.balanceAfter)),
      fill(s.balanceAfter, {
        amount: await money(21_000),
      }),
    );
    await suppliers.tap(entry.getByRole('button', { name: s.recordPayment }));
    await expect(entry).toBeHidden();
    await shows(card.getByTestId('supplier-balance'), await money(21_000));

    // The history: the payment, then the delivery that came with the stock reception, with what was owed after each.
    await suppliers.tap(card.getByRole('button', { name: s.history }));
    const history = page.getByRole('dialog', { name: fill(s.historyTitle, { name: SUPPLIER }) });
    await expect(history.getByText(plural(s, 'entries', 2, lang))).toBeVisible();
    const rows = history.getByTestId('supplier-entry');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(s.typePayment);
    await expect(rows.nth(1)).toContainText(s.typeDelivery);
    await expect(rows.nth(1)).toContainText(s.withReception);
    await shows(
      rows.nth(1).getByText(lead(s.balanceAfterRow)),
      fill(s.balanceAfterRow, { amount: await money(36_000) }),
    );
    await shoot(page, lang, 'supplier-history');
  });
}
