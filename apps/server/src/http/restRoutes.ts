// Table-style REST of spec §7 (/api/rest/<table>) for integrations: snake_case rows, same auth, same operation service.
import { createHash } from 'node:crypto';
import {
  AmountError,
  BATCH_SIZE,
  checkedCentimes,
  checkedQuantity,
  DEFAULT_REORDER_THRESHOLD,
  DEFAULT_SETTINGS,
  DEFAULT_VAT_RATE,
  SETTINGS_ID,
  STORAGE_LIST_DEFAULT_LIMIT,
  cartTotals,
  creditTransactionSchema,
  customerSchema,
  lineVat,
  multiplyPrice,
  productSchema,
  saleItemSchema,
  saleSchema,
  settingsSchema,
  vatRate as vatRateSchema,
} from '@hanouti/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Caller } from '../auth/tokens.js';
import type { Database } from '../db/database.js';
import { creditTransactions, customers, products, saleItems, sales, settings } from '../db/schema.js';
import { withShop, type ShopTx } from '../db/shopScope.js';
import type { OperationService } from '../sync/operationService.js';
import { callerOf } from './authenticate.js';
import { ApiError } from './errors.js';

export const REST_PAGE_MAX = 1000;

type Row = Record<string, unknown>;

/** defaultVAT → default_vat, purchasePrice → purchase_price. */
const snake = (key: string) => key.replace(/([a-z0-9])([A-Z]+)/g, '$1_$2').toLowerCase();
/** The record field of each column, from the record schemas themselves (default_vat → defaultVAT). */
const FIELD_OF_COLUMN = new Map(
  [productSchema, customerSchema, creditTransactionSchema, saleSchema, settingsSchema, saleItemSchema]
    .flatMap((schema) => Object.keys(schema.shape))
    .map((field) => [snake(field), field] as const),
);
const camel = (column: string) =>
  FIELD_OF_COLUMN.get(column) ??
  column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** A record as a table row: snake_case columns (spec §3: purchase_price, created_at…). */
export function rowOf(record: object): Row {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [snake(key), Array.isArray(value) ? value.map((v: object) => rowOf(v)) : value]),
  );
}

/**
 * A row from the request, as camelCase fields. Only the listed columns are accepted: the shop comes from
 * the token and caches (stock from movements, balance from entries, totals from lines) from the server.
 */
function fieldsOf(row: unknown, allowed: readonly string[], what: string): Row {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) {
    throw new ApiError(400, 'validation_failed', `${what} : objet attendu`);
  }
  const fields: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (!allowed.includes(column))
      throw new ApiError(400, 'unknown_field', `${what} : champ non accepté « ${column} »`);
    fields[camel(column)] = value;
  }
  return fields;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ApiError(
      400,
      'validation_failed',
      `${what} : ${issue?.path.map(String).map(snake).join('.') ?? ''} invalide`,
    );
  }
  return result.data;
}

function batchOf(body: unknown): unknown[] {
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length === 0 || rows.length > BATCH_SIZE) {
    throw new ApiError(400, 'batch_size', `Envoyez entre 1 et ${BATCH_SIZE} lignes par requête`);
  }
  return rows;
}

/** A stable id made from a name (UUID v5 layout), so a sale sent twice makes the same movements. */
function nameBasedId(name: string): string {
  const bytes = createHash('sha1').update(`hanouti-rest:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const PRODUCT_COLUMNS = [
  'id',
  'name',
  'brand',
  'category',
  'barcode',
  'purchase_price',
  'sale_price',
  'vat',
  'stock',
  'reorder_threshold',
  'description',
  'photo_id',
  'is_bulk',
  'pack_size',
  'created_at',
] as const;
const CUSTOMER_COLUMNS = ['id', 'name', 'phone', 'created_at'] as const;
const CREDIT_COLUMNS = ['id', 'customer_id', 'type', 'amount', 'description', 'date'] as const;
const SALE_COLUMNS = ['id', 'ticket_number', 'date', 'payment_method', 'customer_id', 'sale_items'] as const;
const SALE_ITEM_COLUMNS = ['product_id', 'product_name', 'quantity', 'unit_price', 'vat_rate'] as const;
const SETTINGS_COLUMNS = [
  'store_name',
  'store_phone',
  'store_address',
  'logo_id',
  'language',
  'currency',
  'default_vat',
  'printer_connected',
  'printer_name',
  'ai_detect_threshold',
  'ai_match_threshold',
  'ai_max_photos',
  'ai_precision_mode',
  'ai_device_inference',
  'ai_store_images',
] as const;

const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: REST_PAGE_MAX, default: STORAGE_LIST_DEFAULT_LIMIT },
    offset: { type: 'integer', minimum: 0, default: 0 },
  },
} as const;
const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

type Page = { limit?: number; offset?: number };

export type RestRouteOptions = {
  db: Database;
  operations: OperationService;
  authenticated: onRequestAsyncHookHandler;
};

export function registerRestRoutes(app: FastifyInstance, options: RestRouteOptions): void {
  const { db, operations: ops, authenticated } = options;
  const read = <T>(caller: Caller, work: Parameters<typeof withShop<T>>[2]) =>
    withShop(db, caller.shopId, work);
  const page = (query: Page) => ({
    limit: query.limit ?? STORAGE_LIST_DEFAULT_LIMIT,
    offset: query.offset ?? 0,
  });

  // ------------------------------------------------------------------ products
  app.get<{ Querystring: Page }>(
    '/rest/products',
    { onRequest: authenticated, schema: { querystring: pageQuery } },
    async (request) => {
      const caller = callerOf(request);
      const { limit, offset } = page(request.query);
      const rows = await read(caller, (tx) =>
        tx
          .select()
          .from(products)
          .where(and(eq(products.shopId, caller.shopId), eq(products.deleted, false)))
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(limit)
          .offset(offset),
      );
      return rows.map((row) => rowOf({ ...(row.data as object), stock: row.stock }));
    },
  );

  /** Upsert in batches of ≤ 100; a stock different from the stored one is written as a movement. */
  app.post('/rest/products', { onRequest: authenticated }, async (request) => {
    const caller = callerOf(request);
    const now = new Date().toISOString();
    const drafts = batchOf(request.body).map((row) => fieldsOf(row, PRODUCT_COLUMNS, 'products'));
    // One transaction for the request: every row and its stock movement, or nothing.
    await ops.applyServerOperations(caller, async (batch) => {
      for (const draft of drafts) {
        const id = parsed(productSchema.shape.id, draft.id, 'products');
        const [current] = await batch.tx
          .select()
          .from(products)
          .where(and(eq(products.shopId, caller.shopId), eq(products.id, id)));
        const existing = current && !current.deleted ? (current.data as Row) : undefined;
        const stockBefore = current && !current.deleted ? current.stock : 0;
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
      }
    });
    return { upserted: drafts.length };
  });

  app.delete<{ Params: { id: string } }>(
    '/rest/products/:id',
    { onRequest: authenticated, schema: { params: idParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      ownerOnly(caller);
      await ops.applyServerOperations(caller, async (batch) => {
        await mustExist(batch.tx, caller, products, request.params.id);
        await batch.apply('product.delete', { id: request.params.id });
      });
      return reply.code(204).send();
    },
  );

  // ------------------------------------------------------------------ sales (with sale_items)
  app.get<{ Querystring: Page }>(
    '/rest/sales',
    { onRequest: authenticated, schema: { querystring: pageQuery } },
    async (request) => {
      const caller = callerOf(request);
      const { limit, offset } = page(request.query);
      return read(caller, async (tx) => {
        const rows = await tx
          .select()
          .from(sales)
          .where(and(eq(sales.shopId, caller.shopId), eq(sales.deleted, false)))
          .orderBy(desc(sales.date), desc(sales.id))
          .limit(limit)
          .offset(offset);
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
      });
    },
  );

  /**
   * Records sales sent by an integration: line totals, VAT and the sale's totals are computed here (a body
   * carrying them is refused), each line takes its quantity off the stock, a credit sale goes on the carnet.
   */
  app.post('/rest/sales', { onRequest: authenticated }, async (request) => {
    const caller = callerOf(request);
    const rows = batchOf(request.body).map((row) => fieldsOf(row, SALE_COLUMNS, 'sales'));
    await ops.applyServerOperations(caller, async (batch) => {
      for (const row of rows) {
        if (!Array.isArray(row.saleItems) || row.saleItems.length === 0) {
          throw new ApiError(400, 'validation_failed', 'sales : sale_items doit contenir au moins une ligne');
        }
        const items = (row.saleItems as unknown[]).map((raw) => {
          const line = fieldsOf(raw, SALE_ITEM_COLUMNS, 'sale_items');
          // Numbers are JSON numbers within a shop's limits ("deux", 1e308 → 400, never a computation).
          const quantity = amountField(() => checkedQuantity(line.quantity, 'quantity'), 'quantity');
          const unitPrice = amountField(() => checkedCentimes(line.unitPrice, 'unit_price'), 'unit_price');
          const vatRate = parsed(vatRateSchema, line.vatRate ?? DEFAULT_VAT_RATE, 'sale_items');
          const total = amountField(() => checkedCentimes(multiplyPrice(unitPrice, quantity)), 'quantity');
          return { ...line, quantity, unitPrice, vatRate, total, vat: lineVat(total, vatRate) };
        });
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
      }
    });
    return { recorded: rows.length };
  });

  // ------------------------------------------------------------------ customers
  app.get<{ Querystring: Page }>(
    '/rest/customers',
    { onRequest: authenticated, schema: { querystring: pageQuery } },
    async (request) => {
      const caller = callerOf(request);
      const { limit, offset } = page(request.query);
      const rows = await read(caller, (tx) =>
        tx
          .select()
          .from(customers)
          .where(and(eq(customers.shopId, caller.shopId), eq(customers.deleted, false)))
          .orderBy(desc(customers.createdAt), desc(customers.id))
          .limit(limit)
          .offset(offset),
      );
      return rows.map((row) =>
        rowOf({
          ...(row.data as object),
          creditBalance: row.creditBalance,
          totalPurchases: row.totalPurchases,
          lastPurchase: row.lastPurchase?.toISOString(),
        }),
      );
    },
  );

  /** Name and phone only: the balance comes from credit_transactions, purchases from sales. */
  app.post('/rest/customers', { onRequest: authenticated }, async (request) => {
    const caller = callerOf(request);
    const now = new Date().toISOString();
    const drafts = batchOf(request.body).map((row) => fieldsOf(row, CUSTOMER_COLUMNS, 'customers'));
    await ops.applyServerOperations(caller, async (batch) => {
      for (const draft of drafts) {
        const id = parsed(customerSchema.shape.id, draft.id, 'customers');
        const [current] = await batch.tx
          .select()
          .from(customers)
          .where(and(eq(customers.shopId, caller.shopId), eq(customers.id, id)));
        const existing = current && !current.deleted ? (current.data as Row) : undefined;
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
      }
    });
    return { upserted: drafts.length };
  });

  app.delete<{ Params: { id: string } }>(
    '/rest/customers/:id',
    { onRequest: authenticated, schema: { params: idParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      ownerOnly(caller);
      await ops.applyServerOperations(caller, async (batch) => {
        await mustExist(batch.tx, caller, customers, request.params.id);
        await batch.apply('customer.delete', { id: request.params.id });
      });
      return reply.code(204).send();
    },
  );

  // ------------------------------------------------------------------ credit_transactions
  app.get<{ Querystring: Page }>(
    '/rest/credit_transactions',
    { onRequest: authenticated, schema: { querystring: pageQuery } },
    async (request) => {
      const caller = callerOf(request);
      const { limit, offset } = page(request.query);
      const rows = await read(caller, (tx) =>
        tx
          .select({ data: creditTransactions.data })
          .from(creditTransactions)
          .where(and(eq(creditTransactions.shopId, caller.shopId), eq(creditTransactions.deleted, false)))
          .orderBy(desc(creditTransactions.date), desc(creditTransactions.id))
          .limit(limit)
          .offset(offset),
      );
      return rows.map((row) => rowOf(row.data as object));
    },
  );

  app.post('/rest/credit_transactions', { onRequest: authenticated }, async (request) => {
    const caller = callerOf(request);
    const entries = batchOf(request.body).map((row) =>
      parsed(
        creditTransactionSchema.strict(),
        { description: '', ...fieldsOf(row, CREDIT_COLUMNS, 'credit_transactions') },
        'credit_transactions',
      ),
    );
    await ops.applyServerOperations(caller, async (batch) => {
      for (const entry of entries) {
        await mustExist(batch.tx, caller, customers, entry.customerId);
        await batch.apply('credit.record', entry);
      }
    });
    return { recorded: entries.length };
  });

  // ------------------------------------------------------------------ settings (one record)
  app.get('/rest/settings', { onRequest: authenticated }, async (request) => {
    const caller = callerOf(request);
    const [row] = await read(caller, (tx) =>
      tx
        .select({ data: settings.data })
        .from(settings)
        .where(and(eq(settings.shopId, caller.shopId), eq(settings.id, SETTINGS_ID))),
    );
    const {
      id: _id,
      updatedAt,
      ...record
    } = (row?.data as typeof DEFAULT_SETTINGS | undefined) ?? DEFAULT_SETTINGS;
    return rowOf({ ...record, updatedAt });
  });

  app.put('/rest/settings', { onRequest: authenticated }, async (request) => {
    const caller = callerOf(request);
    ownerOnly(caller);
    const fields = fieldsOf(request.body, SETTINGS_COLUMNS, 'settings');
    return ops.applyServerOperations(caller, async (batch) => {
      const [row] = await batch.tx
        .select({ data: settings.data })
        .from(settings)
        .where(and(eq(settings.shopId, caller.shopId), eq(settings.id, SETTINGS_ID)));
      const record = parsed(
        settingsSchema.strict(),
        {
          ...((row?.data as object | undefined) ?? DEFAULT_SETTINGS),
          ...fields,
          id: SETTINGS_ID,
          updatedAt: new Date().toISOString(),
        },
        'settings',
      );
      await batch.apply('settings.update', record);
      const { id: _id, ...rest } = record;
      return rowOf(rest);
    });
  });
}

/** 404 unless the record is one of the caller's shop's live records (another shop's id is simply not found). */
async function mustExist(
  tx: ShopTx,
  caller: Caller,
  table: typeof products | typeof customers,
  id: string,
): Promise<void> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.shopId, caller.shopId), eq(table.id, id), eq(table.deleted, false)));
  if (!row) throw new ApiError(404, 'not_found', 'Ressource introuvable');
}

/** Removing records and changing the settings are the owner's (staff phones sell, restock, keep the carnet). */
function ownerOnly(caller: Caller): void {
  if (caller.role !== 'owner') throw new ApiError(403, 'owner_only', 'Réservé au propriétaire');
}

/** A number field read with core's limits: an AmountError becomes a 400 naming the field. */
function amountField(read: () => number, column: string): number {
  try {
    return read();
  } catch (error) {
    if (error instanceof AmountError) {
      throw new ApiError(400, 'validation_failed', `sale_items : ${column} invalide (${error.code})`);
    }
    throw error;
  }
}
