// The one way shop data changes on the server: an operation, settled once, in its own transaction.
//
// Device pushes go through `push` (seq order, idempotent by op id); the table REST and the full cleanup
// go through `applyServerOperation`. Both end in `applyCheckedOperation`, so the rules are the same.
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  checkOperationPayload,
  operationHlc,
  newId,
  type CheckedOperation,
  type Operation,
  type OperationType,
  type OpResult,
  type RejectionReason,
} from '@hanouti/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { devices, operations } from '../db/schema.js';
import { withShop, type ShopTx } from '../db/shopScope.js';
import { sqlStateOf } from '../auth/accountService.js';
import type { Caller } from '../auth/tokens.js';
import { ApiError } from '../http/errors.js';
import type { ShopNotifier } from './notifier.js';
import { OperationRefused, ShopWriter } from './shopWriter.js';

/** The same op id came back with another content: the device has a bug, or someone replays ids. */
export class OperationConflict extends Error {
  override readonly name = 'OperationConflict';
  constructor(readonly opId: string) {
    super(`operation ${opId} already received with another content`);
  }
}

export type PushOutcome = { results: OpResult[]; conflict?: string };

/** sha-256 of everything that makes an operation what it is. */
export function operationDigest(op: Operation): string {
  const { opId: _id, ...content } = op;
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** Data exceptions (22xxx) and integrity violations (23xxx) will fail again on every retry: the op is refused. */
function isPermanentDataError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && (state.startsWith('22') || state.startsWith('23'));
}

export class OperationService {
  constructor(
    private readonly db: Database,
    private readonly notifier: ShopNotifier,
  ) {}

  /**
   * Settles a device's operations one at a time, in seq order, each in its own transaction: a refused one
   * is recorded and the next ones go on; one whose predecessor is missing waits. Stops at a conflict.
   */
  async push(caller: Caller, ops: readonly Operation[]): Promise<PushOutcome> {
    const results: OpResult[] = [];
    for (const op of [...ops].sort((a, b) => a.seq - b.seq)) {
      const result = await this.pushOne(caller, op);
      if (result === 'conflict') return { results, conflict: op.opId };
      results.push(result);
    }
    return { results };
  }

  private async pushOne(caller: Caller, op: Operation): Promise<OpResult | 'conflict'> {
    const digest = operationDigest(op);
    const outcome = await withShop(this.db, caller.shopId, async (tx) => {
      const writer = await ShopWriter.open(tx, caller.shopId);
      const [device] = await tx
        .select({ lastSeq: devices.lastSeq, revokedAt: devices.revokedAt })
        .from(devices)
        .where(and(eq(devices.shopId, caller.shopId), eq(devices.id, caller.deviceId)));
      if (!device || device.revokedAt !== null) {
        throw new ApiError(401, 'device_revoked', 'Cet appareil a été retiré de la boutique');
      }
      const [stored] = await tx
        .select()
        .from(operations)
        .where(and(eq(operations.shopId, caller.shopId), eq(operations.opId, op.opId)));
      if (stored) {
        if (stored.payloadHash !== digest) return 'conflict' as const;
        return { result: storedAck(stored), changed: false };
      }
      if (op.seq <= device.lastSeq) {
        await recordOperation(tx, caller, op, digest, { status: 'rejected', reason: 'seq-reused' });
        return { result: ack(op, 'seq-reused'), changed: false };
      }
      if (op.seq > device.lastSeq + 1) {
        return {
          result: { opId: op.opId, seq: op.seq, status: 'waiting' } satisfies OpResult,
          changed: false,
        };
      }
      const reason = await applyInSavepoint(writer, op.type, op.payload, operationHlc(op));
      await recordOperation(
        tx,
        caller,
        op,
        digest,
        reason ? { status: 'rejected', reason } : { status: 'applied' },
      );
      await tx
        .update(devices)
        .set({ lastSeq: op.seq, lastSeenAt: new Date() })
        .where(and(eq(devices.shopId, caller.shopId), eq(devices.id, caller.deviceId)));
      await writer.close();
      return { result: ack(op, reason), changed: reason === undefined };
    });
    if (outcome === 'conflict') return 'conflict';
    if (outcome.changed) this.notifier.publish(caller.shopId);
    return outcome.result;
  }

  /**
   * An operation made on the server for a caller (table REST): same checks and writes as a push, stamped
   * by the server's clock, recorded without a seq. Throws ApiError 400 when refused.
   */
  async applyServerOperation(caller: Caller, type: OperationType, payload: unknown): Promise<void> {
    const now = new Date();
    const reason = await withShop(this.db, caller.shopId, async (tx) => {
      const writer = await ShopWriter.open(tx, caller.shopId);
      const problem = await applyInSavepoint(writer, type, payload, undefined);
      if (problem) return problem;
      const op: Operation = {
        opId: newId(),
        deviceId: caller.deviceId,
        seq: 0,
        type,
        payload,
        at: now.toISOString(),
      };
      await tx.insert(operations).values({
        shopId: caller.shopId,
        opId: op.opId,
        deviceId: caller.deviceId,
        seq: null,
        type,
        payload,
        payloadHash: operationDigest(op),
        status: 'applied',
      });
      await writer.close();
      return undefined;
    });
    if (reason) throw new ApiError(400, reason, refusalMessage(reason));
    this.notifier.publish(caller.shopId);
  }
}

/** The French message of a refusal, for the REST answer. */
export function refusalMessage(reason: RejectionReason): string {
  switch (reason) {
    case 'totals-mismatch':
      return 'Les totaux de la vente ne correspondent pas à ses lignes';
    case 'record-conflict':
      return 'Un enregistrement différent existe déjà avec cet identifiant';
    default:
      return 'Données refusées';
  }
}

/** Validates then writes in a savepoint; a permanent refusal rolls the writes back and is returned. */
async function applyInSavepoint(
  writer: ShopWriter,
  type: OperationType,
  payload: unknown,
  hlc: string | undefined,
): Promise<RejectionReason | undefined> {
  const check = checkOperationPayload(type, payload);
  if (!check.ok) return check.reason;
  try {
    await writer.attempt((inner) => applyCheckedOperation(inner, check.operation, hlc));
    return undefined;
  } catch (error) {
    if (error instanceof OperationRefused) return error.reason;
    if (isPermanentDataError(error)) return 'data-refused';
    throw error;
  }
}

/** The effect of each operation type on the shop's records. */
export async function applyCheckedOperation(
  writer: ShopWriter,
  operation: CheckedOperation,
  /** The device's stamp; undefined for a server-side edit, stamped after the stored version. */
  hlc: string | undefined,
): Promise<void> {
  switch (operation.type) {
    case 'product.upsert':
      await writer.upsertProduct(operation.payload, hlc);
      return;
    case 'product.delete':
      await writer.deleteProduct(operation.payload.id, hlc);
      return;
    case 'customer.upsert':
      await writer.upsertCustomer(operation.payload, hlc);
      return;
    case 'customer.delete':
      await writer.deleteCustomer(operation.payload.id, hlc);
      return;
    case 'settings.update':
      await writer.upsertSettings(operation.payload, hlc);
      return;
    case 'sale.record': {
      const { sale, movements, creditTransaction } = operation.payload;
      await writer.recordSale(sale, movements, creditTransaction);
      return;
    }
    case 'stock.move':
      await writer.recordMovement(operation.payload);
      return;
    case 'credit.record':
      await writer.recordCreditEntry(operation.payload);
      return;
  }
}

type Settled = { status: 'applied' } | { status: 'rejected'; reason: RejectionReason };

async function recordOperation(
  tx: ShopTx,
  caller: Caller,
  op: Operation,
  digest: string,
  settled: Settled,
): Promise<void> {
  await tx.insert(operations).values({
    shopId: caller.shopId,
    opId: op.opId,
    deviceId: caller.deviceId,
    seq: op.seq,
    type: op.type,
    payload: op.payload ?? null,
    payloadHash: digest,
    status: settled.status,
    reason: settled.status === 'rejected' ? settled.reason : null,
  });
}

function ack(op: Pick<Operation, 'opId' | 'seq'>, reason: RejectionReason | undefined): OpResult {
  return reason === undefined
    ? { opId: op.opId, seq: op.seq, status: 'applied' }
    : { opId: op.opId, seq: op.seq, status: 'rejected', reason };
}

function storedAck(row: typeof operations.$inferSelect): OpResult {
  return ack({ opId: row.opId, seq: row.seq ?? 0 }, (row.reason as RejectionReason | null) ?? undefined);
}
