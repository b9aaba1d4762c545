// The sync protocol (version 1) shared by the server and the web client: messages, payloads, limits, cursors.
//
// docs/sync.md explains the protocol; this module is its executable definition. Every change to a
// message shape bumps SYNC_PROTOCOL_VERSION, and the server refuses versions it does not speak.
import { z } from 'zod';
import {
  creditTransactionSchema,
  customerSchema,
  productSchema,
  saleSchema,
  settingsSchema,
  stockMovementSchema,
  supplierSchema,
  uuid,
  MAX_SALE_LINES,
  type CreditTransaction,
  type Customer,
  type Operation,
  type OperationType,
  type Product,
  type Sale,
  type Settings,
  type StockMovement,
  type Supplier,
  type SupplierEntry,
} from './entities.js';
import { supplierRecordPayloadSchema, supplierRecordProblem } from './suppliers.js';
import { AmountError, jsonProblem } from './limits.js';
import { multiplyPrice } from './money.js';
import { cartTotals, lineVat } from './vat.js';
import { RETRY_BACKOFF_START_MS } from './constants.js';

export const SYNC_PROTOCOL_VERSION = 1;

/** A push carries at most this many operations (more → 400); the client sends its outbox in such batches. */
export const MAX_OPS_PER_PUSH = 100;
/** Changes per pull page: the default, and the most a client may ask for. */
export const PULL_PAGE_DEFAULT = 200;
export const PULL_PAGE_MAX = 500;
/** Sync runs at least this often while the app is open (spec: auth refresh tick 30 s, reused for sync). */
export const SYNC_INTERVAL_MS = 30_000;
/** The retry backoff starts at 200 ms (spec) and doubles up to this cap. */
export const RETRY_BACKOFF_CAP_MS = 30_000;
/** An access token is refreshed when it has less than this left. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

/** Milliseconds to wait before retry number `attempt` (0-based): 200, 400, 800… capped. */
export function retryDelay(attempt: number): number {
  const exponent = Math.min(Math.max(Math.floor(attempt), 0), 20);
  return Math.min(RETRY_BACKOFF_START_MS * 2 ** exponent, RETRY_BACKOFF_CAP_MS);
}

/** The kinds of record a pull returns. */
export const SYNC_ENTITIES = [
  'product',
  'customer',
  'settings',
  'sale',
  'stockMovement',
  'creditTransaction',
  'supplier',
  'supplierEntry',
] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

/** Why an operation was refused for good; the device lists it under "À vérifier". */
export const REJECTION_REASONS = [
  'invalid-payload',
  'totals-mismatch',
  'movement-mismatch',
  'credit-mismatch',
  'record-conflict',
  'seq-reused',
  'data-refused',
  /** Removing records or changing the settings from a staff phone: only the owner's phones may. */
  'owner-only',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** What only the shop owner's phones may do (staff phones sell, restock and keep the carnet). */
export const OWNER_ONLY_OPERATIONS: ReadonlySet<OperationType> = new Set<OperationType>([
  'product.delete',
  'customer.delete',
  'settings.update',
  'supplier.delete',
]);

/** What the server answers for one pushed operation. A repeat of the same operation gets the same answer. */
export type OpResult =
  | { opId: string; seq: number; status: 'applied' }
  | { opId: string; seq: number; status: 'rejected'; reason: RejectionReason }
  /** An earlier seq of this device is missing: nothing was done, push again after the missing ones. */
  | { opId: string; seq: number; status: 'waiting' };

export type PushRequest = { protocol: typeof SYNC_PROTOCOL_VERSION; ops: Operation[] };
export type PushResponse = { protocol: typeof SYNC_PROTOCOL_VERSION; results: OpResult[] };

/** One record as the server holds it now: its latest version, or its removal. */
export type SyncChange =
  | { seq: number; entity: 'product'; id: string; hlc: string; deleted: false; record: Product }
  | { seq: number; entity: 'customer'; id: string; hlc: string; deleted: false; record: Customer }
  | { seq: number; entity: 'settings'; id: string; hlc: string; deleted: false; record: Settings }
  | { seq: number; entity: 'sale'; id: string; deleted: false; record: Sale }
  | { seq: number; entity: 'stockMovement'; id: string; deleted: false; record: StockMovement }
  | { seq: number; entity: 'creditTransaction'; id: string; deleted: false; record: CreditTransaction }
  | { seq: number; entity: 'supplier'; id: string; hlc: string; deleted: false; record: Supplier }
  | { seq: number; entity: 'supplierEntry'; id: string; deleted: false; record: SupplierEntry }
  | { seq: number; entity: SyncEntity; id: string; hlc?: string; deleted: true };

export type PullResponse = {
  protocol: typeof SYNC_PROTOCOL_VERSION;
  changes: SyncChange[];
  /** Pass it to the next pull; it names the shop, so another shop's cursor is refused. */
  cursor: string;
  hasMore: boolean;
  /**
   * The highest seq of the CALLING device the server has processed (applied or rejected). An answer to a push
   * may be lost; this tells the phone which of its pending operations the server's figures already include.
   */
  acknowledgedSeq: number;
};

/** The payload of a sale: the sale, its stock movements and, on the carnet, its credit entry. */
export const saleRecordPayloadSchema = z.strictObject({
  sale: saleSchema,
  movements: z.array(stockMovementSchema).max(MAX_SALE_LINES),
  creditTransaction: creditTransactionSchema.optional(),
});
export type SaleRecordPayload = z.infer<typeof saleRecordPayloadSchema>;

export const recordIdPayloadSchema = z.strictObject({ id: uuid });

/** Payload schema of each operation type. */
export const OPERATION_PAYLOAD_SCHEMAS = {
  'product.upsert': productSchema,
  'product.delete': recordIdPayloadSchema,
  'sale.record': saleRecordPayloadSchema,
  'stock.move': stockMovementSchema,
  'customer.upsert': customerSchema,
  'customer.delete': recordIdPayloadSchema,
  'credit.record': creditTransactionSchema,
  'settings.update': settingsSchema,
  'supplier.upsert': supplierSchema,
  'supplier.delete': recordIdPayloadSchema,
  'supplier.record': supplierRecordPayloadSchema,
} as const satisfies Record<OperationType, z.ZodType>;

export type OperationPayload<T extends OperationType> = z.infer<(typeof OPERATION_PAYLOAD_SCHEMAS)[T]>;

/** An operation whose payload matched its type's schema. */
export type CheckedOperation = {
  [T in OperationType]: { type: T; payload: OperationPayload<T> };
}[OperationType];

export type PayloadCheck = { ok: true; operation: CheckedOperation } | { ok: false; reason: RejectionReason };

/**
 * Validates an operation's payload against its type, and a sale's arithmetic: line totals, VAT and the
 * sale's totals are recomputed in centimes, its movements must be its own lines' and its credit entry its own.
 */
export function checkOperationPayload(type: OperationType, payload: unknown): PayloadCheck {
  // NUL characters and lone surrogates cannot be stored (PostgreSQL refuses them); they are refused, not cleaned,
  // so what is stored is always what the phone holds.
  if (jsonProblem(payload) !== undefined) return { ok: false, reason: 'invalid-payload' };
  const parsed = OPERATION_PAYLOAD_SCHEMAS[type].safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'invalid-payload' };
  const operation = { type, payload: parsed.data } as CheckedOperation;
  if (operation.type === 'sale.record') {
    let reason: RejectionReason | undefined;
    try {
      reason = saleRecordProblem(operation.payload);
    } catch (error) {
      // Numbers the schemas let through but arithmetic cannot take: the totals cannot match.
      if (!(error instanceof AmountError)) throw error;
      reason = 'totals-mismatch';
    }
    if (reason) return { ok: false, reason };
  }
  if (operation.type === 'supplier.record') {
    const reason = supplierRecordProblem(operation.payload);
    if (reason) return { ok: false, reason };
  }
  return { ok: true, operation };
}

/** What is wrong with a sale's numbers or its attached records, if anything. */
export function saleRecordProblem(payload: SaleRecordPayload): RejectionReason | undefined {
  const { sale, movements, creditTransaction } = payload;
  for (const item of sale.items) {
    if (item.total !== multiplyPrice(item.unitPrice, item.quantity)) return 'totals-mismatch';
    if (item.vat !== lineVat(item.total, item.vatRate)) return 'totals-mismatch';
  }
  const totals = cartTotals(sale.items);
  if (totals.subtotal !== sale.subtotal || totals.vat !== sale.vat || totals.total !== sale.total) {
    return 'totals-mismatch';
  }
  const soldProducts = new Set(sale.items.map((item) => item.productId));
  const movementIds = new Set<string>();
  for (const movement of movements) {
    if (movement.saleId !== sale.id || movement.kind !== 'sale') return 'movement-mismatch';
    if (!soldProducts.has(movement.productId) || movement.delta > 0) return 'movement-mismatch';
    if (movementIds.has(movement.id)) return 'movement-mismatch';
    movementIds.add(movement.id);
  }
  if (creditTransaction) {
    const matches =
      creditTransaction.saleId === sale.id &&
      creditTransaction.type === 'credit' &&
      creditTransaction.customerId === sale.customerId &&
      creditTransaction.amount === sale.total &&
      sale.paymentMethod === 'credit';
    if (!matches) return 'credit-mismatch';
  }
  return undefined;
}

/**
 * JSON with object keys sorted at every level: the same value always gives the same text, so the server
 * can tell "the same operation again" from "another operation under the same id".
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) sorted[key] = sortKeys(field);
  }
  return sorted;
}

const CURSOR_PATTERN = /^v1\.([0-9a-f-]{36})\.(\d{1,15})$/;

/** The opaque cursor of a shop's change feed after change number `seq`. */
export function formatCursor(shopId: string, seq: number): string {
  return `v1.${shopId}.${seq}`;
}

export function parseCursor(cursor: string): { shopId: string; seq: number } | undefined {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match?.[1] || match[2] === undefined) return undefined;
  return { shopId: match[1], seq: Number(match[2]) };
}
