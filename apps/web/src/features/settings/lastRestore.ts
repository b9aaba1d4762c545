// What the last restore brought, kept across the reload that follows it, so the settings page can say it once.
import type { ImportReport } from '@hanouti/core';

export const LAST_RESTORE_KEY = 'hanouti.lastRestore';

/** Counted in every record; the supplier lists came later, so a record kept before them lacks theirs. */
const ALWAYS_COUNTED = [
  'products',
  'sales',
  'customers',
  'creditTransactions',
  'stockMovements',
  'photos',
] as const;
const COUNTED = [...ALWAYS_COUNTED, 'suppliers', 'supplierEntries'] as const;
export type RestoredList = (typeof COUNTED)[number];

export type RestoreRecord = {
  /** When the restore was applied (ISO). */
  at: string;
  fileName: string;
  /** When the file was exported, as the file says (ISO), if it says. */
  exportDate: string | null;
  counts: Record<(typeof ALWAYS_COUNTED)[number], number> & Partial<Record<RestoredList, number>>;
  settingsReplaced: boolean;
};

export function restoreRecordOf(
  report: ImportReport,
  file: { name: string; exportDate: string | null; hasSettings: boolean },
  at: Date = new Date(),
): RestoreRecord {
  const counts = Object.fromEntries(COUNTED.map((list) => [list, report.lists[list].accepted])) as Record<
    RestoredList,
    number
  >;
  return {
    at: at.toISOString(),
    fileName: file.name,
    exportDate: file.exportDate,
    counts,
    settingsReplaced: file.hasSettings,
  };
}

/** Keeps the record for the next page load; a full or missing localStorage only loses the message. */
export function saveRestoreRecord(
  record: RestoreRecord,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(LAST_RESTORE_KEY, JSON.stringify(record));
  } catch (error) {
    console.warn('Restore record not kept', error);
  }
}

function isRestoreRecord(value: unknown): value is RestoreRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<RestoreRecord>;
  return (
    typeof record.at === 'string' &&
    typeof record.fileName === 'string' &&
    (record.exportDate === null || typeof record.exportDate === 'string') &&
    typeof record.settingsReplaced === 'boolean' &&
    typeof record.counts === 'object' &&
    record.counts !== null &&
    ALWAYS_COUNTED.every((list) => typeof record.counts?.[list] === 'number')
  );
}

/** Reads the record and forgets it, so it is shown once; anything unreadable is dropped. */
export function takeRestoreRecord(
  storage: Storage | undefined = globalThis.localStorage,
): RestoreRecord | undefined {
  try {
    const raw = storage?.getItem(LAST_RESTORE_KEY);
    if (raw === null || raw === undefined) return undefined;
    storage?.removeItem(LAST_RESTORE_KEY);
    const parsed: unknown = JSON.parse(raw);
    return isRestoreRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

// Taken once per page load (the first read after the reload), then kept in memory until dismissed.
let pending: { record: RestoreRecord | undefined } | undefined;

/** The restore to announce on this page load, if the previous page applied one. */
export function restoreToAnnounce(): RestoreRecord | undefined {
  pending ??= { record: takeRestoreRecord() };
  return pending.record;
}

export function dismissRestoreAnnouncement(): void {
  pending = { record: undefined };
}
