// An import's `sale.record` operations, recorded by reference to the archived sales and written out in full
// before they are first needed (a push, a pull, a cleanup, the list of pending operations).
//
// Written in full at import time, the 200,000 operations of a large shop repeat every sale once more and
// took about a sixth of the import (docs/benchmarks.md). A reference entry holds only the sales' ids, the
// seqs and the clock stamps reserved for them, so the operations keep their place in the device's order.
import { newId, type StockMovement } from '@hanouti/core';
import { tx, type OutboxEntry, type Tables } from './db';
import { ensureDeviceIdentity } from './device';
import { META, readMetaString, writeMeta } from './meta';
import {
  addPendingOperations,
  lastSeqOf,
  nextSeq,
  OPERATION_BATCH_SIZE,
  type BatchedOperation,
} from './outbox';
import { archivedSales, ARCHIVE_TABLES } from './saleArchive';
import { embeddedMovements, saleOf, type StoredSale } from './saleRecords';
import { nextStamps } from './syncBookkeeping';

/**
 * Payload of a reference entry: the sales of its operations in seq order, their stamps, and the file's
 * movements of those sales that could not ride inside the sale's record (they go with the operation).
 */
export type SaleReferencePayload = {
  archivedSales: string[];
  stamps: string[];
  movements?: Record<string, StockMovement[]>;
};

export function isSaleReference(payload: unknown): payload is SaleReferencePayload {
  return Array.isArray((payload as Partial<SaleReferencePayload> | null)?.archivedSales);
}

type OutboxTables = Pick<Tables, 'meta' | 'outbox'>;

async function pendingReferenceSeqs(t: Pick<Tables, 'meta'>): Promise<number[]> {
  const text = await readMetaString(t, META.saleReferenceSeqs);
  if (!text) return [];
  try {
    const seqs: unknown = JSON.parse(text);
    return Array.isArray(seqs) ? seqs.filter((seq): seq is number => Number.isSafeInteger(seq)) : [];
  } catch {
    return [];
  }
}

/**
 * Records one `sale.record` operation per sale (in the caller's transaction, after the sales were
 * archived) as reference entries of `size` operations each: seqs and stamps are taken now, in order.
 */
export async function recordArchivedSaleOperations(
  t: OutboxTables,
  saleIds: readonly string[],
  at: string,
  looseMovements: ReadonlyMap<string, StockMovement[]> = new Map(),
  size = OPERATION_BATCH_SIZE,
): Promise<OutboxEntry[]> {
  if (saleIds.length === 0) return [];
  const { deviceId } = await ensureDeviceIdentity(t);
  const first = await nextSeq(t);
  const stamps = await nextStamps(t, deviceId, saleIds.length);
  const entries: OutboxEntry[] = [];
  for (let start = 0; start < saleIds.length; start += size) {
    const ids = saleIds.slice(start, start + size);
    const movements: Record<string, StockMovement[]> = {};
    for (const id of ids) {
      const loose = looseMovements.get(id);
      if (loose) movements[id] = loose;
    }
    const payload: SaleReferencePayload = {
      archivedSales: ids,
      stamps: stamps.slice(start, start + size),
      ...(Object.keys(movements).length > 0 ? { movements } : {}),
    };
    entries.push({
      opId: newId(),
      deviceId,
      seq: first + start,
      type: 'sale.record',
      payload,
      at,
      status: 'pending',
      batch: ids.length,
    });
  }
  await t.outbox.bulkAdd(entries);
  await writeMeta(t, META.outboxSeq, lastSeqOf(entries[entries.length - 1]!));
  await addPendingOperations(t, saleIds.length);
  const pending = await pendingReferenceSeqs(t);
  await writeMeta(t, META.saleReferenceSeqs, JSON.stringify([...pending, ...entries.map((e) => e.seq)]));
  return entries;
}

/** The operations a reference entry stands for, from the sales as they are stored now. */
function writtenOut(entry: OutboxEntry, sales: ReadonlyMap<string, StoredSale>): OutboxEntry {
  const { archivedSales: ids, stamps, movements = {} } = entry.payload as SaleReferencePayload;
  const operations = ids.map((id, index): BatchedOperation => {
    const record = sales.get(id);
    const loose = movements[id] ?? [];
    const stamp = stamps[index];
    // Packed as recordOperationBatches packs a sale whose movements all fit it (outbox.ts).
    const packed = record !== undefined && loose.length === 0;
    // A sale no longer readable (removed as corrupt) still gets its seq: the server refuses the
    // operation ("À vérifier"), and the operations after it go on.
    const payload = !record
      ? { sale: { id }, movements: loose }
      : packed
        ? { sale: saleOf(record), movements: record.movements ?? [] }
        : { sale: saleOf(record), movements: [...embeddedMovements(record), ...loose] };
    return {
      opId: index === 0 ? entry.opId : newId(),
      payload,
      ...(stamp ? { hlc: stamp } : {}),
      ...(packed ? { packed: true as const } : {}),
    };
  });
  return { ...entry, payload: { operations } };
}

// Reference entries written out per transaction: each transaction stays a short task on the main thread.
const ENTRIES_PER_TRANSACTION = 4;

/**
 * Writes out every pending reference entry as the batch entry `recordOperationBatches` would have
 * written, same seqs, stamps and first opId. Safe to call at any time and more than once; a transaction
 * per few entries, so an interrupted run goes on where it stopped. Resolves to the entries written out.
 */
export async function writeOutArchivedSaleOperations(
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<number> {
  let written = 0;
  let total: number | undefined;
  for (;;) {
    const more = await tx('rw', ['meta', 'outbox', 'sales', ...ARCHIVE_TABLES], async (t) => {
      const seqs = await pendingReferenceSeqs(t);
      // The entries pending at the start; a plain callback, nothing foreign awaited in the transaction.
      total ??= seqs.length;
      onProgress(written, Math.max(total, written + seqs.length));
      if (seqs.length === 0) return false;
      const now = seqs.slice(0, ENTRIES_PER_TRANSACTION);
      const entries = (await t.outbox.bulkGet(now)).filter(
        (entry): entry is OutboxEntry => entry !== undefined && isSaleReference(entry.payload),
      );
      const ids = entries.flatMap((entry) => (entry.payload as SaleReferencePayload).archivedSales);
      const sales = new Map<string, StoredSale>();
      for (const record of await t.sales.bulkGet(ids)) if (record) sales.set(record.id, record);
      for (const record of await archivedSales(
        t,
        ids.filter((id) => !sales.has(id)),
      ))
        sales.set(record.id, record);
      await t.outbox.bulkPut(entries.map((entry) => writtenOut(entry, sales)));
      const rest = seqs.slice(now.length);
      if (rest.length > 0) await writeMeta(t, META.saleReferenceSeqs, JSON.stringify(rest));
      else await t.meta.delete(META.saleReferenceSeqs);
      written += entries.length;
      return rest.length > 0;
    });
    if (!more) return written;
  }
}
