import { DEFAULT_SETTINGS, formatHlc, newId, type Sale, type SyncChange } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { tx } from './db';
import { adjustStock } from './stockRepository';
import { saveCustomer } from './customersRepository';
import { loadSettings } from './settingsRepository';
import { addSupplier, getSupplier } from './suppliersRepository';
import { saveProduct } from './productsRepository';
import { pendingOperations } from './syncStore';
import { readCursor } from './syncBookkeeping';
import { aCustomer, aProduct, resetDatabase } from './testDatabase';
import { embeddedMovements, saleOf } from './saleRecords';
import { applyPulledChanges } from './applyPulledChanges';

beforeEach(resetDatabase);

const stamp = (ms: number) => formatHlc({ wallMs: ms, counter: 0, node: 'other-phone' });

describe('applying pulled changes', () => {
  it('stamps every local operation with an increasing clock', async () => {
    const product = aProduct({ stock: 2 });
    await saveProduct(product);
    await adjustStock(product.id, 1);
    const stamps = (await pendingOperations()).map((op) => op.hlc ?? '');
    expect(stamps).toHaveLength(3);
    expect([...stamps].sort()).toEqual(stamps);
    expect(new Set(stamps).size).toBe(3);
  });

  it('writes the server versions with the cursor, recomputes stock from local movements, keeps later local edits', async () => {
    const product = aProduct({ stock: 5, name: 'Local' });
    await saveProduct(product); // pending: product.upsert (now) + its opening stock movement
    const other = aProduct({ name: 'Du serveur', stock: 999 });
    const sale: Sale = {
      id: newId(),
      ticketNumber: 'BB-000001',
      date: new Date().toISOString(),
      items: [
        {
          productId: product.id,
          productName: 'Local',
          quantity: 2,
          unitPrice: 1500,
          total: 3000,
          vatRate: 20,
          vat: 600,
        },
      ],
      subtotal: 3000,
      vat: 600,
      discount: 0,
      total: 3600,
      paymentMethod: 'cash',
      printed: false,
      shared: false,
    };
    const changes: SyncChange[] = [
      // An older server version of the product this phone edited since: the local edit stays.
      {
        seq: 1,
        entity: 'product',
        id: product.id,
        hlc: stamp(1_000),
        deleted: false,
        record: { ...product, name: 'Ancien', stock: 0 },
      },
      { seq: 2, entity: 'product', id: other.id, hlc: stamp(1_000), deleted: false, record: other },
      { seq: 3, entity: 'sale', id: sale.id, deleted: false, record: sale },
      {
        seq: 4,
        entity: 'stockMovement',
        id: newId(),
        deleted: false,
        record: {
          id: newId(),
          productId: product.id,
          kind: 'sale',
          delta: -2,
          at: sale.date,
          saleId: sale.id,
        },
      },
    ];
    await applyPulledChanges(changes, 'v1.shop.4');
    const [mine, theirs, storedSale, cursor] = await tx('r', ['products', 'sales', 'meta'], async (t) => [
      await t.products.get(product.id),
      await t.products.get(other.id),
      await t.sales.get(sale.id),
      await readCursor(t),
    ]);
    expect(mine).toMatchObject({ name: 'Local', stock: 3 });
    // Stock is Σ local movements, never the server's cached number.
    expect(theirs).toMatchObject({ name: 'Du serveur', stock: 0 });
    // The sale's own movement is kept inside its record (saleRecords.ts).
    expect(storedSale && saleOf(storedSale)).toEqual(sale);
    expect(storedSale && embeddedMovements(storedSale).map((m) => m.delta)).toEqual([-2]);
    expect(cursor).toBe('v1.shop.4');
  });

  it('takes the server counters of a customer, adds unsent local sales, and removes what the server removed', async () => {
    const customer = aCustomer({ name: 'Amina' });
    await saveCustomer(customer);
    const server = { ...customer, name: 'Amina B.', totalPurchases: 5000, creditBalance: 0 };
    await applyPulledChanges(
      [
        {
          seq: 1,
          entity: 'customer',
          id: customer.id,
          hlc: stamp(Date.now() + 60_000),
          deleted: false,
          record: server,
        },
      ],
      'v1.shop.1',
    );
    const stored = await tx('r', ['customers'], (t) => t.customers.get(customer.id));
    expect(stored).toMatchObject({ name: 'Amina B.', totalPurchases: 5000, creditBalance: 0 });
    await applyPulledChanges(
      [{ seq: 2, entity: 'customer', id: customer.id, hlc: stamp(Date.now() + 120_000), deleted: true }],
      'v1.shop.2',
    );
    expect(await tx('r', ['customers'], (t) => t.customers.get(customer.id))).toBeUndefined();
  });

  it('keeps the shop settings a pull says were deleted (they never are), and takes a new version of them', async () => {
    const later = { ...DEFAULT_SETTINGS, storeName: 'Hanout Amina', updatedAt: new Date().toISOString() };
    await applyPulledChanges(
      [
        {
          seq: 1,
          entity: 'settings',
          id: later.id,
          hlc: stamp(Date.now() + 60_000),
          deleted: false,
          record: later,
        },
      ],
      'v1.shop.1',
    );
    await applyPulledChanges(
      [{ seq: 2, entity: 'settings', id: later.id, hlc: stamp(Date.now() + 120_000), deleted: true }],
      'v1.shop.2',
    );
    expect(await loadSettings()).toMatchObject({ storeName: 'Hanout Amina' });
  });

  it('moves a supplier entry pulled with another supplier: both balances follow their entries', async () => {
    const [first, second] = await Promise.all(
      ['Centrale Laitière', 'Aswak'].map(async (name) => {
        const made = await addSupplier({ name });
        if (!made.ok) throw new Error(made.error);
        return made.supplier;
      }),
    );
    if (!first || !second) throw new Error('two suppliers');
    const entry = {
      id: newId(),
      supplierId: first.id,
      type: 'delivery' as const,
      amount: 2_500,
      description: '',
      date: new Date().toISOString(),
    };
    await applyPulledChanges(
      [{ seq: 1, entity: 'supplierEntry', id: entry.id, deleted: false, record: entry }],
      'v1.shop.1',
    );
    expect([(await getSupplier(first.id))?.balance, (await getSupplier(second.id))?.balance]).toEqual([
      2_500, 0,
    ]);
    await applyPulledChanges(
      [
        {
          seq: 2,
          entity: 'supplierEntry',
          id: entry.id,
          deleted: false,
          record: { ...entry, supplierId: second.id },
        },
      ],
      'v1.shop.2',
    );
    expect([(await getSupplier(first.id))?.balance, (await getSupplier(second.id))?.balance]).toEqual([
      0, 2_500,
    ]);
  });
});
