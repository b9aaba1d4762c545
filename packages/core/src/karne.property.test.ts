// The karne's rules: a limit's excess, promises due or overdue, cash advances in the balance and the day's cash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayCashMovements } from './cashMovements.js';
import { customerOwed, unpaidCredits } from './creditAgeing.js';
import { amountOverLimit, isOverLimit } from './creditLimit.js';
import { dayKey } from './dashboard.js';
import { CREDIT_ENTRY_ADVANCE, creditTransactionSchema, customerSchema } from './entities.js';
import type { CreditTransaction, Customer } from './entities.js';
import { balanceFromLedger, ledgerHistory, recordAdvance, recordCredit, recordPayment } from './ledger.js';
import { checkIntegrity } from './integrity.js';
import { MAX_AMOUNT_CENTIMES, MAX_NOTE_LENGTH } from './limits.js';
import { dayPromises, promiseStatus } from './paymentPromise.js';

const TZ = 'Africa/Casablanca';
const NOW = '2025-06-30T12:00:00.000Z';
const CUSTOMER_ID = '0b6c8a5e-8f0a-4f5e-9a43-4d1c2b7d6a01';
let ids = 0;
const ctx = (now = NOW) => ({
  now,
  newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
});

const customer = (fields: Partial<Customer> = {}): Customer => ({
  id: CUSTOMER_ID,
  name: 'Fatima',
  phone: '',
  creditBalance: 0,
  totalPurchases: 0,
  createdAt: NOW,
  updatedAt: NOW,
  ...fields,
});

/** A carnet written by the core rules: credits, cash advances and payments in date order. */
const carnet = fc.array(
  fc.record({
    op: fc.constantFrom('credit', 'advance', 'payment'),
    amount: fc.integer({ min: 1, max: 300_000 }),
    daysBefore: fc.integer({ min: 0, max: 120 }),
  }),
  { maxLength: 30 },
);

function write(ops: { op: string; amount: number; daysBefore: number }[]): {
  entries: CreditTransaction[];
  last: Customer;
} {
  let current = customer();
  const entries: CreditTransaction[] = [];
  const dated = [...ops].sort((a, b) => b.daysBefore - a.daysBefore);
  dated.forEach((o, i) => {
    const at = new Date(Date.parse(NOW) - o.daysBefore * 86_400_000 + i * 1000).toISOString();
    const result =
      o.op === 'credit'
        ? recordCredit(current, o.amount, '', ctx(at))
        : o.op === 'advance'
          ? recordAdvance(current, o.amount, 'loyer', ctx(at))
          : recordPayment(current, o.amount, '', ctx(at));
    if (!result.ok) throw new Error(result.error);
    current = result.customer;
    if (result.transaction) entries.push(result.transaction);
  });
  return { entries, last: current };
}

describe('cash advances in the balance (properties)', () => {
  it('balance = Σ entries with advances counted as credits; ageing buckets add up to it', () => {
    fc.assert(
      fc.property(carnet, (ops) => {
        const { entries, last } = write(ops);
        const sum = entries.reduce((s, t) => s + (t.type === 'credit' ? t.amount : -t.amount), 0);
        expect(balanceFromLedger(entries)).toBe(sum);
        expect(last.creditBalance).toBe(sum);
        const owed = customerOwed(CUSTOMER_ID, entries, NOW, TZ);
        expect(owed.balance).toBe(sum);
        expect(owed.ageing.upTo30 + owed.ageing.from31To60 + owed.ageing.over60).toBe(sum);
        // Paid oldest first: what is left unpaid is the newest credits (advances among them), whole but the oldest.
        const credits = entries.filter((t) => t.type === 'credit');
        const unpaid = unpaidCredits(entries);
        expect(unpaid.map((u) => u.id)).toEqual(
          credits.slice(credits.length - unpaid.length).map((c) => c.id),
        );
        // The history shows each advance as one, and ends on the same balance.
        const history = ledgerHistory(entries, []);
        expect(history.filter((h) => h.kind === 'advance').length).toBe(
          entries.filter((t) => t.kind === CREDIT_ENTRY_ADVANCE).length,
        );
        expect(history.at(-1)?.balanceAfter ?? 0).toBe(sum);
        for (const t of entries) expect(creditTransactionSchema.parse(t)).toEqual(t);
      }),
    );
  });
});

describe('credit limit (properties)', () => {
  it('the excess is what the new balance passes the limit by, and 0 exactly when it stays within', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
        fc.integer({ min: -10, max: 1_000_000 }),
        (creditBalance, creditLimit, amount) => {
          const who = creditLimit === undefined ? { creditBalance } : { creditBalance, creditLimit };
          const over = amountOverLimit(who, amount);
          expect(over).toBeGreaterThanOrEqual(0);
          if (creditLimit === undefined || amount <= 0) expect(over).toBe(0);
          else {
            expect(over > 0).toBe(creditBalance + amount > creditLimit);
            if (over > 0) expect(creditBalance + amount - over).toBe(creditLimit);
            // Once written, the customer is flagged over the limit exactly when the entry was over it.
            expect(isOverLimit({ creditBalance: creditBalance + amount, creditLimit })).toBe(over > 0);
          }
        },
      ),
    );
  });

  it('examples: 400 owed, limit 500, a sale of 150 is 50 over; no limit, nothing is over', () => {
    expect(amountOverLimit({ creditBalance: 40_000, creditLimit: 50_000 }, 15_000)).toBe(5_000);
    expect(amountOverLimit({ creditBalance: 40_000, creditLimit: 50_000 }, 10_000)).toBe(0);
    expect(amountOverLimit({ creditBalance: 40_000 }, 10_000_000)).toBe(0);
  });
});

describe('payment promises (properties)', () => {
  const day = fc
    .integer({ min: 0, max: 800 })
    .map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

  it('a promise is due, overdue or upcoming by its day against today, and none once nothing is owed', () => {
    fc.assert(
      fc.property(
        fc.option(day, { nil: undefined }),
        fc.integer({ min: 0, max: 50_000 }),
        day,
        (d, b, today) => {
          const status = promiseStatus(d, b, today);
          if (d === undefined || b === 0) expect(status).toBe('none');
          else if (d === today) expect(status).toBe('due-today');
          else expect(status).toBe(Date.parse(d) < Date.parse(today) ? 'overdue' : 'upcoming');
        },
      ),
    );
  });

  it("the day's lists hold exactly the customers due today and overdue, overdue oldest promise first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ promise: fc.option(day, { nil: undefined }), balance: fc.nat(5_000) }), {
          maxLength: 20,
        }),
        day,
        (rows, today) => {
          const customers = rows.map((row, i) =>
            customer({
              id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
              creditBalance: row.balance,
              ...(row.promise ? { promiseDate: row.promise } : {}),
            }),
          );
          const { dueToday, overdue } = dayPromises(customers, today);
          expect(dueToday.map((c) => c.id).sort()).toEqual(
            customers.filter((c) => c.creditBalance > 0 && c.promiseDate === today).map((c) => c.id),
          );
          expect(new Set(overdue.map((c) => c.id))).toEqual(
            new Set(
              customers
                .filter((c) => c.creditBalance > 0 && c.promiseDate !== undefined && c.promiseDate < today)
                .map((c) => c.id),
            ),
          );
          for (let i = 1; i < overdue.length; i++) {
            expect(overdue[i - 1]!.promiseDate! <= overdue[i]!.promiseDate!).toBe(true);
          }
        },
      ),
    );
  });
});

describe("the day's cash (properties)", () => {
  const instant = fc
    .integer({ min: 0, max: 3 * 24 * 60 })
    .map((m) => new Date(Date.parse('2025-06-29T00:00:00Z') + m * 60_000).toISOString());

  it('sales in cash, payments received and advances given are split, and net = sales + payments − advances', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            date: instant,
            total: fc.nat(100_000),
            paymentMethod: fc.constantFrom('cash', 'credit'),
          }),
          { maxLength: 15 },
        ),
        fc.array(
          fc.record({
            date: instant,
            amount: fc.integer({ min: 1, max: 100_000 }),
            op: fc.constantFrom('credit', 'advance', 'payment'),
          }),
          { maxLength: 15 },
        ),
        instant,
        (sales, ops, when) => {
          const entries = ops.map((o, i): CreditTransaction => ({
            id: `e${i}`,
            customerId: CUSTOMER_ID,
            type: o.op === 'payment' ? 'payment' : 'credit',
            amount: o.amount,
            description: '',
            date: o.date,
            ...(o.op === 'advance' ? { kind: CREDIT_ENTRY_ADVANCE } : {}),
          }));
          const today = dayKey(when, TZ);
          const onDay = (d: string) => dayKey(d, TZ) === today;
          const cash = dayCashMovements(sales, entries, today, TZ);
          const sum = (list: { amount: number }[]) => list.reduce((s, x) => s + x.amount, 0);
          expect(cash.sales).toBe(
            sales.filter((s) => s.paymentMethod === 'cash' && onDay(s.date)).reduce((s, x) => s + x.total, 0),
          );
          expect(cash.payments).toBe(sum(ops.filter((o) => o.op === 'payment' && onDay(o.date))));
          expect(cash.advances).toBe(sum(ops.filter((o) => o.op === 'advance' && onDay(o.date))));
          expect(cash.net).toBe(cash.sales + cash.payments - cash.advances);
        },
      ),
    );
  });
});

describe('the new fields in records', () => {
  it('an advance needs a note and an amount above 0, and changes nothing otherwise', () => {
    const who = customer({ creditBalance: 1_000 });
    expect(recordAdvance(who, 500, '   ', ctx())).toEqual({ ok: false, error: 'note-required' });
    expect(recordAdvance(who, 0, 'loyer', ctx())).toEqual({ ok: false, error: 'amount-not-positive' });
    const done = recordAdvance(who, 500, ' loyer ', ctx());
    expect(done.ok && done.transaction).toMatchObject({
      type: 'credit',
      kind: 'advance',
      description: 'loyer',
    });
    expect(done.ok && done.transaction.saleId).toBeUndefined();
    expect(done.ok && done.customer.creditBalance).toBe(1_500);
  });

  it('any amount and note: an entry refused with its reason, or one its schema accepts (the server refuses no other)', () => {
    const anyAmount = fc.oneof(
      fc.integer({ min: -MAX_AMOUNT_CENTIMES, max: 2 * MAX_AMOUNT_CENTIMES }),
      fc.constantFrom(
        MAX_AMOUNT_CENTIMES,
        MAX_AMOUNT_CENTIMES + 1,
        Number.MAX_SAFE_INTEGER,
        0.5,
        Number.NaN,
        Infinity,
      ),
    );
    const anyNote = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc
        .tuple(fc.nat(8), fc.integer({ min: MAX_NOTE_LENGTH - 3, max: MAX_NOTE_LENGTH + 3 }), fc.nat(8))
        .map(([before, length, after]) => `${' '.repeat(before)}${'é'.repeat(length)}${' '.repeat(after)}`),
    );
    const ops = fc.constantFrom('credit', 'advance', 'payment');
    fc.assert(
      fc.property(
        ops,
        anyAmount,
        anyNote,
        fc.integer({ min: 0, max: MAX_AMOUNT_CENTIMES }),
        (op, amount, note, owed) => {
          const who = customer({ creditBalance: owed });
          const result =
            op === 'credit'
              ? recordCredit(who, amount, note, ctx())
              : op === 'advance'
                ? recordAdvance(who, amount, note, ctx())
                : recordPayment(who, amount, note, ctx());
          const inRange = Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_AMOUNT_CENTIMES;
          const noteFits = note.trim().length <= MAX_NOTE_LENGTH;
          expect(result.ok).toBe(inRange && noteFits && (op !== 'advance' || note.trim() !== ''));
          if (!result.ok) {
            expect(result.error).toBe(
              !Number.isSafeInteger(amount) || amount <= 0
                ? 'amount-not-positive'
                : !inRange
                  ? 'amount-too-large'
                  : !noteFits
                    ? 'description-too-long'
                    : 'note-required',
            );
            return;
          }
          if (result.transaction)
            expect(creditTransactionSchema.parse(result.transaction)).toEqual(result.transaction);
          expect(customerSchema.parse(result.customer)).toEqual(result.customer);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a customer without limit or promise is valid as before; bad values are refused', () => {
    expect(customerSchema.safeParse(customer()).success).toBe(true);
    expect(
      customerSchema.safeParse(customer({ creditLimit: 50_000, promiseDate: '2025-07-01' })).success,
    ).toBe(true);
    expect(customerSchema.safeParse(customer({ creditLimit: 0 })).success).toBe(false);
    expect(customerSchema.safeParse(customer({ promiseDate: '2025-02-30' })).success).toBe(false);
    expect(customerSchema.safeParse(customer({ promiseDate: '1er' })).success).toBe(false);
    const entry = {
      id: CUSTOMER_ID,
      customerId: CUSTOMER_ID,
      type: 'credit',
      amount: 1,
      description: '',
      date: NOW,
    };
    expect(creditTransactionSchema.safeParse({ ...entry, kind: 'advance' }).success).toBe(true);
    expect(creditTransactionSchema.safeParse({ ...entry, kind: 'gift' }).success).toBe(false);
  });

  it('the integrity check flags an advance whose customer is gone, like any carnet entry', () => {
    const advance = recordAdvance(customer(), 500, 'loyer', ctx());
    if (!advance.ok) throw new Error('not written');
    const report = checkIntegrity({
      products: [],
      sales: [],
      customers: [],
      stockMovements: [],
      creditTransactions: [advance.transaction],
    });
    expect(report.issues).toEqual([
      { kind: 'credit-missing-customer', ids: [advance.transaction.id], label: 'loyer' },
    ]);
  });
});
