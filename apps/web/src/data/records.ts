// What each table of the local database holds: the stored shapes and the tables' types, nothing that runs.
//
// The bottom of the data layer: the gateway (db.ts), the schema (schema.ts) and every store module import these
// types from here, so that no module below the gateway needs the gateway itself.
import type { Centimes, CreditTransaction, Operation, StockMovement } from '@hanouti/core';
import type { Table } from 'dexie';
import type { ReferenceFeatureRecord } from './referenceFeatureRecord';
import type { StoredSale, SyncedTables } from './syncedTables';

export type { SaleMovement, StoredSale } from './syncedTables';

/**
 * The tables of the local database that stay on this phone, and what they hold. Do not rename a table (key or
 * value) without a migration: IndexedDB keeps data under these names across app versions. A new table of this
 * phone's own is written here and in a new schema version (schema.ts); a synced table is written in
 * syncedTables.ts only.
 */
type LocalTables = {
  photos: Table<PhotoRecord, string>;
  outbox: Table<OutboxEntry, number>;
  meta: Table<MetaRecord, string>;
  dailyTotals: Table<DailyTotal, string>;
  productSales: Table<ProductSalesTotal, string>;
  referenceFeatures: Table<ReferenceFeatureRecord, string>;
  saleArchive: Table<ArchivePage, string>;
  archivedMovements: Table<ArchivedProductMovements, string>;
  archivedCredits: Table<ArchivedCustomerCredits, string>;
};

/** Every table of the local database and what it holds: this phone's own and the synced ones. */
export type Tables = {
  [N in keyof LocalTables | keyof SyncedTables]: N extends keyof SyncedTables
    ? SyncedTables[N]
    : N extends keyof LocalTables
      ? LocalTables[N]
      : never;
};
export type TableName = keyof Tables;

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

/** Sales of one day in the sale archive (saleArchive.ts), with the ids its indexes need. */
export type ArchivePage = {
  /** `date|id` of the page's first sale: pages sort by time, and two pages never share a key. */
  key: string;
  sales: StoredSale[];
  saleIds: string[];
  customerIds: string[];
};

/** A movement of an archived sale, kept again by product so the stock history reads one record. */
export type ArchivedMovement = {
  id: string;
  saleId: string;
  delta: number;
  at: string;
  deviceId?: string;
};

/**
 * A product's archived movements (the archive's index by product): those of its archived sales, kept as
 * JSON rows `[id, saleId, delta, at, deviceId?]` (a third smaller than objects, and one string to store),
 * and the import's other movements of the product (opening stock, deliveries, counts) in full, found by id
 * through the multi-entry `otherIds` index. An import of a large shop writes 10,000 of these instead of
 * 29,000 movement records of their own.
 */
export type ArchivedProductMovements = {
  productId: string;
  movements: string;
  others?: StockMovement[];
  otherIds?: string[];
};

/** A customer's archived credit entries (creditArchive.ts), found by id through the multi-entry `entryIds` index. */
export type ArchivedCustomerCredits = {
  customerId: string;
  entries: CreditTransaction[];
  entryIds: string[];
};
