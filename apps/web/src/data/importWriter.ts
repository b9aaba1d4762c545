// Writes a checked import plan in ONE transaction: records, caches, dashboard totals and batched operations.
import {
  balancesByCustomer,
  balancesBySupplier,
  stockByProduct,
  supplierRecordPayload,
  type Customer,
  type ImportPlan,
  type Product,
  type StockMovement,
  type Supplier,
  type SupplierEntry,
} from '@hanouti/core';
import type { Table } from 'dexie';
import { bulkPutFast } from './bulkPutFast';
import { tx, type PhotoRecord, type Tables } from './db';
import { recordArchivedSaleOperations } from './archivedSaleOperations';
import { archiveEntries, archivedEntriesOf, takeEntriesOutOfArchive } from './creditArchive';
import { LEDGER_TABLES } from './ledger';
import { OUTBOX_TABLES, recordOperationBatches } from './outbox';
import {
  addToArchive,
  ARCHIVE_TABLES,
  decodeMovements,
  stockMovementOf,
  takeOtherMovementsOutOfArchive,
  takeOutOfArchive,
} from './saleArchive';
import { allMovements, embeddedMovements, saleRecordsWithMovements, type StoredSale } from './saleRecords';
import { AGGREGATE_TABLES, applySalesToAggregates } from './salesAggregates';

export const IMPORT_TABLES = [
  'products',
  'photos',
  'sales',
  ...ARCHIVE_TABLES,
  'stockMovements',
  'customers',
  ...LEDGER_TABLES,
  'settings',
  'suppliers',
  'supplierEntries',
  ...AGGREGATE_TABLES,
  ...OUTBOX_TABLES,
] as const;

type ImportTables = Pick<Tables, (typeof IMPORT_TABLES)[number]>;

/** Progress of the write, in records written out of the plan's total. */
export type WriteProgress = (written: number, total: number) => void;

// Big lists are written in slices so progress can be told; each slice is still part of the one transaction.
const WRITE_SLICE = 50_000;
// Below this ratio of stored to imported records, reading every stored key is cheaper than one get per record.
const KEYS_SCAN_RATIO = 4;

const isDefined = <T>(value: T | undefined): value is T => value !== undefined;

/** The stored versions of the given ids: nothing when the table is empty (a new phone), else the fewest reads. */
async function storedAmong<T>(table: Table<T, string>, ids: readonly string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  const stored = await table.count();
  if (stored === 0) return [];
  if (stored > ids.length * KEYS_SCAN_RATIO) return (await table.bulkGet([...ids])).filter(isDefined);
  const wanted = new Set(ids);
  const present = (await table.toCollection().primaryKeys()).filter((key) => wanted.has(key));
  return (await table.bulkGet(present)).filter(isDefined);
}

/**
 * Stored ledger records (movements, credit entries) of the given owners that the plan does not carry:
 * the phone's own history, which the recomputed caches must include. Usually none.
 */
async function storedOthersOf<T extends { id: string }>(
  table: Table<T, string>,
  ownerField: 'productId' | 'customerId' | 'supplierId',
  owners: ReadonlySet<string>,
  planIds: ReadonlySet<string>,
): Promise<T[]> {
  if (owners.size === 0) return [];
  const stored = await table.count();
  if (stored === 0) return [];
  const ownedHere = (record: T) => owners.has((record as Record<string, unknown>)[ownerField] as string);
  if (stored <= planIds.size * KEYS_SCAN_RATIO) {
    const others = (await table.toCollection().primaryKeys()).filter((key) => !planIds.has(key));
    return (await table.bulkGet(others)).filter(isDefined).filter(ownedHere);
  }
  const owned = await table
    .where(ownerField)
    .anyOf([...owners])
    .toArray();
  return owned.filter((record) => !planIds.has(record.id));
}

function groupBy<T>(values: readonly T[], keyOf: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/**
 * Stored movements the plan does not carry, kept inside stored sales: those of sales outside the file that
 * touch the given products, and those the stored versions of the file's sales hold beyond the file's.
 */
async function storedSaleMovementsBeyond(
  t: ImportTables,
  plan: ImportPlan,
  previousSales: readonly StoredSale[],
  owners: ReadonlySet<string>,
  planMovementIds: ReadonlySet<string>,
): Promise<StockMovement[]> {
  const stored = await t.sales.count();
  if (stored === 0 || owners.size === 0) return [];
  const planSales = new Set(plan.sales.map((sale) => sale.id));
  let outside: StoredSale[];
  if (stored <= planSales.size * KEYS_SCAN_RATIO) {
    const keys = (await t.sales.toCollection().primaryKeys()).filter((key) => !planSales.has(key));
    outside = (await t.sales.bulkGet(keys)).filter(isDefined);
  } else {
    outside = (
      await t.sales
        .where('productIds')
        .anyOf([...owners])
        .toArray()
    ).filter((sale) => !planSales.has(sale.id));
  }
  return [...outside, ...previousSales]
    .flatMap(embeddedMovements)
    .filter((movement) => owners.has(movement.productId) && !planMovementIds.has(movement.id));
}

/** Movements of archived sales outside the file (the file's own were taken out of the archive first). */
async function archivedMovementsOf(
  t: ImportTables,
  owners: ReadonlySet<string>,
  planMovementIds: ReadonlySet<string>,
): Promise<StockMovement[]> {
  if (owners.size === 0 || (await t.archivedMovements.count()) === 0) return [];
  return (await t.archivedMovements.bulkGet([...owners]))
    .filter(isDefined)
    .flatMap((record) => [
      ...decodeMovements(record.movements).map((movement) => stockMovementOf(record.productId, movement)),
      ...(record.others ?? []),
    ])
    .filter((movement) => !planMovementIds.has(movement.id));
}

/**
 * Stock caches after the import. The plan's products already have stock = Σ of the file's movements (core
 * checks it); only products with stored movements the file lacks (in the movements table or inside stored
 * sales), and stored products outside the file that got movements from it, are recomputed over both.
 */
async function productsWithStock(
  t: ImportTables,
  plan: ImportPlan,
  previousSales: readonly StoredSale[],
): Promise<Product[]> {
  const planProducts = new Set(plan.products.map((product) => product.id));
  const owners = new Set([...planProducts, ...plan.stockMovements.map((movement) => movement.productId)]);
  const planMovementIds = new Set(plan.stockMovements.map((movement) => movement.id));
  const others = allMovements(
    [],
    [
      ...(await storedOthersOf(t.stockMovements, 'productId', owners, planMovementIds)),
      ...(await storedSaleMovementsBeyond(t, plan, previousSales, owners, planMovementIds)),
      ...(await archivedMovementsOf(t, owners, planMovementIds)),
    ],
  );
  const outside = [...owners].filter((id) => !planProducts.has(id));
  const outsideProducts = (await t.products.bulkGet(outside)).filter(isDefined);
  const recomputed = new Set([...others.map((m) => m.productId), ...outsideProducts.map((p) => p.id)]);
  if (recomputed.size === 0) return plan.products;
  const stockOf = stockByProduct([
    ...others,
    ...plan.stockMovements.filter((movement) => recomputed.has(movement.productId)),
  ]);
  const withStock = (product: Product): Product =>
    recomputed.has(product.id) ? { ...product, stock: stockOf.get(product.id) ?? 0 } : product;
  return [...plan.products.map(withStock), ...outsideProducts.map(withStock)];
}

/** Balance caches after the import, the same way as stock: balance = Σ entries, stored and imported. */
async function customersWithBalance(t: ImportTables, plan: ImportPlan): Promise<Customer[]> {
  const planCustomers = new Set(plan.customers.map((customer) => customer.id));
  const owners = new Set([...planCustomers, ...plan.creditTransactions.map((entry) => entry.customerId)]);
  const planEntryIds = new Set(plan.creditTransactions.map((entry) => entry.id));
  const others = [
    ...(await storedOthersOf(t.creditTransactions, 'customerId', owners, planEntryIds)),
    ...(await archivedEntriesOf(t, [...owners])).filter((entry) => !planEntryIds.has(entry.id)),
  ];
  const outside = [...owners].filter((id) => !planCustomers.has(id));
  const outsideCustomers = (await t.customers.bulkGet(outside)).filter(isDefined);
  const recomputed = new Set([...others.map((e) => e.customerId), ...outsideCustomers.map((c) => c.id)]);
  if (recomputed.size === 0) return plan.customers;
  const balanceOf = balancesByCustomer([
    ...others,
    ...plan.creditTransactions.filter((entry) => recomputed.has(entry.customerId)),
  ]);
  const withBalance = (customer: Customer): Customer =>
    recomputed.has(customer.id) ? { ...customer, creditBalance: balanceOf.get(customer.id) ?? 0 } : customer;
  return [...plan.customers.map(withBalance), ...outsideCustomers.map(withBalance)];
}

/**
 * Supplier balance caches after the import: Σ of the file's entries and of the phone's own entries of the
 * same suppliers that the file does not carry (core already summed the file's alone).
 */
async function suppliersWithBalance(t: ImportTables, plan: ImportPlan): Promise<Supplier[]> {
  const owners = new Set(plan.suppliers.map((supplier) => supplier.id));
  const planEntryIds = new Set(plan.supplierEntries.map((entry) => entry.id));
  const others = await storedOthersOf(t.supplierEntries, 'supplierId', owners, planEntryIds);
  if (others.length === 0) return plan.suppliers;
  const balanceOf = balancesBySupplier([...others, ...plan.supplierEntries]);
  return plan.suppliers.map((supplier) => ({ ...supplier, balance: balanceOf.get(supplier.id) ?? 0 }));
}

/**
 * The operations sync needs, one per record of the file, in three runs: before the sales (catalogue,
 * customers, movements that are not a file sale's), the sales (recorded by reference to the archive,
 * archivedSaleOperations.ts), and after them (credit entries, settings).
 */
function importOperations(
  plan: ImportPlan,
  products: Product[],
  customers: Customer[],
  suppliers: Supplier[],
) {
  const saleIds = new Set(plan.sales.map((sale) => sale.id));
  const otherMovements = plan.stockMovements.filter(
    (movement) => movement.saleId === undefined || !saleIds.has(movement.saleId),
  );
  return {
    beforeSales: [
      ...products.map((payload) => ({ type: 'product.upsert' as const, payload })),
      ...customers.map((payload) => ({ type: 'customer.upsert' as const, payload })),
      ...suppliers.map((payload) => ({ type: 'supplier.upsert' as const, payload })),
      ...otherMovements.map((payload) => ({ type: 'stock.move' as const, payload })),
    ],
    afterSales: [
      ...plan.creditTransactions.map((payload) => ({ type: 'credit.record' as const, payload })),
      ...plan.supplierEntries.map((entry) => ({
        type: 'supplier.record' as const,
        payload: supplierRecordPayload(withoutMovementIds(entry)),
      })),
      ...(plan.settings ? [{ type: 'settings.update' as const, payload: plan.settings }] : []),
    ],
  };
}

/**
 * A delivery's movements travel as 'stock.move' operations of their own (like every other imported
 * movement), so its 'supplier.record' carries the entry without them — and then without naming them,
 * since an operation's entry lists exactly the movements it brings. The phone keeps the full entry.
 */
function withoutMovementIds(entry: SupplierEntry): SupplierEntry {
  if (entry.movementIds === undefined) return entry;
  const { movementIds: _movements, ...rest } = entry;
  return rest;
}

/** The file's movements of its sales that did not fit inside the sale's record, by sale. */
function looseSaleMovements(plan: ImportPlan, embedded: ReadonlySet<string>): Map<string, StockMovement[]> {
  const saleIds = new Set(plan.sales.map((sale) => sale.id));
  return groupBy(
    plan.stockMovements.filter(
      (movement) =>
        movement.saleId !== undefined && saleIds.has(movement.saleId) && !embedded.has(movement.id),
    ),
    (movement) => movement.saleId ?? '',
  );
}

/** Removes records by key, a slice at a time (a re-import moves the file's stored sales to the archive). */
async function deleteInSlices<T>(table: Table<T, string>, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += WRITE_SLICE) {
    await table.bulkDelete(keys.slice(start, start + WRITE_SLICE));
  }
}

async function putInSlices<T>(
  table: Table<T, string>,
  records: readonly T[],
  written: { count: number },
  report: () => void,
): Promise<void> {
  for (let start = 0; start < records.length; start += WRITE_SLICE) {
    const slice = records.slice(start, start + WRITE_SLICE);
    await bulkPutFast(table, slice);
    written.count += slice.length;
    report();
  }
}

/**
 * Writes the plan as upserts by id, in ONE transaction (a crash or a failed write leaves the shop as it
 * was), so importing the same file twice changes nothing the second time. Reads back only what existed:
 * the stored versions of the file's sales (taken out of the dashboard totals before the new ones are
 * added), and the phone's own movements and entries of the touched products and customers (so that stock
 * = Σ movements and balance = Σ entries still hold). Everything else is computed from the plan in memory.
 */
export async function writeImportPlan(
  plan: ImportPlan,
  photos: readonly PhotoRecord[],
  onProgress: WriteProgress = () => undefined,
): Promise<void> {
  const now = new Date().toISOString();
  const total =
    plan.sales.length +
    plan.stockMovements.length +
    plan.creditTransactions.length +
    plan.products.length +
    plan.customers.length +
    plan.suppliers.length +
    plan.supplierEntries.length;
  const written = { count: 0 };
  const report = () => onProgress(written.count, total);
  await tx('rw', IMPORT_TABLES, async (t) => {
    // The file's sales go to the archive (saleArchive.ts): their stored versions, wherever they are, are
    // taken out first, for the totals and the movements they hold.
    const fileSaleIds = plan.sales.map((sale) => sale.id);
    const previousLive: StoredSale[] = await storedAmong(t.sales, fileSaleIds);
    const previousSales = [...previousLive, ...(await takeOutOfArchive(t, fileSaleIds))];
    const products = await productsWithStock(t, plan, previousSales);
    const customers = await customersWithBalance(t, plan);
    const suppliers = await suppliersWithBalance(t, plan);

    report();
    await applySalesToAggregates(t, previousSales, -1);
    await applySalesToAggregates(t, plan.sales, 1);
    report();
    // A sale's movements ride inside its record (saleRecords.ts); only the others are records of their own.
    const { records, loose } = saleRecordsWithMovements(
      plan.sales,
      plan.stockMovements,
      new Map(previousSales.map((sale) => [sale.id, sale])),
      { productIds: false }, // they go to the archive
    );
    written.count += plan.stockMovements.length - loose.length;
    // The file's other movements go to the archive's index by product; those the stored sales held and no
    // longer fit them stay records of their own.
    const planMovementIds = new Set(plan.stockMovements.map((movement) => movement.id));
    const archivedLoose = loose.filter((movement) => planMovementIds.has(movement.id));
    const kept = loose.filter((movement) => !planMovementIds.has(movement.id));
    const embeddedIds = records.flatMap((record) => (record.movements ?? []).map((m) => m.id));
    const archivedIds = [...embeddedIds, ...archivedLoose.map((movement) => movement.id)];
    const stale = await storedAmong(t.stockMovements, archivedIds);
    await t.stockMovements.bulkDelete(stale.map((movement) => movement.id));
    await takeOtherMovementsOutOfArchive(t, archivedIds);
    await deleteInSlices(
      t.sales,
      previousLive.map((sale) => sale.id),
    );
    // The file's credit entries go to the archive by customer (creditArchive.ts), out of the table first.
    const entryIds = plan.creditTransactions.map((entry) => entry.id);
    const staleEntries = await storedAmong(t.creditTransactions, entryIds);
    await t.creditTransactions.bulkDelete(staleEntries.map((entry) => entry.id));
    await takeEntriesOutOfArchive(t, entryIds);
    await archiveEntries(t, plan.creditTransactions);
    written.count += plan.creditTransactions.length;
    report();
    const operations = importOperations(plan, products, customers, suppliers);
    await recordOperationBatches(t, operations.beforeSales, now);
    await recordArchivedSaleOperations(
      t,
      plan.sales.map((sale) => sale.id),
      now,
      looseSaleMovements(plan, new Set(embeddedIds)),
    );
    await recordOperationBatches(t, operations.afterSales, now);
    // Last, the writes that read nothing, placed together and awaited together: a transaction answers its
    // requests in order, so a read placed after them would have waited for every one; placed at once,
    // IndexedDB writes one while this thread copies the next.
    await Promise.all([
      addToArchive(t, records, archivedLoose, (sales) => {
        written.count += sales === 0 ? archivedLoose.length : sales;
        report();
      }),
      putInSlices<StockMovement>(t.stockMovements, kept, written, report),
      t.photos.bulkPut([...photos]),
      putInSlices<Product>(t.products, products, written, report),
      putInSlices<Customer>(t.customers, customers, written, report),
      putInSlices<SupplierEntry>(t.supplierEntries, plan.supplierEntries, written, report),
      putInSlices<Supplier>(t.suppliers, suppliers, written, report),
      plan.settings ? t.settings.put(plan.settings) : undefined,
    ]);
    report();
  });
}
