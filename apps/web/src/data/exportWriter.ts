// Builds the backup file as a Blob, page by page from one read snapshot, never as one giant string.
import {
  backupChunkText,
  backupFileParts,
  SETTINGS_ID,
  settingsSchema,
  DEFAULT_SETTINGS,
  type BackupPhoto,
  type StreamedBackupList,
} from '@hanouti/core';
import type { Table } from 'dexie';
import { dataUrlFromBlob } from './dataUrls';
import { tx } from './db';
import { everyArchivedEntry } from './creditArchive';
import { ARCHIVE_TABLES, eachArchivePage, everyArchivedOtherMovement } from './saleArchive';
import { embeddedMovements, saleOf, type StoredSale } from './saleRecords';

/** Records read and turned into text at a time: a page of sales is about a megabyte of JSON. */
const PAGE_SIZE = 2000;

export type ExportProgress = (exported: number, total: number) => void;

/**
 * Reads a whole table by primary key, a page at a time, inside the caller's transaction, and turns each
 * page into a Blob of file text at once: memory holds one page of records, and the text lives in Blobs
 * (which the browser may keep on disk).
 */
async function pagesAsBlobs<T>(
  table: Table<T, string>,
  toText: (records: T[]) => string,
  keyOf: (record: T) => string,
  onPage: (records: number) => void,
): Promise<Blob[]> {
  const blobs: Blob[] = [];
  let after: string | undefined;
  for (;;) {
    const from = after === undefined ? table.orderBy(':id') : table.where(':id').above(after);
    const page = await from.limit(PAGE_SIZE).toArray();
    if (page.length > 0) blobs.push(new Blob([toText(page)]));
    onPage(page.length);
    if (page.length < PAGE_SIZE) return blobs;
    after = keyOf(page[page.length - 1]!);
  }
}

/**
 * The whole shop as the spec's backup file, compact JSON, read in ONE read transaction (a consistent
 * snapshot: a sale made meanwhile is either wholly in the file or not at all). Photos are turned into data
 * URLs after the transaction, from the blobs it read. The text is exactly core's exportBackup output.
 */
export async function exportBackupBlob(
  exportDate: string,
  onProgress: ExportProgress = () => undefined,
): Promise<Blob> {
  const snapshot = await tx(
    'r',
    [
      'products',
      'sales',
      ...ARCHIVE_TABLES,
      'customers',
      'creditTransactions',
      'archivedCredits',
      'stockMovements',
      'photos',
      'settings',
      'suppliers',
      'supplierEntries',
    ],
    async (t) => {
      const counts = await Promise.all([
        t.sales.count(),
        // One index entry per archived sale.
        t.saleArchive.orderBy('saleIds').count(),
        t.creditTransactions.count(),
        // One index entry per archived credit entry.
        t.archivedCredits.orderBy('entryIds').count(),
        t.stockMovements.count(),
      ]);
      const total = counts.reduce((sum, n) => sum + n, 0);
      let exported = 0;
      const onPage = (records: number) => {
        exported += records;
        onProgress(exported, total);
      };
      const byId = (record: { id: string }) => record.id;
      // The movements kept inside the sales go out with the movements table's, as one list.
      const saleMovements: Blob[] = [];
      const salesText = (page: StoredSale[]) => {
        const movements = page.flatMap(embeddedMovements);
        if (movements.length > 0)
          saleMovements.push(new Blob([backupChunkText('stockMovements', movements)]));
        return backupChunkText('sales', page.map(saleOf));
      };
      const sales = await pagesAsBlobs(t.sales, salesText, byId, onPage);
      await eachArchivePage(t, (page) => {
        sales.push(new Blob([salesText(page.sales)]));
        onPage(page.sales.length);
      });
      const chunks: Record<StreamedBackupList, Blob[]> = {
        sales,
        creditTransactions: [
          ...(await pagesAsBlobs(
            t.creditTransactions,
            (page) => backupChunkText('creditTransactions', page),
            byId,
            onPage,
          )),
          ...(await everyArchivedEntry(t).then((entries) => {
            onPage(entries.length);
            return entries.length > 0 ? [new Blob([backupChunkText('creditTransactions', entries)])] : [];
          })),
        ],
        stockMovements: [
          ...saleMovements,
          ...(await pagesAsBlobs(
            t.stockMovements,
            (page) => backupChunkText('stockMovements', page),
            byId,
            onPage,
          )),
          ...(await everyArchivedOtherMovement(t).then((others) =>
            others.length > 0 ? [new Blob([backupChunkText('stockMovements', others)])] : [],
          )),
        ],
      };
      const settings = settingsSchema.safeParse(await t.settings.get(SETTINGS_ID));
      return {
        chunks,
        products: await t.products.toArray(),
        customers: await t.customers.toArray(),
        photos: await t.photos.toArray(),
        settings: settings.success ? settings.data : DEFAULT_SETTINGS,
        suppliers: await t.suppliers.toArray(),
        supplierEntries: await t.supplierEntries.toArray(),
      };
    },
  );
  const photos: BackupPhoto[] = [];
  for (const photo of snapshot.photos)
    photos.push({ id: photo.id, dataUrl: await dataUrlFromBlob(photo.blob, photo.mime) });
  const parts = backupFileParts(
    {
      products: snapshot.products,
      customers: snapshot.customers,
      settings: snapshot.settings,
      photos,
      // A shop without a supplier notebook writes the file as before.
      ...(snapshot.suppliers.length + snapshot.supplierEntries.length > 0
        ? { suppliers: snapshot.suppliers, supplierEntries: snapshot.supplierEntries }
        : {}),
      ...snapshot.chunks,
    },
    exportDate,
  );
  return new Blob(parts, { type: 'application/json' });
}
