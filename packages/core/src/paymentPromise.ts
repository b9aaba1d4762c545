// A customer's promise to pay on a given day: due today, overdue, and the day's list for the dashboard.
import type { Centimes, Customer } from './entities.js';
import type { DayKey } from './dashboard.js';

/**
 * none: no promise, or nothing owed (a promise kept is no longer a worry); upcoming: a later day;
 * due-today: the promised day is today; overdue: the day has passed and the customer still owes.
 */
export type PromiseStatus = 'none' | 'upcoming' | 'due-today' | 'overdue';

/** The promise's status on `today` (both days in the shop's calendar, "YYYY-MM-DD" compare as text). */
export function promiseStatus(
  promiseDate: DayKey | undefined,
  balance: Centimes,
  today: DayKey,
): PromiseStatus {
  if (promiseDate === undefined || balance <= 0) return 'none';
  if (promiseDate === today) return 'due-today';
  return promiseDate < today ? 'overdue' : 'upcoming';
}

export type DayPromises = {
  /** Customers who promised to pay today and still owe, the largest balance first. */
  dueToday: Customer[];
  /** Customers whose promised day has passed and who still owe, the oldest promise first. */
  overdue: Customer[];
};

/** The day's promises for the dashboard: who is due to pay today and who is late. */
export function dayPromises(customers: readonly Customer[], today: DayKey): DayPromises {
  const dueToday: Customer[] = [];
  const overdue: Customer[] = [];
  for (const customer of customers) {
    const status = promiseStatus(customer.promiseDate, customer.creditBalance, today);
    if (status === 'due-today') dueToday.push(customer);
    else if (status === 'overdue') overdue.push(customer);
  }
  dueToday.sort((a, b) => b.creditBalance - a.creditBalance);
  overdue.sort(
    (a, b) =>
      (a.promiseDate! < b.promiseDate! ? -1 : a.promiseDate! > b.promiseDate! ? 1 : 0) ||
      b.creditBalance - a.creditBalance,
  );
  return { dueToday, overdue };
}
