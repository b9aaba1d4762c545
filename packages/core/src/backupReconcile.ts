// A backup's credit book made to add up: payments the original app floored at 0 are recorded as paid up to
// what was owed, and a stated balance its entries do not give gets a visible "Solde importé" entry.
import type { Centimes, CreditTransaction, Customer } from './entities.js';
import { derivedId } from './backupConvert.js';
import { MAX_AMOUNT_CENTIMES } from './limits.js';

/** Description (the note shown in the customer's history) of the entry that carries an imported balance. */
export const IMPORTED_BALANCE_DESCRIPTION = 'Solde importé';

/** True for the entry an import added so that a customer's entries give the balance the file stated. */
export function isImportedBalanceEntry(entry: Pick<CreditTransaction, 'description'>): boolean {
  return entry.description === IMPORTED_BALANCE_DESCRIPTION;
}

/** What became of one credit entry of the file. */
export type SettledEntry =
  | { outcome: 'imported'; entry: CreditTransaction }
  /** A payment larger than what was owed: recorded up to it (the rest was change handed back). */
  | { outcome: 'capped'; entry: CreditTransaction; original: CreditTransaction }
  /** A payment made when nothing was owed: it changed no balance, nothing is recorded. */
  | { outcome: 'skipped'; entry: CreditTransaction };

const chronological = (a: CreditTransaction, b: CreditTransaction) =>
  Date.parse(a.date) - Date.parse(b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * One customer's entries read the way the original app read them — in date order, a payment lowers the
 * balance but never below 0 — and written the way this app writes them (recordPayment): a payment is only
 * ever what was owed, so that the balance is the plain sum of the entries. Answers each entry's outcome,
 * in date order, and the balance they give.
 */
export function settleCustomerLedger(entries: readonly CreditTransaction[]): {
  settled: SettledEntry[];
  balance: Centimes;
} {
  let owed = 0;
  const settled: SettledEntry[] = [];
  for (const entry of [...entries].sort(chronological)) {
    if (entry.type === 'credit') {
      owed += entry.amount;
      settled.push({ outcome: 'imported', entry });
    } else if (owed === 0) {
      settled.push({ outcome: 'skipped', entry });
    } else if (entry.amount > owed) {
      settled.push({ outcome: 'capped', entry: { ...entry, amount: owed }, original: entry });
      owed = 0;
    } else {
      owed -= entry.amount;
      settled.push({ outcome: 'imported', entry });
    }
  }
  return { settled, balance: owed };
}

/**
 * Which balance a customer of the file keeps: 'stated' (the file's, made up by a "Solde importé" entry where
 * the entries give another) or 'entries' (the entries' sum). The original app (version 1) kept the balance
 * apart from its entries, and it is what the shopkeeper saw: it is kept. This app (version 2) writes the
 * balance as a cache of the entries, so its entries win, unless it has none (its ledger did not come with
 * it). A file that gives no balance at all leaves the entries' sum.
 */
export function balanceRule(customer: {
  formatVersion: 1 | 2;
  stated: boolean;
  hasEntries: boolean;
}): 'stated' | 'entries' {
  if (!customer.stated) return 'entries';
  return customer.formatVersion === 1 || !customer.hasEntries ? 'stated' : 'entries';
}

/** The instant just after the latest entry (so the adjustment sorts last), or the export if it is later. */
function adjustmentDate(entries: readonly CreditTransaction[], asOf: string): string {
  let latest = Date.parse(asOf);
  for (const entry of entries) latest = Math.max(latest, Date.parse(entry.date) + 1);
  return new Date(latest).toISOString();
}

/**
 * The entries that take a customer from what their (settled) entries give to the balance the file states:
 * credits when the file says more is owed, payments when less — one entry, or as many as it takes for none to
 * exceed what one entry may hold (MAX_AMOUNT_CENTIMES: a corrupt balance must not make an entry the app's own
 * schema refuses). Dated at the export (the moment the stated balance is of), or just after the latest entry
 * when that is later, so they come last and the balance never goes below 0 on the way. Their ids come from what
 * they carry: the same file gives the same entries, and a sync peer that already holds one finds the same record.
 */
export function balanceAdjustments(
  customer: Pick<Customer, 'id' | 'creditBalance'>,
  settledEntries: readonly CreditTransaction[],
  ledgerBalance: Centimes,
  asOf: string,
): CreditTransaction[] {
  const difference = customer.creditBalance - ledgerBalance;
  if (difference === 0) return [];
  const type = difference > 0 ? 'credit' : 'payment';
  const amount = Math.abs(difference);
  const date = adjustmentDate(settledEntries, asOf);
  const entries: CreditTransaction[] = [];
  for (let part = 0, left = amount; left > 0; part += 1, left -= MAX_AMOUNT_CENTIMES) {
    const key = `${customer.id}:${type}:${amount}:${date}`;
    entries.push({
      id: derivedId('imported-balance', part === 0 ? key : `${key}:${part}`),
      customerId: customer.id,
      type,
      amount: Math.min(left, MAX_AMOUNT_CENTIMES),
      description: IMPORTED_BALANCE_DESCRIPTION,
      date,
    });
  }
  return entries;
}
