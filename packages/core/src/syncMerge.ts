// What a device keeps when it pulls the server's changes while some of its own edits are still on their way.
//
// The server is authoritative, with two exceptions the device must respect until its outbox is empty:
// a record it edited after the server's version (a later HLC stamp) keeps the local edit, and sales it made
// offline still count in its customers' totals. Caches are never taken from the server: stock is the sum of
// the local movements and a balance the sum of the local ledger, which hold the server's and the pending ones.
import type { CreditTransaction, Customer, Operation, Product, StockMovement } from './entities.js';
import { compareHlc, hlcFromTime } from './hlc.js';
import { balanceFromLedger } from './ledger.js';
import { stockFromMovements } from './stock.js';
import type { SyncChange, SyncEntity } from './sync.js';

/** `product:<id>`: one key space for records of every kind. */
export function recordKey(entity: SyncEntity, id: string): string {
  return `${entity}:${id}`;
}

/** The stamp of an operation; operations recorded before stamps existed use their own time. */
export function operationHlc(op: Pick<Operation, 'hlc' | 'at' | 'deviceId'>): string {
  return op.hlc ?? hlcFromTime(op.at, op.deviceId);
}

function idOf(payload: unknown): string | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const id = (payload as { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}

const LWW_ENTITY: Partial<Record<Operation['type'], SyncEntity>> = {
  'product.upsert': 'product',
  'product.delete': 'product',
  'customer.upsert': 'customer',
  'customer.delete': 'customer',
  'settings.update': 'settings',
  'supplier.upsert': 'supplier',
  'supplier.delete': 'supplier',
};

/** The latest stamp of each record that has a local edit not yet acknowledged by the server. */
export function pendingClocks(pending: readonly Operation[]): Map<string, string> {
  const clocks = new Map<string, string>();
  for (const op of pending) {
    const entity = LWW_ENTITY[op.type];
    const id = idOf(op.payload);
    if (!entity || id === undefined) continue;
    const key = recordKey(entity, id);
    const hlc = operationHlc(op);
    const known = clocks.get(key);
    if (known === undefined || compareHlc(hlc, known) > 0) clocks.set(key, hlc);
  }
  return clocks;
}

/**
 * Does the pulled version replace the local one? Sales, movements and ledger entries: always (they are
 * append-only and the server's copy is the truth). Catalogue, customers, settings: unless a local edit
 * still on its way carries a later stamp — the server will keep that edit too when it arrives.
 */
export function pulledChangeWins(change: SyncChange, clocks: ReadonlyMap<string, string>): boolean {
  const local = clocks.get(recordKey(change.entity, change.id));
  const pulled = 'hlc' in change ? change.hlc : undefined;
  if (local === undefined || pulled === undefined) return true;
  return compareHlc(pulled, local) >= 0;
}

export type PendingPurchases = { total: number; lastPurchase: string | undefined };

/**
 * The pending operations the server has not processed yet: those after the device's acknowledged seq (from a
 * pull). Without it, a push whose answer was lost would be counted twice — once in the server's figures, once
 * as still pending.
 */
export function unprocessedOperations<T extends Pick<Operation, 'seq'>>(
  pending: readonly T[],
  acknowledgedSeq: number,
): T[] {
  return pending.filter((op) => op.seq > acknowledgedSeq);
}

/** Per customer: the sales made here and not yet acknowledged, which the server has not counted yet. */
export function pendingPurchases(pending: readonly Operation[]): Map<string, PendingPurchases> {
  const byCustomer = new Map<string, PendingPurchases>();
  for (const op of pending) {
    if (op.type !== 'sale.record') continue;
    const sale = (op.payload as { sale?: { customerId?: unknown; total?: unknown; date?: unknown } }).sale;
    if (typeof sale?.customerId !== 'string' || typeof sale.total !== 'number') continue;
    const date = typeof sale.date === 'string' ? sale.date : undefined;
    const known = byCustomer.get(sale.customerId) ?? { total: 0, lastPurchase: undefined };
    byCustomer.set(sale.customerId, {
      total: known.total + sale.total,
      lastPurchase: latestDate(known.lastPurchase, date),
    });
  }
  return byCustomer;
}

function latestDate(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** A product after a pull: the winning version's fields, and stock = Σ the local movements. */
export function productAfterPull(product: Product, movements: readonly StockMovement[]): Product {
  return { ...product, stock: stockFromMovements(movements) };
}

/**
 * A customer after a pull: the winning version's name and phone, the server's purchase counters plus the
 * local sales still on their way, and the balance from the local ledger.
 */
export function customerAfterPull(
  winner: Customer,
  server: Pick<Customer, 'totalPurchases' | 'lastPurchase'>,
  entries: readonly CreditTransaction[],
  pending: PendingPurchases | undefined,
): Customer {
  const lastPurchase = latestDate(server.lastPurchase, pending?.lastPurchase);
  const { lastPurchase: _dropped, ...rest } = winner;
  return {
    ...rest,
    creditBalance: balanceFromLedger(entries),
    totalPurchases: server.totalPurchases + (pending?.total ?? 0),
    ...(lastPurchase !== undefined ? { lastPurchase } : {}),
  };
}
