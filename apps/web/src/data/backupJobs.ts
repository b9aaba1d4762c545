// The backup jobs (export, preview, import), whole, as the backup Worker runs them (or the page, where no Worker starts).
import { DEFAULT_IMPORT_LIMITS, parseBackupText, type BackupPhoto, type ImportReport } from '@hanouti/core';
import { blobFromDataUrl } from './dataUrls';
import type { PhotoRecord } from './db';
import { exportBackupBlob } from './exportWriter';
import { writeImportPlan } from './importWriter';

/** 'import-invalid' is the one message the screen shows: "Erreur lors de l'importation des données…". */
export type ImportOutcome =
  | { ok: true; report: ImportReport }
  | { ok: false; error: 'import-invalid'; reason: string; report?: ImportReport };

export type ImportPreview =
  | { ok: true; report: ImportReport; exportDate: string | null; hasSettings: boolean }
  | { ok: false; reason: string; report?: ImportReport };

export type BackupJob =
  { kind: 'export'; exportDate: string } | { kind: 'preview'; file: File } | { kind: 'import'; file: File };

export type BackupJobResult<J extends BackupJob> = J extends { kind: 'export' }
  ? Blob
  : J extends { kind: 'preview' }
    ? ImportPreview
    : ImportOutcome;

/** Where a job is: reading the file, checking its records, writing them, or writing the export file. */
export type BackupProgress = {
  step: 'reading' | 'checking' | 'writing' | 'exporting';
  done: number;
  total: number;
};
export type OnBackupProgress = (progress: BackupProgress) => void;

/** Decodes the photos before the transaction (nothing but IndexedDB may be awaited inside it). */
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

/** Reads and checks a backup file; a file with any refused record is refused whole. */
async function readBackupFile(file: File, onProgress: OnBackupProgress) {
  if (!file.name.toLowerCase().endsWith('.json')) return { ok: false as const, reason: 'not-json-file' };
  // UTF-8 needs at least one byte per character: a bigger file cannot be within the parser's limit.
  if (file.size > DEFAULT_IMPORT_LIMITS.maxChars * 3) return { ok: false as const, reason: 'too-large' };
  onProgress({ step: 'reading', done: 0, total: file.size });
  const text = await file.text();
  onProgress({ step: 'checking', done: 0, total: file.size });
  const parsed = parseBackupText(text);
  if (!parsed.ok) return { ok: false as const, reason: parsed.error };
  if (parsed.report.rejectedCount > 0) {
    return { ok: false as const, reason: 'rejected-records', report: parsed.report };
  }
  return parsed;
}

async function previewJob(file: File, onProgress: OnBackupProgress): Promise<ImportPreview> {
  try {
    const parsed = await readBackupFile(file, onProgress);
    if (!parsed.ok) return parsed;
    return {
      ok: true,
      report: parsed.report,
      exportDate: parsed.backup.exportDate,
      hasSettings: parsed.backup.settings !== null,
    };
  } catch (error) {
    console.error('Lecture de la sauvegarde impossible', error);
    return { ok: false, reason: 'read-failed' };
  }
}

/**
 * Imports a backup file: read and checked first, then written in ONE transaction (writeImportPlan), so a
 * bad file or a failed write changes nothing. Only the outcome and its report leave this function.
 */
async function importJob(file: File, onProgress: OnBackupProgress): Promise<ImportOutcome> {
  const refuse = (reason: string, report?: ImportReport): ImportOutcome => ({
    ok: false,
    error: 'import-invalid',
    reason,
    ...(report ? { report } : {}),
  });
  try {
    const parsed = await readBackupFile(file, onProgress);
    if (!parsed.ok) return refuse(parsed.reason, parsed.report);
    const photos = photoRecords(parsed.backup.photos);
    if (!photos) return refuse('invalid-photo', parsed.report);
    await writeImportPlan(parsed.backup, photos, (done, total) =>
      onProgress({ step: 'writing', done, total }),
    );
    return { ok: true, report: parsed.report };
  } catch (error) {
    console.error("Échec de l'importation", error);
    return refuse('write-failed');
  }
}

/** Runs one backup job where it is called (the Worker, or the page as a fallback). */
export async function runBackupJob<J extends BackupJob>(
  job: J,
  onProgress: OnBackupProgress = () => undefined,
): Promise<BackupJobResult<J>> {
  const result =
    job.kind === 'export'
      ? await exportBackupBlob(job.exportDate, (done, total) =>
          onProgress({ step: 'exporting', done, total }),
        )
      : job.kind === 'preview'
        ? await previewJob(job.file, onProgress)
        : await importJob(job.file, onProgress);
  return result as BackupJobResult<J>;
}
