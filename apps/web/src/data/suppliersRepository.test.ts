import { formatHlc, supplierBalance, type SyncChange } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyPulledChanges } from './applyPulledChanges';
import { pendingOperations } from './syncStore';
import { getProduct, saveProduct } from './productsRepository';
import {
  addSupplier,
  deleteSupplier,
  getSupplier,
  listSupplierEntries,
  listSuppliers,
  receiveOnCredit,
  recordDelivery,
  recordPayment,
} from './suppliersRepository';
import { aProduct, resetDatabase } from './testDatabase';
import { listStockMovements } from './stockRepository';

beforeEach(resetDatabase);

async function aSupplier(name = 'Centrale Laitière') {
  const made = await addSupplier({ name, phone: '0612345678' });
  if (!made.ok) throw new Error(made.error);
  return made.supplier;
}

describe('the supplier notebook on the phone', () => {
  it('adds a supplier with its operation, and refuses a nameless one without writing', async () => {
    const supplier = await aSupplier();
    expect(supplier).toMatchObject({ name: 'Centrale Laitière', phone: '06 12 34 56 78', balance: 0 });
    expect(await addSupplier({ name: '  ' })).toEqual({ ok: false, error: 'name-required' });
    expect(await listSuppliers()).toHaveLength(1);
    expect((await pendingOperations()).map((op) => op.type)).toEqual(['supplier.upsert']);
  });

  it('deliveries raise and payments lower the balance, balance = Σ entries; a payment above it is refused', async () => {
    const supplier = await aSupplier();
    expect(await recordDelivery(supplier.id, 50_000, 'Lait')).toMatchObject({ ok: true });
    expect(await recordPayment(supplier.id, 20_000, '')).toMatchObject({ ok: true });
    expect(await recordPayment(supplier.id, 30_001, '')).toEqual({
      ok: false,
      error: 'payment-above-balance',
    });
    expect(await recordPayment(supplier.id, 0, '')).toEqual({ ok: false, error: 'amount-not-positive' });
    const entries = await listSupplierEntries(supplier.id);
    expect((await getSupplier(supplier.id))?.balance).toBe(30_000);
    expect(supplierBalance(entries)).toBe(30_000);
    expect(entries.map((e) => e.type)).toEqual(['payment', 'delivery']);
  });

  it('a reception on credit moves the stock and the supplier balance in one operation', async () => {
    const product = aProduct({ stock: 4 });
    await saveProduct(product);
    const supplier = await aSupplier();
    const before = (await pendingOperations()).length;
    const result = await receiveOnCredit(product.id, 12, 'BL 41', supplier.id, 36_000);
    expect(result).toMatchObject({ ok: true, stockAfter: 16 });
    expect((await getProduct(product.id))?.stock).toBe(16);
    expect((await getSupplier(supplier.id))?.balance).toBe(36_000);
    const [movement] = await listStockMovements(product.id);
    expect(movement).toMatchObject({ kind: 'restock', delta: 12, note: 'BL 41' });
    const ops = (await pendingOperations()).slice(before);
    expect(ops.map((op) => op.type)).toEqual(['supplier.record']);
    expect(ops[0]?.payload).toMatchObject({ entry: { movementIds: [movement?.id] }, movements: [movement] });
    // Bad input changes nothing.
    expect(await receiveOnCredit(product.id, 0, undefined, supplier.id, 100)).toEqual({
      ok: false,
      error: 'quantity-not-positive',
    });
    expect(await receiveOnCredit(product.id, 3, undefined, supplier.id, 0)).toEqual({
      ok: false,
      error: 'amount-not-positive',
    });
    expect((await getProduct(product.id))?.stock).toBe(16);
    expect((await getSupplier(supplier.id))?.balance).toBe(36_000);
  });

  it('removes a supplier with its entries', async () => {
    const supplier = await aSupplier();
    await recordDelivery(supplier.id, 1000, '');
    expect(await deleteSupplier(supplier.id)).toBe(true);
    expect(await listSuppliers()).toEqual([]);
    expect(await listSupplierEntries(supplier.id)).toEqual([]);
    expect((await pendingOperations()).at(-1)?.type).toBe('supplier.delete');
  });

  it('a pull brings another phone’s supplier and entries; the balance is Σ the local entries', async () => {
    const mine = await aSupplier('Aswak');
    await recordDelivery(mine.id, 5_000, '');
    const theirs = { ...mine, name: 'Aswak Assalam', balance: 999_999 };
    const entry = {
      id: '0190c4e2-7a3b-7c1d-8e2f-000000000077',
      supplierId: mine.id,
      type: 'delivery' as const,
      amount: 2_500,
      description: '',
      date: new Date().toISOString(),
    };
    const later = formatHlc({ wallMs: Date.now() + 60_000, counter: 0, node: 'other-phone' });
    const changes: SyncChange[] = [
      { seq: 1, entity: 'supplier', id: mine.id, hlc: later, deleted: false, record: theirs },
      { seq: 2, entity: 'supplierEntry', id: entry.id, deleted: false, record: entry },
    ];
    await applyPulledChanges(changes, 'v1.0190c4e2-7a3b-7c1d-8e2f-000000000001.2');
    expect(await getSupplier(mine.id)).toMatchObject({ name: 'Aswak Assalam', balance: 7_500 });
    await applyPulledChanges(
      [{ seq: 3, entity: 'supplierEntry', id: entry.id, deleted: true }],
      'v1.0190c4e2-7a3b-7c1d-8e2f-000000000001.3',
    );
    expect((await getSupplier(mine.id))?.balance).toBe(5_000);
  });
});
