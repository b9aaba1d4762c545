// Start-up repair: stored records are checked against their schemas and the unreadable ones removed (spec §8).
import {
  creditTransactionSchema,
  isoDate,
  isUuid,
  operationSchema,
  stockMovementSchema,
} from '@hanouti/core';
import type { IndexableType, Table } from 'dexie';
import { z } from 'zod';
import { OUTBOX_STATUSES, TABLE_NAMES, tx, type TableName } from './db';
import { referenceFeatureRecordSchema } from './referenceFeatureRecord';
import { archivePage, decodeMovements } from './saleArchive';
import type { StoredSale } from './saleRecords';
import { recountPendingOperations } from './outbox';
import { storedSaleSchema, SYNCED_RECORD_SCHEMAS } from './syncedTables';

const count = z.number().int().nonnegative();
const money = z.number().int().safe();

const photoSchema = z.object({
  id: z.uuid(),
  blob: z.instanceof(Blob),
  thumbnail: z.instanceof(Blob),
  mime: z.string().startsWith('image/'),
  updatedAt: isoDate,
});

/** The schema every record of each table must satisfy to be kept (the synced tables': syncedTables.ts). */
export const RECORD_SCHEMAS: Record<TableName, z.ZodType> = {
  ...SYNCED_RECORD_SCHEMAS,
  referenceFeatures: referenceFeatureRecordSchema,
  photos: photoSchema,
  // A page of archived sales (saleArchive.ts): its sales are checked one by one (see `repairArchivePage`).
  saleArchive: z.object({
    key: z.string().min(1),
    sales: z.array(z.unknown()).min(1),
    saleIds: z.array(z.string()),
    customerIds: z.array(z.string()),
  }),
  archivedMovements: z.object({
    productId: z.uuid(),
    movements: z.string().refine((text) => {
      try {
        return decodeMovements(text).every(
          (movement) =>
            isUuid(movement.id) && isUuid(movement.saleId) && isoDate.safeParse(movement.at).success,
        );
      } catch {
        return false;
      }
    }),
    others: z.array(stockMovementSchema).min(1).optional(),
    otherIds: z.array(z.uuid()).min(1).optional(),
  }),
  archivedCredits: z.object({
    customerId: z.uuid(),
    entries: z.array(creditTransactionSchema).min(1),
    entryIds: z.array(z.uuid()).min(1),
  }),
  outbox: operationSchema.extend({
    status: z.enum(OUTBOX_STATUSES),
    error: z.string().optional(),
    batch: z.number().int().positive().optional(),
  }),
  meta: z.object({ key: z.string().min(1), value: z.unknown() }),
  dailyTotals: z.object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    count,
    subtotal: money,
    vat: money,
    total: money,
  }),
  productSales: z.object({
    productId: z.uuid(),
    productName: z.string(),
    quantity: z.number().finite(),
    revenue: money,
    lastSoldAt: isoDate,
  }),
};

// Pages keep memory flat on a shop with hundreds of thousands of sales, and each page is a short task.
const PAGE_SIZE = 500;
// A background page aims at this much main-thread time: outbox entries of an import carry 500 records each,
// so the page size adapts to the records' size instead of being fixed.
const PAGE_TARGET_MS = 25;
const BACKGROUND_PAGE_MAX = 250;

/** Tables checked before the first screen: the few records the first screen cannot do without. */
export const TABLES_CHECKED_AT_START = [
  'settings',
  'meta',
  'dailyTotals',
] as const satisfies readonly TableName[];

/** Tables checked page by page in the background after the first screen: catalogue first, then history. */
export const TABLES_SWEPT_IN_BACKGROUND = [
  'products',
  'customers',
  'photos',
  'productSales',
  'sales',
  'saleArchive',
  'archivedMovements',
  'stockMovements',
  'creditTransactions',
  'archivedCredits',
  'outbox',
] as const satisfies readonly TableName[];

/** An archive page with its corrupt sales left out: undefined when none is readable (the page goes). */
export function repairArchivePage(page: { key: string; sales: unknown[] }): {
  page: ReturnType<typeof archivePage> | undefined;
  removed: number;
} {
  const readable = page.sales.filter((sale): sale is StoredSale => storedSaleSchema.safeParse(sale).success);
  const removed = page.sales.length - readable.length;
  return { page: readable.length > 0 ? archivePage(readable, page.key) : undefined, removed };
}

/**
 * One page of a table checked: keys of records to remove, records to put back repaired (an archive page
 * with some corrupt sales), and how many entries that removes in all (a repaired page counts its sales).
 */
type PageCheck = {
  corrupt: IndexableType[];
  repaired: unknown[];
  removed: number;
  last: IndexableType | undefined;
  done: boolean;
};

/** Checks one page of a table (after the key `after`) and says which records are corrupt. */
async function checkPage(
  name: TableName,
  after: IndexableType | undefined,
  size = PAGE_SIZE,
): Promise<PageCheck> {
  const schema = RECORD_SCHEMAS[name];
  const [keys, records] = await tx('r', [name], (t) => {
    const table = t[name] as Table<unknown, IndexableType>;
    const from = after === undefined ? table.toCollection() : table.where(':id').above(after);
    return Promise.all([from.clone().limit(size).primaryKeys(), from.limit(size).toArray()]);
  });
  const corrupt: IndexableType[] = [];
  const repaired: unknown[] = [];
  let removed = 0;
  keys.forEach((key, index) => {
    const record = records[index];
    const parsed = schema.safeParse(record);
    if (!parsed.success) {
      corrupt.push(key);
      removed += 1;
      return;
    }
    if (name !== 'saleArchive') return;
    const fixed = repairArchivePage(parsed.data as { key: string; sales: unknown[] });
    if (fixed.removed === 0) return;
    removed += fixed.removed;
    if (fixed.page) repaired.push(fixed.page);
    else corrupt.push(key);
  });
  return { corrupt, repaired, removed, last: keys[keys.length - 1], done: keys.length < size };
}

async function fixRecords(name: TableName, page: Pick<PageCheck, 'corrupt' | 'repaired'>): Promise<void> {
  if (page.corrupt.length === 0 && page.repaired.length === 0) return;
  await tx('rw', [name, 'meta', 'outbox'], async (t) => {
    const table = t[name] as Table<unknown, IndexableType>;
    await table.bulkDelete(page.corrupt);
    await table.bulkPut(page.repaired);
    // A removed outbox entry's operations are not known: the kept pending count is counted again.
    if (name === 'outbox') await recountPendingOperations(t);
  });
}

export type CorruptRemoval = { total: number; byTable: Partial<Record<TableName, number>> };

function tally(removal: CorruptRemoval, name: TableName, removed: number): void {
  if (removed === 0) return;
  removal.total += removed;
  removal.byTable[name] = (removal.byTable[name] ?? 0) + removed;
}

/** Removes every record of these tables that does not match its table's schema; says how many, per table. */
export async function removeCorruptEntries(
  tables: readonly TableName[] = TABLE_NAMES,
): Promise<CorruptRemoval> {
  const removal: CorruptRemoval = { total: 0, byTable: {} };
  for (const name of tables) {
    const found: Pick<PageCheck, 'corrupt' | 'repaired'> = { corrupt: [], repaired: [] };
    let removed = 0;
    for (let after: IndexableType | undefined, done = false; !done;) {
      const page = await checkPage(name, after);
      found.corrupt.push(...page.corrupt);
      found.repaired.push(...page.repaired);
      removed += page.removed;
      ({ last: after, done } = page);
    }
    await fixRecords(name, found);
    tally(removal, name, removed);
  }
  return removal;
}

/** Where a background sweep stopped: the table and the last key checked, so the next start goes on from there. */
export type SweepPosition = { table: number; after: IndexableType | undefined };

export type SweepStore = {
  load(): Promise<SweepPosition | undefined>;
  save(position: SweepPosition | undefined): Promise<void>;
};

/**
 * Sweeps the background tables page by page, resuming where the last sweep stopped (`store`), removing corrupt
 * records as it goes and waiting `pause()` between pages so the app stays responsive. Resolves when every
 * large table has been checked to its end (the position is then cleared).
 */
export async function sweepLargeTables(
  store: SweepStore,
  pause: () => Promise<void>,
): Promise<CorruptRemoval> {
  const removal: CorruptRemoval = { total: 0, byTable: {} };
  let position = (await store.load()) ?? { table: 0, after: undefined };
  let size = 1;
  while (position.table < TABLES_SWEPT_IN_BACKGROUND.length) {
    const name = TABLES_SWEPT_IN_BACKGROUND[position.table]!;
    const started = performance.now();
    const page = await checkPage(name, position.after, size);
    const ms = performance.now() - started;
    // Doubling from one record finds the right size within a few pages, for small and large records alike.
    if (page.done) size = 1;
    else if (ms < PAGE_TARGET_MS) size = Math.min(size * 2, BACKGROUND_PAGE_MAX);
    else if (ms > PAGE_TARGET_MS * 2) size = Math.max(Math.floor(size / 2), 1);
    await fixRecords(name, page);
    tally(removal, name, page.removed);
    position = page.done
      ? { table: position.table + 1, after: undefined }
      : { ...position, after: page.last };
    await store.save(position);
    await pause();
  }
  await store.save(undefined);
  return removal;
}
