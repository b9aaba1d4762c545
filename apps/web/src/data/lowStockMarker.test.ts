import {
  addProductToCart,
  dashboardFigures,
  emptyCart,
  newId,
  setLineQuantity,
  type Product,
} from '@hanouti/core';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeSale } from './checkoutRepository';
import { cleanUpDatabase } from './dataCareService';
import { loadDashboard } from './dashboardRepository';
import { DATABASE_NAME, db, openDatabase, tx } from './db';
import { LOW_STOCK_FIELD } from './lowStockMarker';
import { getProduct, listProducts, saveProduct } from './productsRepository';
import { SHOP_TIME_ZONE } from './salesAggregates';
import { adjustStock } from './stockRepository';
import { aProduct, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);

/** Ids of the products the index says are in alert. */
const markedIds = () =>
  tx('r', ['products'], async (t) =>
    (await t.products.where(LOW_STOCK_FIELD).between(0, 1, true, true).primaryKeys()).sort(),
  );

describe('the low-stock marker', () => {
  it('follows every write of stock or threshold: sale, quick adjustment, product form', async () => {
    const tea = aProduct({ stock: 6, reorderThreshold: 5 });
    await storeRecords({ products: [tea] });
    expect(await markedIds()).toEqual([]);

    await completeSale(addProductToCart(emptyCart(), tea));
    expect(await markedIds()).toEqual([tea.id]);

    await adjustStock(tea.id, 10);
    expect(await markedIds()).toEqual([]);

    await saveProduct({ ...(await getProduct(tea.id))!, reorderThreshold: 50 });
    expect(await markedIds()).toEqual([tea.id]);
  });

  it('is storage only: products read back are exactly the app’s products', async () => {
    const empty = aProduct({ stock: 0 });
    await storeRecords({ products: [empty] });
    expect(await getProduct(empty.id)).toEqual(empty);
    expect(await listProducts()).toEqual([empty]);
    const viaCursor = await tx('r', ['products'], (t) => t.products.filter(() => true).toArray());
    expect(viaCursor).toEqual([empty]);
  });

  it('is kept by the cleanup, which rewrites merged products', async () => {
    const low = aProduct({ name: 'Sucre', stock: 1, reorderThreshold: 5 });
    const twin = aProduct({ id: newId(), name: 'Sucre', stock: 1, reorderThreshold: 5 });
    await storeRecords({ products: [low, twin] });
    await cleanUpDatabase();
    const kept = await listProducts();
    expect(await markedIds()).toEqual(
      kept
        .filter((p) => p.stock <= p.reorderThreshold)
        .map((p) => p.id)
        .sort(),
    );
  });

  it('is written on products an older version stored, when the database is upgraded', async () => {
    db.close({ disableAutoOpen: false });
    await Dexie.delete(DATABASE_NAME);
    const old = new Dexie(DATABASE_NAME);
    old.version(1).stores({ products: 'id, name, category, barcode, updatedAt' });
    const low = aProduct({ stock: 2, reorderThreshold: 5 });
    await old.table('products').bulkPut([low, aProduct({ stock: 50 })]);
    old.close();
    await openDatabase();
    expect(await markedIds()).toEqual([low.id]);
  });
});

describe('dashboard alerts', () => {
  /** Products with names that tie and differ only by accents or case, out of stock, low and fine. */
  function aCatalogue(): Product[] {
    const names = ['Thé', 'the', 'Éponge', 'eponge', 'Ail', 'Zaatar', 'Ail', 'Œufs', 'oeufs', 'Lait'];
    return Array.from({ length: 40 }, (_, i) =>
      aProduct({
        name: names[i % names.length]!,
        stock: ((i * 7) % 13) - 3,
        reorderThreshold: (i * 5) % 9,
        createdAt: `2025-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      }),
    );
  }

  it('gives the same alerts and counters as core does over the whole catalogue', async () => {
    const fewOut = (products: Product[]) => {
      const out = products.filter((p) => p.stock <= 0).slice(0, 1);
      return [...out, ...products.filter((p) => p.stock > 0)];
    };
    // Many out of stock (the panel is all out of stock), and one (the panel takes the lowest ratios, with ties).
    for (const catalogue of [aCatalogue(), fewOut(aCatalogue())]) {
      await resetDatabase();
      await storeRecords({ products: catalogue });
      const now = new Date('2025-05-20T12:00:00Z');
      const dashboard = await loadDashboard(now);
      // Primary-key order, as the dashboard read the whole catalogue before: ties keep that order.
      const stored = await tx('r', ['products'], (t) => t.products.toArray());
      const expected = dashboardFigures({
        now: now.toISOString(),
        timeZone: SHOP_TIME_ZONE,
        dailyTotals: [],
        productSales: [],
        products: stored,
        customerCount: 0,
      });
      expect(dashboard.alerts).toEqual(expected.alerts);
      expect(dashboard.alerts).toHaveLength(3);
      expect(dashboard.counters).toEqual(expected.counters);
    }
  });

  it('counts a product that a sale took below its threshold', async () => {
    const oil = aProduct({ stock: 6, reorderThreshold: 5 });
    await storeRecords({ products: [oil] });
    expect((await loadDashboard()).counters.alerts).toBe(0);
    await completeSale(setLineQuantity(addProductToCart(emptyCart(), oil), oil.id, 6));
    const dashboard = await loadDashboard();
    expect(dashboard.counters).toMatchObject({ products: 1, alerts: 1 });
    expect(dashboard.alerts).toEqual([
      { productId: oil.id, productName: oil.name, currentStock: 0, threshold: 5 },
    ]);
  });
});
