import { newId, type Sale, type StockMovement } from '@hanouti/core';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_NAME, db, openDatabase, tx } from './db';
import { embeddedMovements, fitsSale, saleOf, saleRecordsWithMovements } from './saleRecords';
import { deleteSalesKeepingMovements, putSalesAndMovements, SALE_TABLES } from './sales';
import { productMovements } from './movements';
import { listStockMovements } from './stockRepository';
import { cancelBackgroundSweep } from './startup';
import { resetDatabase } from './testDatabase';

const DATE = '2025-03-10T09:00:00.000Z';
const tea = newId();
const oil = newId();

function aSale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: newId(),
    ticketNumber: 'AB-000001',
    date: DATE,
    items: [
      {
        productId: tea,
        productName: 'Thé',
        quantity: 2,
        unitPrice: 1500,
        total: 3000,
        vatRate: 20,
        vat: 600,
      },
      {
        productId: oil,
        productName: 'Huile',
        quantity: 1,
        unitPrice: 2000,
        total: 2000,
        vatRate: 20,
        vat: 400,
      },
    ],
    subtotal: 5000,
    vat: 1000,
    discount: 0,
    total: 6000,
    paymentMethod: 'cash',
    printed: false,
    shared: false,
    deviceId: 'phone-1',
    ...overrides,
  };
}

function lineMovement(sale: Sale, productId: string, delta: number): StockMovement {
  return { id: newId(), productId, kind: 'sale', delta, at: sale.date, saleId: sale.id, deviceId: 'phone-1' };
}

beforeEach(resetDatabase);

describe("a sale's movements inside its record", () => {
  it('keeps exactly the movements that say nothing the sale does not, and gives them back whole', () => {
    const sale = aSale();
    const own = [lineMovement(sale, tea, -2), lineMovement(sale, oil, -1)];
    const restock: StockMovement = { id: newId(), productId: tea, kind: 'restock', delta: 5, at: DATE };
    const otherTime = { ...lineMovement(sale, tea, -1), at: '2025-03-10T09:00:01.000Z' };
    expect(own.every((movement) => fitsSale(sale, movement))).toBe(true);
    expect(fitsSale(sale, otherTime)).toBe(false);
    expect(fitsSale(sale, { ...own[0]!, note: 'x' })).toBe(false);

    const { records, loose } = saleRecordsWithMovements([sale], [...own, restock, otherTime]);
    expect(loose).toEqual([restock, otherTime]);
    expect(records[0]?.productIds).toEqual([tea, oil]);
    expect(saleOf(records[0]!)).toEqual(sale);
    expect(embeddedMovements(records[0]!)).toEqual(own);
  });

  it('keeps the movements a stored version holds when the sale is written again', () => {
    const sale = aSale();
    const first = lineMovement(sale, tea, -2);
    const [stored] = saleRecordsWithMovements([sale], [first]).records;
    const second = lineMovement(sale, oil, -1);
    const { records } = saleRecordsWithMovements(
      [{ ...sale, printed: true }],
      [second],
      new Map([[sale.id, stored!]]),
    );
    expect(records[0]?.printed).toBe(true);
    expect(embeddedMovements(records[0]!)).toEqual([first, second]);
  });

  it("finds a product's movements in both places, once each, and keeps them when a sale is removed", async () => {
    const sale = aSale();
    const own = lineMovement(sale, tea, -2);
    const restock: StockMovement = { id: newId(), productId: tea, kind: 'restock', delta: 5, at: DATE };
    await tx('rw', SALE_TABLES, async (t) => {
      await putSalesAndMovements(t, [sale], [own, restock]);
      // The same movement pulled back from the server lands where it is already kept, not twice.
      await putSalesAndMovements(t, [], [own]);
    });
    expect(await tx('r', ['stockMovements'], (t) => t.stockMovements.count())).toBe(1);
    const both = await tx('r', SALE_TABLES, (t) => productMovements(t, tea));
    expect(both.map((movement) => movement.delta).sort()).toEqual([-2, 5]);

    await tx('rw', SALE_TABLES, (t) => deleteSalesKeepingMovements(t, [sale.id]));
    expect((await listStockMovements(tea)).map((movement) => movement.delta).sort()).toEqual([-2, 5]);
    expect(await tx('r', ['sales'], (t) => t.sales.count())).toBe(0);
  });

  it('moves the stored movements of sales into their records when a phone upgrades from version 4', async () => {
    cancelBackgroundSweep();
    db.close({ disableAutoOpen: false });
    await db.delete();
    const old = new Dexie(DATABASE_NAME);
    old.version(4).stores({
      sales: 'id, date, customerId',
      stockMovements: 'id, productId',
    });
    const sale = aSale();
    const own = [lineMovement(sale, tea, -2), lineMovement(sale, oil, -1)];
    const restock: StockMovement = { id: newId(), productId: tea, kind: 'restock', delta: 5, at: DATE };
    await old.table('sales').add(sale);
    await old.table('stockMovements').bulkAdd([...own, restock]);
    old.close();

    await openDatabase();
    const [stored, loose] = await tx('r', ['sales', 'stockMovements'], async (t) => [
      await t.sales.get(sale.id),
      await t.stockMovements.toArray(),
    ]);
    expect(loose).toEqual([restock]);
    expect(stored && saleOf(stored)).toEqual(sale);
    expect(stored && embeddedMovements(stored)).toEqual(own);
    expect((await listStockMovements(oil)).map((movement) => movement.delta)).toEqual([-1]);
  });
});
