// The statement sheet: the balance before the chosen day, every entry since with its running balance, a cash
// advance named as such, in French and Arabic; and the reminder worded in either language with its link.
import { ledgerHistory, type CreditTransaction, type Customer } from '@hanouti/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../app/useShopFormat';
import { loadEveryLanguage } from '../../i18n/i18n';
import { ticketText } from '../../printing/ticketDocument';
import { statementSince } from './customerStatement';
import { reminderFor, statementSheetFor } from './reminderWords';

// The Arabic catalogue is its own chunk, loaded before the customers' page shows (app/pages.ts).
beforeAll(loadEveryLanguage);

const CUSTOMER = '0196a7e0-0000-7000-8000-000000000001';

function entry(day: number, type: 'credit' | 'payment', amount: number, description = '', advance = false) {
  const t: CreditTransaction = {
    id: `0196a7e0-0000-7000-8000-0000000001${String(day).padStart(2, '0')}`,
    customerId: CUSTOMER,
    type,
    amount,
    description,
    date: `2025-06-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  };
  return advance ? ({ ...t, kind: 'advance' } as CreditTransaction) : t;
}

const transactions = [
  entry(1, 'credit', 10_000, 'Courses'),
  entry(10, 'credit', 5_000, 'Pharmacie', true),
  entry(20, 'payment', 3_000),
];
const history = ledgerHistory(transactions, []);
const advanceIds = new Set([transactions[1]!.id]);
const customer: Customer = {
  id: CUSTOMER,
  name: 'Amina',
  phone: '06 12 34 56 78',
  creditBalance: 12_000,
  totalPurchases: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
/** Dates as the phone writes them (its own time zone). */
const at = (day: number) => formatDateTime(`2025-06-${String(day).padStart(2, '0')}T10:00:00.000Z`, 'fr-MA');
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

describe('the statement since a day', () => {
  it('starts from the balance owed before that day', () => {
    expect(statementSince(history, '2025-06-05T00:00:00.000Z')).toEqual({
      opening: 10_000,
      entries: history.slice(1),
    });
    expect(statementSince(history, '2025-01-01T00:00:00.000Z')).toEqual({ opening: 0, entries: history });
    expect(statementSince(history, '2025-07-01T00:00:00.000Z')).toEqual({ opening: 12_000, entries: [] });
  });

  it.each(['fr', 'ar'] as const)('names a cash advance and gives each running balance (%s)', (language) => {
    const sheet = statementSheetFor(
      {
        store: { storeName: 'Hanout Amal', storeAddress: 'Derb Sultan', storePhone: '0522', hasLogo: false },
        customerName: 'Amina',
        balance: 12_000,
        history,
        since: '2025-06-05T12:00:00.000Z',
        now: '2025-06-30T11:00:00.000Z',
        advanceIds,
      },
      'MAD',
      language,
    );
    expect(sheet.direction).toBe(language === 'ar' ? 'rtl' : 'ltr');
    const text = plain(ticketText(sheet));
    if (language === 'fr') {
      expect(text).toContain('Solde au 05/06/2025 : 100,00 MAD');
      expect(text).toContain(`${at(10)} · Avance en espèces · Pharmacie`);
      expect(text).toContain('Solde : 150,00 MAD = +50,00 MAD');
      expect(text).toContain('Solde : 120,00 MAD = −30,00 MAD');
      expect(text).toContain('Solde dû : 120,00 MAD');
      expect(text).not.toContain('Courses');
    } else {
      expect(text).toContain('تسبيق نقدي · Pharmacie');
      expect(text).toContain('الرصيد: 150,00 د.م.');
    }
  });
});

describe('the reminder in either language', () => {
  it('greets the customer, gives the balance and the shop, the latest entries, and links to +212…', () => {
    const fr = reminderFor(
      customer,
      { entries: history, advanceIds },
      { storeName: 'Hanout Amal', currency: 'MAD' },
      'fr',
    );
    expect(fr.ok && fr.link.startsWith('https://wa.me/212612345678?text=')).toBe(true);
    expect(plain(fr.message).split('\n')).toEqual([
      'Bonjour Amina,',
      'Petit rappel de la part de Hanout Amal : il reste 120,00 MAD à régler sur votre carnet.',
      '',
      'Vos dernières opérations :',
      `- ${at(20)} · Paiement · −30,00 MAD · solde 120,00 MAD`,
      `- ${at(10)} · Avance en espèces · +50,00 MAD · solde 150,00 MAD`,
      `- ${at(1)} · Crédit · +100,00 MAD · solde 100,00 MAD`,
      '',
      'Merci de passer régler quand vous pourrez. Bonne journée ! Hanout Amal',
    ]);
    const ar = reminderFor(
      { ...customer, phone: '' },
      { entries: [], advanceIds },
      { storeName: 'Hanout Amal', currency: 'MAD' },
      'ar',
    );
    expect(ar).toMatchObject({ ok: false, error: 'no-phone' });
    expect(ar.message.split('\n')[0]).toBe('السلام عليكم \u2068Amina\u2069،');
  });
});
