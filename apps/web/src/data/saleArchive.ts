// The sale archive: sales brought in by a whole-shop import, kept in pages of up to 500 sales of one day.
//
// IndexedDB costs about the same per record whatever its size, so 200,000 imported sales written one record
// each took most of an import's time; as ~1,100 pages they take a few seconds (docs/data-care.md). A page
// is never edited in place by the rest of the app: any change to an archived sale first takes it out of the
// archive (`takeOutOfArchive`) into the `sales` table, where checkout's own sales live. Readers look in both.
import type { StockMovement } from '@hanouti/core';
import { bulkPutFast } from './bulkPutFast';
import type { ArchivedMovement, ArchivedProductMovements, ArchivePage, StoredSale, Tables } from './records';
import { saleOf, saleRecord } from './saleRecords';

export type { ArchivedMovement, ArchivedProductMovements, ArchivePage } from './records';

/** The index record of a product holding these movements; undefined when it holds none. */
function productMovementsRecord(
  productId: string,
  rows: readonly ArchivedMovement[],
  others: readonly StockMovement[],
): ArchivedProductMovements | undefined {
  if (rows.length === 0 && others.length === 0) return undefined;
  return {
    productId,
    movements: encodeMovements(rows),
    ...(others.length > 0 ? { others: [...others], otherIds: others.map((movement) => movement.id) } : {}),
  };
}

/** Writes these index records, removing the products whose record is now empty. */
async function putProductRecords(
  t: ArchiveTables,
  records: readonly { productId: string; record: ArchivedProductMovements | undefined }[],
): Promise<void> {
  // Both placed before either is awaited: awaiting the delete would wait for every write placed before it.
  const emptied = records.filter((r) => !r.record).map((r) => r.productId);
  await Promise.all([
    emptied.length > 0 ? t.archivedMovements.bulkDelete(emptied) : undefined,
    bulkPutFast(
      t.archivedMovements,
      records.flatMap((r) => (r.record ? [r.record] : [])),
    ),
  ]);
}

type MovementRow = [string, string, number, string] | [string, string, number, string, string];

/** The index's text for these movements. */
export function encodeMovements(movements: readonly ArchivedMovement[]): string {
  return JSON.stringify(
    movements.map(({ id, saleId, delta, at, deviceId }): MovementRow =>
      deviceId === undefined ? [id, saleId, delta, at] : [id, saleId, delta, at, deviceId],
    ),
  );
}

/** The movements of the index's text; throws when it is not such a list. */
export function decodeMovements(text: string): ArchivedMovement[] {
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows)) throw new Error('Archived movements are not a list');
  return rows.map((row: unknown): ArchivedMovement => {
    if (!Array.isArray(row) || row.length < 4 || row.length > 5) throw new Error('Bad archived movement');
    const [id, saleId, delta, at, deviceId] = row as unknown[];
    const fine =
      typeof id === 'string' &&
      typeof saleId === 'string' &&
      typeof delta === 'number' &&
      Number.isFinite(delta) &&
      typeof at === 'string' &&
      (deviceId === undefined || typeof deviceId === 'string');
    if (!fine) throw new Error('Bad archived movement');
    return deviceId === undefined ? { id, saleId, delta, at } : { id, saleId, delta, at, deviceId };
  });
}

export const ARCHIVE_TABLES = ['saleArchive', 'archivedMovements'] as const;
type ArchiveTables = Pick<Tables, (typeof ARCHIVE_TABLES)[number]>;

/** At most this many sales per page: a page stays a short read, and a day of a busy shop is a few pages. */
export const ARCHIVE_PAGE_SALES = 500;
// Pages read at a time when walking the whole archive (export, totals rebuild, data care).
const PAGES_PER_READ = 20;

const dayOf = (sale: StoredSale) => sale.date.slice(0, 10);
const byDateThenId = (a: StoredSale, b: StoredSale) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function withoutProductIds(sale: StoredSale): StoredSale {
  const { productIds: _productIds, ...rest } = sale;
  return rest;
}

/** One page holding these sales (already in date order). */
export function archivePage(sales: readonly StoredSale[], key?: string): ArchivePage {
  const first = sales[0];
  if (!first) throw new Error('An archive page needs at least one sale');
  const customerIds = new Set<string>();
  for (const sale of sales) if (sale.customerId !== undefined) customerIds.add(sale.customerId);
  return {
    key: key ?? `${first.date}|${first.id}`,
    // The products a sale touches are an index of the `sales` table only: the archive finds them by product
    // through `archivedMovements`.
    sales: sales.map((sale) => (sale.productIds === undefined ? sale : withoutProductIds(sale))),
    saleIds: sales.map((sale) => sale.id),
    customerIds: [...customerIds],
  };
}

/** The sales cut into pages: by date, one day at most per page, at most `ARCHIVE_PAGE_SALES` per page. */
export function archivePages(sales: readonly StoredSale[]): ArchivePage[] {
  const sorted = [...sales].sort(byDateThenId);
  const pages: ArchivePage[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    const ends =
      i === sorted.length || i - start === ARCHIVE_PAGE_SALES || dayOf(sorted[i]!) !== dayOf(sorted[start]!);
    if (!ends) continue;
    pages.push(archivePage(sorted.slice(start, i)));
    start = i;
  }
  return pages;
}

/** The archived sales' movements, grouped by product. */
export function movementsByProduct(sales: readonly StoredSale[]): Map<string, ArchivedMovement[]> {
  const byProduct = new Map<string, ArchivedMovement[]>();
  for (const sale of sales) {
    for (const { id, productId, delta } of sale.movements ?? []) {
      const movement: ArchivedMovement = { id, saleId: sale.id, delta, at: sale.date };
      if (sale.deviceId !== undefined) movement.deviceId = sale.deviceId;
      const list = byProduct.get(productId);
      if (list) list.push(movement);
      else byProduct.set(productId, [movement]);
    }
  }
  return byProduct;
}

/** An archived movement as the stock movement it stands for. */
export function stockMovementOf(productId: string, movement: ArchivedMovement): StockMovement {
  return {
    id: movement.id,
    productId,
    kind: 'sale',
    delta: movement.delta,
    at: movement.at,
    saleId: movement.saleId,
    ...(movement.deviceId !== undefined ? { deviceId: movement.deviceId } : {}),
  };
}

// Reading a page (up to 500 sales to copy back) costs about as much as this many steps through the `saleIds`
// index (one key each). The cleanup asks for 2,000 sales at a time: through the index, not by reading a large
// shop's 1,100 pages a hundred times over.
const INDEX_STEPS_PER_PAGE = 20;

/** Pages holding any of these sales: by index when that is fewer steps than reading every page, else every page. */
async function pagesHolding(t: ArchiveTables, ids: readonly string[]): Promise<ArchivePage[]> {
  if (ids.length === 0) return [];
  const pageCount = await t.saleArchive.count();
  if (pageCount === 0) return [];
  if (ids.length > pageCount * INDEX_STEPS_PER_PAGE) {
    const wanted = new Set(ids);
    const pages: ArchivePage[] = [];
    await eachArchivePage(t, (page) => {
      if (page.saleIds.some((id) => wanted.has(id))) pages.push(page);
    });
    return pages;
  }
  return t.saleArchive
    .where('saleIds')
    .anyOf([...ids])
    .distinct()
    .toArray();
}

/** The archived versions of these sales (those that are archived). */
export async function archivedSales(t: ArchiveTables, ids: readonly string[]): Promise<StoredSale[]> {
  const wanted = new Set(ids);
  return (await pagesHolding(t, ids)).flatMap((page) => page.sales.filter((sale) => wanted.has(sale.id)));
}

/** One archived sale, or undefined. */
export async function archivedSale(t: ArchiveTables, id: string): Promise<StoredSale | undefined> {
  return (await archivedSales(t, [id]))[0];
}

/** A customer's archived sales, oldest first. */
export async function archivedCustomerSales(t: ArchiveTables, customerId: string): Promise<StoredSale[]> {
  const pages = await t.saleArchive.where('customerIds').equals(customerId).sortBy('key');
  return pages.flatMap((page) => page.sales.filter((sale) => sale.customerId === customerId));
}

/** The archived sales dated from `from` to `to` (ISO times, both included), in no order. */
export async function archivedSalesBetween(
  t: Pick<ArchiveTables, 'saleArchive'>,
  from: string,
  to: string,
): Promise<StoredSale[]> {
  // A page holds sales of one UTC day and its key starts with its first sale's date: the pages that may hold
  // such a sale start on `from`'s day (`YYYY-MM-DD` sorts before that day's times) and no later than `to`.
  const pages = await t.saleArchive
    .where(':id')
    .between(from.slice(0, 10), `${to}|\uffff`, true, true)
    .toArray();
  return pages.flatMap((page) => page.sales.filter((sale) => sale.date >= from && sale.date <= to));
}

/** The newest `limit` archived sales (all when no limit), newest first. */
export async function newestArchivedSales(t: ArchiveTables, limit?: number): Promise<StoredSale[]> {
  const sales: StoredSale[] = [];
  for (let skipped = 0; ; skipped += PAGES_PER_READ) {
    const read = await t.saleArchive.orderBy('key').reverse().offset(skipped).limit(PAGES_PER_READ).toArray();
    sales.push(...read.flatMap((page) => page.sales));
    if (read.length < PAGES_PER_READ || limit === undefined || sales.length < limit) {
      if (read.length < PAGES_PER_READ) break;
      continue;
    }
    // Pages of two imports may share a day: stop only when the unread pages (of that day or older) cannot
    // hold a sale newer than the limit-th newest read so far.
    sales.sort((a, b) => byDateThenId(b, a));
    if (dayOf(read[read.length - 1]!.sales[0]!) < dayOf(sales[limit - 1]!)) break;
  }
  sales.sort((a, b) => byDateThenId(b, a));
  return limit === undefined ? sales : sales.slice(0, limit);
}

/** Every movement of a product's archived sales. */
export async function archivedProductMovements(
  t: ArchiveTables,
  productId: string,
): Promise<StockMovement[]> {
  const record = await t.archivedMovements.get(productId);
  if (!record) return [];
  return [
    ...decodeMovements(record.movements).map((movement) => stockMovementOf(productId, movement)),
    ...(record.others ?? []),
  ];
}

async function indexIsEmpty(t: ArchiveTables): Promise<boolean> {
  return (await t.archivedMovements.limit(1).primaryKeys()).length === 0;
}

/** The product records holding any of these movements (not a sale's), found by the `otherIds` index. */
async function recordsHoldingOthers(
  t: ArchiveTables,
  ids: readonly string[],
): Promise<ArchivedProductMovements[]> {
  if (ids.length === 0 || (await indexIsEmpty(t))) return [];
  return t.archivedMovements
    .where('otherIds')
    .anyOf([...ids])
    .distinct()
    .toArray();
}

/** The archived movements among these ids that are not a sale's. */
export async function archivedOtherMovements(
  t: ArchiveTables,
  ids: readonly string[],
): Promise<StockMovement[]> {
  const wanted = new Set(ids);
  return (await recordsHoldingOthers(t, ids)).flatMap((record) =>
    (record.others ?? []).filter((movement) => wanted.has(movement.id)),
  );
}

/**
 * Takes these movements (not a sale's) out of the archive's index and returns them, so that a newer
 * version of one (pulled, cleaned up) is kept once, where the caller puts it.
 */
export async function takeOtherMovementsOutOfArchive(
  t: ArchiveTables,
  ids: readonly string[],
): Promise<StockMovement[]> {
  const records = await recordsHoldingOthers(t, ids);
  if (records.length === 0) return [];
  const wanted = new Set(ids);
  const taken: StockMovement[] = [];
  await putProductRecords(
    t,
    records.map((record) => {
      const kept = (record.others ?? []).filter((movement) => {
        if (!wanted.has(movement.id)) return true;
        taken.push(movement);
        return false;
      });
      return {
        productId: record.productId,
        record: productMovementsRecord(record.productId, decodeMovements(record.movements), kept),
      };
    }),
  );
  return taken;
}

/** Every archived movement that is not a sale's, by id as the movements table lists them (export, data care). */
export async function everyArchivedOtherMovement(t: ArchiveTables): Promise<StockMovement[]> {
  const others: StockMovement[] = [];
  await t.archivedMovements.each((record) => {
    if (record.others) others.push(...record.others);
  });
  return others.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Calls `visit` on every page, oldest first, reading a few pages at a time. */
export async function eachArchivePage(
  t: ArchiveTables,
  visit: (page: ArchivePage) => void | Promise<void>,
): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const from = after === undefined ? t.saleArchive.orderBy('key') : t.saleArchive.where('key').above(after);
    const pages = await from.limit(PAGES_PER_READ).toArray();
    for (const page of pages) {
      // Await only a promise the visit returns: each native await of a plain value uses up one of the few
      // microtasks across which Dexie carries its transaction, so over many pages the reads that follow
      // ran outside it and the cleanup's transaction committed early (PrematureCommitError).
      const visited = visit(page);
      if (visited) await visited;
    }
    if (pages.length < PAGES_PER_READ) return;
    after = pages[pages.length - 1]!.key;
  }
}

/** Every archived sale, oldest first. */
export async function everyArchivedSale(t: ArchiveTables): Promise<StoredSale[]> {
  const sales: StoredSale[] = [];
  await eachArchivePage(t, (page) => {
    sales.push(...page.sales);
  });
  return sales;
}

/** The index records stored for these products, in their order (none read when the index is empty). */
async function storedIndexRecords(
  t: ArchiveTables,
  productIds: readonly string[],
): Promise<(ArchivedProductMovements | undefined)[]> {
  return (await indexIsEmpty(t)) ? [] : t.archivedMovements.bulkGet([...productIds]);
}

/**
 * The by-product index records after adding these movements to those stored (merged by id, the new ones
 * winning). Pure: the stored records are read beforehand.
 */
function mergedIndexRecords(
  productIds: readonly string[],
  stored: readonly (ArchivedProductMovements | undefined)[],
  rowsByProduct: ReadonlyMap<string, ArchivedMovement[]>,
  othersByProduct: ReadonlyMap<string, StockMovement[]>,
): { productId: string; record: ArchivedProductMovements | undefined }[] {
  const mergedById = <T extends { id: string }>(before: readonly T[], added: readonly T[]) => {
    if (before.length === 0) return added;
    const addedIds = new Set(added.map((item) => item.id));
    return [...before.filter((item) => !addedIds.has(item.id)), ...added];
  };
  return productIds.map((productId, index) => {
    const record = stored[index];
    const rows = mergedById(
      record ? decodeMovements(record.movements) : [],
      rowsByProduct.get(productId) ?? [],
    );
    const others = mergedById(record?.others ?? [], othersByProduct.get(productId) ?? []);
    return { productId, record: productMovementsRecord(productId, rows, others) };
  });
}

/**
 * Archives sales that are nowhere in the database yet (the import takes the file's sales out of the `sales`
 * table and out of the archive first), with their movements indexed by product, and movements that are not
 * a sale's (`others`, taken out of the movements table and of the archive first). `onPages` hears how many
 * sales each slice of pages held, then 0 once the index is written.
 */
export async function addToArchive(
  t: ArchiveTables,
  sales: readonly StoredSale[],
  others: readonly StockMovement[] = [],
  onPages: (sales: number) => void = () => undefined,
): Promise<void> {
  const othersByProduct = new Map<string, StockMovement[]>();
  for (const movement of others) {
    const list = othersByProduct.get(movement.productId);
    if (list) list.push(movement);
    else othersByProduct.set(movement.productId, [movement]);
  }
  const rowsByProduct = movementsByProduct(sales);
  const productIds = [...new Set([...rowsByProduct.keys(), ...othersByProduct.keys()])];
  // Every read comes first: a transaction answers its requests in order, so a read placed after the pages
  // would wait for all of them to be written.
  const stored = await storedIndexRecords(t, productIds);
  // Then the writes are placed without waiting for each other: while IndexedDB writes a slice of pages,
  // this thread copies the next one and encodes the index (the two run on different cores). A failed write
  // still aborts the one transaction.
  const pages = archivePages(sales);
  const slice = 100;
  const writes: Promise<void>[] = [];
  for (let start = 0; start < pages.length; start += slice) {
    const part = pages.slice(start, start + slice);
    const count = part.reduce((sum, page) => sum + page.sales.length, 0);
    writes.push(bulkPutFast(t.saleArchive, part).then(() => onPages(count)));
  }
  writes.push(putProductRecords(t, mergedIndexRecords(productIds, stored, rowsByProduct, othersByProduct)));
  await Promise.all(writes);
  onPages(0);
}

/**
 * Takes these sales out of the archive (their pages rewritten without them, their movements out of the
 * by-product index) and returns them as they were stored, for the caller to put in the `sales` table or
 * to delete. Ids that are not archived are ignored.
 */
export async function takeOutOfArchive(t: ArchiveTables, ids: readonly string[]): Promise<StoredSale[]> {
  const pages = await pagesHolding(t, ids);
  if (pages.length === 0) return [];
  const wanted = new Set(ids);
  const taken: StoredSale[] = [];
  const asStored = (sale: StoredSale) => saleRecord(saleOf(sale), sale.movements ?? []);
  const emptied: string[] = [];
  const rewritten: ArchivePage[] = [];
  for (const page of pages) {
    const kept = page.sales.filter((sale) => {
      if (!wanted.has(sale.id)) return true;
      taken.push(asStored(sale));
      return false;
    });
    if (kept.length === 0) emptied.push(page.key);
    else rewritten.push(archivePage(kept, page.key));
  }
  await t.saleArchive.bulkDelete(emptied);
  await bulkPutFast(t.saleArchive, rewritten);

  const takenIds = new Set(taken.map((sale) => sale.id));
  const products = [...movementsByProduct(taken).keys()];
  const indexed = await t.archivedMovements.bulkGet(products);
  await putProductRecords(
    t,
    indexed.flatMap((record) =>
      record
        ? [
            {
              productId: record.productId,
              record: productMovementsRecord(
                record.productId,
                decodeMovements(record.movements).filter((movement) => !takenIds.has(movement.saleId)),
                record.others ?? [],
              ),
            },
          ]
        : [],
    ),
  );
  return taken;
}
