// What the sync client asks of the data layer: the operations to push, the server's answers, this phone's
// introduction, the outbox's counts and the session. Applying a pulled page is applyPulledChanges.ts.
//
// An import's sale operations are kept by reference until they are first read (archivedSaleOperations.ts);
// the readers here write them out first, so no caller has to know that rule.
import type { OpResult, Operation } from '@hanouti/core';
import { writeOutArchivedSaleOperations } from './archivedSaleOperations';
import { tx } from './db';
import { ensureDeviceIdentity } from './device';
import { META, readMetaNumber } from './meta';
import {
  expandOutboxEntry,
  lastSeqOf,
  pendingOperationCount,
  pendingOperationsIn,
  settleOutboxEntry,
} from './outbox';
import type { OutboxEntry, PhotoRecord, Tables } from './records';
import {
  readCursor,
  readMigrated,
  readSession,
  writeCursor,
  writeMigrated,
  writeSession,
  type CloudSession,
} from './syncBookkeeping';

export type { CloudSession } from './syncBookkeeping';

/**
 * Operations not yet accepted by the server, oldest first (the order they must be pushed in), with
 * batch entries expanded into their operations.
 */
export async function pendingOperations(): Promise<OutboxEntry[]> {
  await writeOutArchivedSaleOperations();
  return tx('r', ['outbox'], pendingOperationsIn);
}

/** An operation as it travels: the outbox's own marks (status, error, batch) left at home. */
export function operationToPush(entry: OutboxEntry): Operation {
  const { status: _status, error: _error, batch: _batch, ...operation } = entry;
  return operation;
}

/** The outbox entry holding the operation of this seq (a batch entry holds a run of seqs). */
async function entryHolding(t: Pick<Tables, 'outbox'>, seq: number): Promise<OutboxEntry | undefined> {
  const entry = await t.outbox.where('seq').belowOrEqual(seq).last();
  return entry && lastSeqOf(entry) >= seq ? entry : undefined;
}

/**
 * Applies the server's answers to the outbox in one transaction: each entry holding one of `answered` whose
 * operations all have a final answer in `answers` (kept across the requests of a push, a batch entry spans
 * several) becomes sent, or rejected with the reason when the server refused one of them.
 */
export async function settle(
  answers: ReadonlyMap<string, OpResult>,
  answered: readonly Pick<Operation, 'seq'>[],
): Promise<void> {
  await tx('rw', ['meta', 'outbox'], async (t) => {
    const seen = new Set<number>();
    for (const { seq } of answered) {
      const entry = await entryHolding(t, seq);
      if (!entry || entry.status !== 'pending' || seen.has(entry.seq)) continue;
      seen.add(entry.seq);
      const results = expandOutboxEntry(entry).map((op) => answers.get(op.opId));
      if (results.some((result) => result === undefined || result.status === 'waiting')) continue;
      const refused = results.find((result) => result?.status === 'rejected');
      await settleOutboxEntry(
        t,
        entry.seq,
        refused?.status === 'rejected' ? { status: 'rejected', error: refused.reason } : { status: 'sent' },
      );
    }
  });
}

/** Rejects for good the entry holding this operation, with `error` (the server holds another content for its id). */
export async function rejectEntryOf(operation: Pick<Operation, 'seq'>, error: string): Promise<void> {
  await tx('rw', ['meta', 'outbox'], async (t) => {
    const entry = await entryHolding(t, operation.seq);
    if (entry) await settleOutboxEntry(t, entry.seq, { status: 'rejected', error });
  });
}

/** The outbox's figures for the header: operations waiting for the server, and entries it refused. */
export async function outboxCounts(): Promise<{ pending: number; rejected: number }> {
  const [pending, rejected] = await tx('r', ['meta', 'outbox'], (t) =>
    Promise.all([pendingOperationCount(t), t.outbox.where('status').equals('rejected').count()]),
  );
  return { pending, rejected };
}

/** What the server learns of this phone when it joins a shop: its id and the seq of the first operation it will push. */
export async function deviceIntroduction(): Promise<{ deviceId: string; firstSeq: number }> {
  return tx('rw', ['meta', 'outbox'], async (t) => {
    const { deviceId } = await ensureDeviceIdentity(t);
    const firstPending = await t.outbox.where('status').equals('pending').first();
    const next = (await readMetaNumber(t, META.outboxSeq)) + 1;
    return { deviceId, firstSeq: firstPending?.seq ?? next };
  });
}

/** The pending count alone (one meta record): a live query on it never reads the outbox after a sale. */
export function readPendingCount(): Promise<number> {
  return tx('r', ['meta'], pendingOperationCount);
}

/** This phone's session with the shop's server, or undefined when signed out. */
export function loadSession(): Promise<CloudSession | undefined> {
  return tx('r', ['meta'], readSession);
}

/** Keeps a refreshed session, or forgets it (`undefined`) when the server no longer knows it. */
export function saveSession(session: CloudSession | undefined): Promise<void> {
  return tx('rw', ['meta'], (t) => writeSession(t, session));
}

/** A new session (or none): the pull starts again from the beginning of the shop's changes. */
export async function startSession(session: CloudSession | undefined): Promise<void> {
  await tx('rw', ['meta'], async (t) => {
    await writeSession(t, session);
    await writeCursor(t, undefined);
  });
}

/** Where the last pull stopped. */
export function loadCursor(): Promise<string | undefined> {
  return tx('r', ['meta'], readCursor);
}

/** Whether the one-time migration of the local data to the server is done, and marking it done. */
export function loadMigrated(): Promise<boolean> {
  return tx('r', ['meta'], readMigrated);
}
export function saveMigrated(): Promise<void> {
  return tx('rw', ['meta'], (t) => writeMigrated(t, true));
}

/** Every photo, for the one-time migration's upload. */
export function allPhotos(): Promise<PhotoRecord[]> {
  return tx('r', ['photos'], (t) => t.photos.toArray());
}
