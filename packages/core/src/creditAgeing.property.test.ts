// What is owed: balance = Σ entries (floor at 0), ageing buckets add up to the balance, payments pay the oldest first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CreditTransaction } from './entities.js';
import { balanceFromLedger, balancesByCustomer } from './ledger.js';
import {
  ageingBucket,
  customerOwed,
  daysBetween,
  owedByCustomer,
  shopOwed,
  unpaidCredits,
} from './creditAgeing.js';

const TZ = 'Africa/Casablanca';
const NOW = '2025-06-30T12:00:00.000Z';
const DAY = 86_400_000;
const CUSTOMERS = ['c-a', 'c-b', 'c-c'] as const;

/** Entries over the 200 days before NOW (some on the same instant, to exercise the id tie-break). */
const entries = fc
  .array(
    fc.record({
      customerId: fc.constantFrom(...CUSTOMERS),
      type: fc.constantFrom('credit', 'payment', 'credit'),
      amount: fc.integer({ min: 1, max: 500_000 }),
      minutesBefore: fc.integer({ min: 0, max: 200 * 24 * 60 }).map((m) => m - (m % 97)),
    }),
    { maxLength: 40 },
  )
  .map((list) =>
    list.map((e, i): CreditTransaction => ({
      id: `e-${String(i).padStart(3, '0')}`,
      customerId: e.customerId,
      type: e.type,
      amount: e.amount,
      description: '',
      date: new Date(Date.parse(NOW) - e.minutesBefore * 60_000).toISOString(),
    })),
  );

const byDate = (a: CreditTransaction, b: CreditTransaction) =>
  Date.parse(a.date) - Date.parse(b.date) || (a.id < b.id ? -1 : 1);

describe('what is owed (properties)', () => {
  it('the balance is Σ entries as the ledger defines it (payments floored at 0)', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const owed = owedByCustomer(list, NOW, TZ);
        for (const [customerId, balance] of balancesByCustomer(list)) {
          expect(owed.get(customerId)?.balance).toBe(balance);
        }
        const mine = list.filter((t) => t.customerId === 'c-a');
        expect(customerOwed('c-a', mine, NOW, TZ).balance).toBe(balanceFromLedger(mine));
        // Entries that never overpay (what recordPayment writes): the balance is the plain sum.
        let running = 0;
        const neverOver = [...mine].sort(byDate).filter((t) => {
          if (t.type === 'credit') running += t.amount;
          else if (t.amount <= running) running -= t.amount;
          else return false;
          return true;
        });
        const plainSum = neverOver.reduce((s, t) => s + (t.type === 'credit' ? t.amount : -t.amount), 0);
        expect(customerOwed('c-a', neverOver, NOW, TZ).balance).toBe(plainSum);
      }),
    );
  });

  it('the ageing buckets add up to the balance, for each customer and for the shop', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const owed = owedByCustomer(list, NOW, TZ);
        for (const one of owed.values()) {
          const { upTo30, from31To60, over60 } = one.ageing;
          expect(upTo30 + from31To60 + over60).toBe(one.balance);
          expect(Math.min(upTo30, from31To60, over60)).toBeGreaterThanOrEqual(0);
        }
        const shop = shopOwed(owed.values());
        expect(shop.ageing.upTo30 + shop.ageing.from31To60 + shop.ageing.over60).toBe(shop.total);
        expect(shop.total).toBe([...owed.values()].reduce((s, o) => s + o.balance, 0));
        expect(shop.debtors).toBe([...owed.values()].filter((o) => o.balance > 0).length);
      }),
    );
  });

  it('payments pay the oldest credits first, and never more than was paid', () => {
    fc.assert(
      fc.property(entries, (all) => {
        const list = all.filter((t) => t.customerId === 'c-b');
        const unpaid = unpaidCredits(list);
        const credits = list.filter((t) => t.type === 'credit').sort(byDate);
        const paid = list.filter((t) => t.type === 'payment').reduce((s, t) => s + t.amount, 0);
        const credited = credits.reduce((s, t) => s + t.amount, 0);
        const remaining = unpaid.reduce((s, u) => s + u.amount, 0);
        // What the allocation took off the credits is at most what was paid.
        expect(credited - remaining).toBeLessThanOrEqual(paid);
        expect(credited - remaining).toBeGreaterThanOrEqual(0);
        // Oldest first: the unpaid entries are the newest credits; all of them whole but the oldest one.
        const tail = credits.slice(credits.length - unpaid.length);
        expect(unpaid.map((u) => u.id)).toEqual(tail.map((c) => c.id));
        unpaid.forEach((u, i) => {
          if (i === 0) expect(u.amount).toBeLessThanOrEqual(tail[0]!.amount);
          else expect(u.amount).toBe(tail[i]!.amount);
          expect(u.amount).toBeGreaterThan(0);
        });
        const owed = customerOwed('c-b', list, NOW, TZ);
        expect(owed.oldestUnpaid).toBe(unpaid[0]?.date);
      }),
    );
  });

  it('with no overpayment, what the allocation took off equals exactly what was paid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        (amounts, seed) => {
          const credits: CreditTransaction[] = amounts.map((amount, i) => ({
            id: `k-${String(i).padStart(2, '0')}`,
            customerId: 'c',
            type: 'credit',
            amount,
            description: '',
            date: new Date(Date.parse(NOW) - (amounts.length - i) * 10 * DAY).toISOString(),
          }));
          const total = amounts.reduce((s, a) => s + a, 0);
          const payment = seed % (total + 1);
          const list: CreditTransaction[] = payment
            ? [
                ...credits,
                { id: 'p', customerId: 'c', type: 'payment', amount: payment, description: '', date: NOW },
              ]
            : credits;
          const remaining = unpaidCredits(list).reduce((s, u) => s + u.amount, 0);
          expect(total - remaining).toBe(payment);
        },
      ),
    );
  });
});

describe('what is owed (examples)', () => {
  const entry = (
    id: string,
    type: CreditTransaction['type'],
    amount: number,
    date: string,
  ): CreditTransaction => ({
    id,
    customerId: 'c',
    type,
    amount,
    description: '',
    date,
  });

  it('puts each unpaid remainder in the column of its own age', () => {
    const list = [
      entry('a', 'credit', 10_000, '2025-04-01T10:00:00Z'), // 90 days
      entry('b', 'credit', 5_000, '2025-05-20T10:00:00Z'), // 41 days
      entry('c', 'credit', 2_000, '2025-06-25T10:00:00Z'), // 5 days
      entry('p', 'payment', 12_000, '2025-06-26T10:00:00Z'), // pays a, then 2.000 of b
    ];
    expect(customerOwed('c', list, NOW, TZ)).toEqual({
      customerId: 'c',
      balance: 5_000,
      oldestUnpaid: '2025-05-20T10:00:00Z',
      ageDays: 41,
      ageing: { upTo30: 2_000, from31To60: 3_000, over60: 0 },
    });
  });

  it('drops what a payment brings beyond the balance (floor at 0); later credits stay owed', () => {
    const list = [
      entry('a', 'credit', 1_000, '2025-06-01T10:00:00Z'),
      entry('p', 'payment', 5_000, '2025-06-02T10:00:00Z'),
      entry('b', 'credit', 700, '2025-06-03T10:00:00Z'),
    ];
    expect(unpaidCredits(list)).toEqual([{ id: 'b', date: '2025-06-03T10:00:00Z', amount: 700 }]);
    expect(balanceFromLedger(list)).toBe(700);
  });

  it('counts calendar days of the shop: 30 is the last day of the first column, 61 the first of the last', () => {
    expect(daysBetween('2025-05-31', '2025-06-30')).toBe(30);
    expect([0, 30, 31, 60, 61].map(ageingBucket)).toEqual([
      'upTo30',
      'upTo30',
      'from31To60',
      'from31To60',
      'over60',
    ]);
    // 23:30 UTC on 30 April is already 1 May in Casablanca (UTC+1): 60 days before 30 June.
    const lateEvening = customerOwed('c', [entry('a', 'credit', 100, '2025-04-30T23:30:00Z')], NOW, TZ);
    expect(lateEvening.ageDays).toBe(60);
    expect(lateEvening.ageing.from31To60).toBe(100);
  });

  it('a customer who owes nothing has no oldest entry and is not counted', () => {
    const list = [
      entry('a', 'credit', 1_000, '2025-06-01T10:00:00Z'),
      entry('p', 'payment', 1_000, '2025-06-02T10:00:00Z'),
    ];
    const owed = customerOwed('c', list, NOW, TZ);
    expect(owed).toMatchObject({ balance: 0, oldestUnpaid: undefined, ageDays: 0 });
    expect(shopOwed([owed])).toEqual({
      total: 0,
      debtors: 0,
      ageing: { upTo30: 0, from31To60: 0, over60: 0 },
    });
  });
});
