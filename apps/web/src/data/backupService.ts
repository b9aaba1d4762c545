// Backup: export every record to the spec's JSON file; import a file all at once (upsert by id) or not at all.
import {
  backupFileName,
  balancesByCustomer,
  DEFAULT_IMPORT_LIMITS,
  exportBackup,
  stockByProduct,
  type BackupPhoto,
  type ImportPlan,
  type ImportReport,
  type Sale,
  type StockMovement,
} from '@hanouti/core';
import { tx, type PhotoRecord, type Tables } from './db';
import { blobFromDataUrl, dataUrlFromBlob } from './dataUrls';
import { parseBackup } from './backupParsing';
import { OUTBOX_TABLES, recordOperations } from './outbox';
import { AGGREGATE_TABLES, applySalesToAggregates } from './salesAggregates';
import { loadSettings } from './settingsRepository';

export type BackupExport = { blob: Blob; filename: string };

/** The whole shop as the spec's backup file (photos as data URLs), read in one consistent snapshot. */
export async function exportAll(options: { now?: Date } = {}): Promise<BackupExport> {
  const exportDate = (options.now ?? new Date()).toISOString();
  const data = await tx(
    'r',
    ['products', 'sales', 'customers', 'creditTransactions', 'stockMovements', 'photos', 'settings'],
    async (t) => ({
      products: await t.products.toArray(),
      sales: await t.sales.orderBy('date').toArray(),
      customers: await t.customers.toArray(),
      creditTransactions: await t.creditTransactions.orderBy('date').toArray(),
      stockMovements: await t.stockMovements.orderBy('at').toArray(),
      photos: await t.photos.toArray(),
    }),
  );
  const photos: BackupPhoto[] = [];
  for (const photo of data.photos)
    photos.push({ id: photo.id, dataUrl: await dataUrlFromBlob(photo.blob, photo.mime) });
  const file = exportBackup({ ...data, photos, settings: await loadSettings() }, exportDate);
  return {
    blob: new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
    filename: backupFileName(exportDate),
  };
}

/** 'import-invalid' is the one message the screen shows: "Erreur lors de l'importation des données…". */
export type ImportOutcome =
  | { ok: true; report: ImportReport }
  | { ok: false; error: 'import-invalid'; reason: string; report?: ImportReport };

const IMPORT_TABLES = [
  'products',
  'photos',
  'sales',
  'stockMovements',
  'customers',
  'creditTransactions',
  'settings',
  ...AGGREGATE_TABLES,
  ...OUTBOX_TABLES,
] as const;

type ImportTables = Pick<Tables, (typeof IMPORT_TABLES)[number]>;

/**
 * Imports a backup file. The file is read and validated first (in a Worker); a file with any refused
 * record is refused whole, so a bad file changes nothing. The plan is then written in ONE transaction as
 * upserts by id (importing the same file twice changes nothing the second time), and the caches that
 * derive from the records — stock, balances, dashboard totals — are recomputed in the same transaction.
 */
export async function importBackupFile(file: File): Promise<ImportOutcome> {
  const refuse = (reason: string, report?: ImportReport): ImportOutcome => ({
    ok: false,
    error: 'import-invalid',
    reason,
    ...(report ? { report } : {}),
  });
  if (!file.name.toLowerCase().endsWith('.json')) return refuse('not-json-file');
  // UTF-8 needs at least one byte per character: a bigger file cannot be within the parser's limit.
  if (file.size > DEFAULT_IMPORT_LIMITS.maxChars * 3) return refuse('too-large');
  try {
    const parsed = await parseBackup(await file.text());
    if (!parsed.ok) return refuse(parsed.error);
    if (parsed.report.rejectedCount > 0) return refuse('rejected-records', parsed.report);
    const photos = photoRecords(parsed.backup.photos);
    if (!photos) return refuse('invalid-photo', parsed.report);
    await tx('rw', IMPORT_TABLES, (t) => writeImportPlan(t, parsed.backup, photos));
    return { ok: true, report: parsed.report };
  } catch (error) {
    console.error("Échec de l'importation", error);
    return refuse('write-failed');
  }
}

/** Decodes the photos before the transaction (nothing but Dexie may be awaited inside it). */
function photoRecords(photos: readonly BackupPhoto[]): PhotoRecord[] | undefined {
  const updatedAt = new Date().toISOString();
  const records: PhotoRecord[] = [];
  for (const photo of photos) {
    const blob = blobFromDataUrl(photo.dataUrl);
    if (!blob) return undefined;
    // A backup carries one size only; the full image stands in for the thumbnail until it is re-saved.
    records.push({ id: photo.id, blob, thumbnail: blob, mime: blob.type, updatedAt });
  }
  return records;
}

async function writeImportPlan(t: ImportTables, plan: ImportPlan, photos: PhotoRecord[]): Promise<void> {
  const now = new Date().toISOString();

  // Sales already here are taken out of the dashboard totals before their new version is put back.
  const previousSales = (await t.sales.bulkGet(plan.sales.map((sale) => sale.id))).filter(
    (sale): sale is Sale => sale !== undefined,
  );
  await applySalesToAggregates(t, previousSales, -1);
  await t.sales.bulkPut(plan.sales);
  await applySalesToAggregates(t, plan.sales, 1);

  await t.photos.bulkPut(photos);
  await t.stockMovements.bulkPut(plan.stockMovements);
  await t.creditTransactions.bulkPut(plan.creditTransactions);

  // Stock = Σ movements and balance = Σ entries, over everything now stored (the phone's own and the file's).
  const stockOf = stockByProduct(
    await t.stockMovements
      .where('productId')
      .anyOf(plan.products.map((p) => p.id))
      .toArray(),
  );
  const products = plan.products.map((product) => ({
    ...product,
    stock: stockOf.get(product.id) ?? product.stock,
  }));
  await t.products.bulkPut(products);
  const balanceOf = balancesByCustomer(
    await t.creditTransactions
      .where('customerId')
      .anyOf(plan.customers.map((c) => c.id))
      .toArray(),
  );
  const customers = plan.customers.map((customer) => ({
    ...customer,
    creditBalance: balanceOf.get(customer.id) ?? 0,
  }));
  await t.customers.bulkPut(customers);
  if (plan.settings) await t.settings.put(plan.settings);

  const saleIds = new Set(plan.sales.map((sale) => sale.id));
  const movementsBySale = new Map<string, StockMovement[]>();
  const otherMovements: StockMovement[] = [];
  for (const movement of plan.stockMovements) {
    if (movement.saleId === undefined || !saleIds.has(movement.saleId)) otherMovements.push(movement);
    else {
      const ofSale = movementsBySale.get(movement.saleId);
      if (ofSale) ofSale.push(movement);
      else movementsBySale.set(movement.saleId, [movement]);
    }
  }
  await recordOperations(
    t,
    [
      ...products.map((payload) => ({ type: 'product.upsert' as const, payload })),
      ...customers.map((payload) => ({ type: 'customer.upsert' as const, payload })),
      ...otherMovements.map((payload) => ({ type: 'stock.move' as const, payload })),
      ...plan.sales.map((sale) => ({
        type: 'sale.record' as const,
        payload: { sale, movements: movementsBySale.get(sale.id) ?? [] },
      })),
      ...plan.creditTransactions.map((payload) => ({ type: 'credit.record' as const, payload })),
      ...(plan.settings ? [{ type: 'settings.update' as const, payload: plan.settings }] : []),
    ],
    now,
  );
}
