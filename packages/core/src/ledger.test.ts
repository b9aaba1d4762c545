import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CreditTransaction, Customer, Sale } from './entities.js';
import type { DomainContext } from './context.js';
import {
  balanceFromLedger,
  balancesByCustomer,
  ledgerHistory,
  recordCredit,
  recordPayment,
} from './ledger.js';

const T0 = '2025-01-15T10:00:00.000Z';
function context(now = T0): DomainContext {
  let next = 0;
  return { now, newId: () => `01940000-0000-7000-8000-${String(++next).padStart(12, '0')}` };
}
const customer: Customer = {
  id: '01940000-0000-7000-8000-0000000000c1',
  name: 'Hassan',
  phone: '',
  creditBalance: 0,
  totalPurchases: 0,
  createdAt: T0,
  updatedAt: T0,
};

describe('recordCredit', () => {
  it('raises the balance by a positive amount', () => {
    const result = recordCredit(customer, 2500, ' Pain et lait ', context());
    expect(result).toEqual({
      ok: true,
      transaction: {
        id: '01940000-0000-7000-8000-000000000001',
        customerId: customer.id,
        type: 'credit',
        amount: 2500,
        description: 'Pain et lait',
        date: T0,
      },
      customer: { ...customer, creditBalance: 2500 },
    });
  });

  it('refuses an amount that is not above 0 ("Le montant doit être supérieur à 0")', () => {
    for (const amount of [0, -100, Number.NaN, 12.5]) {
      expect(recordCredit(customer, amount, '', context())).toEqual({
        ok: false,
        error: 'amount-not-positive',
      });
      expect(recordPayment(customer, amount, '', context())).toEqual({
        ok: false,
        error: 'amount-not-positive',
      });
    }
  });
});

describe('recordPayment', () => {
  const owing = { ...customer, creditBalance: 3000 };

  it('lowers the balance', () => {
    const result = recordPayment(owing, 1000, 'Acompte', context());
    expect(result).toMatchObject({ ok: true, change: 0, customer: { creditBalance: 2000 } });
    expect(result.ok && result.transaction).toMatchObject({ type: 'payment', amount: 1000 });
  });

  it('records at most the balance and hands back the rest', () => {
    const result = recordPayment(owing, 5000, '', context());
    expect(result).toMatchObject({ ok: true, change: 2000, customer: { creditBalance: 0 } });
    expect(result.ok && result.transaction?.amount).toBe(3000);
  });

  it('records nothing on a zero balance and hands everything back', () => {
    expect(recordPayment(customer, 1500, '', context())).toEqual({
      ok: true,
      transaction: undefined,
      customer,
      change: 1500,
    });
  });
});

describe('balance = the ledger', () => {
  it('for any sequence of credits and payments, never below 0', () => {
    const op = fc.record({
      type: fc.constantFrom('credit', 'payment'),
      amount: fc.integer({ min: -5, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 50 }), (ops) => {
        let current = customer;
        const entries: CreditTransaction[] = [];
        let given = 0;
        let changeBack = 0;
        ops.forEach((o, i) => {
          const ctx = context(new Date(Date.parse(T0) + i * 1000).toISOString());
          ctx.newId = () => `01940000-0000-7000-8000-${String(i).padStart(12, '0')}`;
          if (o.type === 'credit') {
            const r = recordCredit(current, o.amount, '', ctx);
            if (!r.ok) return;
            entries.push(r.transaction);
            current = r.customer;
          } else {
            const r = recordPayment(current, o.amount, '', ctx);
            if (!r.ok) return;
            if (r.transaction) entries.push(r.transaction);
            current = r.customer;
            given += o.amount;
            changeBack += r.change;
          }
        });
        const sum = entries.reduce((s, t) => s + (t.type === 'credit' ? t.amount : -t.amount), 0);
        expect(current.creditBalance).toBe(sum);
        expect(current.creditBalance).toBeGreaterThanOrEqual(0);
        expect(balanceFromLedger([...entries].reverse())).toBe(sum);
        const paid = entries.filter((t) => t.type === 'payment').reduce((s, t) => s + t.amount, 0);
        expect(paid + changeBack).toBe(given);
      }),
    );
  });

  it('floors at 0 when two devices took the same payment', () => {
    const entries: CreditTransaction[] = [
      { id: 'a', customerId: 'c', type: 'credit', amount: 1000, description: '', date: T0 },
      {
        id: 'b',
        customerId: 'c',
        type: 'payment',
        amount: 1000,
        description: '',
        date: '2025-01-16T10:00:00.000Z',
      },
      {
        id: 'c',
        customerId: 'c',
        type: 'payment',
        amount: 1000,
        description: '',
        date: '2025-01-16T11:00:00.000Z',
      },
      {
        id: 'd',
        customerId: 'c',
        type: 'credit',
        amount: 300,
        description: '',
        date: '2025-01-17T10:00:00.000Z',
      },
      { id: 'e', customerId: 'x', type: 'credit', amount: 50, description: '', date: T0 },
    ];
    expect(balanceFromLedger(entries.slice(0, 4))).toBe(300);
    expect(balancesByCustomer(entries)).toEqual(
      new Map([
        ['c', 300],
        ['x', 50],
      ]),
    );
  });
});

describe('ledgerHistory', () => {
  const sale = (id: string, date: string, total: number, paymentMethod: Sale['paymentMethod']): Sale => ({
    id,
    ticketNumber: `A-00000${id}`,
    date,
    items: [],
    subtotal: total,
    vat: 0,
    discount: 0,
    total,
    paymentMethod,
    printed: false,
    shared: false,
    customerId: customer.id,
  });

  it('shows purchases and carnet entries in date order, a purchase on credit once, with the running balance', () => {
    const cash = sale('1', '2025-01-10T09:00:00.000Z', 800, 'cash');
    const onCredit = sale('2', '2025-01-11T09:00:00.000Z', 2000, 'credit');
    const transactions: CreditTransaction[] = [
      {
        id: 't3',
        customerId: customer.id,
        type: 'payment',
        amount: 500,
        description: 'Espèces',
        date: '2025-01-12T09:00:00.000Z',
      },
      {
        id: 't2',
        customerId: customer.id,
        type: 'credit',
        amount: 2000,
        description: 'Ticket A-000002',
        date: onCredit.date,
        saleId: '2',
      },
      {
        id: 't1',
        customerId: customer.id,
        type: 'credit',
        amount: 300,
        description: 'Pain',
        date: '2025-01-09T09:00:00.000Z',
      },
    ];
    const history = ledgerHistory(transactions, [onCredit, cash]);
    expect(history.map((e) => [e.kind, e.amount, e.onCredit, e.balanceChange, e.balanceAfter])).toEqual([
      ['credit', 300, true, 300, 300],
      ['purchase', 800, false, 0, 300],
      ['purchase', 2000, true, 2000, 2300],
      ['payment', 500, false, -500, 1800],
    ]);
    expect(history[2]).toMatchObject({ saleId: '2', ticketNumber: 'A-000002' });
    expect(history.at(-1)?.balanceAfter).toBe(balanceFromLedger(transactions));
  });
});
