// Start-up repair: stored records are checked against their schemas and the unreadable ones removed (spec §8).
import {
  creditTransactionSchema,
  customerSchema,
  isoDate,
  operationSchema,
  productSchema,
  saleSchema,
  settingsSchema,
  stockMovementSchema,
} from '@hanouti/core';
import type { IndexableType, Table } from 'dexie';
import { z } from 'zod';
import { OUTBOX_STATUSES, TABLES, tx, type TableName } from './db';
import { referenceFeatureRecordSchema } from './referenceFeatureRecord';

const count = z.number().int().nonnegative();
const money = z.number().int().safe();

const photoSchema = z.object({
  id: z.uuid(),
  blob: z.instanceof(Blob),
  thumbnail: z.instanceof(Blob),
  mime: z.string().startsWith('image/'),
  updatedAt: isoDate,
});

/** The schema every record of each table must satisfy to be kept. */
export const RECORD_SCHEMAS: Record<TableName, z.ZodType> = {
  referenceFeatures: referenceFeatureRecordSchema,
  products: productSchema,
  photos: photoSchema,
  // A sale's record also keeps its own stock movements (saleRecords.ts).
  sales: saleSchema.extend({
    movements: z
      .array(stockMovementSchema.pick({ id: true, productId: true, delta: true }))
      .min(1)
      .optional(),
    productIds: z.array(z.uuid()).min(1).optional(),
  }),
  stockMovements: stockMovementSchema,
  customers: customerSchema,
  creditTransactions: creditTransactionSchema,
  settings: settingsSchema,
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
  'stockMovements',
  'creditTransactions',
  'outbox',
] as const satisfies readonly TableName[];

type PageCheck = { corrupt: IndexableType[]; last: IndexableType | undefined; done: boolean };

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
  const corrupt = keys.filter((_, index) => !schema.safeParse(records[index]).success);
  return { corrupt, last: keys[keys.length - 1], done: keys.length < size };
}

async function removeKeys(name: TableName, keys: IndexableType[]): Promise<void> {
  if (keys.length > 0) {
    await tx('rw', [name], (t) => (t[name] as Table<unknown, IndexableType>).bulkDelete(keys));
  }
}

export type CorruptRemoval = { total: number; byTable: Partial<Record<TableName, number>> };

function tally(removal: CorruptRemoval, name: TableName, removed: number): void {
  if (removed === 0) return;
  removal.total += removed;
  removal.byTable[name] = (removal.byTable[name] ?? 0) + removed;
}

/** Removes every record of these tables that does not match its table's schema; says how many, per table. */
export async function removeCorruptEntries(
  tables: readonly TableName[] = Object.values(TABLES),
): Promise<CorruptRemoval> {
  const removal: CorruptRemoval = { total: 0, byTable: {} };
  for (const name of tables) {
    const corrupt: IndexableType[] = [];
    for (let after: IndexableType | undefined, done = false; !done;) {
      const page = await checkPage(name, after);
      corrupt.push(...page.corrupt);
      ({ last: after, done } = page);
    }
    await removeKeys(name, corrupt);
    tally(removal, name, corrupt.length);
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
    await removeKeys(name, page.corrupt);
    tally(removal, name, page.corrupt.length);
    position = page.done
      ? { table: position.table + 1, after: undefined }
      : { ...position, after: page.last };
    await store.save(position);
    await pause();
  }
  await store.save(undefined);
  return removal;
}
