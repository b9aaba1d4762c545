// A sale's own stock movements live inside the sale's record: one record per sale instead of one per line.
import type { Sale, StockMovement } from '@hanouti/core';
import type { Tables } from './db';
import {
  archivedOtherMovements,
  archivedProductMovements,
  archivedSale,
  takeOtherMovementsOutOfArchive,
  takeOutOfArchive,
} from './saleArchive';

/**
 * A movement a sale made, kept inside the sale's record. Only what the sale does not already say is stored:
 * the kind is 'sale', the time is the sale's date, the device is the sale's device (see `fitsSale`).
 */
export type SaleMovement = Pick<StockMovement, 'id' | 'productId' | 'delta'>;

/**
 * What the `sales` table holds: the sale, its movements, and the products they touch (a multi-entry index,
 * so a product's stock history finds its sales). A whole-shop import writes about three times fewer
 * records this way, which is most of its time (docs/data-care.md).
 */
export type StoredSale = Sale & { movements?: SaleMovement[]; productIds?: string[] };

/** Where sales and their movements are kept: the `sales` table, the movements table and the sale archive. */
// Spelled out, not spread from ARCHIVE_TABLES: db.ts → saleRecords → saleArchive → db is an import cycle.
export const SALE_TABLES = ['sales', 'stockMovements', 'saleArchive', 'archivedMovements'] as const;
type SaleTables = Pick<Tables, (typeof SALE_TABLES)[number]>;

/** True when the movement is exactly one of this sale's line movements, so it can ride in the sale's record. */
export function fitsSale(sale: Sale, movement: StockMovement): boolean {
  return (
    movement.kind === 'sale' &&
    movement.saleId === sale.id &&
    movement.at === sale.date &&
    movement.deviceId === sale.deviceId &&
    movement.note === undefined
  );
}

/** The sale with these movements inside (replacing any it had); `movements` must all fit the sale. */
export function saleRecord(sale: Sale, movements: readonly SaleMovement[]): StoredSale {
  const plain = saleOf(sale);
  if (movements.length === 0) return plain;
  return {
    ...plain,
    movements: movements.map(({ id, productId, delta }) => ({ id, productId, delta })),
    productIds: [...new Set(movements.map((movement) => movement.productId))],
  };
}

/** The sale alone, as the rest of the app and the backup file know it. */
export function saleOf(record: StoredSale): Sale {
  if (record.movements === undefined && record.productIds === undefined) return record;
  const { movements: _movements, productIds: _productIds, ...sale } = record;
  return sale;
}

/** The movements kept inside a sale's record, as full stock movements. */
export function embeddedMovements(record: StoredSale): StockMovement[] {
  return (record.movements ?? []).map(({ id, productId, delta }) => ({
    id,
    productId,
    kind: 'sale',
    delta,
    at: record.date,
    saleId: record.id,
    ...(record.deviceId !== undefined ? { deviceId: record.deviceId } : {}),
  }));
}

/** Merges movements by id, the later list winning. */
function mergeById<T extends { id: string }>(...lists: readonly (readonly T[])[]): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const item of list) byId.set(item.id, item);
  return [...byId.values()];
}

/**
 * Sales ready to write with their movements, and the movements that must go to the movements table: those
 * that do not fit their sale, those of sales not written here. `stored` are the stored versions of the sales
 * (their movements are kept unless the new ones replace them by id).
 */
export function saleRecordsWithMovements(
  sales: readonly Sale[],
  movements: readonly StockMovement[],
  stored: ReadonlyMap<string, StoredSale> = new Map(),
): { records: StoredSale[]; loose: StockMovement[] } {
  const bySale = new Map<string, StockMovement[]>();
  const saleIds = new Set(sales.map((sale) => sale.id));
  const loose: StockMovement[] = [];
  for (const movement of movements) {
    if (movement.saleId === undefined || !saleIds.has(movement.saleId)) {
      loose.push(movement);
      continue;
    }
    const group = bySale.get(movement.saleId);
    if (group) group.push(movement);
    else bySale.set(movement.saleId, [movement]);
  }
  const records = sales.map((sale) => {
    const before = stored.get(sale.id);
    const candidates = mergeById(before ? embeddedMovements(before) : [], bySale.get(sale.id) ?? []);
    const inside: StockMovement[] = [];
    for (const movement of candidates) (fitsSale(sale, movement) ? inside : loose).push(movement);
    return saleRecord(sale, inside);
  });
  return { records, loose };
}

/** A stored sale, from the `sales` table or the archive. */
export async function storedSale(
  t: Pick<SaleTables, 'sales' | 'saleArchive' | 'archivedMovements'>,
  id: string,
): Promise<StoredSale | undefined> {
  return (await t.sales.get(id)) ?? (await archivedSale(t, id));
}

/** Every stock movement of a product: the movements table's, those inside its sales and archived sales, by id once. */
export async function productMovements(t: SaleTables, productId: string): Promise<StockMovement[]> {
  const [loose, sales, archived] = await Promise.all([
    t.stockMovements.where('productId').equals(productId).toArray(),
    t.sales.where('productIds').equals(productId).toArray(),
    archivedProductMovements(t, productId),
  ]);
  const inside = sales.flatMap(embeddedMovements).filter((movement) => movement.productId === productId);
  return mergeById(archived, inside, loose);
}

/** Every stock movement of the shop (data care): the table's and those inside the sales, by id once. */
export function allMovements(sales: readonly StoredSale[], loose: readonly StockMovement[]): StockMovement[] {
  return mergeById(sales.flatMap(embeddedMovements), loose);
}

/**
 * Writes sales (upserts) keeping the movements their stored records hold, plus movements: each goes inside
 * its sale's record when it fits, else to the movements table (and out of a record that held it).
 */
export async function putSalesAndMovements(
  t: SaleTables,
  sales: readonly Sale[],
  movements: readonly StockMovement[],
): Promise<void> {
  const owners = [
    ...new Set([
      ...sales.map((sale) => sale.id),
      ...movements.flatMap((movement) => (movement.saleId ? [movement.saleId] : [])),
    ]),
  ];
  // A newer version of a movement the archive holds replaces it there (saleArchive.ts).
  await takeOtherMovementsOutOfArchive(
    t,
    movements.map((movement) => movement.id),
  );
  const storedList = await t.sales.bulkGet(owners);
  const stored = new Map<string, StoredSale>();
  for (const record of storedList) if (record) stored.set(record.id, record);
  // Archived sales that change come back to the `sales` table (saleArchive.ts).
  const archived = await takeOutOfArchive(
    t,
    owners.filter((id) => !stored.has(id)),
  );
  for (const record of archived) stored.set(record.id, record);
  const written = new Map(sales.map((sale) => [sale.id, sale]));
  // Sales that only receive movements are rewritten as they are, with the movements merged in.
  for (const [id, record] of stored) if (!written.has(id)) written.set(id, saleOf(record));
  const { records, loose } = saleRecordsWithMovements([...written.values()], movements, stored);
  await t.sales.bulkPut(records);
  const embeddedIds = new Set(records.flatMap((record) => (record.movements ?? []).map((m) => m.id)));
  const stale = (await t.stockMovements.bulkGet([...embeddedIds])).flatMap((m) => (m ? [m.id] : []));
  await t.stockMovements.bulkDelete(stale);
  await t.stockMovements.bulkPut(loose);
}

/** Deletes sales; the movements they held stay, in the movements table (a sale's removal is not a return). */
export async function deleteSalesKeepingMovements(t: SaleTables, ids: readonly string[]): Promise<void> {
  const records = [
    ...(await t.sales.bulkGet([...ids])).flatMap((record) => (record ? [record] : [])),
    ...(await takeOutOfArchive(t, ids)),
  ];
  await t.stockMovements.bulkPut(records.flatMap(embeddedMovements));
  await t.sales.bulkDelete([...ids]);
}

/** Deletes one movement wherever it is kept. */
export async function deleteMovement(t: SaleTables, id: string, saleId: string | undefined): Promise<void> {
  await t.stockMovements.delete(id);
  await takeOtherMovementsOutOfArchive(t, [id]);
  if (!saleId) return;
  let record = await t.sales.get(saleId);
  if (!record && (await archivedSale(t, saleId))?.movements?.some((movement) => movement.id === id)) {
    record = (await takeOutOfArchive(t, [saleId]))[0];
  }
  if (!record?.movements?.some((movement) => movement.id === id)) return;
  await t.sales.put(
    saleRecord(
      saleOf(record),
      record.movements.filter((movement) => movement.id !== id),
    ),
  );
}

/** Finds a movement wherever it is kept. */
export async function findMovement(
  t: SaleTables,
  id: string,
  saleId: string | undefined,
): Promise<StockMovement | undefined> {
  const loose = await t.stockMovements.get(id);
  if (loose) return loose;
  const record = saleId ? await storedSale(t, saleId) : undefined;
  const inside = record ? embeddedMovements(record).find((movement) => movement.id === id) : undefined;
  return inside ?? (await archivedOtherMovements(t, [id]))[0];
}
