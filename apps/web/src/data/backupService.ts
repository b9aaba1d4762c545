// Backup: export every record to the spec's JSON file; import a file all at once (upsert by id) or not at all.
import { backupFileName } from '@hanouti/core';
import type { ImportOutcome, OnBackupProgress } from './backupJobs';
import { runBackupJobOffThread } from './backupWorkerClient';

export type { BackupProgress, ImportOutcome, OnBackupProgress } from './backupJobs';

export type BackupExport = { blob: Blob; filename: string };
export type BackupOptions = { onProgress?: OnBackupProgress };

/**
 * The whole shop as the spec's backup file (compact JSON, photos as data URLs), read in one consistent
 * snapshot. The Worker reads IndexedDB and builds the file as a Blob page by page, so neither the page
 * nor memory ever holds the file as one string.
 */
export async function exportAll(options: BackupOptions & { now?: Date } = {}): Promise<BackupExport> {
  const exportDate = (options.now ?? new Date()).toISOString();
  const blob = await runBackupJobOffThread({ kind: 'export', exportDate }, options.onProgress);
  return { blob, filename: backupFileName(exportDate) };
}

/**
 * Imports a backup file. The Worker reads, validates and writes it: a file with any refused record is
 * refused whole, so a bad file changes nothing, and a good one is written in ONE transaction as upserts by
 * id (importing the same file twice changes nothing the second time), with the caches that derive from the
 * records — stock, balances, dashboard totals — and the sync operations. The page only gets progress and
 * the outcome.
 */
export function importBackupFile(file: File, options: BackupOptions = {}): Promise<ImportOutcome> {
  return runBackupJobOffThread({ kind: 'import', file }, options.onProgress);
}
