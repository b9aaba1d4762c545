// Reads the harness's database snapshot back into typed tables, for assertions on what a change wrote.
import type { CreditTransaction, Customer, Product, Sale, Settings, StockMovement } from '@hanouti/core';

export type OutboxEntryLike = { seq: number; opId: string; type: string; payload: unknown; status: string };
export type SnapshotTables = {
  products: Product[];
  photos: { id: string; mime: string; size: number }[];
  /** As stored: a sale keeps its own line movements inside its record. */
  sales: (Sale & {
    movements?: Pick<StockMovement, 'id' | 'productId' | 'delta'>[];
    productIds?: string[];
  })[];
  /** Sales of a whole-shop import, in pages of one day (apps/web/src/data/saleArchive.ts). */
  saleArchive: { key: string; sales: SnapshotTables['sales']; saleIds: string[]; customerIds: string[] }[];
  archivedMovements: { productId: string; movements: string }[];
  /** Credit entries of a whole-shop import, by customer (apps/web/src/data/creditArchive.ts). */
  archivedCredits: { customerId: string; entries: CreditTransaction[]; entryIds: string[] }[];
  stockMovements: StockMovement[];
  customers: Customer[];
  creditTransactions: CreditTransaction[];
  settings: Settings[];
  outbox: OutboxEntryLike[];
  meta: { key: string; value: unknown }[];
  dailyTotals: { day: string; count: number; subtotal: number; vat: number; total: number }[];
  productSales: {
    productId: string;
    productName: string;
    quantity: number;
    revenue: number;
    lastSoldAt: string;
  }[];
};

export function parseSnapshot(text: string): SnapshotTables {
  return JSON.parse(text) as SnapshotTables;
}

/** Every stored sale: those of the `sales` table and those of the archive. */
export function storedSales(tables: SnapshotTables): SnapshotTables['sales'] {
  return [...tables.sales, ...tables.saleArchive.flatMap((page) => page.sales)];
}
