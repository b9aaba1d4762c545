// The local database's schema, version by version: the tables, their indexes and the upgrades between versions.
import type { StockMovement } from '@hanouti/core';
import type { Transaction } from 'dexie';
import { META } from './meta';
import type { OutboxEntry, StoredSale, TableName } from './records';
import { embeddedMovements, saleOf, saleRecordsWithMovements } from './saleRecords';
import { SYNCED_TABLES, syncedStoresOf, type SyncedTableName } from './syncedTables';

/**
 * Schema versions, oldest first. Never edit a released version: add a new one (with an upgrade
 * function when data must change) so that a phone with old data migrates step by step.
 */
export type SchemaVersion = {
  version: number;
  stores: Partial<Record<TableName, string>>;
  upgrade?: (transaction: Transaction) => Promise<void>;
};

/**
 * The versions as written here: this phone's own tables, the upgrades, and the lines a synced table had before
 * its current one. A synced table's current line comes from its descriptor (syncedTables.ts), with the version
 * that gave it: SCHEMA_VERSIONS below merges both, the same stores version by version as when all were here.
 */
const VERSIONS = [
  {
    // customers, creditTransactions and settings: their lines are in syncedTables.ts.
    version: 1,
    stores: {
      products: 'id, name, category, barcode, updatedAt',
      photos: 'id',
      sales: 'id, date, customerId, ticketNumber',
      stockMovements: 'id, productId, at, saleId',
      outbox: 'seq, &opId, status',
      meta: 'key',
      dailyTotals: 'day',
      productSales: 'productId, quantity',
    },
  },
  {
    // The low-stock marker (lowStockMarker.ts) lets the dashboard read its alerts by index (the products'
    // line with `lowStock`: syncedTables.ts).
    version: 2,
    stores: {},
    upgrade: async (transaction) => {
      const products = transaction.table('products');
      await products.bulkPut(await products.toArray());
    },
  },
  {
    // Keypoint features of product photos for recognition (referenceFeatureRecord.ts).
    version: 3,
    stores: { referenceFeatures: 'id, productId, photoId, createdAt' },
  },
  {
    // Drop indexes no query uses: every index entry is written with each record, and the large tables
    // (a sale's movements, the sales themselves) dominate the time of a sale and of a whole-shop import
    // (the movements' line: syncedTables.ts).
    version: 4,
    stores: { sales: 'id, date, customerId' },
  },
  {
    // A sale's own movements move inside its record (saleRecords.ts): a third of the records to write (the
    // sales' line with `*productIds`: syncedTables.ts).
    version: 5,
    stores: {},
    upgrade: async (transaction) => moveSaleMovementsIntoSales(transaction),
  },
  {
    // A whole-shop import's sales go to pages of up to 500 sales (saleArchive.ts): ~1,100 records
    // instead of 200,000; its movements to one record per product, its credit entries to one record per
    // customer (creditArchive.ts). Existing records stay where they are.
    version: 6,
    stores: {
      saleArchive: 'key, *saleIds, *customerIds',
      archivedMovements: 'productId, *otherIds',
      archivedCredits: 'customerId, *entryIds',
    },
  },
  {
    // Imports of more than LARGE_WRITE products wrote most of them without the low-stock marker
    // (bulkPutFast passed by the middleware), so the dashboard counted too few alerts: mark them again.
    version: 7,
    stores: {},
    upgrade: async (transaction) => {
      const products = transaction.table('products');
      await products.bulkPut(await products.toArray());
    },
  },
  {
    // The pending-operation count is kept in meta at each outbox write (outbox.ts): count once what is there.
    version: 8,
    stores: {},
    upgrade: async (transaction) => {
      let count = 0;
      await transaction
        .table<OutboxEntry, number>('outbox')
        .where('status')
        .equals('pending')
        .each((entry) => {
          count += entry.batch ?? 1;
        });
      await transaction.table('meta').put({ key: META.pendingOperations, value: count });
    },
  },
  {
    // The supplier notebook (suppliersRepository.ts): what the shop owes its distributors (suppliers and
    // supplierEntries: syncedTables.ts).
    version: 9,
    stores: {},
  },
] as const satisfies readonly SchemaVersion[];

/** Every version, each with its own tables' lines and the synced tables' current lines it gave. */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  ...new Set([...VERSIONS, ...Object.values(SYNCED_TABLES)].map(({ version }) => version)),
]
  .sort((a, b) => a - b)
  .map((version) => {
    const written: SchemaVersion | undefined = VERSIONS.find((entry) => entry.version === version);
    return {
      version,
      stores: { ...written?.stores, ...syncedStoresOf(version) },
      ...(written?.upgrade ? { upgrade: written.upgrade } : {}),
    };
  });

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
/** The tables some version creates: every synced table (syncedTables.ts), and this phone's own written here. */
type CreatedTable = KeysOfUnion<(typeof VERSIONS)[number]['stores']> | SyncedTableName;
/**
 * `TableName` when some version creates every table of `Tables` (records.ts), else never: TABLE_NAMES below does not
 * compile while a declared table has no version that creates it.
 */
type EveryTableCreated = [Exclude<TableName, CreatedTable>] extends [never] ? TableName : never;

/** Version 5's upgrade: each sale takes in the movements that fit it; the others stay in their table. */
async function moveSaleMovementsIntoSales(transaction: Transaction): Promise<void> {
  const movementsTable = transaction.table<StockMovement, string>('stockMovements');
  const salesTable = transaction.table<StoredSale, string>('sales');
  const ofSales = await movementsTable.filter((movement) => movement.saleId !== undefined).toArray();
  if (ofSales.length === 0) return;
  const saleIds = [...new Set(ofSales.map((movement) => movement.saleId ?? ''))];
  const sales = (await salesTable.bulkGet(saleIds)).flatMap((record) => (record ? [saleOf(record)] : []));
  const { records } = saleRecordsWithMovements(sales, ofSales);
  await salesTable.bulkPut(records);
  await movementsTable.bulkDelete(records.flatMap(embeddedMovements).map((movement) => movement.id));
}
export const SCHEMA_VERSION = Math.max(...SCHEMA_VERSIONS.map(({ version }) => version));

/** Every table the schema names (a version after the first adds tables, none is ever dropped). */
export const TABLE_NAMES: readonly EveryTableCreated[] = [
  ...new Set(SCHEMA_VERSIONS.flatMap(({ stores }) => Object.keys(stores) as TableName[])),
];
