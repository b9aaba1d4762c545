// What is owed at a glance, in French and Arabic: the total, the customers who owe and the ageing of entries
// with known dates (paid oldest first), on the customers screen and the dashboard; sorting and filtering by debt.
import { expect, test, type Locator } from '@playwright/test';
import { LANGS, creditRecord, customerRecord, fill, plain, plural, uuid, words } from '../support/customers';
import { CustomersPage } from '../support/pages';

// Noon in Casablanca (UTC+1 in June): "today" is 30 June 2025 for the ages below.
const NOW = new Date('2025-06-30T12:00:00+01:00');

const amina = customerRecord(uuid(1), 'Amina Berrada', '0612345678', '2025-03-01T08:00:00.000Z');
const karim = customerRecord(uuid(2), 'Karim El Idrissi', '0623456789', '2025-03-02T08:00:00.000Z');
const said = customerRecord(uuid(3), 'سعيد العلوي', '0634567890', '2025-03-03T08:00:00.000Z');
const nadia = customerRecord(uuid(4), 'Nadia Tazi', '0645678901', '2025-03-04T08:00:00.000Z');
const payment = (id: string, customerId: string, amount: number, date: string) => ({
  ...creditRecord(id, customerId, amount, '', date),
  type: 'payment',
});

const ENTRIES = [
  // Amina: 100 (90 days), 50 (41 days), 20 (5 days); 120 paid on 26 June pays the 100, then 20 of the 50.
  // She owes 30 + 20 = 50,00: 30 in 31–60 days, 20 in 0–30; her oldest unpaid entry is 41 days old.
  creditRecord(uuid(11), amina.id, 100, 'Courses', '2025-04-01T10:00:00+01:00'),
  creditRecord(uuid(12), amina.id, 50, 'Huile', '2025-05-20T10:00:00+01:00'),
  creditRecord(uuid(13), amina.id, 20, 'Pain', '2025-06-25T10:00:00+01:00'),
  payment(uuid(14), amina.id, 120, '2025-06-26T10:00:00+01:00'),
  // Karim: 300 on 15 March (107 days), nothing paid.
  creditRecord(uuid(21), karim.id, 300, 'Gaz', '2025-03-15T09:00:00+01:00'),
  // Saïd: 15 yesterday (1 day).
  creditRecord(uuid(31), said.id, 15, 'Lait', '2025-06-29T19:00:00+01:00'),
  // Nadia: 40 taken and paid back: owes nothing.
  creditRecord(uuid(41), nadia.id, 40, 'Sucre', '2025-06-01T10:00:00+01:00'),
  payment(uuid(42), nadia.id, 40, '2025-06-10T10:00:00+01:00'),
];

const SHOTS = '/tmp/shots-31';

for (const lang of LANGS) {
  const w = words[lang];
  const c = w.customers;
  // The summary of what is owed is a shared piece: its words are ui/'s.
  const u = w.ui.credit;

  test(`[${lang}] what is owed: total, debtors, ageing on the customers screen and the dashboard`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(NOW);
    // No sample shop: only these customers.
    const customers = new CustomersPage(page, lang, SHOTS);
    await customers.startWith('carnet.json', {
      customers: [amina, karim, said, nadia],
      creditTransactions: ENTRIES,
    });
    const money = (centimes: number) => customers.money(centimes);

    const expectFigures = async (scope: Locator) => {
      const figure = async (id: string) =>
        plain(await scope.getByTestId(id).locator('dd, p').last().innerText());
      await expect.poll(() => figure('owed-total')).toBe(await money(36_500));
      expect(plain(await scope.getByTestId('owed-debtors').innerText())).toBe(plural(u, 'debtors', 3, lang));
      expect(await figure('owed-upTo30')).toBe(await money(3_500));
      expect(await figure('owed-from31To60')).toBe(await money(3_000));
      expect(await figure('owed-over60')).toBe(await money(30_000));
      expect(plain(await scope.getByTestId('owed-upTo30').locator('dt').innerText())).toBe(u.age_upTo30);
      expect(plain(await scope.getByTestId('owed-over60').locator('dt').innerText())).toBe(u.age_over60);
    };

    // The customers screen: the summary at the top, each debtor's age of debt, names in their own direction.
    await customers.open();
    const summary = page.getByTestId('owed-summary');
    await expectFigures(summary);
    const card = (name: string) => customers.card(name);
    await expect(card(amina.name).getByTestId('customer-debt-age')).toHaveText(
      plural(c, 'debtAge', 41, lang),
    );
    await expect(card(karim.name).getByTestId('customer-debt-age')).toHaveText(
      plural(c, 'debtAge', 107, lang),
    );
    await expect(card(said.name).getByTestId('customer-debt-age')).toHaveText(plural(c, 'debtAge', 1, lang));
    await expect(card(nadia.name).getByTestId('customer-debt-age')).toHaveCount(0);
    await expect(card(said.name).getByText(said.name, { exact: true })).toHaveAttribute('dir', 'auto');
    // The shot also checks that every control of a card lies inside it, its words whole (`expectControlsInside`:
    // at 360 px the edit button was pushed half past the card's edge by "Historique", a word that cannot wrap).
    await customers.shoot('customers-owed');

    const names = () => customers.names();
    const chip = (group: string, label: string) => customers.chip(group, label);

    // Newest first by default (the spec's order), then by amount owed, then by age of the oldest unpaid entry.
    await expect.poll(names).toEqual([nadia.name, said.name, karim.name, amina.name]);
    await customers.tap(chip(c.sortBy, c.sort_owed));
    await expect(chip(c.sortBy, c.sort_owed)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(names).toEqual([karim.name, amina.name, said.name, nadia.name]);
    await customers.tap(chip(c.sortBy, c.sort_age));
    await expect.poll(names).toEqual([karim.name, amina.name, said.name, nadia.name]);
    // Filters: who owes, and debts older than 30 and 60 days.
    await customers.tap(chip(c.show, c.filter_owing));
    await expect.poll(names).toEqual([karim.name, amina.name, said.name]);
    await customers.tap(chip(c.show, c.filter_over30));
    await expect.poll(names).toEqual([karim.name, amina.name]);
    await customers.tap(chip(c.show, c.filter_over60));
    await expect.poll(names).toEqual([karim.name]);
    await customers.shoot('customers-owed-filtered');
    await customers.tap(chip(c.show, c.filter_all));
    await customers.tap(chip(c.sortBy, c.sort_owed));
    await expect.poll(names).toEqual([karim.name, amina.name, said.name, nadia.name]);

    // The dashboard card: the same figures.
    await page.goto('/#/dashboard');
    const owedCard = page.getByRole('region', { name: w.dashboard.owedTitle });
    await owedCard.scrollIntoViewIfNeeded();
    await expectFigures(owedCard);
    await customers.shoot('dashboard-owed');

    // A payment recorded today moves the figures: Karim pays 250,00 of his 300,00 (all over 60 days).
    await customers.tap(owedCard.getByRole('link', { name: w.dashboard.owedSee }));
    await customers.tapOnCard(karim.name, c.ledger);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: c.kindPayment }).click();
    await dialog.getByLabel(fill(c.amount, { currency: 'MAD' })).fill('250');
    await dialog.getByRole('button', { name: c.recordPayment }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => plain(await summary.getByTestId('owed-total').innerText()))
      .toContain(await money(11_500));
    expect(plain(await summary.getByTestId('owed-over60').locator('dd').innerText())).toBe(
      await money(5_000),
    );
  });
}
