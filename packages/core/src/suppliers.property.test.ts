// The supplier notebook's invariant: what is owed to a supplier is the sum of their entries, whatever the order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { supplierEntrySchema, supplierSchema, type Supplier, type SupplierEntry } from './entities.js';
import { MAX_AMOUNT_CENTIMES, MAX_NOTE_LENGTH } from './limits.js';
import {
  balancesBySupplier,
  recordSupplierDelivery,
  recordSupplierPayment,
  supplierBalance,
  supplierEntryEffect,
  supplierHistory,
} from './suppliers.js';

const SUPPLIERS = ['s-a', 's-b', 's-c'] as const;
const NOW = Date.parse('2026-03-14T09:00:00.000Z');

const entries = fc
  .array(
    fc.record({
      supplierId: fc.constantFrom(...SUPPLIERS),
      type: fc.constantFrom('delivery' as const, 'payment' as const),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      minutes: fc.integer({ min: 0, max: 100_000 }),
    }),
    { maxLength: 60 },
  )
  .map((list) =>
    list.map((e, i): SupplierEntry => ({
      id: `e-${String(i).padStart(3, '0')}`,
      supplierId: e.supplierId,
      type: e.type,
      amount: e.amount,
      description: '',
      date: new Date(NOW - e.minutes * 60_000).toISOString(),
    })),
  );

const sum = (list: readonly SupplierEntry[]) =>
  list.reduce((total, e) => total + (e.type === 'delivery' ? e.amount : -e.amount), 0);

describe('supplier balance = Σ entries', () => {
  it('is the signed sum, whatever the order the entries arrive in', () => {
    fc.assert(
      fc.property(entries, fc.integer(), (list, seed) => {
        const shuffled = [...list].sort(
          (a, b) => ((a.id.charCodeAt(2) ^ seed) & 7) - ((b.id.charCodeAt(2) ^ seed) & 7),
        );
        expect(supplierBalance(shuffled)).toBe(sum(list));
        expect(supplierBalance(list)).toBe(list.reduce((t, e) => t + supplierEntryEffect(e), 0));
      }),
    );
  });

  it('per supplier, the balances add up to the shop total and each is its own entries summed', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const balances = balancesBySupplier(list);
        for (const id of SUPPLIERS) {
          expect(balances.get(id) ?? 0).toBe(sum(list.filter((e) => e.supplierId === id)));
        }
        expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(sum(list));
      }),
    );
  });

  it('the history ends (newest row) on the balance, and each row moves it by its own amount', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const rows = supplierHistory(list);
        expect(rows[0]?.balanceAfter ?? 0).toBe(sum(list));
        rows.forEach((row, i) => {
          const before = rows[i + 1]?.balanceAfter ?? 0;
          expect(row.balanceAfter - before).toBe(supplierEntryEffect(row));
        });
      }),
    );
  });

  it('recording deliveries and payments keeps the cached balance equal to Σ the recorded entries', () => {
    const steps = fc.array(
      fc.record({ pay: fc.boolean(), amount: fc.integer({ min: -5, max: 2_000_000 }) }),
      { maxLength: 50 },
    );
    fc.assert(
      fc.property(steps, (list) => {
        let supplier: Supplier = {
          id: 's-a',
          name: 'Aswak',
          phone: '',
          balance: 0,
          createdAt: '2026-03-14T09:00:00.000Z',
          updatedAt: '2026-03-14T09:00:00.000Z',
        };
        const recorded: SupplierEntry[] = [];
        let id = 0;
        const ctx = { now: '2026-03-14T09:00:00.000Z', newId: () => `id-${++id}` };
        for (const step of list) {
          const result = step.pay
            ? recordSupplierPayment(supplier, step.amount, '', ctx)
            : recordSupplierDelivery(supplier, step.amount, '', ctx);
          if (!result.ok) continue;
          supplier = result.supplier;
          recorded.push(result.entry);
        }
        expect(supplier.balance).toBe(supplierBalance(recorded));
        // Payments are capped at what is owed: one phone alone never goes into advance.
        expect(supplier.balance).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('a supplier entry from any amount and note', () => {
  it('is refused with its reason, or is one its schema accepts', () => {
    const supplier: Supplier = {
      id: '0190a0a0-0000-7000-8000-0000000000aa',
      name: 'Centrale Laitière',
      phone: '',
      balance: 0,
      createdAt: new Date(NOW).toISOString(),
      updatedAt: new Date(NOW).toISOString(),
    };
    const anyAmount = fc.oneof(
      fc.integer({ min: -MAX_AMOUNT_CENTIMES, max: 2 * MAX_AMOUNT_CENTIMES }),
      fc.constantFrom(MAX_AMOUNT_CENTIMES, MAX_AMOUNT_CENTIMES + 1, 2 ** 60, 0.5, Number.NaN),
    );
    const anyNote = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc
        .tuple(fc.nat(8), fc.integer({ min: MAX_NOTE_LENGTH - 3, max: MAX_NOTE_LENGTH + 3 }))
        .map(([spaces, length]) => `${' '.repeat(spaces)}${'ك'.repeat(length)}${' '.repeat(spaces)}`),
    );
    let n = 0;
    const ctx = () => ({
      now: new Date(NOW).toISOString(),
      newId: () => `0190a0a0-0000-7000-8000-${String(++n).padStart(12, '0')}`,
    });
    fc.assert(
      fc.property(
        fc.boolean(),
        anyAmount,
        anyNote,
        fc.integer({ min: -MAX_AMOUNT_CENTIMES, max: MAX_AMOUNT_CENTIMES }),
        (delivery, amount, note, balance) => {
          const owed = { ...supplier, balance };
          const result = delivery
            ? recordSupplierDelivery(owed, amount, note, ctx())
            : recordSupplierPayment(owed, amount, note, ctx());
          const valid =
            Number.isSafeInteger(amount) &&
            amount > 0 &&
            amount <= MAX_AMOUNT_CENTIMES &&
            note.trim().length <= MAX_NOTE_LENGTH;
          if (!valid) {
            expect(result.ok).toBe(false);
            expect(['amount-not-positive', 'amount-too-large', 'description-too-long']).toContain(
              !result.ok && result.error,
            );
            return;
          }
          if (!result.ok) {
            expect(result.error).toBe('payment-above-balance');
            expect(delivery).toBe(false);
            return;
          }
          expect(supplierEntrySchema.parse(result.entry)).toEqual(result.entry);
          expect(supplierSchema.parse(result.supplier)).toEqual(result.supplier);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
