// The sales store: a sale is read and written here whether it lives alone in `sales` or in a page of the archive.
//
// Callers name a sale by id; where it is kept (its own record, an archive page of an import) stays inside this
// module and saleArchive.ts. A change to an archived sale takes it out of the archive first.
import type { Sale, StockMovement } from '@hanouti/core';
import { pulledChangeApplier } from './pulledChange';
import type { StoredSale, Tables } from './records';
import {
  archivedSale,
  archivedSalesBetween,
  takeOtherMovementsOutOfArchive,
  takeOutOfArchive,
} from './saleArchive';
import { embeddedMovements, saleOf, saleRecordsWithMovements } from './saleRecords';
import { AGGREGATE_TABLES, applySalesToAggregates } from './salesAggregates';

/** Where sales and their movements are kept: the `sales` table, the movements table and the sale archive. */
export const SALE_TABLES = ['sales', 'stockMovements', 'saleArchive', 'archivedMovements'] as const;
export type SaleTables = Pick<Tables, (typeof SALE_TABLES)[number]>;

/** A stored sale, from the `sales` table or the archive. */
export async function storedSale(
  t: Pick<SaleTables, 'sales' | 'saleArchive' | 'archivedMovements'>,
  id: string,
): Promise<StoredSale | undefined> {
  return (await t.sales.get(id)) ?? (await archivedSale(t, id));
}

/** The sales dated from `from` to `to` (ISO times, both included), from the `sales` table and the archive. */
export async function salesBetween(
  t: Pick<SaleTables, 'sales' | 'saleArchive'>,
  from: string,
  to: string,
): Promise<StoredSale[]> {
  const [live, archived] = await Promise.all([
    t.sales.where('date').between(from, to, true, true).toArray(),
    archivedSalesBetween(t, from, to),
  ]);
  return [...live, ...archived];
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

/**
 * A pulled sale, wherever the stored one is kept: the day's totals and the products' sales lose the stored
 * version and count the new one; a deleted sale's movements stay (deleteSalesKeepingMovements).
 */
export const saleApplier = pulledChangeApplier<
  'sale',
  (typeof SALE_TABLES)[number] | (typeof AGGREGATE_TABLES)[number]
>([...SALE_TABLES, ...AGGREGATE_TABLES], async (t, change) => {
  const before = await storedSale(t, change.id);
  if (before) await applySalesToAggregates(t, [before], -1);
  if (change.deleted) {
    await deleteSalesKeepingMovements(t, [change.id]);
    return;
  }
  // printed/shared describe this phone's receipt: a sale it made keeps its own marks.
  const sale: Sale = before
    ? { ...change.record, printed: before.printed, shared: before.shared }
    : change.record;
  // The movements kept inside the stored record stay with it (saleRecords.ts).
  await putSalesAndMovements(t, [sale], []);
  await applySalesToAggregates(t, [sale], 1);
});
