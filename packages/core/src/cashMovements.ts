// The day's cash: what came in from cash sales and carnet payments, and what went out as cash advances.
import type { Centimes, CreditTransaction, Sale } from './entities.js';
import { dayKey, type DayKey } from './dashboard.js';
import { isAdvance } from './ledger.js';

export type DayCash = {
  /** Sales paid in cash that day (sales on the carnet bring no cash). */
  sales: Centimes;
  salesCount: number;
  /** Carnet payments received that day (what was recorded: the change handed back is not in it). */
  payments: Centimes;
  paymentsCount: number;
  /** Cash advances handed to customers that day. */
  advances: Centimes;
  advancesCount: number;
  /** What the drawer should have gained: sales + payments − advances. */
  net: Centimes;
};

/** The cash movements of one shop day, split by where the money came from or went. */
export function dayCashMovements(
  sales: readonly Pick<Sale, 'date' | 'total' | 'paymentMethod'>[],
  entries: readonly CreditTransaction[],
  day: DayKey,
  timeZone: string,
): DayCash {
  const cash: DayCash = {
    sales: 0,
    salesCount: 0,
    payments: 0,
    paymentsCount: 0,
    advances: 0,
    advancesCount: 0,
    net: 0,
  };
  for (const sale of sales) {
    if (sale.paymentMethod !== 'cash' || dayKey(sale.date, timeZone) !== day) continue;
    cash.sales += sale.total;
    cash.salesCount++;
  }
  for (const entry of entries) {
    if (dayKey(entry.date, timeZone) !== day) continue;
    if (entry.type === 'payment') {
      cash.payments += entry.amount;
      cash.paymentsCount++;
    } else if (isAdvance(entry)) {
      cash.advances += entry.amount;
      cash.advancesCount++;
    }
  }
  cash.net = cash.sales + cash.payments - cash.advances;
  return cash;
}
