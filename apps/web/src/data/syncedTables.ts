// The synced tables: for each of core's SYNC_ENTITIES, the local table that keeps it, its indexes, the schema its
// stored records satisfy and how a pulled change of it lands. The one place of this app a new synced table is
// written: the table types (records.ts), the schema versions (schema.ts), the start-up check (corruptEntries.ts)
// and the pull (applyPulledChanges.ts) read it, and it does not compile until each entity has its line.
import {
  creditTransactionSchema,
  type Sale,
  type StockMovement,
  customerSchema,
  productSchema,
  saleSchema,
  settingsSchema,
  stockMovementSchema,
  supplierEntrySchema,
  supplierSchema,
  type SyncChange,
  type SyncEntity,
} from '@hanouti/core';
import type { Table } from 'dexie';
import { z } from 'zod';

/** What a page changed: the caches recomputed from the local records once the whole page is written. */
export type Touched = { products: Set<string>; customers: Set<string>; suppliers: Set<string> };

/**
 * A movement a sale made, kept inside the sale's record. Only what the sale does not already say is stored:
 * the kind is 'sale', the time is the sale's date, the device is the sale's device (see saleRecords.ts `fitsSale`).
 */
export type SaleMovement = Pick<StockMovement, 'id' | 'productId' | 'delta'>;

/**
 * What the `sales` table holds: the sale, its movements, and the products they touch (a multi-entry index,
 * so a product's stock history finds its sales). A whole-shop import writes about three times fewer
 * records this way, which is most of its time (docs/data-care.md).
 */
export type StoredSale = Sale & { movements?: SaleMovement[]; productIds?: string[] };

/** A sale's record also keeps its own stock movements (saleRecords.ts). */
export const storedSaleSchema: z.ZodType<StoredSale> = saleSchema.extend({
  movements: z
    .array(stockMovementSchema.pick({ id: true, productId: true, delta: true }))
    .min(1)
    .optional(),
  productIds: z.array(z.uuid()).min(1).optional(),
});

/** What the server sends of an entity (core's SyncChange): never while core has no record for it. */
type PulledRecord<E extends SyncEntity> = Extract<SyncChange, { entity: E; deleted: false }>['record'];

type TextField<R> = { [K in keyof R]-?: R[K] extends string ? K : never }[keyof R] & string;

/** How a pulled change of a table's record lands. */
export type PulledBy<R> =
  /**
   * Its records may also live in a page of an import's archive: its store applies the change (the table of
   * store appliers in applyPulledChanges.ts asks for it).
   */
  | 'its store'
  | {
      /**
       * The server's version replaces the stored record, a deletion removes it (unless `deletions` are
       * 'ignored': a record that is never deleted). `touches` names the cache recomputed after the page, for
       * the record itself or, with `through`, for the record its field names (before and after the change).
       */
      touches?: keyof Touched;
      through?: TextField<R>;
      deletions?: 'ignored';
    };

export type SyncedTable<R> = {
  /** The table's name. Never renamed without a migration: IndexedDB keeps the data under it. */
  table: string;
  /** Dexie's line: the primary key first, then the indexes. */
  indexes: string;
  /**
   * The schema version that gave the table these indexes (schema.ts keeps the lines it had before). A new
   * table, or new indexes, take the next version: a released version is never edited.
   */
  version: number;
  /** What every stored record satisfies (checked at start, corruptEntries.ts). */
  record: z.ZodType<R>;
  pulled: PulledBy<R>;
};

/** Every synced table, by core's entity name. */
export const SYNCED_TABLES = {
  // A pulled product: its name, price and the rest from the server; its stock is recomputed after the page.
  product: {
    table: 'products',
    // `lowStock` is written by the low-stock marker (lowStockMarker.ts) for the dashboard's alerts.
    indexes: 'id, name, category, barcode, updatedAt, lowStock',
    version: 2,
    record: productSchema,
    pulled: { touches: 'products' },
  },
  // The server's counters of a pulled customer are merged with this phone's after the page (applyPulledChanges.ts).
  customer: {
    table: 'customers',
    indexes: 'id, name, phone',
    version: 1,
    record: customerSchema,
    pulled: {},
  },
  // The shop's settings are one record that is never deleted.
  settings: {
    table: 'settings',
    indexes: 'id',
    version: 1,
    record: settingsSchema,
    pulled: { deletions: 'ignored' },
  },
  // A sale keeps its own movements inside its record (saleRecords.ts): sales.ts applies it.
  sale: {
    table: 'sales',
    indexes: 'id, date, customerId, *productIds',
    version: 5,
    record: storedSaleSchema,
    pulled: 'its store',
  },
  stockMovement: {
    table: 'stockMovements',
    indexes: 'id, productId',
    version: 4,
    record: stockMovementSchema,
    pulled: 'its store',
  },
  creditTransaction: {
    table: 'creditTransactions',
    indexes: 'id, customerId, date',
    version: 1,
    record: creditTransactionSchema,
    pulled: 'its store',
  },
  // A pulled supplier: name and phone from the winning version; the balance is its entries' sum (after the page).
  supplier: {
    table: 'suppliers',
    indexes: 'id, name',
    version: 9,
    record: supplierSchema,
    pulled: { touches: 'suppliers' },
  },
  supplierEntry: {
    table: 'supplierEntries',
    indexes: 'id, supplierId',
    version: 9,
    record: supplierEntrySchema,
    pulled: { touches: 'suppliers', through: 'supplierId' },
  },
} as const satisfies { [E in SyncEntity]: SyncedTable<PulledRecord<E>> };

type SyncedTableOf<E extends SyncEntity> = (typeof SYNCED_TABLES)[E];
export type SyncedTableName = SyncedTableOf<SyncEntity>['table'];

/** The entities whose store applies a pulled change (`pulled: 'its store'`). */
export type AppliedByStore = {
  [E in SyncEntity]: SyncedTableOf<E>['pulled'] extends 'its store' ? E : never;
}[SyncEntity];

type DescriptorOf<N extends SyncedTableName> = Extract<SyncedTableOf<SyncEntity>, { table: N }>;

/** The synced tables as Dexie sees them (records.ts adds them to `Tables`). */
export type SyncedTables = {
  [N in SyncedTableName]: Table<z.output<DescriptorOf<N>['record']>, string>;
};

/** The schema every stored record of each synced table satisfies. */
export const SYNCED_RECORD_SCHEMAS = Object.fromEntries(
  Object.values(SYNCED_TABLES).map(({ table, record }) => [table, record]),
) as { [N in SyncedTableName]: z.ZodType };

/** The lines schema version `version` gives the synced tables. */
export function syncedStoresOf(version: number): Partial<Record<SyncedTableName, string>> {
  return Object.fromEntries(
    Object.values(SYNCED_TABLES).flatMap((synced) =>
      synced.version === version ? [[synced.table, synced.indexes]] : [],
    ),
  );
}
