// Reminders and statements of the karne, in French and Arabic at 360×740: a reminder's exact text and its wa.me
// link to the +212 number, logged on the customer (with its customer.upsert operation); several customers one
// after another (a non-Moroccan number gets no link); the statement since a date, a cash advance named in it.
import { expect, test, type Page } from '@playwright/test';
import {
  LANGS,
  creditRecord,
  customerRecord,
  fill,
  plain,
  plural,
  uuid,
  words,
  type Lang,
} from '../support/customers';
import { CustomersPage, Screen } from '../support/pages';
import { settledBox, topmostIsWithin } from '../support/sale';
import { expectToastShown, recordToasts } from '../support/toasts';

// Noon in Casablanca (UTC+1 in June 2025).
const NOW = new Date('2025-06-30T12:00:00+01:00');
const SHOTS = '/tmp/shots-31';

const amina = customerRecord(uuid(1), 'Amina Berrada', '06 12-34.56 78', '2025-03-01T08:00:00.000Z');
const karim = customerRecord(uuid(2), 'Karim El Idrissi', '+33 6 12 34 56 78', '2025-03-02T08:00:00.000Z');
const said = customerRecord(uuid(3), 'سعيد العلوي', '00212 661 23 45 67', '2025-03-03T08:00:00.000Z');

const ENTRIES = [
  creditRecord(uuid(11), amina.id, 100, 'Courses', '2025-06-01T10:00:00+01:00'),
  { ...creditRecord(uuid(12), amina.id, 50, 'Pharmacie', '2025-06-10T10:00:00+01:00'), kind: 'advance' },
  { ...creditRecord(uuid(13), amina.id, 30, '', '2025-06-20T10:00:00+01:00'), type: 'payment' },
  creditRecord(uuid(21), karim.id, 300, 'Gaz', '2025-05-15T09:00:00+01:00'),
  creditRecord(uuid(31), said.id, 15, 'Lait', '2025-06-29T19:00:00+01:00'),
];

const FSI = '\u2068';
const PDI = '\u2069';

const JUNE_5 = '2025-06-05T00:00:00+01:00';
const TODAY = '2025-06-30T12:00:00+01:00';

/** The amounts and dates of the reminder and the statement, as the page formats them in `lang`. */
async function formats(page: Page, lang: Lang) {
  const f = await new Screen(page, lang).formats({
    money: [12_000, 10_000, 5_000, 3_000, 15_000, 1_500, 0],
    dateTime: ['2025-06-01T10:00:00+01:00', '2025-06-10T10:00:00+01:00', '2025-06-20T10:00:00+01:00', TODAY],
    day: [JUNE_5, TODAY],
  });
  return { amounts: f.money, dates: f.dateTime, june5: f.day[JUNE_5]!, today: f.day[TODAY]! };
}

/** The reminder Amina gets, written from the catalogue of `lang` (the text the shopkeeper sends). */
function aminaReminder(lang: Lang, f: Awaited<ReturnType<typeof formats>>): string[] {
  const c = words[lang].customers;
  const iso = (text: string) => (lang === 'ar' ? `${FSI}${text}${PDI}` : text);
  const entry = (date: string, kind: string, amount: string, balance: number) =>
    `- ${fill(c.statementEntry, {
      date: iso(f.dates[date]!),
      kind,
      amount: iso(amount),
      balance: iso(f.amounts[balance]!),
    })}`;
  return [
    fill(c.reminder.greeting, { name: iso(amina.name) }),
    fill(c.reminder.balance, { amount: iso(f.amounts[12_000]!), store: iso('Mon Hanout') }),
    '',
    c.reminder.lastEntries,
    entry('2025-06-20T10:00:00+01:00', c.entryPayment, `−${f.amounts[3_000]}`, 12_000),
    entry('2025-06-10T10:00:00+01:00', c.statementSheet.advance, `+${f.amounts[5_000]}`, 15_000),
    entry('2025-06-01T10:00:00+01:00', c.entryCredit, `+${f.amounts[10_000]}`, 10_000),
    '',
    fill(c.reminder.closing, { store: iso('Mon Hanout') }),
  ].map(plain);
}

/** The outbox operations of a type, as recorded on this phone. */
async function operations(page: Page, type: string): Promise<{ payload: Record<string, unknown> }[]> {
  return page.evaluate(
    (wanted) =>
      new Promise<{ payload: Record<string, unknown> }[]>((resolve, reject) => {
        const request = indexedDB.open('hanouti');
        request.onerror = () => reject(request.error ?? new Error('open failed'));
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { type: string; payload: Record<string, unknown> }[]).filter(
                (op) => op.type === wanted,
              ),
            );
          };
          all.onerror = () => reject(all.error ?? new Error('read failed'));
        };
      }),
    type,
  );
}

for (const lang of LANGS) {
  const c = words[lang].customers;
  const r = c.reminder;

  test(`[${lang}] a reminder over WhatsApp, several in a row, and the statement with a cash advance`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // wa.me is outside: the tab the link opens gets a blank page.
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>wa.me</p>' }),
    );
    await page.clock.setFixedTime(NOW);
    await recordToasts(page);
    const customers = new CustomersPage(page, lang, SHOTS);
    await customers.startWith('carnet.json', {
      customers: [amina, karim, said],
      creditTransactions: ENTRIES,
    });
    const f = await formats(page, lang);

    await customers.open();
    const card = (name: string) => customers.card(name);
    await expect(card(amina.name).getByTestId('customer-reminded')).toHaveText(r.never);
    await customers.shoot('reminders-list');

    // One customer: the exact message, in the app's language, and the wa.me link to +212612345678.
    await customers.tapOnCard(amina.name, r.action);
    const dialog = page.getByRole('dialog', { name: fill(r.title, { name: amina.name }) });
    await expect(dialog).toBeVisible();
    const message = dialog.getByTestId('reminder-message');
    await expect
      .poll(async () => (await message.innerText()).split('\n').map(plain))
      .toEqual(aminaReminder(lang, f));
    await expect(dialog.getByTestId('reminder-phone')).toHaveText('+212612345678');
    const link = dialog.getByRole('link', { name: r.sendWhatsApp });
    const href = new URL((await link.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/212612345678');
    expect(href.searchParams.get('text')).toBe(await message.textContent());
    await customers.shoot('reminder-dialog');

    // The other language of the message, then back.
    const other: Lang = lang === 'fr' ? 'ar' : 'fr';
    await customers.tap(dialog.getByRole('button', { name: other === 'ar' ? 'العربية' : 'Français' }));
    await expect
      .poll(async () => (await message.innerText()).split('\n').map(plain))
      .toEqual(aminaReminder(other, await formats(page, other)));
    await customers.tap(dialog.getByRole('button', { name: lang === 'ar' ? 'العربية' : 'Français' }));
    await expect
      .poll(async () => plain(await message.innerText()))
      .toContain(plain(aminaReminder(lang, f)[0]!));

    // Sending opens WhatsApp and logs the reminder on the customer, with its customer.upsert operation.
    const opened = page.waitForEvent('popup');
    await customers.tap(link);
    const whatsApp = await opened;
    expect(whatsApp.url()).toBe(href.toString());
    await whatsApp.close();
    await expectToastShown(page, fill(r.sentTo, { name: amina.name }));
    await customers.tap(dialog.getByRole('button', { name: r.finish }));
    await expect(dialog).toBeHidden();
    const remindedLine = `${fill(r.last, { date: f.dates[TODAY]! })} · ${plural(r, 'times', 1, lang)}`;
    await expect
      .poll(async () => plain(await card(amina.name).getByTestId('customer-reminded').innerText()))
      .toBe(plain(remindedLine));
    // The import's own upserts are one batched entry; the reminder is its own customer.upsert.
    const upserts = (await operations(page, 'customer.upsert')).filter((op) => 'remindedAt' in op.payload);
    expect(upserts.map((op) => [op.payload.id, op.payload.remindedAt])).toEqual([
      [amina.id, [NOW.toISOString()]],
    ]);

    // Several at once from the filtered list (those who owe), one after another.
    const chip = (group: string, label: string) => customers.chip(group, label);
    await customers.tap(chip(c.show, c.filter_owing));
    const batch = page.getByRole('button', { name: plural(r, 'batch', 3, lang) });
    await customers.tap(batch);
    const progress = page.getByRole('dialog').getByTestId('reminder-progress');
    await expect(progress).toHaveText(fill(r.progress, { index: 1, count: 3 }));
    // Newest first: Saïd (00212 661 23 45 67 → +212661234567), then Karim (a French number: no link), Amina.
    const batchDialog = page.getByRole('dialog');
    await expect(batchDialog.getByTestId('reminder-phone')).toHaveText('+212661234567');
    expect(
      new URL((await batchDialog.getByRole('link', { name: r.sendWhatsApp }).getAttribute('href')) ?? '')
        .pathname,
    ).toBe('/212661234567');
    // Shared instead (no share sheet here: the message is copied), which logs it too.
    await customers.tap(batchDialog.getByRole('button', { name: r.share }));
    await expect(batchDialog.getByTestId('reminder-last')).not.toHaveText(r.never);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await batchDialog.getByTestId('reminder-message').textContent(),
    );
    await customers.tap(batchDialog.getByRole('button', { name: r.next }));
    await expect(progress).toHaveText(fill(r.progress, { index: 2, count: 3 }));
    await expect(batchDialog.getByRole('alert')).toHaveText(fill(r.invalidPhone, { phone: karim.phone }));
    await expect(batchDialog.getByRole('link', { name: r.sendWhatsApp })).toHaveCount(0);
    await customers.shoot('reminder-batch-invalid-phone');
    await customers.tap(batchDialog.getByRole('button', { name: r.skip }));
    await expect(progress).toHaveText(fill(r.progress, { index: 3, count: 3 }));
    await customers.tap(batchDialog.getByRole('button', { name: r.finish }));
    await expect(batchDialog).toBeHidden();
    await expect(card(karim.name).getByTestId('customer-reminded')).toHaveText(r.never);
    await expect(card(said.name).getByTestId('customer-reminded')).not.toHaveText(r.never);

    // The statement since 5 June: the balance before, every entry with its running balance, the advance named.
    await customers.tap(chip(c.show, c.filter_all));
    await customers.tapOnCard(amina.name, c.history);
    await customers.tap(
      page.getByRole('dialog').getByRole('button', { name: c.statementSheet.open, exact: true }),
    );
    const sheet = page.getByRole('dialog', {
      name: fill(c.statementSheet.dialogTitle, { name: amina.name }),
    });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel(c.statementSheet.since).fill('2025-06-05');
    await expect(sheet.getByTestId('statement-count')).toHaveText(
      plural(c.statementSheet, 'entries', 2, lang, { date: f.june5 }),
    );
    await expect(sheet.getByTestId('statement-image')).toBeVisible();
    await expect
      .poll(() => sheet.getByTestId('statement-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(384);
    await customers.shoot('statement-dialog');
    // Partager is in view with the statement, not below it in the dialog's scroll (it was off a 360×740 screen).
    const share = sheet.getByRole('button', { name: c.statementSheet.shareImage });
    const shareBox = await settledBox(share);
    expect(
      await topmostIsWithin(page, share, shareBox.x + shareBox.width / 2, shareBox.y + shareBox.height / 2),
      'Partager lies under the finger without scrolling',
    ).toBe(true);
    await customers.tap(share);
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain(c.statementSheet.title);
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n').map(plain);
    const iso = (text: string) => (lang === 'ar' ? `${FSI}${text}${PDI}` : text);
    expect(copied).toEqual(
      [
        'MON HANOUT',
        iso('Avenue Mohammed V, Marrakech'),
        iso('+212 6 00 00 00 00'),
        '',
        iso(c.statementSheet.title),
        iso(fill(c.statementSheet.customer, { name: amina.name })),
        iso(fill(c.statementSheet.period, { from: f.june5, to: f.today })),
        '------------------------',
        `${fill(c.statementSheet.opening, { date: f.june5 })} : ${iso(f.amounts[10_000]!)}`,
        `${f.dates['2025-06-10T10:00:00+01:00']} · ${c.statementSheet.advance} · Pharmacie`,
        `  ${iso(fill(c.statementSheet.runningBalance, { amount: f.amounts[15_000]! }))} = ${iso(`+${f.amounts[5_000]}`)}`,
        `${f.dates['2025-06-20T10:00:00+01:00']} · ${c.entryPayment}`,
        `  ${iso(fill(c.statementSheet.runningBalance, { amount: f.amounts[12_000]! }))} = ${iso(`−${f.amounts[3_000]}`)}`,
        '------------------------',
        `${c.statementSheet.balanceDue} : ${iso(f.amounts[12_000]!)}`,
        iso(fill(c.statementSheet.printedOn, { date: f.dates[TODAY]! })),
      ].map(plain),
    );
    // A date after today is refused with a clear message, and nothing can be shared.
    await sheet.getByLabel(c.statementSheet.since).fill('2025-07-02');
    await expect(sheet.getByText(c.statementSheet.invalidSince)).toBeVisible();
    await expect(sheet.getByRole('button', { name: c.statementSheet.shareImage })).toBeDisabled();
  });
}
