// The sync client's face of the outbox: what it pushes, how the server's answers settle entries, the counts.
import type { OpResult, OperationPayload } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { tx } from './db';
import { recordOperation, recordOperationBatches, type NewOperation } from './outbox';
import {
  deviceIntroduction,
  operationToPush,
  outboxCounts,
  pendingOperations,
  rejectEntryOf,
  settle,
} from './syncStore';
import { resetDatabase } from './testDatabase';

beforeEach(resetDatabase);

const at = '2025-05-20T12:00:00.000Z';
// Markers, not records: the outbox keeps whatever payload it is given.
const marker = (i: number) => ({ i }) as unknown as OperationPayload<'settings.update'>;
const many = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: 'stock.move', payload: { i } }) as unknown as NewOperation);

async function record(): Promise<void> {
  await tx('rw', ['meta', 'outbox'], async (t) => {
    await recordOperation(t, 'settings.update', marker(0), at);
    await recordOperationBatches(t, many(5), at, 5);
    await recordOperation(t, 'settings.update', marker(6), at);
  });
}

const answer = (status: 'applied' | 'waiting', op: { opId: string; seq: number }): OpResult => ({
  opId: op.opId,
  seq: op.seq,
  status,
});

describe('the outbox as the sync client sees it', () => {
  it('pushes operations without the outbox marks, and names this phone by its first pending seq', async () => {
    await record();
    const ops = (await pendingOperations()).map(operationToPush);
    expect(ops.map((op) => op.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const op of ops) expect(Object.keys(op)).not.toContain('status');
    const intro = await deviceIntroduction();
    expect(intro).toEqual({ deviceId: ops[0]!.deviceId, firstSeq: 1 });
  });

  it('settles a batch entry only once every operation of it has its answer, across requests', async () => {
    await record();
    const ops = await pendingOperations();
    const answers = new Map<string, OpResult>();
    // First request: the lone operation and three of the batch's five.
    for (const op of ops.slice(0, 4)) answers.set(op.opId, answer('applied', op));
    await settle(answers, ops.slice(0, 4));
    expect(await outboxCounts()).toEqual({ pending: 6, rejected: 0 });
    expect((await pendingOperations()).map((op) => op.seq)).toEqual([2, 3, 4, 5, 6, 7]);

    // Second request: the batch's last two, and the last operation still waiting for an earlier one.
    answers.set(ops[4]!.opId, answer('applied', ops[4]!));
    answers.set(ops[5]!.opId, answer('applied', ops[5]!));
    answers.set(ops[6]!.opId, answer('waiting', ops[6]!));
    await settle(answers, ops.slice(4));
    expect((await pendingOperations()).map((op) => op.seq)).toEqual([7]);
    expect(await outboxCounts()).toEqual({ pending: 1, rejected: 0 });
    expect((await deviceIntroduction()).firstSeq).toBe(7);
  });

  it('rejects the whole entry holding a refused operation, with its reason', async () => {
    await record();
    const ops = await pendingOperations();
    const answers = new Map<string, OpResult>();
    for (const op of ops.slice(1, 6)) answers.set(op.opId, answer('applied', op));
    answers.set(ops[3]!.opId, {
      opId: ops[3]!.opId,
      seq: ops[3]!.seq,
      status: 'rejected',
      reason: 'invalid-payload',
    });
    await settle(answers, ops.slice(1, 6));
    expect(await outboxCounts()).toEqual({ pending: 2, rejected: 1 });
    const rejected = await tx('r', ['outbox'], (t) => t.outbox.where('status').equals('rejected').toArray());
    expect(rejected.map((entry) => [entry.seq, entry.error])).toEqual([[2, 'invalid-payload']]);

    await rejectEntryOf(ops[6]!, 'operation-conflict');
    expect(await outboxCounts()).toEqual({ pending: 1, rejected: 2 });
    expect((await pendingOperations()).map((op) => op.seq)).toEqual([1]);
  });
});
