// The customer's carnet: credit and payment entries, the balance they add up to, and the history screen.
import {
  CREDIT_ENTRY_ADVANCE,
  type Centimes,
  type CreditTransaction,
  type Customer,
  type Sale,
} from './entities.js';
import type { DomainContext } from './context.js';
import { MAX_AMOUNT_CENTIMES, MAX_NOTE_LENGTH } from './limits.js';

/**
 * Why an entry is refused: its amount is not above 0, or beyond what one entry holds (MAX_AMOUNT_CENTIMES);
 * its description is longer than MAX_NOTE_LENGTH once trimmed; an advance without its note.
 */
export type LedgerError =
  'amount-not-positive' | 'amount-too-large' | 'description-too-long' | 'note-required';

export type CreditResult =
  { ok: true; transaction: CreditTransaction; customer: Customer } | { ok: false; error: LedgerError };

export type PaymentResult =
  | {
      ok: true;
      /** Absent when the customer owed nothing: nothing is recorded. */
      transaction: CreditTransaction | undefined;
      customer: Customer;
      /** What was given beyond the balance, to hand back. */
      change: Centimes;
    }
  | { ok: false; error: LedgerError };

/** What any carnet or supplier entry must meet, whatever its kind: a whole amount in (0, MAX], a note within bounds. */
export function entryProblem(
  amount: number,
  description: string,
): 'amount-not-positive' | 'amount-too-large' | 'description-too-long' | undefined {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'amount-not-positive';
  if (amount > MAX_AMOUNT_CENTIMES) return 'amount-too-large';
  if (description.trim().length > MAX_NOTE_LENGTH) return 'description-too-long';
  return undefined;
}

function entry(
  customer: Customer,
  type: CreditTransaction['type'],
  amount: Centimes,
  description: string,
  ctx: DomainContext,
): CreditTransaction {
  return {
    id: ctx.newId(),
    customerId: customer.id,
    type,
    amount,
    description: description.trim(),
    date: ctx.now,
  };
}

/** Goods taken on the carnet: the balance rises (amount > 0, "Le montant doit être supérieur à 0"). */
export function recordCredit(
  customer: Customer,
  amount: Centimes,
  description: string,
  ctx: DomainContext,
): CreditResult {
  const problem = entryProblem(amount, description);
  if (problem) return { ok: false, error: problem };
  return {
    ok: true,
    transaction: entry(customer, 'credit', amount, description, ctx),
    customer: { ...customer, creditBalance: customer.creditBalance + amount, updatedAt: ctx.now },
  };
}

/**
 * A cash advance ("avance en espèces"): money handed to the customer, owed like goods taken — a credit
 * entry without a sale, marked `kind: 'advance'`, with its note (required: what the money was for).
 */
export function recordAdvance(
  customer: Customer,
  amount: Centimes,
  note: string,
  ctx: DomainContext,
): CreditResult {
  const problem = entryProblem(amount, note);
  if (problem) return { ok: false, error: problem };
  if (note.trim() === '') return { ok: false, error: 'note-required' };
  return {
    ok: true,
    transaction: { ...entry(customer, 'credit', amount, note, ctx), kind: CREDIT_ENTRY_ADVANCE },
    customer: { ...customer, creditBalance: customer.creditBalance + amount, updatedAt: ctx.now },
  };
}

/** Whether a carnet entry is a cash advance (a credit, so it raises the balance like any credit). */
export const isAdvance = (t: CreditTransaction): boolean => t.kind === CREDIT_ENTRY_ADVANCE;

/**
 * A payment lowers the balance, never below 0 (spec: "floored at 0"): only what is owed is recorded,
 * and the rest is change to hand back.
 */
export function recordPayment(
  customer: Customer,
  amount: Centimes,
  description: string,
  ctx: DomainContext,
): PaymentResult {
  const problem = entryProblem(amount, description);
  if (problem) return { ok: false, error: problem };
  const applied = Math.min(amount, Math.max(customer.creditBalance, 0));
  if (applied === 0) return { ok: true, transaction: undefined, customer, change: amount };
  return {
    ok: true,
    transaction: entry(customer, 'payment', applied, description, ctx),
    customer: { ...customer, creditBalance: customer.creditBalance - applied, updatedAt: ctx.now },
    change: amount - applied,
  };
}

const chronological = (a: { date: string; id: string }, b: { date: string; id: string }) =>
  Date.parse(a.date) - Date.parse(b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A customer's balance from their entries in date order: credits add, payments subtract, floored at 0.
 * Entries written by recordPayment never cross 0, so this is their plain sum; the floor only matters
 * when two offline devices both took the same debt's payment.
 */
export function balanceFromLedger(transactions: readonly CreditTransaction[]): Centimes {
  let balance = 0;
  for (const t of [...transactions].sort(chronological)) {
    balance = t.type === 'credit' ? balance + t.amount : Math.max(balance - t.amount, 0);
  }
  return balance;
}

/** Every customer's balance, to rebuild the cached creditBalance. */
export function balancesByCustomer(transactions: readonly CreditTransaction[]): Map<string, Centimes> {
  const byCustomer = new Map<string, CreditTransaction[]>();
  for (const t of transactions) {
    const list = byCustomer.get(t.customerId);
    if (list) list.push(t);
    else byCustomer.set(t.customerId, [t]);
  }
  return new Map([...byCustomer].map(([customerId, list]) => [customerId, balanceFromLedger(list)]));
}

export type LedgerEntry = {
  id: string;
  date: string;
  /** purchase: a sale (paid cash, or on credit when onCredit); credit, advance and payment: carnet entries. */
  kind: 'purchase' | 'credit' | 'advance' | 'payment';
  amount: Centimes;
  description: string;
  onCredit: boolean;
  saleId?: string;
  ticketNumber?: string;
  /** Signed change of the balance made by this entry. */
  balanceChange: Centimes;
  balanceAfter: Centimes;
};

type HistoryRow = Omit<LedgerEntry, 'balanceChange' | 'balanceAfter'> & {
  effect: 'raise' | 'lower' | 'none';
};

/**
 * The customer's history, oldest first, with the running balance: their purchases and carnet entries.
 * A purchase on credit appears once, as the purchase carrying its credit entry's effect on the balance.
 */
export function ledgerHistory(
  transactions: readonly CreditTransaction[],
  sales: readonly Sale[],
): LedgerEntry[] {
  const salesById = new Map(sales.map((sale) => [sale.id, sale]));
  const creditedSales = new Set<string>();
  const rows: HistoryRow[] = [];
  for (const t of transactions) {
    const sale = t.saleId !== undefined ? salesById.get(t.saleId) : undefined;
    if (sale && t.type === 'credit' && !creditedSales.has(sale.id)) {
      creditedSales.add(sale.id);
      rows.push({
        id: t.id,
        date: sale.date,
        kind: 'purchase',
        amount: t.amount,
        description: t.description,
        onCredit: true,
        saleId: sale.id,
        ticketNumber: sale.ticketNumber,
        effect: 'raise',
      });
      continue;
    }
    rows.push({
      id: t.id,
      date: t.date,
      kind: isAdvance(t) ? 'advance' : t.type,
      amount: t.amount,
      description: t.description,
      onCredit: t.type === 'credit',
      ...(t.saleId !== undefined ? { saleId: t.saleId } : {}),
      effect: t.type === 'credit' ? 'raise' : 'lower',
    });
  }
  for (const sale of sales) {
    if (creditedSales.has(sale.id)) continue;
    // A sale without its carnet entry changes no balance: the ledger alone says what is owed.
    rows.push({
      id: sale.id,
      date: sale.date,
      kind: 'purchase',
      amount: sale.total,
      description: '',
      onCredit: sale.paymentMethod === 'credit',
      saleId: sale.id,
      ticketNumber: sale.ticketNumber,
      effect: 'none',
    });
  }
  rows.sort(chronological);
  let balance = 0;
  return rows.map(({ effect, ...row }) => {
    const before = balance;
    if (effect === 'raise') balance += row.amount;
    else if (effect === 'lower') balance = Math.max(balance - row.amount, 0);
    return { ...row, balanceChange: balance - before, balanceAfter: balance };
  });
}
