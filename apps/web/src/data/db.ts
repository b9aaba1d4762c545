// The one gateway to IndexedDB: table names, versioned schema, and the single transaction helper.
import { Dexie, type Table, type Transaction } from 'dexie';
import type {
  Centimes,
  CreditTransaction,
  Customer,
  Operation,
  Product,
  Settings,
  StockMovement,
  Supplier,
  SupplierEntry,
} from '@hanouti/core';
import { lowStockMarker, withLowStockMarker } from './lowStockMarker';
import { META } from './meta';
import type { ReferenceFeatureRecord } from './referenceFeatureRecord';
import type { ArchivedCustomerCredits } from './creditArchive';
import type { ArchivePage, ArchivedProductMovements } from './saleArchive';
import { embeddedMovements, saleOf, saleRecordsWithMovements, type StoredSale } from './saleRecords';
import { LARGE_WRITE, wholeTableNotice } from './wholeTableNotice';

/**
 * Every table of the local database. Do not rename a table (key or value) without a migration:
 * IndexedDB keeps data under these names across app versions.
 */
export const TABLES = {
  products: 'products',
  photos: 'photos',
  sales: 'sales',
  stockMovements: 'stockMovements',
  customers: 'customers',
  creditTransactions: 'creditTransactions',
  settings: 'settings',
  outbox: 'outbox',
  meta: 'meta',
  dailyTotals: 'dailyTotals',
  productSales: 'productSales',
  referenceFeatures: 'referenceFeatures',
  saleArchive: 'saleArchive',
  archivedMovements: 'archivedMovements',
  archivedCredits: 'archivedCredits',
  suppliers: 'suppliers',
  supplierEntries: 'supplierEntries',
} as const;
export type TableName = (typeof TABLES)[keyof typeof TABLES];

/** A product photo or the shop logo: compressed blobs, never base64 in the product row. */
export type PhotoRecord = {
  id: string;
  blob: Blob;
  thumbnail: Blob;
  mime: string;
  updatedAt: string;
};

export const OUTBOX_STATUSES = ['pending', 'sent', 'rejected'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/**
 * An operation waiting for (or done with) sync; `seq` is the per-device order. An entry with `batch`
 * stands for that many operations of its type (seqs `seq` … `seq + batch − 1`, see outbox.ts).
 */
export type OutboxEntry = Operation & { status: OutboxStatus; error?: string; batch?: number };

export type MetaRecord = { key: string; value: unknown };

/** Sales of one calendar day (in the shop's time zone), kept so the dashboard reads little. */
export type DailyTotal = {
  day: string;
  count: number;
  subtotal: Centimes;
  vat: Centimes;
  total: Centimes;
};

/** Quantity sold per product since the start (for the dashboard's top products). */
export type ProductSalesTotal = {
  productId: string;
  productName: string;
  quantity: number;
  revenue: Centimes;
  lastSoldAt: string;
};

export type Tables = {
  products: Table<Product, string>;
  photos: Table<PhotoRecord, string>;
  sales: Table<StoredSale, string>;
  stockMovements: Table<StockMovement, string>;
  customers: Table<Customer, string>;
  creditTransactions: Table<CreditTransaction, string>;
  settings: Table<Settings, string>;
  outbox: Table<OutboxEntry, number>;
  meta: Table<MetaRecord, string>;
  dailyTotals: Table<DailyTotal, string>;
  productSales: Table<ProductSalesTotal, string>;
  referenceFeatures: Table<ReferenceFeatureRecord, string>;
  saleArchive: Table<ArchivePage, string>;
  archivedMovements: Table<ArchivedProductMovements, string>;
  archivedCredits: Table<ArchivedCustomerCredits, string>;
  suppliers: Table<Supplier, string>;
  supplierEntries: Table<SupplierEntry, string>;
};

export const DATABASE_NAME = 'hanouti';

/**
 * Schema versions, oldest first. Never edit a released version: add a new one (with an upgrade
 * function when data must change) so that a phone with old data migrates step by step.
 */
const SCHEMA_VERSIONS: readonly {
  version: number;
  stores: Partial<Record<TableName, string>>;
  upgrade?: (transaction: Transaction) => Promise<void>;
}[] = [
  {
    version: 1,
    stores: {
      products: 'id, name, category, barcode, updatedAt',
      photos: 'id',
      sales: 'id, date, customerId, ticketNumber',
      stockMovements: 'id, productId, at, saleId',
      customers: 'id, name, phone',
      creditTransactions: 'id, customerId, date',
      settings: 'id',
      outbox: 'seq, &opId, status',
      meta: 'key',
      dailyTotals: 'day',
      productSales: 'productId, quantity',
    },
  },
  {
    // The low-stock marker (lowStockMarker.ts) lets the dashboard read its alerts by index.
    version: 2,
    stores: { products: 'id, name, category, barcode, updatedAt, lowStock' },
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
    // (a sale's movements, the sales themselves) dominate the time of a sale and of a whole-shop import.
    version: 4,
    stores: {
      sales: 'id, date, customerId',
      stockMovements: 'id, productId',
    },
  },
  {
    // A sale's own movements move inside its record (saleRecords.ts): a third of the records to write.
    version: 5,
    stores: { sales: 'id, date, customerId, *productIds' },
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
    // The supplier notebook (suppliersRepository.ts): what the shop owes its distributors.
    version: 9,
    stores: { suppliers: 'id, name', supplierEntries: 'id, supplierId' },
  },
];

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
export const SCHEMA_VERSION = SCHEMA_VERSIONS.length;

class HanoutiDatabase extends Dexie {
  declare products: Tables['products'];
  declare photos: Tables['photos'];
  declare sales: Tables['sales'];
  declare stockMovements: Tables['stockMovements'];
  declare customers: Tables['customers'];
  declare creditTransactions: Tables['creditTransactions'];
  declare settings: Tables['settings'];
  declare outbox: Tables['outbox'];
  declare meta: Tables['meta'];
  declare dailyTotals: Tables['dailyTotals'];
  declare productSales: Tables['productSales'];
  declare referenceFeatures: Tables['referenceFeatures'];
  declare saleArchive: Tables['saleArchive'];
  declare archivedMovements: Tables['archivedMovements'];
  declare archivedCredits: Tables['archivedCredits'];
  declare suppliers: Tables['suppliers'];
  declare supplierEntries: Tables['supplierEntries'];

  constructor(name: string) {
    // 'strict' makes Chromium flush a committed transaction to disk before reporting success, so a
    // sale the shopkeeper saw complete survives a power cut (other browsers are strict already).
    super(name, { chromeTransactionDurability: 'strict' });
    // The marker middleware is in place before any migration runs, so upgrades write it too.
    this.use(lowStockMarker);
    this.use(wholeTableNotice);
    for (const { version, stores, upgrade } of SCHEMA_VERSIONS) {
      const schema = this.version(version).stores(stores);
      if (upgrade) schema.upgrade(upgrade);
    }
  }
}

/** The app's database. Only the modules of this folder use it, and only through `tx`. */
export const db = new HanoutiDatabase(DATABASE_NAME);

/** Opens the database, running any pending migration. Safe to call more than once. */
export async function openDatabase(): Promise<void> {
  if (!db.isOpen()) await db.open();
}

/**
 * Runs `work` in one IndexedDB transaction over the named tables: everything it writes commits
 * together or not at all. Inside, await only the given tables (no fetch, no timers), or the
 * transaction commits early. The callback sees only the tables it asked for.
 */
export function tx<N extends TableName, T>(
  mode: 'r' | 'rw',
  tables: readonly N[],
  work: (t: Pick<Tables, N>) => Promise<T>,
): Promise<T> {
  // The scope must itself be an async function: Dexie keeps the transaction across native awaits
  // (in nested helpers too) only for scopes it recognises as async.
  return db.transaction(
    mode,
    tables as N[],
    async (transaction) => await work(boundTables(transaction, tables)),
  );
}

/**
 * The tables bound to `transaction` itself: their reads and writes belong to it however the work awaits.
 * Dexie's ambient transaction (its "zone") does not survive every chain of native awaits (an async helper
 * that returns early without a Dexie call, an `await` of a plain value in a loop); through `db`, the work's
 * next writes then ran in transactions of their own, and the large shop's cleanup failed with
 * PrematureCommitError (largeCleanup.test.ts).
 */
function boundTables<N extends TableName>(transaction: Transaction, tables: readonly N[]): Pick<Tables, N> {
  const bound = {} as Record<N, unknown>;
  for (const name of tables) bound[name] = transaction.table(name);
  return bound as Pick<Tables, N>;
}

/** What the middlewares make of a record of `table` on its way to storage. */
function storedForm(table: string): (record: unknown) => unknown {
  return table === TABLES.products ? (record) => withLowStockMarker(record as Product) : (record) => record;
}

/**
 * Puts many records into `table` inside the current transaction (from `tx`) with IndexedDB's own `put`:
 * no per-record request bookkeeping, which made Dexie's bulkPut about 45 % slower for a whole-shop import's
 * sales (bench `import.writeThroughput`). Only the last `LARGE_WRITE` records go through Dexie, so that its
 * change notice still tells live queries the whole table changed (wholeTableNotice.ts). Same all-or-nothing:
 * a failed put aborts the transaction. IndexedDB's own put passes by no Dexie middleware, so the records are
 * given here the form the middlewares would have stored (the products' low-stock marker, lowStockMarker.ts).
 */
export async function bulkPutFast<T>(table: Table<T, string>, records: readonly T[]): Promise<void> {
  const split = Math.max(0, records.length - LARGE_WRITE);
  // The table's own transaction (tables from `tx` are bound to it), else the ambient one.
  const transaction = ((table as unknown as { _tx?: unknown })._tx ?? Dexie.currentTransaction) as {
    idbtrans?: IDBTransaction;
  } | null;
  const store = split > 0 ? transaction?.idbtrans?.objectStore(table.name) : undefined;
  if (!store) {
    await table.bulkPut([...records]);
    return;
  }
  const stored = storedForm(table.name);
  await new Promise<void>((resolve, reject) => {
    let last: IDBRequest | undefined;
    for (let i = 0; i < split; i++) last = store.put(stored(records[i]));
    if (!last) return resolve();
    const request = last;
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('put failed'));
  });
  await table.bulkPut(records.slice(split));
}
