// What is owed, at a glance: each customer's unpaid credit entries (payments paid oldest first), their age, and the shop's totals.
import type { Centimes, CreditTransaction } from './entities.js';
import { dayKey, type DayKey } from './dashboard.js';

/**
 * What remains unpaid of one credit entry after the payments were allocated to the oldest entries first.
 * `amount` is the remainder (0 < amount ≤ the entry's amount).
 */
export type UnpaidCredit = { id: string; date: string; amount: Centimes };

/**
 * The notebook's three ageing columns, in days since an unpaid entry was written (calendar days of the shop):
 * 0 to 30 days, 31 to 60 days, more than 60 days. Each unpaid remainder counts in the column of its own age,
 * so the three add up to the balance.
 */
export type Ageing = { upTo30: Centimes; from31To60: Centimes; over60: Centimes };

export type CustomerOwed = {
  customerId: string;
  balance: Centimes;
  /** The date of the oldest entry not fully paid; absent when the customer owes nothing. */
  oldestUnpaid: string | undefined;
  /** Calendar days from the oldest unpaid entry to today; 0 when nothing is owed. */
  ageDays: number;
  ageing: Ageing;
};

export type ShopOwed = {
  /** Everything the customers owe the shop. */
  total: Centimes;
  /** How many customers owe something (balance > 0). */
  debtors: number;
  ageing: Ageing;
};

const chronological = (a: { date: string; id: string }, b: { date: string; id: string }) =>
  Date.parse(a.date) - Date.parse(b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The credit entries still unpaid, oldest first. Entries are read in date order (as balanceFromLedger
 * does); each payment pays off the oldest unpaid remainders first, and what a payment brings beyond
 * everything owed at its date pays nothing (the spec's floor at 0: it was change handed back).
 * The remainders therefore add up to balanceFromLedger of the same entries.
 */
export function unpaidCredits(transactions: readonly CreditTransaction[]): UnpaidCredit[] {
  const unpaid: UnpaidCredit[] = [];
  // Index of the oldest remainder not yet paid off: remainders before it are 0 and are dropped at the end.
  let first = 0;
  for (const t of [...transactions].sort(chronological)) {
    if (t.type === 'credit') {
      unpaid.push({ id: t.id, date: t.date, amount: t.amount });
      continue;
    }
    let left = t.amount;
    while (left > 0 && first < unpaid.length) {
      const oldest = unpaid[first]!;
      const paid = Math.min(left, oldest.amount);
      oldest.amount -= paid;
      left -= paid;
      if (oldest.amount === 0) first++;
    }
  }
  return unpaid.slice(first).filter((credit) => credit.amount > 0);
}

/** Whole calendar days from one shop day to another ("2025-03-01" → "2025-03-31" is 30). */
export function daysBetween(from: DayKey, to: DayKey): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The ageing column of an entry this many days old: ≤ 30, 31–60, > 60. An entry dated in the future is 0 days old. */
export function ageingBucket(days: number): keyof Ageing {
  if (days <= 30) return 'upTo30';
  if (days <= 60) return 'from31To60';
  return 'over60';
}

export const emptyAgeing = (): Ageing => ({ upTo30: 0, from31To60: 0, over60: 0 });

/** One customer's balance, oldest unpaid entry and ageing, on `now` in the shop's time zone. */
export function customerOwed(
  customerId: string,
  transactions: readonly CreditTransaction[],
  now: string,
  timeZone: string,
): CustomerOwed {
  const today = dayKey(now, timeZone);
  const ageing = emptyAgeing();
  let balance = 0;
  let ageDays = 0;
  const unpaid = unpaidCredits(transactions);
  for (const credit of unpaid) {
    const days = Math.max(daysBetween(dayKey(credit.date, timeZone), today), 0);
    ageing[ageingBucket(days)] += credit.amount;
    balance += credit.amount;
    ageDays = Math.max(ageDays, days);
  }
  return { customerId, balance, oldestUnpaid: unpaid[0]?.date, ageDays, ageing };
}

/** Every customer's figures from all the shop's credit entries (customers without entries are left out). */
export function owedByCustomer(
  transactions: readonly CreditTransaction[],
  now: string,
  timeZone: string,
): Map<string, CustomerOwed> {
  const byCustomer = new Map<string, CreditTransaction[]>();
  for (const t of transactions) {
    const list = byCustomer.get(t.customerId);
    if (list) list.push(t);
    else byCustomer.set(t.customerId, [t]);
  }
  return new Map(
    [...byCustomer].map(([customerId, list]) => [customerId, customerOwed(customerId, list, now, timeZone)]),
  );
}

/** The shop's total owed, number of customers who owe, and ageing totals. */
export function shopOwed(customers: Iterable<CustomerOwed>): ShopOwed {
  const ageing = emptyAgeing();
  let total = 0;
  let debtors = 0;
  for (const owed of customers) {
    if (owed.balance <= 0) continue;
    total += owed.balance;
    debtors++;
    ageing.upTo30 += owed.ageing.upTo30;
    ageing.from31To60 += owed.ageing.from31To60;
    ageing.over60 += owed.ageing.over60;
  }
  return { total, debtors, ageing };
}
