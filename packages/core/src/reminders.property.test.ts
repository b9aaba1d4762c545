// Reminders: every way of writing a Moroccan number gives the same +212 number; anything else gives no link.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Customer } from './entities.js';
import { customerSchema } from './entities.js';
import {
  REMINDER_LOG_LIMIT,
  customerReminder,
  internationalMoroccanPhone,
  lastReminder,
  logReminder,
  reminderMessage,
  whatsAppLink,
  type ReminderInput,
} from './reminders.js';

const digit = fc.integer({ min: 0, max: 9 }).map(String);
/** The 9 digits after the country code: 5, 6 or 7 then 8 digits. */
const subscriber = fc
  .tuple(fc.constantFrom('5', '6', '7'), fc.array(digit, { minLength: 8, maxLength: 8 }))
  .map(([first, rest]) => first + rest.join(''));
const prefix = fc.constantFrom('0', '+212', '00212', '212', '+212 0', '+212 (0)', '+212(0)', '00212 0');
const separator = fc.constantFrom('', ' ', '-', '.', '  ', '\u00a0');

/** The number cut in random groups joined by random separators, the way people type them. */
function written(prefixText: string, digits: string, seps: string[], cuts: number[]): string {
  const groups: string[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    groups.push(digits.slice(from, cut));
    from = cut;
  }
  groups.push(digits.slice(from));
  return (
    prefixText +
    (seps[0] ?? '') +
    groups
      .filter((g) => g !== '')
      .map((g, i) => (i === 0 ? g : (seps[i % seps.length] ?? '') + g))
      .join('')
  );
}

describe('a Moroccan number in +212 form', () => {
  it('is the same number however it is written', () => {
    fc.assert(
      fc.property(
        prefix,
        subscriber,
        fc.array(separator, { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 4 }),
        (p, sub, seps, cuts) => {
          const typed = written(p, sub, seps, cuts);
          expect(internationalMoroccanPhone(typed)).toEqual({ ok: true, phone: `+212${sub}` });
        },
      ),
    );
  });

  it('knows the usual forms', () => {
    for (const typed of [
      '06 12 34 56 78',
      '0612345678',
      '06-12-34-56-78',
      '06.12.34.56.78',
      '+212 6 12 34 56 78',
      '+212612345678',
      '00212 612 345 678',
      '+212 (0)6 12 34 56 78',
    ]) {
      expect(internationalMoroccanPhone(typed)).toEqual({ ok: true, phone: '+212612345678' });
    }
    expect(internationalMoroccanPhone('05 22 12 34 56')).toEqual({ ok: true, phone: '+212522123456' });
    expect(internationalMoroccanPhone('07 00 11 22 33')).toEqual({ ok: true, phone: '+212700112233' });
  });

  it('refuses a missing number and any number that is not Moroccan', () => {
    expect(internationalMoroccanPhone('')).toEqual({ ok: false, error: 'no-phone' });
    expect(internationalMoroccanPhone('  - ')).toEqual({ ok: false, error: 'no-phone' });
    for (const typed of [
      '+33 6 12 34 56 78',
      '08 12 34 56 78',
      '06 12 34 56 7',
      '06 12 34 56 789',
      '612345678',
      '+212 8 12 34 56 78',
      'zéro six',
      '06 12 34 56 7a',
    ]) {
      expect(internationalMoroccanPhone(typed)).toEqual({ ok: false, error: 'invalid-phone' });
    }
  });

  it('never accepts a text unless it holds exactly a Moroccan 5/6/7 number', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (text) => {
        const result = internationalMoroccanPhone(text);
        if (result.ok) {
          expect(result.phone).toMatch(/^\+212[5-7]\d{8}$/);
          expect(text.replace(/\D/g, '').endsWith(result.phone.slice(4))).toBe(true);
        }
      }),
    );
  });
});

const FRENCH: ReminderInput['words'] = {
  greeting: (name) => `Bonjour ${name},`,
  balance: ({ amount, store }) => `${store} : votre solde est de ${amount}.`,
  closing: (store) => `Merci, ${store}`,
};

const input = (over: Partial<ReminderInput> = {}): ReminderInput => ({
  customerName: 'Fatima Zahra',
  storeName: 'Hanout Essaada',
  balance: '120,50 MAD',
  direction: 'ltr',
  words: FRENCH,
  ...over,
});

describe('a reminder', () => {
  it('greets the customer by name, gives the balance and the shop, then the statement', () => {
    expect(reminderMessage(input({ statement: ['- 01/06 · Crédit · +120,50 MAD'] }))).toBe(
      [
        'Bonjour Fatima Zahra,',
        'Hanout Essaada : votre solde est de 120,50 MAD.',
        '',
        '- 01/06 · Crédit · +120,50 MAD',
        '',
        'Merci, Hanout Essaada',
      ].join('\n'),
    );
  });

  it('isolates the name, the amount and the shop in a right-to-left message', () => {
    const text = reminderMessage(input({ direction: 'rtl', customerName: 'فاطمة', balance: '120,50 د.م.' }));
    expect(text).toContain('\u2068فاطمة\u2069');
    expect(text).toContain('\u2068120,50 د.م.\u2069');
  });

  it('links to WhatsApp with the +212 number and the whole message, or refuses without a link', () => {
    fc.assert(
      fc.property(subscriber, fc.string({ maxLength: 60 }), (sub, name) => {
        const reminder = customerReminder(`0${sub}`, input({ customerName: name || 'x' }));
        expect(reminder.ok).toBe(true);
        if (!reminder.ok) return;
        expect(reminder.phone).toBe(`+212${sub}`);
        const url = new URL(reminder.link);
        expect(url.origin + url.pathname).toBe(`https://wa.me/212${sub}`);
        expect(url.searchParams.get('text')).toBe(reminder.message);
      }),
    );
    const refused = customerReminder('+33 6 12 34 56 78', input());
    expect(refused).toEqual({ ok: false, error: 'invalid-phone', message: reminderMessage(input()) });
    expect('link' in refused).toBe(false);
    expect(whatsAppLink('+212612345678', 'a b&c')).toBe('https://wa.me/212612345678?text=a%20b%26c');
  });
});

const customer: Customer = {
  id: '0190d6a4-0000-7000-8000-000000000001',
  name: 'Fatima',
  phone: '06 12 34 56 78',
  creditBalance: 12050,
  totalPurchases: 0,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
};

const DAY = 86_400_000;
const dates = fc.array(
  fc
    .integer({ min: 0, max: 400 })
    .map((d) => new Date(Date.parse('2025-01-02T00:00:00.000Z') + d * DAY).toISOString()),
  { maxLength: 30 },
);

describe('the reminder log', () => {
  it('keeps the latest dates in order, no duplicates, at most REMINDER_LOG_LIMIT, and stays a valid customer', () => {
    fc.assert(
      fc.property(dates, (at) => {
        const logged = at.reduce(logReminder, customer);
        const expected = [...new Set(at)].sort().slice(-REMINDER_LOG_LIMIT);
        expect(logged.remindedAt ?? []).toEqual(expected);
        expect(lastReminder(logged)).toBe(expected.at(-1));
        expect(customerSchema.safeParse(logged).success).toBe(true);
        // Only the log and the edit date change: the balance is the ledger's.
        expect({ ...logged, remindedAt: undefined, updatedAt: customer.updatedAt }).toEqual({
          ...customer,
          remindedAt: undefined,
        });
      }),
    );
  });

  it('logging the same reminder twice changes nothing more (a replayed operation)', () => {
    const once = logReminder(customer, '2025-03-01T09:00:00.000Z');
    expect(logReminder(once, '2025-03-01T09:00:00.000Z')).toEqual(once);
    expect(lastReminder(customer)).toBeUndefined();
  });
});
