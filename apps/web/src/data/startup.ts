// App start (spec §4): open and migrate the database, remove corrupt entries, seed the sample shop once.
import { newId, sampleShopData, type Settings } from '@hanouti/core';
import { openDatabase, tx } from './db';
import { removeCorruptEntries } from './corruptEntries';
import { ensureDeviceIdentity } from './device';
import { META, readMetaFlag, writeMeta } from './meta';
import { OUTBOX_TABLES, recordOperations } from './outbox';
import { AGGREGATE_TABLES, rebuildSalesAggregates } from './salesAggregates';
import { loadSettings } from './settingsRepository';

export type LocalDataReady = { settings: Settings; removedCorrupt: number; seeded: boolean };

/**
 * Seeds the spec's four products and two customers on the very first start with an empty catalogue.
 * A flag remembers it was done, so a shopkeeper who empties the catalogue does not get them back.
 */
async function seedSampleDataOnce(): Promise<boolean> {
  const now = new Date().toISOString();
  return tx('rw', ['products', 'customers', 'stockMovements', ...OUTBOX_TABLES], async (t) => {
    if (await readMetaFlag(t, META.sampleDataSeeded)) return false;
    await writeMeta(t, META.sampleDataSeeded, true);
    if ((await t.products.count()) > 0) return false;
    const { products, customers, movements } = sampleShopData({ now, newId });
    await t.products.bulkAdd(products);
    await t.customers.bulkAdd(customers);
    await t.stockMovements.bulkAdd(movements);
    await recordOperations(
      t,
      [
        ...products.map((payload) => ({ type: 'product.upsert' as const, payload })),
        ...customers.map((payload) => ({ type: 'customer.upsert' as const, payload })),
        ...movements.map((payload) => ({ type: 'stock.move' as const, payload })),
      ],
      now,
    );
    return true;
  });
}

/** Everything the app needs before its first screen; throws only if IndexedDB cannot be opened. */
export async function prepareLocalData(): Promise<LocalDataReady> {
  await openDatabase();
  const removal = await removeCorruptEntries();
  const removedCorrupt = removal.total;
  if (removedCorrupt > 0) {
    console.warn(`Données locales : ${removedCorrupt} entrée(s) corrompue(s) supprimée(s)`, removal.byTable);
  }
  const { sales, dailyTotals, productSales } = removal.byTable;
  if (sales || dailyTotals || productSales) {
    // The dashboard totals must again be the sum of the sales that remain.
    await tx('rw', ['sales', ...AGGREGATE_TABLES], rebuildSalesAggregates);
  }
  await tx('rw', ['meta'], ensureDeviceIdentity);
  const seeded = await seedSampleDataOnce();
  const settings = await loadSettings();
  return { settings, removedCorrupt, seeded };
}
