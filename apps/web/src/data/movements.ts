// The movements store: a product's stock movements, wherever they are kept (the movements table, inside their
// sale's record, or the archive's index by product), read and written by id.
import type { StockMovement } from '@hanouti/core';
import {
  archivedOtherMovements,
  archivedProductMovements,
  archivedSale,
  takeOtherMovementsOutOfArchive,
  takeOutOfArchive,
} from './saleArchive';
import { embeddedMovements, mergeById, saleOf, saleRecord } from './saleRecords';
import { pulledChangeApplier } from './pulledChange';
import { putSalesAndMovements, SALE_TABLES, storedSale, type SaleTables } from './sales';

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

/** A pulled movement, wherever it is kept; its product's stock is recomputed after the page (catalogue.ts). */
export const movementApplier = pulledChangeApplier<'stockMovement', (typeof SALE_TABLES)[number]>(
  SALE_TABLES,
  async (t, change, touched) => {
    const saleId = change.deleted ? undefined : change.record.saleId;
    const before = await findMovement(t, change.id, saleId);
    if (before) touched.products.add(before.productId);
    if (change.deleted) await deleteMovement(t, change.id, before?.saleId);
    else {
      await putSalesAndMovements(t, [], [change.record]);
      touched.products.add(change.record.productId);
    }
  },
);
