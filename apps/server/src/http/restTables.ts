// The tables of the table-style REST (spec §7), one entry each: the row (core's record), the columns a client may
// write (a part of core's record), how a page is read, how a row is written in the request's one transaction, and
// which operation deletes a record. restRoutes.ts registers the same routes for every entry.
import {
  DEFAULT_REORDER_THRESHOLD,
  DEFAULT_SETTINGS,
  DEFAULT_VAT_RATE,
  MAX_SALE_LINES,
  SETTINGS_ID,
  cartTotals,
  checkedCentimes,
  checkedQuantity,
  creditTransactionSchema,
  customerSchema,
  lineVat,
  multiplyPrice,
  productSchema,
  saleItemSchema,
  saleSchema,
  settingsSchema,
  vatRate as vatRateSchema,
  type OperationType,
} from '@hanouti/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Caller } from '../auth/tokens.js';
import { creditTransactions, customers, products, saleItems, sales, settings } from '../db/schema.js';
import type { ShopTx } from '../db/shopScope.js';
import { notFound } from '../domain/errors.js';
import type { ServerBatch } from '../sync/operationService.js';
import { amountField, columnReader, fieldsOf, nameBasedId, parsed, rowOf, type Row } from './restRows.js';

export type Page = { limit: number; offset: number };

/** A record the shop may delete through REST (owner only). */
type Deletable = typeof products | typeof customers;

export interface RestTable {
  /** Served at /api/rest/<path>. */
  readonly path: string;
  /** A row as GET answers it: core's record, snake_case. */
  readonly schema: z.ZodObject;
  /** What a client may write: a part of core's record; its keys, snake_case, are the only columns accepted. */
  readonly writable: z.ZodObject;
  /** A page of the shop's live rows, newest first. */
  list(tx: ShopTx, caller: Caller, page: Page): Promise<Row[]>;
  /** Writes one row (camelCase fields of the accepted columns) in the request's transaction. */
  readonly upsert: {
    answer: 'upserted' | 'recorded';
    write(batch: ServerBatch, caller: Caller, fields: Row, now: string): Promise<void>;
  };
  /** The owner removes a record: 404 unless the shop has it. */
  readonly delete?: { table: Deletable; operation: Extract<OperationType, `${string}.delete`> };
}

/** Column names of the requests, read with every record schema (default_vat → defaultVAT). */
export const fieldOfColumn = columnReader([
  productSchema,
  customerSchema,
  creditTransactionSchema,
  saleSchema,
  settingsSchema,
  saleItemSchema,
]);

/** A live record of the caller's shop, or 404 (another shop's id is simply not found). */
export async function mustExist(tx: ShopTx, caller: Caller, table: Deletable, id: string): Promise<void> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.shopId, caller.shopId), eq(table.id, id), eq(table.deleted, false)));
  if (!row) throw notFound();
}

type Listed = Deletable | typeof sales | typeof creditTransactions;

/** A page of the shop's live (not deleted) rows of a table, newest first (ties by id). */
function newestFirst<T extends Listed>(
  tx: ShopTx,
  caller: Caller,
  table: T,
  newest: AnyPgColumn,
  { limit, offset }: Page,
): Promise<T['$inferSelect'][]> {
  // Drizzle cannot type `from` over a union of tables; every one of them has these columns.
  const source = table as typeof products;
  return tx
    .select()
    .from(source)
    .where(and(eq(source.shopId, caller.shopId), eq(source.deleted, false)))
    .orderBy(desc(newest), desc(source.id))
    .limit(limit)
    .offset(offset);
}

/** The stored record of a row being written, unless there is none or it was deleted. */
async function liveRecord<T extends Deletable>(
  tx: ShopTx,
  caller: Caller,
  table: T,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const source = table as typeof products;
  const [current] = await tx
    .select()
    .from(source)
    .where(and(eq(source.shopId, caller.shopId), eq(source.id, id)));
  return current && !current.deleted ? current : undefined;
}

// ------------------------------------------------------------------------------------------ products

const productsTable: RestTable = {
  path: 'products',
  schema: productSchema,
  writable: productSchema.omit({ updatedAt: true }).partial().required({ id: true }).strict(),
  list: async (tx, caller, page) => {
    const rows = await newestFirst(tx, caller, products, products.createdAt, page);
    return rows.map((row) => rowOf({ ...(row.data as object), stock: row.stock }));
  },
  upsert: {
    answer: 'upserted',
    /** A stock different from the stored one is written as a movement, in the same transaction. */
    async write(batch, caller, draft, now) {
      const id = parsed(productSchema.shape.id, draft.id, 'products');
      const current = await liveRecord(batch.tx, caller, products, id);
      const existing = current?.data as Row | undefined;
      const stockBefore = current?.stock ?? 0;
      const product = parsed(
        productSchema.strict(),
        {
          brand: '',
          vat: DEFAULT_VAT_RATE,
          reorderThreshold: DEFAULT_REORDER_THRESHOLD,
          isBulk: false,
          purchasePrice: 0,
          salePrice: 0,
          ...existing,
          ...draft,
          stock: draft.stock ?? stockBefore,
          createdAt: draft.createdAt ?? existing?.createdAt ?? now,
          updatedAt: now,
        },
        'products',
      );
      await batch.apply('product.upsert', product);
      const delta = Math.round((product.stock - stockBefore) * 1000) / 1000;
      if (delta !== 0) {
        await batch.apply('stock.move', {
          id: nameBasedId(`${id}:${now}:${product.stock}`),
          productId: id,
          kind: existing ? 'correction' : 'import',
          delta,
          at: now,
          deviceId: caller.deviceId,
        });
      }
    },
  },
  delete: { table: products, operation: 'product.delete' },
};

// ------------------------------------------------------------------------------------------ customers

const customersTable: RestTable = {
  path: 'customers',
  schema: customerSchema,
  /** Name and phone only: the balance comes from credit_transactions, purchases from sales. */
  writable: customerSchema
    .pick({ id: true, name: true, phone: true, createdAt: true })
    .partial({ phone: true, createdAt: true })
    .strict(),
  list: async (tx, caller, page) => {
    const rows = await newestFirst(tx, caller, customers, customers.createdAt, page);
    return rows.map((row) =>
      rowOf({
        ...(row.data as object),
        creditBalance: row.creditBalance,
        totalPurchases: row.totalPurchases,
        lastPurchase: row.lastPurchase?.toISOString(),
      }),
    );
  },
  upsert: {
    answer: 'upserted',
    async write(batch, caller, draft, now) {
      const id = parsed(customerSchema.shape.id, draft.id, 'customers');
      const existing = (await liveRecord(batch.tx, caller, customers, id))?.data as Row | undefined;
      const customer = parsed(
        customerSchema.strict(),
        {
          phone: '',
          ...existing,
          ...draft,
          creditBalance: 0,
          totalPurchases: 0,
          createdAt: draft.createdAt ?? existing?.createdAt ?? now,
          updatedAt: now,
        },
        'customers',
      );
      await batch.apply('customer.upsert', customer);
    },
  },
  delete: { table: customers, operation: 'customer.delete' },
};

// ------------------------------------------------------------------------------------------ credit_transactions

const creditTransactionsTable: RestTable = {
  path: 'credit_transactions',
  schema: creditTransactionSchema,
  writable: creditTransactionSchema
    .pick({ id: true, customerId: true, type: true, amount: true, description: true, date: true })
    .partial({ description: true })
    .strict(),
  list: async (tx, caller, page) => {
    const rows = await newestFirst(tx, caller, creditTransactions, creditTransactions.date, page);
    return rows.map((row) => rowOf(row.data as object));
  },
  upsert: {
    answer: 'recorded',
    async write(batch, caller, fields) {
      const entry = parsed(
        creditTransactionSchema.strict(),
        { description: '', ...fields },
        'credit_transactions',
      );
      await mustExist(batch.tx, caller, customers, entry.customerId);
      await batch.apply('credit.record', entry);
    },
  },
};

// ------------------------------------------------------------------------------------------ sales (with sale_items)

/** A line as an integration sends it: its total and VAT are computed here. */
const writableSaleItem = saleItemSchema
  .pick({ productId: true, productName: true, quantity: true, unitPrice: true, vatRate: true })
  .partial({ vatRate: true })
  .strict();

/**
 * A line of a sale, its columns checked by the route's schema: its total and VAT are computed within core's
 * limits (a total past them → 400, never a computation on a number it cannot take).
 */
function saleLine(raw: Row) {
  const line = fieldsOf(raw, fieldOfColumn);
  const quantity = amountField(() => checkedQuantity(line.quantity, 'quantity'), 'sale_items', 'quantity');
  const unitPrice = amountField(
    () => checkedCentimes(line.unitPrice, 'unit_price'),
    'sale_items',
    'unit_price',
  );
  const vatRate = parsed(vatRateSchema, line.vatRate ?? DEFAULT_VAT_RATE, 'sale_items');
  const total = amountField(
    () => checkedCentimes(multiplyPrice(unitPrice, quantity)),
    'sale_items',
    'quantity',
  );
  return { ...line, quantity, unitPrice, vatRate, total, vat: lineVat(total, vatRate) };
}

const salesTable: RestTable = {
  path: 'sales',
  schema: saleSchema.omit({ items: true }).extend({
    saleItems: z.array(saleItemSchema.extend({ saleId: saleSchema.shape.id })),
  }),
  writable: saleSchema
    .pick({ id: true, ticketNumber: true, date: true, paymentMethod: true, customerId: true })
    .partial({ ticketNumber: true, paymentMethod: true })
    .extend({ saleItems: z.array(writableSaleItem).min(1).max(MAX_SALE_LINES) })
    .strict(),
  list: async (tx, caller, page) => {
    const rows = await newestFirst(tx, caller, sales, sales.date, page);
    const ids = rows.map((row) => row.id);
    const items =
      ids.length === 0
        ? []
        : await tx
            .select()
            .from(saleItems)
            .where(and(eq(saleItems.shopId, caller.shopId), inArray(saleItems.saleId, ids)))
            .orderBy(saleItems.saleId, saleItems.line);
    return rows.map((row) => {
      const { items: _items, ...sale } = row.data as Row;
      return {
        ...rowOf(sale),
        sale_items: items
          .filter((item) => item.saleId === row.id)
          .map(({ shopId: _shop, saleId, line: _line, ...item }) => rowOf({ saleId, ...item })),
      };
    });
  },
  upsert: {
    answer: 'recorded',
    /**
     * Line totals, VAT and the sale's totals are computed here (a body carrying them is refused), each line takes
     * its quantity off the stock, a credit sale goes on the carnet.
     */
    async write(batch, caller, row) {
      const items = (row.saleItems as Row[]).map(saleLine);
      const { saleItems: _lines, ...fields } = row;
      const draftId = typeof fields.id === 'string' ? fields.id : '';
      const sale = parsed(
        saleSchema,
        {
          ticketNumber: `API-${draftId.slice(-6)}`,
          paymentMethod: 'cash',
          ...fields,
          items,
          ...cartTotals(items),
          discount: 0,
          printed: false,
          shared: false,
          deviceId: caller.deviceId,
        },
        'sales',
      );
      const movements = sale.items.map((item, line) => ({
        id: nameBasedId(`${sale.id}:movement:${line}`),
        productId: item.productId,
        kind: 'sale' as const,
        delta: -item.quantity,
        at: sale.date,
        saleId: sale.id,
        deviceId: caller.deviceId,
      }));
      const creditTransaction =
        sale.paymentMethod === 'credit' && sale.customerId !== undefined && sale.total > 0
          ? {
              id: nameBasedId(`${sale.id}:credit`),
              customerId: sale.customerId,
              type: 'credit' as const,
              amount: sale.total,
              description: `Ticket ${sale.ticketNumber}`,
              date: sale.date,
              saleId: sale.id,
            }
          : undefined;
      if (sale.customerId !== undefined) await mustExist(batch.tx, caller, customers, sale.customerId);
      await batch.apply('sale.record', {
        sale,
        movements,
        ...(creditTransaction ? { creditTransaction } : {}),
      });
    },
  },
};

/** Every table served at /api/rest/<path>, in the order of docs/api.md. */
export const REST_TABLES: readonly RestTable[] = [
  productsTable,
  salesTable,
  customersTable,
  creditTransactionsTable,
];

// ------------------------------------------------------------------------------------------ settings (one record)

/** The settings as GET answers them (no id: there is one). */
export const settingsRowSchema = settingsSchema.omit({ id: true });
/** Any setting but the id and the date, which are the server's. */
export const writableSettings = settingsSchema.omit({ id: true, updatedAt: true }).partial().strict();

/** The stored settings, or the defaults. */
export async function storedSettings(tx: ShopTx, caller: Caller): Promise<typeof DEFAULT_SETTINGS> {
  const [row] = await tx
    .select({ data: settings.data })
    .from(settings)
    .where(and(eq(settings.shopId, caller.shopId), eq(settings.id, SETTINGS_ID)));
  return (row?.data as typeof DEFAULT_SETTINGS | undefined) ?? DEFAULT_SETTINGS;
}
