// The supplier notebook's rules: new supplier, deliveries and payments, history, and the operation check.
import { describe, expect, it } from 'vitest';
import type { StockMovement, Supplier } from './entities.js';
import {
  newSupplier,
  recordSupplierDelivery,
  recordSupplierPayment,
  supplierHistory,
  supplierRecordPayload,
  supplierRecordProblem,
  totalOwedToSuppliers,
} from './suppliers.js';
import { checkOperationPayload, OWNER_ONLY_OPERATIONS } from './sync.js';
import { checkIntegrity } from './integrity.js';
import { emptyShop } from './testing/backupShops.js';
import { exportBackup } from './backup.js';

const NOW = '2026-03-14T09:00:00.000Z';
let n = 0;
const ctx = () => ({
  now: NOW,
  newId: () => `0190c4e2-7a3b-7c1d-8e2f-${String(++n).padStart(12, '0')}`,
});

function supplier(balance = 0): Supplier {
  const made = newSupplier({ name: '  Centrale Laitière ', phone: '0612345678' }, ctx());
  if (!made.ok) throw new Error(made.error);
  return { ...made.supplier, balance };
}

function restock(id: string, delta = 12): StockMovement {
  return { id, productId: '0190c4e2-7a3b-7c1d-8e2f-aaaaaaaaaaaa', kind: 'restock', delta, at: NOW };
}

describe('newSupplier', () => {
  it('tidies the name and a Moroccan phone, and owes nothing', () => {
    const made = supplier();
    expect(made.name).toBe('Centrale Laitière');
    expect(made.phone).toBe('06 12 34 56 78');
    expect(made.balance).toBe(0);
  });
  it('refuses an empty name, a long name and a phone that is not one', () => {
    expect(newSupplier({ name: '  ' }, ctx())).toEqual({ ok: false, error: 'name-required' });
    expect(newSupplier({ name: 'x'.repeat(201) }, ctx())).toEqual({ ok: false, error: 'name-too-long' });
    expect(newSupplier({ name: 'Aswak', phone: 'abc' }, ctx())).toEqual({
      ok: false,
      error: 'invalid-phone',
    });
  });
});

describe('deliveries and payments', () => {
  it('a delivery on credit raises what is owed, a payment lowers it', () => {
    const delivered = recordSupplierDelivery(supplier(), 45_000, ' 2 cartons ', ctx());
    expect(delivered.ok && delivered.supplier.balance).toBe(45_000);
    expect(delivered.ok && delivered.entry.description).toBe('2 cartons');
    if (!delivered.ok) return;
    const paid = recordSupplierPayment(delivered.supplier, 20_000, '', ctx());
    expect(paid.ok && paid.supplier.balance).toBe(25_000);
    expect(paid.ok && paid.entry.type).toBe('payment');
  });
  it('refuses amounts that are not positive whole centimes, and a payment above what is owed', () => {
    expect(recordSupplierDelivery(supplier(), 0, '', ctx())).toEqual({
      ok: false,
      error: 'amount-not-positive',
    });
    expect(recordSupplierDelivery(supplier(), 1.5, '', ctx())).toEqual({
      ok: false,
      error: 'amount-not-positive',
    });
    expect(recordSupplierPayment(supplier(100), 101, '', ctx())).toEqual({
      ok: false,
      error: 'payment-above-balance',
    });
    expect(recordSupplierPayment(supplier(-50), 1, '', ctx())).toEqual({
      ok: false,
      error: 'payment-above-balance',
    });
  });
  it('a delivery names the movements of its reception', () => {
    const delivered = recordSupplierDelivery(supplier(), 100, '', ctx(), ['m-1']);
    expect(delivered.ok && delivered.entry.movementIds).toEqual(['m-1']);
  });
  it('the total owed counts no advance against another supplier', () => {
    expect(totalOwedToSuppliers([{ balance: 500 }, { balance: -200 }, { balance: 100 }])).toBe(600);
  });
});

describe('supplierHistory', () => {
  it('lists newest first with what was owed after each entry', () => {
    const base = supplier();
    const a = recordSupplierDelivery(base, 1000, '', { ...ctx(), now: '2026-03-01T08:00:00.000Z' });
    const b = recordSupplierPayment({ ...base, balance: 1000 }, 400, '', {
      ...ctx(),
      now: '2026-03-02T08:00:00.000Z',
    });
    if (!a.ok || !b.ok) throw new Error('refused');
    const rows = supplierHistory([b.entry, a.entry]);
    expect(rows.map((row) => [row.type, row.balanceAfter])).toEqual([
      ['payment', 600],
      ['delivery', 1000],
    ]);
  });
});

describe('the supplier.record operation', () => {
  const delivered = recordSupplierDelivery(supplier(), 9000, '', ctx(), [
    '0190c4e2-7a3b-7c1d-8e2f-bbbbbbbbbbbb',
  ]);
  if (!delivered.ok) throw new Error('refused');
  const movement = restock('0190c4e2-7a3b-7c1d-8e2f-bbbbbbbbbbbb');

  it('accepts a delivery with exactly the movements it lists', () => {
    const payload = supplierRecordPayload(delivered.entry, [movement]);
    expect(checkOperationPayload('supplier.record', payload).ok).toBe(true);
  });
  it('refuses movements the entry does not list, a stock going down, or movements on a payment', () => {
    const unlisted = supplierRecordPayload({ ...delivered.entry, movementIds: [] }, [movement]);
    expect(supplierRecordProblem(unlisted)).toBe('movement-mismatch');
    const missing = supplierRecordPayload(delivered.entry, []);
    expect(supplierRecordProblem(missing)).toBe('movement-mismatch');
    const down = supplierRecordPayload(delivered.entry, [{ ...movement, delta: -3 }]);
    expect(checkOperationPayload('supplier.record', down)).toEqual({
      ok: false,
      reason: 'movement-mismatch',
    });
    const sold = supplierRecordPayload(delivered.entry, [{ ...movement, kind: 'sale' }]);
    expect(supplierRecordProblem(sold)).toBe('movement-mismatch');
    const payment = supplierRecordPayload({ ...delivered.entry, type: 'payment' }, [movement]);
    expect(supplierRecordProblem(payment)).toBe('movement-mismatch');
  });
  it('refuses a payload with other fields, or an entry that is not one', () => {
    expect(
      checkOperationPayload('supplier.record', {
        ...supplierRecordPayload(delivered.entry, [movement]),
        x: 1,
      }),
    ).toEqual({ ok: false, reason: 'invalid-payload' });
    expect(
      checkOperationPayload('supplier.record', supplierRecordPayload({ ...delivered.entry, amount: 0 })),
    ).toEqual({ ok: false, reason: 'invalid-payload' });
  });
  it('only the owner removes a supplier; entries are for every phone', () => {
    expect(OWNER_ONLY_OPERATIONS.has('supplier.delete')).toBe(true);
    expect(OWNER_ONLY_OPERATIONS.has('supplier.record')).toBe(false);
    expect(OWNER_ONLY_OPERATIONS.has('supplier.upsert')).toBe(false);
  });
});

describe('the integrity check of the supplier notebook', () => {
  const empty = { products: [], sales: [], customers: [], creditTransactions: [], stockMovements: [] };
  it('finds entries without their supplier and balances that are not Σ entries, without asking a cleanup', () => {
    const kept = supplier(700);
    const delivered = recordSupplierDelivery({ ...kept, balance: 0 }, 500, 'BL 7', ctx());
    const orphan = recordSupplierDelivery({ ...kept, id: 'gone' }, 300, '', ctx());
    if (!delivered.ok || !orphan.ok) throw new Error('refused');
    const report = checkIntegrity({
      ...empty,
      suppliers: [kept],
      supplierEntries: [delivered.entry, orphan.entry],
    });
    expect(report.issues.map((issue) => [issue.kind, issue.label])).toEqual([
      ['supplier-entry-missing-supplier', orphan.entry.date],
      ['supplier-balance-mismatch', 'Centrale Laitière'],
    ]);
    expect(report.recommendations).toEqual([]);
    expect(
      checkIntegrity({ ...empty, suppliers: [{ ...kept, balance: 500 }], supplierEntries: [delivered.entry] })
        .issues,
    ).toEqual([]);
    // A shop read before the notebook existed has no supplier lists at all.
    expect(checkIntegrity(empty).issues).toEqual([]);
  });
});

describe('the supplier notebook in a backup', () => {
  it('writes suppliers and entries in decimal MAD, and nothing for a source without them', () => {
    const kept = supplier(4550);
    const delivered = recordSupplierDelivery({ ...kept, balance: 0 }, 4550, 'BL 9', ctx(), ['m-1']);
    if (!delivered.ok) throw new Error('refused');
    const source = emptyShop();
    const file = exportBackup({ ...source, suppliers: [kept], supplierEntries: [delivered.entry] }, NOW);
    expect(file.suppliers).toEqual([{ ...kept, balance: 45.5 }]);
    expect(file.supplierEntries).toEqual([{ ...delivered.entry, amount: 45.5 }]);
    expect('suppliers' in exportBackup(source, NOW)).toBe(false);
  });
});
