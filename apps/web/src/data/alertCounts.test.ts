import { backupFileText, DEFAULT_SETTINGS, stockAlerts, stockStatus } from '@hanouti/core';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { importBackupFile } from './backupService';
import { loadDashboard } from './dashboardRepository';
import { DATABASE_NAME, db, openDatabase } from './db';
import { listProducts } from './productsRepository';
import { aProduct, resetDatabase, useStorableBlobs } from './testDatabase';
import { LARGE_WRITE } from './wholeTableNotice';

const NOW = new Date('2025-05-20T12:00:00Z');

beforeEach(async () => {
  useStorableBlobs();
  await resetDatabase();
});

describe('alert counts on an imported shop', () => {
  it('dashboard, stock screen and catalogue count the same alerts after a large import', async () => {
    // More products than the import writes through Dexie (LARGE_WRITE): the rest go by IndexedDB's own put.
    const count = LARGE_WRITE * 3;
    const products = Array.from({ length: count }, (_, i) =>
      aProduct({ name: `Produit ${i}`, stock: i % 13, reorderThreshold: (i * 7) % 11 }),
    );
    const expected = products.filter((p) => stockStatus(p) !== 'ok').length;
    expect(expected).toBeGreaterThan(LARGE_WRITE);
    const text = backupFileText(
      {
        products,
        sales: [],
        customers: [],
        creditTransactions: [],
        stockMovements: [],
        settings: DEFAULT_SETTINGS,
        photos: [],
      },
      NOW.toISOString(),
    );
    const outcome = await importBackupFile(new File([text], 'hanouti-sauvegarde-2025-05-20.json'));
    expect(outcome).toMatchObject({ ok: true });

    const stored = await listProducts();
    expect(stored).toHaveLength(count);
    // The stock screen's alerts (InventoryPage: stockAlerts of every product) and the catalogue's badges
    // (ProductCard: stockStatus of each product).
    const stockScreen = stockAlerts(stored);
    const catalogue = stored.filter((p) => stockStatus(p) !== 'ok').length;
    const dashboard = await loadDashboard(NOW);
    expect(stockScreen).toHaveLength(expected);
    expect(catalogue).toBe(expected);
    expect(dashboard.counters.alerts).toBe(expected);
    expect(dashboard.alerts).toEqual(stockScreen.slice(0, dashboard.alerts.length));
  });

  it('marks again the alerts an earlier import left unmarked, when the app opens', async () => {
    // The products as version 6 stored them after a large import: in alert, but without the marker.
    db.close({ disableAutoOpen: false });
    await db.delete();
    const old = new Dexie(DATABASE_NAME);
    old.version(6).stores({ products: 'id, name, category, barcode, updatedAt, lowStock' });
    await old
      .table('products')
      .bulkPut([
        aProduct({ name: 'Vide', stock: 0 }),
        aProduct({ name: 'Bas', stock: 2, reorderThreshold: 5 }),
        aProduct({ name: 'Assez', stock: 9, reorderThreshold: 5 }),
      ]);
    old.close();
    await openDatabase();
    const dashboard = await loadDashboard(NOW);
    expect(dashboard.counters.alerts).toBe(2);
    expect(dashboard.alerts.map((alert) => alert.productName)).toEqual(['Vide', 'Bas']);
  });
});
