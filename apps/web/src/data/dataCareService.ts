// Data care of the settings page: integrity check, full cleanup in one transaction, import preview, storage state.
import {
  checkIntegrity,
  planCleanup,
  type CleanupPlan,
  type IntegrityReport,
  type ShopRecords,
} from '@hanouti/core';
import { writeOutArchivedSaleOperations } from './archivedSaleOperations';
import type { ImportPreview, OnBackupProgress } from './backupJobs';
import { runBackupJobOffThread } from './backupWorkerClient';
import { tx, type Tables } from './db';
import { OUTBOX_TABLES, recordOperations, type NewOperation } from './outbox';
import { everyArchivedEntry } from './creditArchive';
import { deleteEntries, LEDGER_TABLES, putEntries } from './ledger';
import { everyArchivedOtherMovement, everyArchivedSale } from './saleArchive';
import { allMovements, saleOf } from './saleRecords';
import { deleteSalesKeepingMovements, putSalesAndMovements, SALE_TABLES } from './sales';
import { AGGREGATE_TABLES, rebuildSalesAggregates } from './salesAggregates';
import { SUPPLIER_TABLES } from './suppliersRepository';

const RECORD_TABLES = ['products', 'customers', ...LEDGER_TABLES, ...SALE_TABLES] as const;

/** The five lists of the shop, read side by side: `onRead(done, 5)` as each one is in. */
const SHOP_LISTS = 5;

async function readShopRecords(
  t: Pick<Tables, (typeof RECORD_TABLES)[number]>,
  onRead: (done: number, total: number) => void = () => undefined,
): Promise<ShopRecords> {
  let read = 0;
  // A plain callback on Dexie's own promise: nothing foreign is awaited inside the transaction.
  const counted = <T>(list: Promise<T>): Promise<T> =>
    list.then((value) => {
      onRead(++read, SHOP_LISTS);
      return value;
    });
  onRead(0, SHOP_LISTS);
  const [products, sales, customers, creditTransactions, stockMovements] = await Promise.all([
    counted(t.products.toArray()),
    counted(t.sales.toArray().then(async (live) => [...live, ...(await everyArchivedSale(t))])),
    counted(t.customers.toArray()),
    counted(
      t.creditTransactions.toArray().then(async (table) => [...table, ...(await everyArchivedEntry(t))]),
    ),
    counted(
      t.stockMovements.toArray().then(async (table) => [...table, ...(await everyArchivedOtherMovement(t))]),
    ),
  ]);
  return {
    products,
    sales: sales.map(saleOf),
    customers,
    creditTransactions,
    stockMovements: allMovements(sales, stockMovements),
  };
}

/**
 * Where the integrity check is, in 6 units: the 5 lists of the shop read, then the check itself
 * (`done` only grows; 6 of 6 once the report is made).
 */
export type IntegrityProgress = { step: 'reading' | 'checking'; done: number; total: number };
export type OnIntegrityProgress = (progress: IntegrityProgress) => void;
const INTEGRITY_UNITS = SHOP_LISTS + 1;

/** The integrity check over one consistent snapshot of the shop (spec §8: the first 5 issues are shown). */
export async function checkDataIntegrity(
  onProgress: OnIntegrityProgress = () => undefined,
): Promise<IntegrityReport> {
  const records = await tx('r', [...RECORD_TABLES, ...SUPPLIER_TABLES], async (t) => ({
    ...(await readShopRecords(t, (done) => onProgress({ step: 'reading', done, total: INTEGRITY_UNITS }))),
    suppliers: await t.suppliers.toArray(),
    supplierEntries: await t.supplierEntries.toArray(),
  }));
  // Out of the transaction: the check is plain computation over the snapshot already read.
  onProgress({ step: 'checking', done: SHOP_LISTS, total: INTEGRITY_UNITS });
  const report = checkIntegrity(records);
  onProgress({ step: 'checking', done: INTEGRITY_UNITS, total: INTEGRITY_UNITS });
  return report;
}

export type CleanupOutcome = { removedCount: number; plan: CleanupPlan };

/** Where the cleanup is: archived sales written out, records read, duplicates planned, writes done of total. */
export type CleanupProgress = {
  step: 'archives' | 'reading' | 'planning' | 'writing';
  done: number;
  total: number;
};
export type OnCleanupProgress = (progress: CleanupProgress) => void;

const CLEANUP_TABLES = [...RECORD_TABLES, 'photos', ...AGGREGATE_TABLES, ...OUTBOX_TABLES] as const;

/**
 * Runs the spec's full cleanup: reads everything, plans with core's rules and writes the plan in ONE
 * transaction (a crash leaves the shop fully before or fully after). The dashboard totals are rebuilt from
 * the sales that remain, in the same transaction. "N doublons supprimés avec succès" counts `removedCount`.
 */
export async function cleanUpDatabase(
  onProgress: OnCleanupProgress = () => undefined,
): Promise<CleanupOutcome> {
  const now = new Date().toISOString();
  // The cleanup may remove archived sales: their import operations are written out first.
  await writeOutArchivedSaleOperations((done, total) => onProgress({ step: 'archives', done, total }));
  return tx('rw', CLEANUP_TABLES, async (t) => {
    const records = await readShopRecords(t, (done, total) => onProgress({ step: 'reading', done, total }));
    onProgress({ step: 'planning', done: 0, total: 0 });
    const plan = planCleanup(records);
    if (plan.removedCount === 0 && Object.values(plan.put).every((list) => list.length === 0)) {
      onProgress({ step: 'writing', done: 1, total: 1 });
      return { removedCount: 0, plan };
    }
    const { put } = plan;
    // The writes in order; progress is told between them (a plain callback: nothing else is awaited).
    const writes: (() => Promise<unknown>)[] = [
      () => t.products.bulkDelete(plan.removeProductIds),
      () => t.customers.bulkDelete(plan.removeCustomerIds),
      () => deleteSalesKeepingMovements(t, plan.removeSaleIds),
      () => deleteEntries(t, plan.removeCreditIds),
      () => t.products.bulkPut(put.products),
      () => t.customers.bulkPut(put.customers),
      () => putEntries(t, put.creditTransactions),
      () => putSalesAndMovements(t, put.sales, put.stockMovements),
      () => t.photos.bulkDelete(orphanedPhotoIds(records, plan)),
      () => rebuildSalesAggregates(t),
      () => recordOperations(t, cleanupOperations(records, plan), now),
    ];
    for (const [done, write] of writes.entries()) {
      onProgress({ step: 'writing', done, total: writes.length });
      await write();
    }
    onProgress({ step: 'writing', done: writes.length, total: writes.length });
    return { removedCount: plan.removedCount, plan };
  });
}

/** Photos of merged-away products that the kept product did not take over. */
function orphanedPhotoIds(records: ShopRecords, plan: CleanupPlan): string[] {
  const removed = new Set(plan.removeProductIds);
  const stillUsed = new Set(
    [...records.products.filter((p) => !removed.has(p.id)), ...plan.put.products].flatMap((p) =>
      p.photoId ? [p.photoId] : [],
    ),
  );
  return records.products
    .filter((p) => removed.has(p.id) && p.photoId !== undefined && !stillUsed.has(p.photoId))
    .map((p) => p.photoId ?? '');
}

/**
 * The operations sync needs to repeat the cleanup elsewhere. Removed sales and credit entries have no
 * operation type yet (the outbox's types are append-only for them), so only their rewrites are recorded.
 */
function cleanupOperations(records: ShopRecords, plan: CleanupPlan): NewOperation[] {
  const knownMovements = new Set(records.stockMovements.map((movement) => movement.id));
  return [
    ...plan.removeProductIds.map((id) => ({ type: 'product.delete' as const, payload: { id } })),
    ...plan.removeCustomerIds.map((id) => ({ type: 'customer.delete' as const, payload: { id } })),
    ...plan.put.products.map((payload) => ({ type: 'product.upsert' as const, payload })),
    ...plan.put.customers.map((payload) => ({ type: 'customer.upsert' as const, payload })),
    ...plan.put.stockMovements
      .filter((movement) => !knownMovements.has(movement.id))
      .map((payload) => ({ type: 'stock.move' as const, payload })),
    ...plan.put.sales.map((sale) => ({ type: 'sale.record' as const, payload: { sale, movements: [] } })),
    ...plan.put.creditTransactions.map((payload) => ({ type: 'credit.record' as const, payload })),
  ];
}

export type { ImportPreview } from './backupJobs';

/**
 * Reads and validates a backup file WITHOUT writing anything, so the screen can show what will be
 * imported before the shopkeeper confirms (the file is then applied by backupService.importBackupFile).
 * It runs in the backup Worker: only the report comes back to the page.
 */
export function previewBackupFile(file: File, onProgress?: OnBackupProgress): Promise<ImportPreview> {
  return runBackupJobOffThread({ kind: 'preview', file }, onProgress);
}

export type StorageState = {
  /** Bytes used and available to the app, when the browser says. */
  usage: number | undefined;
  quota: number | undefined;
  /** True when the browser will not evict the data under storage pressure. */
  persisted: boolean;
  /** False when the browser has no StorageManager (then nothing can be said). */
  supported: boolean;
};

/** How much the shop's data takes and whether the browser keeps it for sure (DESIGN §4). */
export async function readStorageState(
  storage: StorageManager | undefined = navigator.storage,
): Promise<StorageState> {
  if (!storage) return { usage: undefined, quota: undefined, persisted: false, supported: false };
  const [estimate, persisted] = await Promise.all([
    typeof storage.estimate === 'function' ? storage.estimate().catch(() => undefined) : undefined,
    typeof storage.persisted === 'function' ? storage.persisted().catch(() => false) : false,
  ]);
  return { usage: estimate?.usage, quota: estimate?.quota, persisted, supported: true };
}

/** Asks the browser to keep the data; resolves to whether it now does. */
export async function requestPersistentStorage(
  storage: StorageManager | undefined = navigator.storage,
): Promise<boolean> {
  if (!storage || typeof storage.persist !== 'function') return false;
  try {
    return await storage.persist();
  } catch {
    return false;
  }
}
