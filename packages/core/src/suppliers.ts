// The supplier notebook: what the shop owes its distributors — deliveries on credit, payments, the balance.
//
// The other half of the paper notebook: the customers' carnet (ledger.ts) says what is owed TO the shop,
// this one what the shop owes. A balance is the plain sum of the supplier's entries (deliveries add,
// payments subtract): a sum does not depend on the order entries arrive in, so two phones always agree.
import { z } from 'zod';
import {
  MAX_SALE_LINES,
  stockMovementSchema,
  supplierEntrySchema,
  type Centimes,
  type StockMovement,
  type Supplier,
  type SupplierEntry,
} from './entities.js';
import type { DomainContext } from './context.js';
import { entryProblem, type LedgerError } from './ledger.js';
import { moroccanPhone } from './validation.js';
import { latinDigits, withoutBidiControls } from './digits.js';

export type SupplierEntryError = Exclude<LedgerError, 'note-required'> | 'payment-above-balance';
export type NewSupplierError = 'name-required' | 'name-too-long' | 'invalid-phone';

/** The signed change an entry makes to what the shop owes. */
export function supplierEntryEffect(entry: Pick<SupplierEntry, 'type' | 'amount'>): Centimes {
  return entry.type === 'delivery' ? entry.amount : -entry.amount;
}

/** What the shop owes the supplier: Σ deliveries − Σ payments (below 0 when paid in advance). */
export function supplierBalance(entries: readonly Pick<SupplierEntry, 'type' | 'amount'>[]): Centimes {
  let balance = 0;
  for (const entry of entries) balance += supplierEntryEffect(entry);
  return balance;
}

/** Every supplier's balance, to rebuild the cached balances. */
export function balancesBySupplier(entries: readonly SupplierEntry[]): Map<string, Centimes> {
  const balances = new Map<string, Centimes>();
  for (const entry of entries) {
    balances.set(entry.supplierId, (balances.get(entry.supplierId) ?? 0) + supplierEntryEffect(entry));
  }
  return balances;
}

/** What the shop owes all its suppliers together (advances paid to one do not lower what is owed to another). */
export function totalOwedToSuppliers(suppliers: readonly Pick<Supplier, 'balance'>[]): Centimes {
  return suppliers.reduce((sum, supplier) => sum + Math.max(supplier.balance, 0), 0);
}

// A number that is not Moroccan is kept as typed if it looks like a phone number (as for customers).
const ANY_PHONE = /^\+?[\d\s.()-]{6,32}$/;

/** The supplier's name and phone, checked and tidied (name required, phone optional). */
export function supplierFields(fields: {
  name: string;
  phone?: string;
}): { ok: true; name: string; phone: string } | { ok: false; error: NewSupplierError } {
  const name = fields.name.trim();
  if (name === '') return { ok: false, error: 'name-required' };
  if (name.length > 200) return { ok: false, error: 'name-too-long' };
  const typed = withoutBidiControls(latinDigits(fields.phone ?? '')).trim();
  let phone = '';
  if (typed !== '') {
    const moroccan = moroccanPhone(typed);
    if (moroccan.ok) phone = moroccan.phone;
    else if (ANY_PHONE.test(typed)) phone = typed;
    else return { ok: false, error: 'invalid-phone' };
  }
  return { ok: true, name, phone };
}

/** A new supplier, owed nothing yet. */
export function newSupplier(
  fields: { name: string; phone?: string },
  ctx: DomainContext,
): { ok: true; supplier: Supplier } | { ok: false; error: NewSupplierError } {
  const checked = supplierFields(fields);
  if (!checked.ok) return checked;
  return {
    ok: true,
    supplier: {
      id: ctx.newId(),
      name: checked.name,
      phone: checked.phone,
      balance: 0,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    },
  };
}

export type SupplierEntryResult =
  { ok: true; entry: SupplierEntry; supplier: Supplier } | { ok: false; error: SupplierEntryError };

function withEntry(supplier: Supplier, entry: SupplierEntry, now: string): Supplier {
  return { ...supplier, balance: supplier.balance + supplierEntryEffect(entry), updatedAt: now };
}

/**
 * Goods received on credit: what the shop owes rises by `amount`. `movementIds` names the stock
 * movements of the Réception it came with, if any.
 */
export function recordSupplierDelivery(
  supplier: Supplier,
  amount: Centimes,
  description: string,
  ctx: DomainContext,
  movementIds: readonly string[] = [],
): SupplierEntryResult {
  const problem = entryProblem(amount, description);
  if (problem) return { ok: false, error: problem };
  const entry: SupplierEntry = {
    id: ctx.newId(),
    supplierId: supplier.id,
    type: 'delivery',
    amount,
    description: description.trim(),
    date: ctx.now,
    ...(movementIds.length > 0 ? { movementIds: [...movementIds] } : {}),
  };
  return { ok: true, entry, supplier: withEntry(supplier, entry, ctx.now) };
}

/** Money handed to the supplier: at most what the shop owes them ("Le paiement dépasse le solde dû"). */
export function recordSupplierPayment(
  supplier: Supplier,
  amount: Centimes,
  description: string,
  ctx: DomainContext,
): SupplierEntryResult {
  const problem = entryProblem(amount, description);
  if (problem) return { ok: false, error: problem };
  if (amount > Math.max(supplier.balance, 0)) return { ok: false, error: 'payment-above-balance' };
  const entry: SupplierEntry = {
    id: ctx.newId(),
    supplierId: supplier.id,
    type: 'payment',
    amount,
    description: description.trim(),
    date: ctx.now,
  };
  return { ok: true, entry, supplier: withEntry(supplier, entry, ctx.now) };
}

export type SupplierHistoryRow = SupplierEntry & { balanceAfter: Centimes };

const chronological = (a: SupplierEntry, b: SupplierEntry) =>
  Date.parse(a.date) - Date.parse(b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The supplier's entries, newest first, each with what was owed after it. */
export function supplierHistory(entries: readonly SupplierEntry[]): SupplierHistoryRow[] {
  let balance = 0;
  const rows = [...entries].sort(chronological).map((entry) => {
    balance += supplierEntryEffect(entry);
    return { ...entry, balanceAfter: balance };
  });
  return rows.reverse();
}

// ---------------------------------------------------------------- the 'supplier.record' operation

/**
 * The payload of a supplier entry: the entry and, for a Réception à crédit, the stock movements it came
 * with — applied together, so the stock and what is owed never disagree.
 */
export const supplierRecordPayloadSchema = z.strictObject({
  entry: supplierEntrySchema,
  movements: z.array(stockMovementSchema).max(MAX_SALE_LINES),
});
export type SupplierRecordPayload = z.infer<typeof supplierRecordPayloadSchema>;

/** The payload of one supplier entry, with the movements of its reception. */
export function supplierRecordPayload(
  entry: SupplierEntry,
  movements: readonly StockMovement[] = [],
): SupplierRecordPayload {
  return { entry, movements: [...movements] };
}

/**
 * Why an entry and its movements do not belong together, if they do not: only a delivery brings
 * movements, each a restock (stock rising) listed by the entry, and the entry lists no other.
 */
export function supplierRecordProblem(payload: SupplierRecordPayload): 'movement-mismatch' | undefined {
  const { entry, movements } = payload;
  const listed = entry.movementIds ?? [];
  if (movements.length === 0 && listed.length === 0) return undefined;
  if (entry.type !== 'delivery') return 'movement-mismatch';
  const ids = new Set<string>();
  for (const movement of movements) {
    if (movement.kind !== 'restock' || !(movement.delta > 0) || movement.saleId !== undefined) {
      return 'movement-mismatch';
    }
    if (ids.has(movement.id)) return 'movement-mismatch';
    ids.add(movement.id);
  }
  const listedIds = new Set(listed);
  if (listedIds.size !== listed.length || listedIds.size !== ids.size) return 'movement-mismatch';
  for (const id of listedIds) if (!ids.has(id)) return 'movement-mismatch';
  return undefined;
}

/** A supplier after a pull: the winning version's name and phone, the balance from the local entries. */
export function supplierAfterPull(winner: Supplier, entries: readonly SupplierEntry[]): Supplier {
  return { ...winner, balance: supplierBalance(entries) };
}
