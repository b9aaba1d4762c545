// The sync engine against a server double that settles operations the way the real one does (seq order, a
// refused payload recorded and its seq settled, `waiting` after a gap) and refuses whole the pushes it cannot read.
import type { OpResult, Operation, OperationPayload } from '@hanouti/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
/* eslint-disable no-restricted-imports -- the test arranges the phone's database (a fresh one, operations in its
   outbox) and reads the review list as the account screen does; the engine itself goes through syncStore.ts only. */
import { tx } from '../data/db';
import { recordOperation } from '../data/outbox';
import { outboxCounts, saveMigrated, startSession } from '../data/syncStore';
import { listRejectedOperations } from '../data/syncReview';
import { resetDatabase } from '../data/testDatabase';
/* eslint-enable no-restricted-imports */
import { SyncEngine } from './syncEngine';

const at = '2025-05-20T12:00:00.000Z';
// Markers, not records: the outbox keeps whatever payload it is given, and so does the double.
const marker = (i: number) => ({ i }) as unknown as OperationPayload<'stock.move'>;
/** A payload the double cannot read: any push holding it is refused whole with a 400. */
const unreadable = { unreadable: true } as unknown as OperationPayload<'stock.move'>;

type Refusal = (ops: readonly Operation[]) => { status: number; error: string } | undefined;

class ServerDouble {
  lastSeq = 0;
  readonly stored = new Map<string, { result: OpResult; payload: unknown }>();
  /** The seqs of each push received, in order. */
  readonly pushes: number[][] = [];

  constructor(private readonly refuse: Refusal) {}

  fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.startsWith('/api/sync/push')) {
      const { ops } = JSON.parse(init?.body as string) as { ops: Operation[] };
      this.pushes.push(ops.map((op) => op.seq));
      const refusal = this.refuse(ops);
      if (refusal) return json(refusal.status, { error: refusal.error, message: 'Requête invalide' });
      return json(200, { protocol: 1, results: ops.map((op) => this.settle(op)) });
    }
    if (url.startsWith('/api/sync/pull')) {
      return json(200, {
        protocol: 1,
        changes: [],
        cursor: 'v1.00000000-0000-4000-8000-000000000000.0',
        hasMore: false,
        acknowledgedSeq: this.lastSeq,
      });
    }
    return json(404, { error: 'not_found', message: 'Ressource introuvable' });
  };

  private settle(op: Operation): OpResult {
    const known = this.stored.get(op.opId);
    if (known) return known.result;
    if (op.seq > this.lastSeq + 1) return { opId: op.opId, seq: op.seq, status: 'waiting' };
    const result: OpResult =
      op.payload === null || op.seq <= this.lastSeq
        ? {
            opId: op.opId,
            seq: op.seq,
            status: 'rejected',
            reason: op.payload === null ? 'invalid-payload' : 'seq-reused',
          }
        : { opId: op.opId, seq: op.seq, status: 'applied' };
    this.stored.set(op.opId, { result, payload: op.payload });
    this.lastSeq = Math.max(this.lastSeq, op.seq);
    return result;
  }
}

function json(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

async function record(payloads: readonly OperationPayload<'stock.move'>[]): Promise<void> {
  await tx('rw', ['meta', 'outbox'], async (t) => {
    for (const payload of payloads) await recordOperation(t, 'stock.move', payload, at);
  });
}

/** One engine run to the end (its outbox watch may ask for a second one), then stopped. */
async function sync(server: ServerDouble): Promise<void> {
  vi.stubGlobal('fetch', server.fetch);
  const engine = new SyncEngine();
  await engine.start();
  await engine.settled();
  engine.stop();
}

beforeEach(async () => {
  await resetDatabase();
  await startSession({
    accessToken: 'token',
    accessExpiresAt: Date.now() + 3_600_000,
    refreshToken: 'refresh',
    shopId: '00000000-0000-4000-8000-000000000000',
    shopName: 'Hanout',
    deviceId: 'phone',
    role: 'owner',
  });
  await saveMigrated();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the sync engine and a push refused whole', () => {
  const refuseUnreadable: Refusal = (ops) =>
    ops.some((op) => JSON.stringify(op.payload) === JSON.stringify(unreadable))
      ? { status: 400, error: 'bad_request' }
      : undefined;

  it('isolates the one operation the server cannot read, withdraws it, and the others and later ones sync', async () => {
    await record([marker(1), marker(2), unreadable, marker(4), marker(5), marker(6), marker(7)]);
    const server = new ServerDouble(refuseUnreadable);
    await sync(server);

    expect(server.lastSeq).toBe(7);
    expect(await outboxCounts()).toEqual({ pending: 0, rejected: 1 });
    const [rejected] = await listRejectedOperations();
    expect(rejected).toMatchObject({ seq: 3, status: 'rejected', error: 'invalid-payload' });
    // The server holds the withdrawn operation without its payload, refused; the others as they were.
    expect(server.stored.get(rejected!.opId)).toEqual({
      result: { opId: rejected!.opId, seq: 3, status: 'rejected', reason: 'invalid-payload' },
      payload: null,
    });
    const applied = [...server.stored.values()].filter((op) => op.result.status === 'applied');
    expect(applied.map((op) => op.payload)).toEqual([1, 2, 4, 5, 6, 7].map(marker));
    // Halves, not one request per operation: the whole, then [1-4] → [1-2] ✓ [3-4] → [3] withdrawn, [4], then [5-7].
    expect(server.pushes).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [1, 2, 3, 4],
      [1, 2],
      [3, 4],
      [3],
      [3],
      [4],
      [5, 6, 7],
    ]);

    // A later sale goes through the next run in one request.
    await record([marker(8)]);
    server.pushes.length = 0;
    await sync(server);
    expect(server.pushes).toEqual([[8]]);
    expect(await outboxCounts()).toEqual({ pending: 0, rejected: 1 });
  });

  it('gives nothing up when even an operation without its payload is refused (the protocol, not a payload)', async () => {
    await record([marker(1), marker(2), marker(3)]);
    const server = new ServerDouble(() => ({ status: 400, error: 'validation_failed' }));
    await sync(server);
    expect(server.lastSeq).toBe(0);
    expect(await outboxCounts()).toEqual({ pending: 3, rejected: 0 });
    // Each run (the outbox watch may start a second): the whole, [1-2], [1], and [1] without its payload:
    // refused, so the run stops there.
    expect(server.pushes.slice(0, 4)).toEqual([[1, 2, 3], [1, 2], [1], [1]]);
    expect(server.pushes.length % 4).toBe(0);
  });

  it('splits a push too large for the server (413) without withdrawing anything', async () => {
    await record([marker(1), marker(2), marker(3), marker(4), marker(5)]);
    const server = new ServerDouble((ops) =>
      ops.length > 2 ? { status: 413, error: 'payload_too_large' } : undefined,
    );
    await sync(server);
    expect(server.lastSeq).toBe(5);
    expect(await outboxCounts()).toEqual({ pending: 0, rejected: 0 });
  });

  it('still retries later, withdrawing nothing, when the session or the server refuses', async () => {
    await record([marker(1), unreadable]);
    for (const status of [401, 403, 429, 500]) {
      const server = new ServerDouble(() => ({ status, error: 'refused' }));
      await sync(server);
      // The whole outbox again at each run (the outbox watch may start a second), never a part of it.
      expect(server.pushes.length, String(status)).toBeGreaterThan(0);
      for (const pushed of server.pushes) expect(pushed, String(status)).toEqual([1, 2]);
      expect(await outboxCounts()).toEqual({ pending: 2, rejected: 0 });
    }
  });
});
