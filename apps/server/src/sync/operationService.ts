// The one way shop data changes on the server: an operation, settled once, in its own savepoint.
//
// Device pushes go through `push` (seq order, idempotent by op id, one transaction per batch); the table
// REST goes through `applyServerOperations` (one transaction per request). Both end in `applyCheckedOperation`, so the rules are the same.
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  checkOperationPayload,
  jsonProblem,
  operationHlc,
  OWNER_ONLY_OPERATIONS,
  newId,
  type CheckedOperation,
  type Operation,
  type OperationType,
  type JsonProblem,
  type OpResult,
  type PayloadCheck,
  type RejectionReason,
  type Sale,
  type StockMovement,
} from '@hanouti/core';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { devices, operations, shops } from '../db/schema.js';
import { withLockedShop, withShop, type ShopTx } from '../db/shopScope.js';
import { sqlStateOf } from '../db/sqlState.js';
import type { Caller } from '../auth/tokens.js';
import { DomainError, deviceRevoked, ownerOnly } from '../domain/errors.js';
import type { ShopNotifier } from './notifier.js';
import { OperationRefused, ShopWriter } from './shopWriter.js';
import { applySupplierOperation, isSupplierOperation } from './supplierWriter.js';

/** The same op id came back with another content: the device has a bug, or someone replays ids. */
export class OperationConflict extends Error {
  override readonly name = 'OperationConflict';
  constructor(readonly opId: string) {
    super(`operation ${opId} already received with another content`);
  }
}

export type PushOutcome = { results: OpResult[]; conflict?: string };

/**
 * What the push's body parser (http/pushBody.ts) leaves in place of a payload that held a `__proto__` or
 * `constructor.prototype` key: the payload itself never goes further. Its operation is refused as
 * 'invalid-payload', recorded with `{ unstorable: 'prototype-key' }`, and its phone's next operations go on.
 */
export class PrototypeKeyPayload {
  /** @param digest tells two such payloads apart (the same op id again with another content is a conflict). */
  constructor(readonly digest: string) {}
}

/** Why an operation's payload is recorded by what was wrong with it instead of as it came. */
type PayloadProblem = JsonProblem | 'prototype-key';

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

/** An operation failed in a batch applied without savepoints: the batch is settled again, with them. */
class NeedsSavepoints extends Error {
  override readonly name = 'NeedsSavepoints';
}

/** Applies straight in the batch's transaction; any refusal or error asks for the careful way (NeedsSavepoints). */
async function applyOptimistically(
  writer: ShopWriter,
  operation: CheckedOperation,
  hlc: string | undefined,
): Promise<undefined> {
  try {
    await applyCheckedOperation(writer, operation, hlc);
    return undefined;
  } catch (error) {
    if (isTransientError(error)) throw error;
    throw new NeedsSavepoints(error instanceof Error ? error.name : 'error', { cause: error });
  }
}

/** Errors of the connection or of concurrency: the push as a whole is retried later, nothing is refused. */
function isTransientError(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state === undefined) return false;
  return (
    state.startsWith('08') || // connection exception
    state.startsWith('40') || // serialization failure, deadlock
    state.startsWith('53') || // insufficient resources
    state.startsWith('57') || // operator intervention (shutdown, cancel)
    state === '25P02' // the transaction was already aborted
  );
}

/** What a log may say of an error: its kind and SQL state, never its message (driver messages quote values). */
export function errorSummary(error: unknown): { type: string; sqlState?: string } {
  const state = sqlStateOf(error);
  const type = error instanceof Error ? error.name : typeof error;
  return state === undefined ? { type } : { type, sqlState: state };
}

/** An operation as the server receives it: its digest and payload check done once, before any lock. */
type Received = {
  op: Operation;
  digest: string;
  /** Why the payload cannot be stored as it is (NUL, lone surrogate, too deep, prototype key), if it cannot. */
  unstorable: PayloadProblem | undefined;
  check: PayloadCheck;
};

function receive(op: Operation, caller: Caller): Received {
  if (op.payload instanceof PrototypeKeyPayload) {
    const problem = 'prototype-key';
    return {
      op,
      digest: unstorableDigest(op, `${problem}:${op.payload.digest}`),
      unstorable: problem,
      check: { ok: false, reason: 'invalid-payload' },
    };
  }
  let problem: JsonProblem | undefined;
  let check: PayloadCheck;
  try {
    // It walks the payload for what cannot be stored (NUL, lone surrogate, depth) before its schema.
    check = checkOperationPayload(op.type, op.payload);
    // Only a refused payload is asked whether it can be stored at all.
    if (!check.ok && check.reason === 'invalid-payload') problem = jsonProblem(op.payload);
  } catch {
    // Whatever the check could not take is refused with its operation, never a failed push.
    check = { ok: false, reason: 'invalid-payload' };
    problem = 'not-json';
  }
  if (check.ok && caller.role !== 'owner' && OWNER_ONLY_OPERATIONS.has(op.type)) {
    check = { ok: false, reason: 'owner-only' };
  }
  // A payload too deep or not storable is hashed by what it is refused for, never walked recursively.
  const digest = problem ? unstorableDigest(op, problem) : operationDigest(op);
  return { op, digest, unstorable: problem, check };
}

function unstorableDigest(op: Operation, problem: string): string {
  const { opId: _id, payload: _payload, ...envelope } = op;
  return createHash('sha256')
    .update(`${canonicalJson(envelope)}\0unstorable:${problem}`)
    .digest('hex');
}

type JobOutcome = { ok: true; value: PushSettled } | { ok: false; error: unknown };

/** What one push came to: its answers, the op id it stopped at, and whether the shop's records changed. */
type PushSettled = { results: OpResult[]; conflict: string | undefined; changed: boolean };

type PushJob = {
  caller: Caller;
  received: readonly Received[];
  resolve: (outcome: PushSettled) => void;
  reject: (error: unknown) => void;
};

type StoredOp = { opId: string; seq: number | null; payloadHash: string; reason: string | null };

export type OperationLog = Pick<FastifyBaseLogger, 'error' | 'warn'>;

export class OperationService {
  /** The last write of each shop in this process (see inTurn). */
  private readonly turns = new Map<string, Promise<void>>();
  /** Pushes of each shop waiting for their turn, to be settled together. */
  private readonly waiting = new Map<string, PushJob[]>();
  /**
   * The last seq this process settled for each phone (`shop/device`), after commit. Only a hint of which way to
   * settle a group (see followsSettled): the database's rows decide, so a stale hint (another server) is harmless.
   */
  private readonly settledSeqs = new Map<string, number>();
  private static readonly SETTLED_SEQS_MAX = 50_000;

  constructor(
    private readonly db: Database,
    private readonly notifier: ShopNotifier,
    private readonly log?: OperationLog,
  ) {}

  /**
   * Settles a device's operations in seq order, in one transaction: each applied in its own savepoint, a
   * refused one recorded as such and the next ones going on; one whose predecessor is missing waits.
   * Stops at a conflict (same op id, other content). Duplicates are answered before the shop's lock is taken.
   */
  async push(caller: Caller, ops: readonly Operation[]): Promise<PushOutcome> {
    const received = [...ops].sort((a, b) => a.seq - b.seq).map((op) => receive(op, caller));
    // Most batches apply without a hitch: first without savepoints (two round trips fewer per operation);
    // at the first operation that fails, the whole batch is rolled back and settled again with savepoints.
    // Pushes of one shop that arrive while it is busy are settled together, in one transaction (one commit).
    const outcome = await new Promise<PushSettled>((resolve, reject) => {
      const job: PushJob = { caller, received, resolve, reject };
      const waiting = this.waiting.get(caller.shopId);
      if (waiting) {
        waiting.push(job);
        return;
      }
      const group = [job];
      this.waiting.set(caller.shopId, group);
      void this.inTurn(caller.shopId, async () => {
        this.waiting.delete(caller.shopId);
        await this.settleGroup(caller.shopId, group);
      });
    });
    if (outcome.changed) this.notifier.publish(caller.shopId);
    return outcome.conflict === undefined
      ? { results: outcome.results }
      : { results: outcome.results, conflict: outcome.conflict };
  }

  /**
   * Runs a shop's writes one after the other within this process: they would queue on the shop row's lock
   * anyway (which still orders writers across processes), and waiting here holds no database connection, so
   * health checks and other shops never wait for a pool connection behind a busy shop.
   */
  private inTurn<T>(shopId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(shopId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(shopId, settled);
    void settled.then(() => {
      if (this.turns.get(shopId) === settled) this.turns.delete(shopId);
    });
    return run;
  }

  /**
   * Whether every op of the group comes after what this process last settled for its phone: a phone's next
   * batch. Then the lock is taken at once and the state read once after it (one round trip fewer); a retry after
   * a lost answer (seqs already settled) is read before any lock, and answered without one.
   */
  private followsSettled(shopId: string, group: readonly PushJob[]): boolean {
    if (this.settledSeqs.size > OperationService.SETTLED_SEQS_MAX) this.settledSeqs.clear();
    return group.every((job) => {
      const settled = this.settledSeqs.get(`${shopId}/${job.caller.deviceId}`);
      return settled !== undefined && job.received.every((item) => item.op.seq > settled);
    });
  }

  /** Settles a group of pushes of one shop; each gets its own answer (or its own error, e.g. a revoked phone). */
  private async settleGroup(shopId: string, group: readonly PushJob[]): Promise<void> {
    // Every op follows what this process last settled for its phone: new ones, almost surely. The shop's
    // lock first (with the transaction's start, one round trip), then one read (a duplicate among them is
    // still found by it, and answered as such).
    const attempt = this.followsSettled(shopId, group)
      ? (safe: boolean) =>
          withLockedShop(this.db, shopId, (tx, changeSeq) =>
            this.settleInTransaction(tx, shopId, group, safe, ShopWriter.locked(tx, shopId, changeSeq)),
          )
      : (safe: boolean) =>
          withShop(this.db, shopId, (tx) => this.settleInTransaction(tx, shopId, group, safe));
    let settled;
    try {
      try {
        settled = await attempt(false);
      } catch (error) {
        if (!(error instanceof NeedsSavepoints)) throw error;
        settled = await attempt(true);
      }
    } catch (error) {
      for (const job of group) job.reject(error);
      return;
    }
    const { outcomes, lastSeq } = settled;
    for (const job of group) {
      const seq = lastSeq.get(job.caller.deviceId);
      const key = `${shopId}/${job.caller.deviceId}`;
      if (seq === undefined) this.settledSeqs.delete(key);
      else this.settledSeqs.set(key, seq);
    }
    outcomes.forEach((outcome, index) => {
      const job = group[index]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  /**
   * The group's pushes in one transaction, in few round trips: one read of the devices' last seqs and of
   * the ops already stored (before any lock: a push of duplicates only takes no lock), the shop's lock and
   * the same read again when something is to be applied, the operations, then one statement for every
   * op's record, the devices' last seqs and the shop's change number.
   */
  private async settleInTransaction(
    tx: ShopTx,
    shopId: string,
    group: readonly PushJob[],
    safe: boolean,
    locked?: ShopWriter,
  ): Promise<{ outcomes: JobOutcome[]; lastSeq: ReadonlyMap<string, number> }> {
    const deviceIds = [...new Set(group.map((job) => job.caller.deviceId))];
    const items = group.flatMap((job) => job.received);
    let writer: ShopWriter | undefined;
    let state: GroupState;
    if (locked) {
      writer = locked;
      state = await groupState(tx, shopId, deviceIds, items);
    } else {
      state = await groupState(tx, shopId, deviceIds, items);
      const pendingOf = (job: PushJob) =>
        job.received.filter(
          (item) =>
            !state.stored.has(item.op.opId) &&
            item.op.seq > (state.lastSeq.get(job.caller.deviceId) ?? Infinity),
        );
      const pending = group.flatMap(pendingOf);
      if (pending.length > 0) {
        writer = await ShopWriter.open(tx, shopId);
        // Another push of these devices may have committed while we waited for the lock.
        const now = await groupState(tx, shopId, deviceIds, pending);
        state.lastSeq = now.lastSeq;
        for (const [opId, row] of now.stored) state.stored.set(opId, row);
      }
    }
    const rows: OperationRow[] = [];
    const settledSeqs = new Map<string, number>();
    // Without savepoints, plain sales (no carnet entry) in a row are written together, in one statement.
    const plainSales: { sale: Sale; movements: readonly StockMovement[] }[] = [];
    /** Writes the waiting sales (with `alongside` in their statement); false when there were none. */
    const writeSales = async (alongside?: () => SQL): Promise<boolean> => {
      if (plainSales.length === 0 || !writer) return false;
      let allNew: boolean;
      try {
        allNew = await writer.recordSales(plainSales, alongside);
      } catch (error) {
        if (isTransientError(error)) throw error;
        throw new NeedsSavepoints(error instanceof Error ? error.name : 'error', { cause: error });
      }
      plainSales.length = 0;
      // One of them was stored before: settled one by one, with savepoints.
      if (!allNew) throw new NeedsSavepoints('record-stored-before');
      return true;
    };
    const outcomes: JobOutcome[] = [];
    for (const job of group) {
      const { caller } = job;
      let lastSeq = state.lastSeq.get(caller.deviceId);
      if (lastSeq === undefined) {
        // Refused before any write of its own (a revoked phone): the others go on.
        outcomes.push({ ok: false, error: deviceRevoked() });
        continue;
      }
      const results: OpResult[] = [];
      let conflict: string | undefined;
      let changed = false;
      for (const item of job.received) {
        const { op, digest } = item;
        const known = state.stored.get(op.opId);
        if (known) {
          if (known.payloadHash !== digest) {
            conflict = op.opId;
            break;
          }
          results.push(storedAck(known));
          continue;
        }
        if (op.seq <= lastSeq) {
          results.push(ack(op, 'seq-reused'));
          rows.push(operationRow(caller, item, { status: 'rejected', reason: 'seq-reused' }));
        } else if (op.seq > lastSeq + 1 || writer === undefined) {
          results.push({ opId: op.opId, seq: op.seq, status: 'waiting' });
          continue;
        } else {
          let reason: RejectionReason | undefined;
          if (!item.check.ok) reason = item.check.reason;
          else if (safe) {
            reason = await this.applyInSavepoint(writer, item.check.operation, operationHlc(op), op);
          } else {
            const operation = item.check.operation;
            if (operation.type === 'sale.record' && operation.payload.creditTransaction === undefined) {
              plainSales.push(operation.payload);
            } else {
              await writeSales();
              await applyOptimistically(writer, operation, operationHlc(op));
            }
          }
          results.push(ack(op, reason));
          rows.push(
            operationRow(caller, item, reason ? { status: 'rejected', reason } : { status: 'applied' }),
          );
          changed ||= reason === undefined;
          lastSeq = op.seq;
          settledSeqs.set(caller.deviceId, lastSeq);
        }
        // The same op id twice in one push: the second gets the first's answer.
        state.stored.set(op.opId, {
          opId: op.opId,
          seq: op.seq,
          payloadHash: digest,
          reason: rejectionOf(results.at(-1)!),
        });
      }
      // A later push of the same phone in this group goes on from here.
      state.lastSeq.set(caller.deviceId, lastSeq);
      outcomes.push({ ok: true, value: { results, conflict, changed } });
    }
    // The last sales and every op's record in one statement (a rollback undoes both if a sale was stored before).
    const shopWriter = writer;
    const recorded = await writeSales(() =>
      settledStatements(shopId, rows, settledSeqs, shopWriter?.changeSeqToStore()),
    );
    if (!recorded) await recordSettled(tx, shopId, rows, settledSeqs, writer?.changeSeqToStore());
    return { outcomes, lastSeq: state.lastSeq };
  }

  /**
   * Applies in a savepoint; a refusal rolls its writes back and is returned. Whatever else goes wrong is
   * this operation's alone: rolled back, logged without its payload, and refused as 'data-refused' — unless
   * the connection or the transaction itself is at fault, which fails the push (retried later) instead.
   */
  private async applyInSavepoint(
    writer: ShopWriter,
    operation: CheckedOperation,
    hlc: string | undefined,
    op: Pick<Operation, 'opId' | 'type'>,
  ): Promise<RejectionReason | undefined> {
    try {
      await writer.attempt((inner) => applyCheckedOperation(inner, operation, hlc));
      return undefined;
    } catch (error) {
      if (error instanceof OperationRefused) return error.reason;
      if (isPermanentDataError(error)) return 'data-refused';
      if (isTransientError(error)) throw error;
      this.log?.error(
        { opId: op.opId, type: op.type, error: errorSummary(error) },
        'operation failed unexpectedly: refused and rolled back',
      );
      return 'data-refused';
    }
  }

  /**
   * Writes made on the server for a caller (table REST), all in one transaction: every row of a request
   * or none. `work` applies operations through the batch; a refusal throws a DomainError and undoes them all.
   */
  async applyServerOperations<T>(caller: Caller, work: (batch: ServerBatch) => Promise<T>): Promise<T> {
    const { result, changed } = await this.inTurn(caller.shopId, () =>
      withShop(this.db, caller.shopId, async (tx) => {
        const writer = await ShopWriter.open(tx, caller.shopId);
        const batch = new ServerBatch(tx, writer, caller);
        const result = await work(batch);
        if (batch.rows.length > 0) await tx.insert(operations).values(batch.rows);
        await writer.close();
        return { result, changed: batch.rows.length > 0 };
      }),
    );
    if (changed) this.notifier.publish(caller.shopId);
    return result;
  }

  /** One operation made on the server (table REST); see applyServerOperations. */
  async applyServerOperation(caller: Caller, type: OperationType, payload: unknown): Promise<void> {
    await this.applyServerOperations(caller, (batch) => batch.apply(type, payload));
  }
}

/** The operations of one REST request, applied in its transaction; recorded without a seq. */
export class ServerBatch {
  readonly rows: (typeof operations.$inferInsert)[] = [];
  private readonly now = new Date().toISOString();

  constructor(
    readonly tx: ShopTx,
    private readonly writer: ShopWriter,
    private readonly caller: Caller,
  ) {}

  /** Same checks and writes as a push, stamped by the server's clock. Throws a DomainError when refused. */
  async apply(type: OperationType, payload: unknown): Promise<void> {
    const problem = jsonProblem(payload);
    const check: PayloadCheck = problem
      ? { ok: false, reason: 'invalid-payload' }
      : checkOperationPayload(type, payload);
    if (!check.ok) throw new DomainError('invalid', check.reason, refusalMessage(check.reason));
    if (this.caller.role !== 'owner' && OWNER_ONLY_OPERATIONS.has(type)) {
      throw ownerOnly();
    }
    try {
      await applyCheckedOperation(this.writer, check.operation, undefined);
    } catch (error) {
      if (error instanceof OperationRefused)
        throw new DomainError('invalid', error.reason, refusalMessage(error.reason));
      if (isPermanentDataError(error))
        throw new DomainError('invalid', 'data-refused', refusalMessage('data-refused'));
      throw error;
    }
    const op: Operation = {
      opId: newId(),
      deviceId: this.caller.deviceId,
      seq: 0,
      type,
      payload,
      at: this.now,
    };
    this.rows.push({
      shopId: this.caller.shopId,
      opId: op.opId,
      deviceId: this.caller.deviceId,
      seq: null,
      type,
      payload,
      payloadHash: operationDigest(op),
      status: 'applied',
    });
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

/** The effect of each operation type on the shop's records. */
export async function applyCheckedOperation(
  writer: ShopWriter,
  operation: CheckedOperation,
  /** The device's stamp; undefined for a server-side edit, stamped after the stored version. */
  hlc: string | undefined,
): Promise<void> {
  if (isSupplierOperation(operation)) return applySupplierOperation(writer, operation, hlc);
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

/** A settled operation's record, as `recordSettled` writes it (the shop is the caller's). */
type OperationRow = {
  op_id: string;
  device_id: string;
  seq: number;
  type: string;
  payload: unknown;
  payload_hash: string;
  status: Settled['status'];
  reason: RejectionReason | null;
};

/**
 * The operation's record. A payload that cannot be stored (NUL, lone surrogate, too deep) is replaced by
 * what was wrong with it; a JSON null is stored as JSON null (the column holds no SQL NULL).
 */
function operationRow(caller: Caller, item: Received, settled: Settled): OperationRow {
  return {
    op_id: item.op.opId,
    device_id: caller.deviceId,
    seq: item.op.seq,
    type: item.op.type,
    payload: item.unstorable ? { unstorable: item.unstorable } : (item.op.payload ?? null),
    payload_hash: item.digest,
    status: settled.status,
    reason: settled.status === 'rejected' ? settled.reason : null,
  };
}

/**
 * In one statement: the ops' records (a concurrent push's record of the same op wins), the devices' new
 * last seqs and the shop's last change number.
 */
async function recordSettled(
  tx: ShopTx,
  shopId: string,
  rows: readonly OperationRow[],
  lastSeqs: ReadonlyMap<string, number>,
  changeSeq: number | undefined,
): Promise<void> {
  if (rows.length === 0 && lastSeqs.size === 0 && changeSeq === undefined) return;
  await tx.execute(sql`with ${settledStatements(shopId, rows, lastSeqs, changeSeq)} select 1`);
}

/** recordSettled's writes as the parts of a WITH, so that another statement can carry them (recordSales). */
function settledStatements(
  shopId: string,
  rows: readonly OperationRow[],
  lastSeqs: ReadonlyMap<string, number>,
  changeSeq: number | undefined,
): SQL {
  const shop = sql`${shopId}::uuid`;
  const seqs = [...lastSeqs].map(([id, lastSeq]) => ({ id, last_seq: lastSeq }));
  return sql`
    settled_ops as (
      insert into ${operations} (shop_id, op_id, device_id, seq, type, payload, payload_hash, status, reason)
      select ${shop}, x.op_id, x.device_id, x.seq, x.type, coalesce(x.payload, 'null'::jsonb),
             x.payload_hash, x.status, x.reason
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(op_id uuid, device_id text, seq bigint,
        type text, payload jsonb, payload_hash text, status text, reason text)
      on conflict do nothing
    ), settled_devices as (
      update ${devices} d set last_seq = x.last_seq, last_seen_at = now()
      from jsonb_to_recordset(${JSON.stringify(seqs)}::jsonb) as x(id text, last_seq bigint)
      where d.shop_id = ${shop} and d.id = x.id
    )${
      changeSeq === undefined
        ? sql``
        : sql`, settled_shop as (update ${shops} set change_seq = ${changeSeq}::bigint where id = ${shop})`
    }`;
}

/** The group's devices and ops as stored: undefined last seq for a device removed from the shop. */
type GroupState = { lastSeq: Map<string, number>; stored: Map<string, StoredOp> };

/**
 * The devices' last settled seqs (a device taken out of the shop has none) and the ops of these batches
 * already recorded for the shop (by op id), in one query.
 *
 * The op ids are made one uuid[] first (`= any (array(…))`, computed once) and looked up in the primary key.
 * Written `op_id in (select value::uuid …)`, the text → uuid cast landed in the join's condition, and under
 * row-level security (hanouti_app) a condition with a function that is not leakproof is not pushed into the
 * index: the plan read every operation the shop ever recorded at each push (67–277 ms for a shop of 22,000).
 */
export function groupStateQuery(shopId: string, deviceIds: readonly string[], opIds: readonly string[]): SQL {
  return sql`
    select id as device_id, null::text as op_id, last_seq as seq, null::text as payload_hash,
           null::text as reason
      from ${devices}
      where shop_id = ${shopId}::uuid and revoked_at is null
        and id = any (array(select value from jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb)))
    union all
    select null, op_id::text, seq, payload_hash, reason
      from ${operations}
      where shop_id = ${shopId}::uuid
        and op_id = any (array(select value::uuid from jsonb_array_elements_text(${JSON.stringify(opIds)}::jsonb)))`;
}

async function groupState(
  tx: ShopTx,
  shopId: string,
  deviceIds: readonly string[],
  items: readonly Received[],
): Promise<GroupState> {
  const ids = [...new Set(items.map((item) => item.op.opId))];
  const { rows } = await tx.execute<{
    device_id: string | null;
    op_id: string | null;
    seq: string | number | null;
    payload_hash: string | null;
    reason: string | null;
  }>(groupStateQuery(shopId, deviceIds, ids));
  const state: GroupState = { lastSeq: new Map(), stored: new Map() };
  for (const row of rows) {
    if (row.device_id !== null) state.lastSeq.set(row.device_id, Number(row.seq));
    else if (row.op_id !== null) {
      state.stored.set(row.op_id, {
        opId: row.op_id,
        seq: row.seq === null ? null : Number(row.seq),
        payloadHash: row.payload_hash ?? '',
        reason: row.reason,
      });
    }
  }
  return state;
}

function rejectionOf(result: OpResult): string | null {
  return result.status === 'rejected' ? result.reason : null;
}

function ack(op: Pick<Operation, 'opId' | 'seq'>, reason: RejectionReason | undefined): OpResult {
  return reason === undefined
    ? { opId: op.opId, seq: op.seq, status: 'applied' }
    : { opId: op.opId, seq: op.seq, status: 'rejected', reason };
}

function storedAck(row: StoredOp): OpResult {
  return ack({ opId: row.opId, seq: row.seq ?? 0 }, (row.reason as RejectionReason | null) ?? undefined);
}
