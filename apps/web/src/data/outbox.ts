// The outbox: every local change becomes an operation with a per-device increasing seq, written in the change's transaction.
import {
  newId,
  type OperationPayload,
  type OperationType,
  type Sale,
  type StockMovement,
} from '@hanouti/core';
import { ensureDeviceIdentity } from './device';
import { META, readMetaNumber, writeMeta } from './meta';
import type { OutboxEntry, Tables } from './records';
import { embeddedMovements, fitsSale, saleRecord } from './saleRecords';
import { nextStamps } from './syncBookkeeping';

/** The tables a change must include in its transaction to record its operation. */
export const OUTBOX_TABLES = ['meta', 'outbox'] as const;

/** An operation to record: its type and the payload core's schema gives that type (sync.ts). */
export type NewOperation = { [T in OperationType]: { type: T; payload: OperationPayload<T> } }[OperationType];

/** Records per outbox entry when an import records its operations in batches. */
export const OPERATION_BATCH_SIZE = 500;

/**
 * One operation inside a batch entry: its own id, clock stamp and payload, as it would have alone. A
 * `sale.record` payload whose movements all fit the sale is stored with them packed (`packed`: only id,
 * product and delta, as inside the sale's record, saleRecords.ts); `expandOutboxEntry` unpacks it, so what
 * sync sends is unchanged. An import's outbox rows are then about half as large.
 */
export type BatchedOperation = { opId: string; payload: unknown; hlc?: string; packed?: true };

type SaleRecordLike = { sale: Sale; movements: StockMovement[] };

function isSaleRecordPayload(payload: unknown): payload is SaleRecordLike {
  const candidate = payload as Partial<SaleRecordLike> | null;
  return typeof candidate?.sale === 'object' && Array.isArray(candidate.movements);
}

/** The payload with its movements packed, when every one of them fits the sale; else undefined. */
function packedSalePayload(payload: unknown): SaleRecordLike | undefined {
  if (!isSaleRecordPayload(payload)) return undefined;
  const { sale, movements } = payload;
  if (!movements.every((movement) => fitsSale(sale, movement))) return undefined;
  const packed = saleRecord(sale, movements).movements ?? [];
  return { ...payload, movements: packed as StockMovement[] };
}

function unpackedSalePayload(payload: unknown): unknown {
  if (!isSaleRecordPayload(payload)) return payload;
  const inside = embeddedMovements(saleRecord(payload.sale, payload.movements));
  return { ...payload, movements: inside };
}
/** Payload of a batch entry (an entry with `batch` set): its operations, in seq order. */
export type OperationBatchPayload = { operations: BatchedOperation[] };

/** The last seq an entry uses: a batch entry uses one seq per operation it carries. */
export function lastSeqOf(entry: Pick<OutboxEntry, 'seq' | 'batch'>): number {
  return entry.seq + (entry.batch ?? 1) - 1;
}

/** The seq the next operation takes. */
export async function nextSeq(t: Pick<Tables, 'meta' | 'outbox'>): Promise<number> {
  // The last entry guards against a lost counter: seq must never repeat on this device.
  const [last, counter] = await Promise.all([
    t.outbox.orderBy('seq').last(),
    readMetaNumber(t, META.outboxSeq),
  ]);
  return Math.max(counter, last ? lastSeqOf(last) : 0) + 1;
}

/**
 * Appends operations inside the caller's transaction, so that a change and its operations commit
 * together: sync never sees a change without its operation, nor the reverse. Seq numbers follow on.
 */
export async function recordOperations(
  t: Pick<Tables, 'meta' | 'outbox'>,
  operations: readonly NewOperation[],
  at: string,
): Promise<OutboxEntry[]> {
  if (operations.length === 0) return [];
  const { deviceId } = await ensureDeviceIdentity(t);
  // Each operation carries the device's clock: last-writer-wins across phones compares these stamps.
  // Independent requests go out together: each awaited alone would add a round trip to every sale.
  const [first, stamps] = await Promise.all([nextSeq(t), nextStamps(t, deviceId, operations.length)]);
  const entries = operations.map(({ type, payload }, index): OutboxEntry => ({
    opId: newId(),
    deviceId,
    seq: first + index,
    type,
    payload,
    at,
    ...(stamps[index] ? { hlc: stamps[index] } : {}),
    status: 'pending',
  }));
  await Promise.all([
    t.outbox.bulkAdd(entries),
    writeMeta(t, META.outboxSeq, first + entries.length - 1),
    addPendingOperations(t, entries.length),
  ]);
  return entries;
}

/** One operation: see `recordOperations`. */
export async function recordOperation<T extends OperationType>(
  t: Pick<Tables, 'meta' | 'outbox'>,
  type: T,
  payload: OperationPayload<T>,
  at: string,
): Promise<OutboxEntry> {
  const [entry] = await recordOperations(t, [{ type, payload } as NewOperation], at);
  return entry!;
}

/**
 * Records many operations (an import's) as few outbox entries: runs of the same type are cut into batches
 * of `size`, each ONE entry whose payload is an OperationBatchPayload. Each operation keeps its own opId and
 * seq (the batch entry's seq + its index), so what sync sends is exactly what `recordOperations` would have
 * recorded; expandOutboxEntry gives those operations back. Writing 500 times fewer entries is what lets a
 * large shop's import commit in seconds.
 */
export async function recordOperationBatches(
  t: Pick<Tables, 'meta' | 'outbox'>,
  operations: readonly NewOperation[],
  at: string,
  size = OPERATION_BATCH_SIZE,
): Promise<OutboxEntry[]> {
  if (operations.length === 0) return [];
  const { deviceId } = await ensureDeviceIdentity(t);
  let seq = await nextSeq(t);
  const stamps = await nextStamps(t, deviceId, operations.length);
  const entries: OutboxEntry[] = [];
  for (let start = 0; start < operations.length;) {
    const type = operations[start]!.type;
    let end = start + 1;
    while (end < operations.length && end - start < size && operations[end]!.type === type) end++;
    const batch = operations.slice(start, end).map(({ payload }, index): BatchedOperation => {
      const hlc = stamps[start + index];
      const packed = type === 'sale.record' ? packedSalePayload(payload) : undefined;
      return {
        opId: newId(),
        payload: packed ?? payload,
        ...(hlc ? { hlc } : {}),
        ...(packed ? { packed: true as const } : {}),
      };
    });
    const payload: OperationBatchPayload = { operations: batch };
    entries.push({
      opId: batch[0]!.opId,
      deviceId,
      seq,
      type,
      payload,
      at,
      status: 'pending',
      batch: batch.length,
    });
    seq += batch.length;
    start = end;
  }
  await t.outbox.bulkAdd(entries);
  await writeMeta(t, META.outboxSeq, seq - 1);
  await addPendingOperations(t, operations.length);
  return entries;
}

/** How many operations an entry stands for: a batch entry counts for each operation it carries. */
export function operationsIn(entry: Pick<OutboxEntry, 'batch'>): number {
  return entry.batch ?? 1;
}

/**
 * Operations waiting for the server. The count is kept in meta by every write that adds an entry or settles
 * one, in that write's transaction, so the sync badge reads one record after a sale instead of every pending
 * entry (an import's 536 entries of 260,143 operations took 591–901 ms to read after each sale).
 */
export function pendingOperationCount(t: Pick<Tables, 'meta'>): Promise<number> {
  return readMetaNumber(t, META.pendingOperations);
}

/** Adds `delta` (negative when entries leave the pending state) to the kept count. */
export async function addPendingOperations(t: Pick<Tables, 'meta'>, delta: number): Promise<void> {
  if (delta === 0) return;
  const count = await readMetaNumber(t, META.pendingOperations);
  await writeMeta(t, META.pendingOperations, Math.max(0, count + delta));
}

/** Counts the pending operations by reading the outbox: for a migration or a repair, never after a sale. */
export async function recountPendingOperations(t: Pick<Tables, 'meta' | 'outbox'>): Promise<number> {
  let count = 0;
  await t.outbox
    .where('status')
    .equals('pending')
    .each((entry) => {
      count += operationsIn(entry);
    });
  await writeMeta(t, META.pendingOperations, count);
  return count;
}

/**
 * Gives an entry the server's final answer (sent, or rejected with the reason) and keeps the pending count:
 * only an entry that was still pending leaves it. Returns whether the entry was there.
 */
export async function settleOutboxEntry(
  t: Pick<Tables, 'meta' | 'outbox'>,
  seq: number,
  answer: { status: 'sent' } | { status: 'rejected'; error: string },
): Promise<boolean> {
  const entry = await t.outbox.get(seq);
  if (!entry) return false;
  await t.outbox.put({ ...entry, ...answer });
  if (entry.status === 'pending') await addPendingOperations(t, -operationsIn(entry));
  return true;
}

/**
 * The operations still waiting for the server, in seq order, each batch entry expanded, inside the caller's
 * transaction. An import's reference entries must be written out before (syncStore.ts, archivedSaleOperations.ts:
 * that takes transactions of its own).
 */
export async function pendingOperationsIn(t: Pick<Tables, 'outbox'>): Promise<OutboxEntry[]> {
  const entries = await t.outbox.where('status').equals('pending').sortBy('seq');
  return entries.flatMap(expandOutboxEntry);
}

/** The operations an entry stands for: itself, or each operation of a batch with its own opId and seq. */
export function expandOutboxEntry(entry: OutboxEntry): OutboxEntry[] {
  if (entry.batch === undefined) return [entry];
  const { operations } = entry.payload as Partial<OperationBatchPayload>;
  // An import's reference entry is written out before any reader (syncStore.ts, archivedSaleOperations.ts).
  if (!Array.isArray(operations)) throw new Error(`Outbox entry ${entry.seq} is not written out yet`);
  const { batch: _count, ...common } = entry;
  return operations.map(({ opId, payload, hlc, packed }, index) => ({
    ...common,
    opId,
    seq: entry.seq + index,
    payload: packed ? unpackedSalePayload(payload) : payload,
    ...(hlc ? { hlc } : {}),
  }));
}
