// A sale's own stock movements live inside the sale's record: one record per sale instead of one per line.
// Pure functions over the stored shape; the stores that read and write it are sales.ts and movements.ts.
import type { Sale, StockMovement } from '@hanouti/core';
import type { SaleMovement, StoredSale } from './records';

export type { SaleMovement, StoredSale } from './records';

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

/**
 * The sale with these movements inside (replacing any it had); `movements` must all fit the sale. `productIds`
 * is the `sales` table's index: a record bound for the archive goes without (the archive indexes by product
 * elsewhere), which saves copying it again there.
 */
export function saleRecord(
  sale: Sale,
  movements: readonly SaleMovement[],
  { productIds = true }: { productIds?: boolean } = {},
): StoredSale {
  const plain = saleOf(sale);
  if (movements.length === 0) return plain;
  const inside = movements.map(({ id, productId, delta }) => ({ id, productId, delta }));
  if (!productIds) return { ...plain, movements: inside };
  return {
    ...plain,
    movements: inside,
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
export function mergeById<T extends { id: string }>(...lists: readonly (readonly T[])[]): T[] {
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
  options: { productIds?: boolean } = {},
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
    return saleRecord(sale, inside, options);
  });
  return { records, loose };
}

/** Every stock movement of the shop (data care): the table's and those inside the sales, by id once. */
export function allMovements(sales: readonly StoredSale[], loose: readonly StockMovement[]): StockMovement[] {
  return mergeById(sales.flatMap(embeddedMovements), loose);
}
