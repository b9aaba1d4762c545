// Small device-level facts kept in the meta table: device id, counters, one-time flags.
import type { Tables } from './records';

/** Keys of the meta table. Do not rename without a migration. */
export const META = {
  deviceId: 'deviceId',
  ticketPrefix: 'ticketPrefix',
  ticketCounter: 'ticketCounter',
  outboxSeq: 'outboxSeq',
  sampleDataSeeded: 'sampleDataSeeded',
  persistenceRequested: 'persistenceRequested',
  /** Where the background check of the large tables stopped (JSON), and when it last went to the end. */
  corruptSweepPosition: 'corruptSweepPosition',
  corruptSweepDoneAt: 'corruptSweepDoneAt',
  /** Seqs of an import's outbox entries that still refer to archived sales (archivedSaleOperations.ts), JSON. */
  saleReferenceSeqs: 'saleReferenceSeqs',
  /** Operations of the outbox waiting for the server, kept at each outbox write (outbox.ts). */
  pendingOperations: 'pendingOperations',
} as const;
export type MetaKey = (typeof META)[keyof typeof META];

type MetaTable = Pick<Tables, 'meta'>;

export async function readMetaString(t: MetaTable, key: MetaKey): Promise<string | undefined> {
  const record = await t.meta.get(key);
  return typeof record?.value === 'string' ? record.value : undefined;
}

export async function readMetaNumber(t: MetaTable, key: MetaKey): Promise<number> {
  const record = await t.meta.get(key);
  const value = record?.value;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

export async function readMetaFlag(t: MetaTable, key: MetaKey): Promise<boolean> {
  const record = await t.meta.get(key);
  return record?.value === true;
}

export async function writeMeta(t: MetaTable, key: MetaKey, value: string | number | boolean): Promise<void> {
  await t.meta.put({ key, value });
}
