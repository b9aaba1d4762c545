// The karne in French and Arabic at 360×740: a customer's credit limit and promised day (edited, shown, flagged),
// the confirmation naming the amount over the limit, a cash advance in the history and the shared statement,
// and the dashboard's promises of the day (one overdue) and Caisse du jour.
import { expect, test } from '@playwright/test';
import {
  LANGS,
  creditRecord,
  customerRecord,
  fill,
  plain,
  plural,
  productRecord,
  uuid,
  words,
} from '../support/customers';
import { CustomersPage, SalePage } from '../support/pages';

// Noon in Casablanca (UTC+1 in June): "today" is 30 June 2025.
const NOW = new Date('2025-06-30T12:00:00+01:00');

// Amina owes 400,00 with a limit of 500,00 and promised to pay today; Karim owes 300,00 and promised the 20th.
const amina = {
  ...customerRecord(uuid(1), 'Amina Berrada', '0612345678', '2025-03-01T08:00:00.000Z'),
  creditLimit: 500,
  promiseDate: '2025-06-30',
};
const karim = {
  ...customerRecord(uuid(2), 'Karim El Idrissi', '0623456789', '2025-03-02T08:00:00.000Z'),
  promiseDate: '2025-06-20',
};
const nadia = customerRecord(uuid(3), 'Nadia Tazi', '0645678901', '2025-03-04T08:00:00.000Z');
const ENTRIES = [
  creditRecord(uuid(11), amina.id, 400, 'Courses', '2025-06-10T10:00:00+01:00'),
  creditRecord(uuid(21), karim.id, 300, 'Gaz', '2025-06-01T09:00:00+01:00'),
];

const SHOTS = '/tmp/shots-31-karne';

for (const lang of LANGS) {
  const w = words[lang];
  const c = w.customers;
  // The carnet's terms and the over-limit confirmation are shared pieces: their words are ui/'s.
  const u = w.ui.credit;
  const d = w.dashboard as Record<string, string>;

  test(`[${lang}] karne: limit and promise, over-limit confirmation, cash advance, the day's promises and cash`, async ({
    page,
  }) => {
    // Many steps on a shared 2-core machine: a generous budget (no step is timed).
    test.setTimeout(240_000);
    await page.clock.setFixedTime(NOW);
    // The statement's share sheet: what would go to WhatsApp is kept to be read back.
    await page.addInitScript(() => {
      const shared: { text: string }[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: { text: string }) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const customers = new CustomersPage(page, lang, SHOTS);
    await customers.startWith('karne.json', {
      customers: [amina, karim, nadia],
      creditTransactions: ENTRIES,
    });

    // The customers screen: the limit and the promises on the cards, Karim's late promise flagged.
    await customers.open();
    const card = (name: string) => customers.card(name);
    await customers.shows(
      card(amina.name).getByTestId('customer-limit'),
      fill(u.limitShown, { amount: await customers.money(50_000) }),
    );
    await expect(card(amina.name).getByTestId('customer-promise')).toHaveAttribute(
      'data-status',
      'due-today',
    );
    await expect(card(amina.name).getByTestId('customer-promise')).toHaveText(u.promiseToday);
    const karimPromise = card(karim.name).getByTestId('customer-promise');
    await expect(karimPromise).toHaveAttribute('data-status', 'overdue');
    expect(plain(await karimPromise.innerText())).toBe(
      plain(fill(u.promiseOverdue, { date: await customers.day('2025-06-20') })),
    );
    await expect(card(nadia.name).getByTestId('customer-promise')).toHaveCount(0);
    // The filter "Promesse dépassée" keeps Karim alone.
    await customers.tap(customers.chip(c.show, c.filter_overdue));
    await expect.poll(() => customers.names()).toEqual([karim.name]);
    await customers.tap(customers.chip(c.show, c.filter_all));
    await customers.shoot('karne-customers');

    // Edit Nadia: a limit of 0 is refused with its message and nothing is saved; 200,00 and a promise are.
    await customers.tapOnCard(nadia.name, c.editCustomer);
    const edit = page.getByRole('dialog', { name: c.editCustomer });
    const limitField = edit.getByLabel(fill(c.creditLimit, { currency: 'MAD' }));
    await limitField.fill('0');
    await edit.getByRole('button', { name: c.save }).click();
    await expect(edit.getByText(c.creditLimitInvalid)).toBeVisible();
    await limitField.fill('200');
    await edit.getByLabel(c.promiseDate).fill('2025-07-05');
    await customers.shoot('karne-edit');
    await edit.getByRole('button', { name: c.save }).click();
    await expect(edit).toBeHidden();
    await customers.shows(
      card(nadia.name).getByTestId('customer-limit'),
      fill(u.limitShown, { amount: await customers.money(20_000) }),
    );
    // Nadia owes nothing: her promise is not a worry and is not shown.
    await expect(card(nadia.name).getByTestId('customer-promise')).toHaveCount(0);

    // An advance needs its note; 150,00 to Amina (owes 400,00, limit 500,00) asks first, naming 50,00 over.
    await customers.tapOnCard(amina.name, c.ledger);
    const ledger = page.getByRole('dialog', { name: plain(fill(c.ledgerTitle, { name: amina.name })) });
    await customers.tap(ledger.getByRole('radio', { name: c.kindAdvance }));
    await ledger.getByLabel(fill(c.amount, { currency: 'MAD' })).fill('150');
    await ledger.getByRole('button', { name: c.recordAdvance }).click();
    await expect(ledger.getByText(c.advanceNoteRequired)).toBeVisible();
    await ledger.getByLabel(c.advanceNote).fill('Pharmacie');
    await customers.shoot('karne-advance');
    await ledger.getByRole('button', { name: c.recordAdvance }).click();
    const confirm = page.getByRole('dialog', { name: u.overLimitTitle });
    await customers.shows(
      confirm.getByTestId('over-limit-amount'),
      fill(u.overLimitAmount, { amount: await customers.money(5_000) }),
    );
    await customers.shoot('karne-over-limit');
    // Cancelled: nothing is written (the carnet dialog still says 400,00; the list behind it is hidden).
    await customers.tap(confirm.getByRole('button', { name: w.shell.app.cancel }));
    await expect(confirm).toBeHidden();
    await expect
      .poll(() => customers.textOf(ledger))
      .toContain(plain(fill(c.currentBalance, { amount: await customers.money(40_000) })));
    // Confirmed: the balance rises by the advance and the card says the limit is passed.
    await ledger.getByRole('button', { name: c.recordAdvance }).click();
    await customers.tap(
      page.getByRole('dialog', { name: u.overLimitTitle }).getByRole('button', { name: u.overLimitConfirm }),
    );
    await expect(ledger).toBeHidden();
    await customers.shows(card(amina.name).getByTestId('customer-balance'), await customers.money(55_000));
    await expect(card(amina.name).getByTestId('customer-limit')).toContainText(u.overLimitBadge);

    // The history names it "Avance en espèces" with its note, and so does the statement shared to WhatsApp.
    await customers.tapOnCard(amina.name, c.history);
    const history = page.getByRole('dialog', { name: plain(fill(c.historyTitle, { name: amina.name })) });
    const newest = history.getByTestId('history-entry').first();
    await expect(newest).toContainText(c.entryAdvance);
    await expect(newest).toContainText('Pharmacie');
    await customers.shoot('karne-history');
    await history.getByRole('button', { name: c.shareStatement }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __shared: { text: string }[] }).__shared.length),
      )
      .toBe(1);
    const statement = await page.evaluate(
      () => (window as unknown as { __shared: { text: string }[] }).__shared[0]!.text,
    );
    const advanceLine = statement.split('\n').find((line) => line.includes(c.entryAdvance));
    expect(advanceLine).toContain('Pharmacie');
    expect(plain(advanceLine ?? '')).toContain(plain(`+${await customers.money(15_000)}`));
    await page.keyboard.press('Escape');

    // The dashboard: Amina's promise is due today, Karim's overdue; today's cash shows the advance given.
    await page.goto('/#/dashboard');
    const promises = page.getByRole('region', { name: d.promisesTitle ?? '' });
    await expect(promises.getByTestId('promise-today')).toHaveCount(1);
    await expect(promises.getByTestId('promise-today')).toContainText(amina.name);
    const late = promises.getByTestId('promise-overdue');
    await expect(late).toHaveCount(1);
    await expect(late).toContainText(karim.name);
    expect(plain(await late.innerText())).toContain(
      plain(fill(d.promiseLate ?? '', { date: await customers.day('2025-06-20') })),
    );
    expect(plain(await promises.innerText())).toContain(plain(plural(d, 'promisesOverdue', 1, lang)));
    expect(plain(await promises.innerText())).toContain(plain(plural(d, 'promisesToday', 1, lang)));
    await promises.scrollIntoViewIfNeeded();
    await customers.shoot('karne-dashboard-promises');
    const cash = page.getByRole('region', { name: d.cashTitle ?? '' });
    await expect
      .poll(() => customers.textOf(cash.getByTestId('cash-advances')))
      .toContain(plain(`−${await customers.money(15_000)}`));
    await expect(cash.getByTestId('cash-advances')).toContainText(plural(d, 'cashAdvancesCount', 1, lang));
    expect(plain(await cash.getByTestId('cash-net').innerText())).toContain(
      plain(`−${await customers.money(15_000)}`),
    );
    await cash.scrollIntoViewIfNeeded();
    await customers.shoot('karne-dashboard-cash');
  });
}

// The same confirmation at the till: a sale on the carnet that takes the customer past the limit asks first,
// naming the amount over; cancelled, nothing is sold; confirmed, the ticket says it went on the carnet.
for (const lang of LANGS) {
  const u = words[lang].ui.credit;
  test(`[${lang}] a sale on the carnet past the customer's limit asks first, naming the amount over`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.clock.setFixedTime(NOW);
    const tea = {
      id: uuid(41),
      name: 'Thé vert Sultan 200 g',
      brand: 'Sultan',
      category: 'Épicerie',
      salePrice: 150,
      stock: 20,
    };
    const owing = { ...customerRecord(uuid(42), 'Amina Berrada', '0612345678'), creditLimit: 500 };
    const sale = new SalePage(page, lang);
    await sale.startWith('limit.json', {
      products: [productRecord(tea)],
      customers: [owing],
      creditTransactions: [creditRecord(uuid(43), owing.id, 400, 'Courses', '2025-06-10T10:00:00+01:00')],
    });

    // 150,00 on the carnet of a customer who owes 400,00 with a limit of 500,00: 50,00 over.
    await sale.open();
    await sale.addBySearch('sultan', tea.name);
    await sale.onCarnetOf(owing.name);
    await sale.tap(sale.toTicket);
    const confirm = page.getByRole('dialog', { name: u.overLimitTitle });
    await sale.shows(
      confirm.getByTestId('over-limit-amount'),
      fill(u.overLimitAmount, { amount: await sale.money(5_000) }),
    );

    // Cancelled: still the sale screen with its cart, no ticket.
    await sale.tap(confirm.getByRole('button', { name: words[lang].shell.app.cancel }));
    await expect(confirm).toBeHidden();
    await expect(sale.ticket).toHaveCount(0);
    await expect(sale.toTicket).toBeEnabled();

    // Confirmed: the ticket says the sale went on the carnet, and the customer now owes 550,00.
    await sale.tap(sale.toTicket);
    await sale.tap(
      page.getByRole('dialog', { name: u.overLimitTitle }).getByRole('button', { name: u.overLimitConfirm }),
    );
    await expect(sale.ticket).toContainText(
      plain(fill(sale.words.receipt.paidCredit, { customer: owing.name })),
    );
    const customers = new CustomersPage(page, lang);
    await customers.open();
    const card = customers.card(owing.name);
    await customers.shows(card.getByTestId('customer-balance'), await customers.money(55_000));
    await expect(card.getByTestId('customer-limit')).toContainText(u.overLimitBadge);
  });
}
