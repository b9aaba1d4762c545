// Start-up repair: every stored record is checked against its schema and the unreadable ones are removed (spec §8).
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
  products: productSchema,
  photos: photoSchema,
  sales: saleSchema,
  stockMovements: stockMovementSchema,
  customers: customerSchema,
  creditTransactions: creditTransactionSchema,
  settings: settingsSchema,
  outbox: operationSchema.extend({
    status: z.enum(OUTBOX_STATUSES),
    error: z.string().optional(),
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

// Pages keep memory flat on a shop with hundreds of thousands of sales.
const PAGE_SIZE = 1000;

async function corruptKeysOf(name: TableName): Promise<IndexableType[]> {
  const schema = RECORD_SCHEMAS[name];
  const corrupt: IndexableType[] = [];
  let after: IndexableType | undefined;
  for (;;) {
    const page = await tx('r', [name], (t) => {
      const table = t[name] as Table<unknown, IndexableType>;
      const from = after === undefined ? table.toCollection() : table.where(':id').above(after);
      return Promise.all([from.clone().limit(PAGE_SIZE).primaryKeys(), from.limit(PAGE_SIZE).toArray()]);
    });
    const [keys, records] = page;
    keys.forEach((key, index) => {
      if (!schema.safeParse(records[index]).success) corrupt.push(key);
    });
    if (keys.length < PAGE_SIZE) return corrupt;
    after = keys[keys.length - 1];
  }
}

export type CorruptRemoval = { total: number; byTable: Partial<Record<TableName, number>> };

/** Removes every record that does not match its table's schema; says how many, per table. */
export async function removeCorruptEntries(): Promise<CorruptRemoval> {
  const removal: CorruptRemoval = { total: 0, byTable: {} };
  for (const name of Object.values(TABLES)) {
    const keys = await corruptKeysOf(name);
    if (keys.length === 0) continue;
    await tx('rw', [name], (t) => (t[name] as Table<unknown, IndexableType>).bulkDelete(keys));
    removal.total += keys.length;
    removal.byTable[name] = keys.length;
  }
  return removal;
}
