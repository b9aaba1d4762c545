import { ledgerHistory, type CreditTransaction } from '@hanouti/core';
import { describe, expect, it } from 'vitest';
import { customerStatementText, STATEMENT_ENTRIES, type StatementWords } from './customerStatement';

const CUSTOMER = '0196a7e0-0000-7000-8000-000000000001';
const words: StatementWords = {
  title: (name) => `Relevé de compte · ${name}`,
  printedOn: (date) => `Relevé du ${date}`,
  balance: (amount) => `Solde dû : ${amount}`,
  lastEntries: 'Dernières opérations :',
  noEntries: 'Aucune opération.',
  entry: ({ date, kind, amount, balance }) => `${date} · ${kind} · ${amount} · solde ${balance}`,
  kind: (entry) => (entry.kind === 'credit' ? 'Crédit' : entry.kind === 'payment' ? 'Paiement' : 'Achat'),
};
const money = (c: number) => `${(c / 100).toFixed(2)} MAD`;
const day = (iso: string) => iso.slice(0, 10);

function entry(n: number, type: 'credit' | 'payment', amount: number, description = ''): CreditTransaction {
  return {
    id: `0196a7e0-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    customerId: CUSTOMER,
    type,
    amount,
    description,
    date: `2025-05-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  };
}

describe('customer statement', () => {
  it('gives the balance and the latest entries, newest first, with the running balance', () => {
    const history = ledgerHistory([entry(1, 'credit', 5000, 'Courses'), entry(2, 'payment', 2000)], []);
    const text = customerStatementText({
      storeName: 'Hanout Amal',
      customerName: 'Fatima',
      balance: 3000,
      history,
      now: '2025-05-03T09:00:00.000Z',
      money,
      dateTime: day,
      words,
    });
    expect(text).toBe(
      [
        'Hanout Amal',
        'Relevé de compte · Fatima',
        'Relevé du 2025-05-03',
        '',
        'Solde dû : 30.00 MAD',
        '',
        'Dernières opérations :',
        '- 2025-05-02 · Paiement · −20.00 MAD · solde 30.00 MAD',
        '- 2025-05-01 · Crédit · +50.00 MAD · solde 50.00 MAD (Courses)',
      ].join('\n'),
    );
  });

  it(`lists at most ${STATEMENT_ENTRIES} entries, and says when there are none`, () => {
    const many = Array.from({ length: 8 }, (_, i) => entry(i + 1, 'credit', 100));
    const text = customerStatementText({
      storeName: 'S',
      customerName: 'C',
      balance: 800,
      history: ledgerHistory(many, []),
      now: '2025-05-09T00:00:00.000Z',
      money,
      dateTime: day,
      words,
    });
    expect(text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(STATEMENT_ENTRIES);
    expect(text).toContain('2025-05-08');
    expect(text).not.toContain('2025-05-03 ·');
    const empty = customerStatementText({
      storeName: 'S',
      customerName: 'C',
      balance: 0,
      history: [],
      now: '2025-05-09T00:00:00.000Z',
      money,
      dateTime: day,
      words,
    });
    expect(empty).toContain('Aucune opération.');
  });
});
