// The low-stock marker: an indexed field on stored products, so the dashboard reads the alerts without scanning the catalogue.
import { stockStatus, type Product } from '@hanouti/core';
import type { DBCore, DBCoreCursor, DBCoreTable, Middleware } from 'dexie';

/**
 * Indexed field of the products table, present only on products in alert: 0 when out of stock, else
 * stock / threshold (in ]0, 1]), which is core's order for low products. IndexedDB indexes no absent field,
 * so the index holds exactly the alerts, most urgent first.
 */
export const LOW_STOCK_FIELD = 'lowStock';

type StoredProduct = Product & { [LOW_STOCK_FIELD]?: number };

/** The product as stored: marked when it is out of stock or at/below its threshold (spec: "Stock Faible"). */
export function withLowStockMarker(product: Product): StoredProduct {
  const { [LOW_STOCK_FIELD]: _previous, ...plain } = product as StoredProduct;
  const status = stockStatus(plain);
  if (status === 'ok') return plain;
  return { ...plain, [LOW_STOCK_FIELD]: status === 'out' ? 0 : plain.stock / plain.reorderThreshold };
}

/** The product as the app knows it: the marker is storage only, never part of a payload or a screen. */
function withoutMarker<T>(value: T): T {
  if (typeof value !== 'object' || value === null || !(LOW_STOCK_FIELD in value)) return value;
  const { [LOW_STOCK_FIELD]: _marker, ...plain } = value as Record<string, unknown>;
  return plain as T;
}

function markedProducts(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    // Every write of a product passes here (sale, stock change, form, import, cleanup, sync), so the
    // marker can never disagree with the stock and threshold written with it.
    mutate: (request) =>
      request.type === 'add' || request.type === 'put'
        ? table.mutate({ ...request, values: request.values.map((v) => withLowStockMarker(v as Product)) })
        : table.mutate(request),
    // `.then` on Dexie's own promises, not async functions: Dexie keeps its transaction zone only on its promises.
    get: (request) => table.get(request).then(withoutMarker),
    getMany: (request) => table.getMany(request).then((values: unknown[]) => values.map(withoutMarker)),
    query: (request) =>
      table
        .query(request)
        .then((response) =>
          request.values ? { ...response, result: response.result.map(withoutMarker) } : response,
        ),
    openCursor: (request) =>
      table.openCursor(request).then((cursor) =>
        cursor && request.values
          ? (Object.create(cursor, {
              value: { get: () => withoutMarker(cursor.value) as unknown },
            }) as DBCoreCursor)
          : cursor,
      ),
  };
}

/** Dexie middleware that keeps the marker on the products table (and hides it on the way out). */
export const lowStockMarker: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'lowStockMarker',
  create: (down) => ({
    ...down,
    table: (name) => (name === 'products' ? markedProducts(down.table(name)) : down.table(name)),
  }),
};
