// A credit book in the spec's format (payments floored at 0, stated balances) imports so that each customer's
// balance is the one stated and the plain Σ of their entries; hostile files are still refused whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditTransactionSchema, type CreditTransaction } from './entities.js';
import { MAX_AMOUNT_CENTIMES } from './limits.js';
import { parseBackupText } from './backupImport.js';
import { balanceAdjustments, IMPORTED_BALANCE_DESCRIPTION, settleCustomerLedger } from './backupReconcile.js';
import { balanceFromLedger } from './ledger.js';

const EXPORT = '2025-06-30T12:00:00.000Z';
const DAY = 86_400_000;

/** What the spec's app keeps: ids of its own, decimal MAD, a payment as typed (its balance floored at 0). */
const specBook = fc
  .record({
    customers: fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 4 }),
    entries: fc.array(
      fc.record({
        customer: fc.nat(),
        type: fc.constantFrom('credit', 'payment'),
        centimes: fc.integer({ min: 1, max: 1_000_000 }),
        // Coarse days so that several entries share an instant (the id breaks the tie).
        day: fc.integer({ min: 0, max: 30 }),
      }),
      { maxLength: 40 },
    ),
  })
  .map(({ customers, entries }) => ({
    customers: customers.map((centimes, i) => ({
      id: `c${i + 1}`,
      name: `Client ${i + 1}`,
      phone: '',
      creditBalance: centimes / 100,
      totalPurchases: 0,
      createdAt: '2025-01-01T08:00:00.000Z',
    })),
    creditTransactions: entries.map((entry, i) => ({
      id: String(1_700_000_000_000 + i),
      customerId: `c${(entry.customer % customers.length) + 1}`,
      type: entry.type,
      amount: entry.centimes / 100,
      description: '',
      date: new Date(Date.parse('2025-02-01T00:00:00.000Z') + entry.day * DAY).toISOString(),
    })),
  }));

const fileOf = (book: object) => JSON.stringify({ exportDate: EXPORT, products: [], sales: [], ...book });

/** Credits minus payments, without any floor. */
const plainSum = (entries: readonly CreditTransaction[]) =>
  entries.reduce((sum, t) => sum + (t.type === 'credit' ? t.amount : -t.amount), 0);

/** The running balance in date order never goes below 0 (so the floor never has to act). */
const neverNegative = (entries: readonly CreditTransaction[]) => {
  let running = 0;
  const ordered = [...entries].sort(
    (a, b) => Date.parse(a.date) - Date.parse(b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  for (const t of ordered) {
    running += t.type === 'credit' ? t.amount : -t.amount;
    if (running < 0) return false;
  }
  return true;
};

describe('a credit book in the spec format imports reconciled', () => {
  it("each customer's balance is the stated one and the plain Σ of their entries, never below 0", () => {
    fc.assert(
      fc.property(specBook, (book) => {
        const result = parseBackupText(fileOf(book));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const { backup, report } = result;
        expect(report.rejectedCount).toBe(0);
        expect(backup.customers).toHaveLength(book.customers.length);
        book.customers.forEach((stated, i) => {
          const customer = backup.customers[i]!;
          const own = backup.creditTransactions.filter((t) => t.customerId === customer.id);
          expect(customer.creditBalance).toBe(Math.round(stated.creditBalance * 100));
          expect(plainSum(own)).toBe(customer.creditBalance);
          expect(balanceFromLedger(own)).toBe(customer.creditBalance);
          expect(neverNegative(own)).toBe(true);
          expect(
            own.filter((t) => t.description === IMPORTED_BALANCE_DESCRIPTION).length,
          ).toBeLessThanOrEqual(1);
        });
        // Every entry of the file is imported, reconciled or skipped, and said so.
        const counts = report.lists.creditTransactions;
        expect(counts.accepted + counts.skipped).toBe(book.creditTransactions.length);
        expect(counts.rejected).toBe(0);
        expect(backup.creditTransactions.length).toBe(counts.accepted + report.added.creditTransactions);
        expect(report.reasonCount).toBe(
          counts.reconciled + counts.skipped + report.lists.customers.reconciled,
        );
        // The same file gives the same plan: importing it twice changes nothing.
        const again = parseBackupText(fileOf(book));
        expect(again.ok && again.backup).toEqual(backup);
      }),
      { numRuns: 150 },
    );
  });

  it("in this app's own files (version 2) the entries give the balance; still Σ entries, never below 0", () => {
    fc.assert(
      fc.property(specBook, (shared) => {
        // Distinct instants: the ids (replaced by derived UUIDs) would otherwise order same-instant entries.
        const book = {
          ...shared,
          creditTransactions: shared.creditTransactions.map((t, i) => ({
            ...t,
            date: new Date(Date.parse(t.date) + i * 1000).toISOString(),
          })),
        };
        const result = parseBackupText(JSON.stringify({ formatVersion: 2, exportDate: EXPORT, ...book }));
        if (!result.ok) throw new Error(result.error);
        const { backup } = result;
        book.customers.forEach((stated, i) => {
          const customer = backup.customers[i]!;
          const own = backup.creditTransactions.filter((t) => t.customerId === customer.id);
          const fileEntries = book.creditTransactions.filter((t) => t.customerId === stated.id);
          // With entries: the floored replay of the file's entries; without: the stated balance, opened.
          const expected =
            fileEntries.length > 0
              ? balanceFromLedger(fileEntries.map((t) => ({ ...t, amount: Math.round(t.amount * 100) })))
              : Math.round(stated.creditBalance * 100);
          expect(customer.creditBalance).toBe(expected);
          expect(plainSum(own)).toBe(expected);
          expect(neverNegative(own)).toBe(true);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('settling keeps the balance the spec app showed, with payments never above what was owed', () => {
    const entries = fc.array(
      fc.record({
        type: fc.constantFrom<'credit' | 'payment'>('credit', 'payment'),
        amount: fc.integer({ min: 1, max: 100_000 }),
        minute: fc.integer({ min: 0, max: 50 }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(entries, fc.integer({ min: 0, max: 500_000 }), (raw, stated) => {
        const ledger: CreditTransaction[] = raw.map((e, i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          customerId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
          type: e.type,
          amount: e.amount,
          description: '',
          date: new Date(Date.parse(EXPORT) - e.minute * 60_000).toISOString(),
        }));
        const { settled, balance } = settleCustomerLedger(ledger);
        // The spec app's balance: its entries replayed with the floor at 0.
        expect(balance).toBe(balanceFromLedger(ledger));
        const written = settled.filter((s) => s.outcome !== 'skipped').map((s) => s.entry);
        expect(plainSum(written)).toBe(balance);
        expect(neverNegative(written)).toBe(true);
        for (const s of settled) {
          if (s.outcome === 'capped') expect(s.entry.amount).toBeLessThan(s.original.amount);
          if (s.outcome === 'skipped') expect(s.entry.type).toBe('payment');
        }
        const adjustments = balanceAdjustments(
          { id: ledger[0]?.customerId ?? '00000000-0000-4000-8000-aaaaaaaaaaaa', creditBalance: stated },
          written,
          balance,
          EXPORT,
        );
        const all = [...written, ...adjustments];
        expect(plainSum(all)).toBe(stated);
        expect(neverNegative(all)).toBe(true);
        expect(adjustments.length === 0).toBe(stated === balance);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a stated balance beyond what one entry may hold', () => {
  const customer = '00000000-0000-4000-8000-aaaaaaaaaaaa';
  const sound = (entries: readonly CreditTransaction[]) =>
    entries.every((entry) => creditTransactionSchema.safeParse(entry).success);

  it('is made up by entries the schema accepts, of distinct ids, that add up to it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 * MAX_AMOUNT_CENTIMES }),
        fc.integer({ min: 0, max: 5 * MAX_AMOUNT_CENTIMES }),
        (stated, owed) => {
          const written: CreditTransaction[] = [];
          for (let left = owed, i = 0; left > 0; left -= MAX_AMOUNT_CENTIMES, i += 1) {
            written.push({
              id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
              customerId: customer,
              type: 'credit',
              amount: Math.min(left, MAX_AMOUNT_CENTIMES),
              description: '',
              date: EXPORT,
            });
          }
          const adjustments = balanceAdjustments(
            { id: customer, creditBalance: stated },
            written,
            owed,
            EXPORT,
          );
          expect(sound(adjustments)).toBe(true);
          expect(new Set(adjustments.map((entry) => entry.id)).size).toBe(adjustments.length);
          expect(plainSum([...written, ...adjustments])).toBe(stated);
          expect(neverNegative([...written, ...adjustments])).toBe(true);
          expect(adjustments.length).toBe(Math.ceil(Math.abs(stated - owed) / MAX_AMOUNT_CENTIMES));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('imports as such entries (one entry of 25,000,000 MAD was refused by the schema)', () => {
    const file = {
      exportDate: EXPORT,
      customers: [{ id: 'c1', name: 'Hamid', creditBalance: 25_000_000 }],
      creditTransactions: [],
    };
    const result = parseBackupText(JSON.stringify(file));
    if (!result.ok) throw new Error(result.error);
    const entries = result.backup.creditTransactions;
    expect(entries.map((entry) => entry.amount)).toEqual([
      MAX_AMOUNT_CENTIMES,
      MAX_AMOUNT_CENTIMES,
      500_000_000,
    ]);
    expect(sound(entries)).toBe(true);
    expect(result.backup.customers[0]?.creditBalance).toBe(2_500_000_000);
    expect(result.report.added.creditTransactions).toBe(3);
  });
});

describe('hostile backups are refused whole', () => {
  const validFile = specBook.map(fileOf);

  it('truncated anywhere: refused, never a partial plan', () => {
    fc.assert(
      fc.property(validFile, fc.double({ min: 0, max: 1, noNaN: true }), (text, at) => {
        const cut = Math.min(text.length - 1, Math.floor(at * text.length));
        expect(parseBackupText(text.slice(0, cut))).toMatchObject({ ok: false });
      }),
      { numRuns: 150 },
    );
  });

  it('a prototype key anywhere: refused', () => {
    fc.assert(
      fc.property(
        specBook,
        fc.constantFrom('__proto__', 'constructor', 'prototype'),
        fc.nat(),
        (book, key, where) => {
          const records = [...book.customers, ...book.creditTransactions] as Record<string, unknown>[];
          const target = records[where % records.length]!;
          // Written into the JSON text (a JS object cannot carry an own __proto__ through JSON.stringify).
          const text = fileOf(book).replace(
            `"id":"${String(target.id)}"`,
            `"id":"${String(target.id)}","${key}":{"polluted":1}`,
          );
          expect(parseBackupText(text)).toEqual({ ok: false, error: 'forbidden-key' });
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 100 },
    );
  });

  it('NaN, Infinity, a nesting too deep or a file too large: refused', () => {
    expect(parseBackupText('{"customers":[{"id":"c1","name":"A","creditBalance":NaN}]}')).toEqual({
      ok: false,
      error: 'invalid-json',
    });
    expect(parseBackupText('{"creditTransactions":[{"amount":Infinity}]}')).toEqual({
      ok: false,
      error: 'invalid-json',
    });
    expect(parseBackupText(`{"customers":${'['.repeat(100)}${']'.repeat(100)}}`)).toEqual({
      ok: false,
      error: 'too-deep',
    });
    expect(parseBackupText(fileOf({ customers: [] }), { maxChars: 10 })).toEqual({
      ok: false,
      error: 'too-large',
    });
  });

  it('a record of the wrong type in the credit book: rejected (the app refuses the file)', () => {
    const wrong = fc.constantFrom<[string, unknown]>(
      ['amount', '12'],
      ['amount', -5],
      ['amount', 1e300],
      ['amount', null],
      ['type', 'gift'],
      ['date', 'hier'],
      ['customerId', {}],
    );
    fc.assert(
      fc.property(specBook, wrong, fc.nat(), (book, [name, value], where) => {
        fc.pre(book.creditTransactions.length > 0);
        const index = where % book.creditTransactions.length;
        const spoiled = book.creditTransactions.map((t, i) => (i === index ? { ...t, [name]: value } : t));
        const result = parseBackupText(fileOf({ ...book, creditTransactions: spoiled }));
        expect(result.ok && result.report.rejectedCount).toBeGreaterThan(0);
        expect(result.ok && result.report.rejections[0]).toMatchObject({ list: 'creditTransactions', index });
      }),
      { numRuns: 100 },
    );
  });
});
