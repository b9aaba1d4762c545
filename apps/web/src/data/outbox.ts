// The outbox: every local change becomes an operation with a per-device increasing seq, written in the change's transaction.
import { newId, type OperationType } from '@hanouti/core';
import { tx, type OutboxEntry, type Tables } from './db';
import { ensureDeviceIdentity } from './device';
import { META, readMetaNumber, writeMeta } from './meta';

/** The tables a change must include in its transaction to record its operation. */
export const OUTBOX_TABLES = ['meta', 'outbox'] as const;

export type NewOperation = { type: OperationType; payload: unknown };

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
  // The last entry guards against a lost counter: seq must never repeat on this device.
  const last = await t.outbox.orderBy('seq').last();
  const first = Math.max(await readMetaNumber(t, META.outboxSeq), last?.seq ?? 0) + 1;
  const entries = operations.map(({ type, payload }, index): OutboxEntry => ({
    opId: newId(),
    deviceId,
    seq: first + index,
    type,
    payload,
    at,
    status: 'pending',
  }));
  await t.outbox.bulkAdd(entries);
  await writeMeta(t, META.outboxSeq, first + entries.length - 1);
  return entries;
}

/** One operation: see `recordOperations`. */
export async function recordOperation(
  t: Pick<Tables, 'meta' | 'outbox'>,
  type: OperationType,
  payload: unknown,
  at: string,
): Promise<OutboxEntry> {
  const [entry] = await recordOperations(t, [{ type, payload }], at);
  return entry!;
}

/** Operations not yet accepted by the server, oldest first (the order they must be pushed in). */
export function pendingOperations(): Promise<OutboxEntry[]> {
  return tx('r', ['outbox'], (t) => t.outbox.where('status').equals('pending').sortBy('seq'));
}
