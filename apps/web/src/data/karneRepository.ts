// The karne's additions: cash advances on the carnet, the day's promises and the day's cash movements.
import {
  dayCashMovements,
  dayKey,
  dayPromises,
  newId,
  recordAdvance,
  type Centimes,
  type DayCash,
  type DayPromises,
} from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { changeLedger, type LedgerUpdateResult } from './customersRepository';
import { tx } from './db';
import { entriesBetween, LEDGER_TABLES } from './ledger';
import { salesBetween } from './sales';
import { SHOP_TIME_ZONE } from './salesAggregates';

/** A cash advance to the customer: raises the balance like goods taken, with its note (required). */
export function addAdvance(customerId: string, amount: Centimes, note: string): Promise<LedgerUpdateResult> {
  return changeLedger(customerId, (customer, now) => recordAdvance(customer, amount, note, { now, newId }));
}

/** The shop day of `now` (Casablanca calendar): what promises and the day's cash are counted against. */
export function shopToday(now = new Date().toISOString()): string {
  return dayKey(now, SHOP_TIME_ZONE);
}

/** Who promised to pay today and who is late, from every customer's promise and balance. */
export function readDayPromises(now = new Date().toISOString()): Promise<DayPromises> {
  return tx('r', ['customers'], async (t) => dayPromises(await t.customers.toArray(), shopToday(now)));
}

export function useDayPromises(): DayPromises | undefined {
  return useLiveQuery(() => readDayPromises());
}

// Any instant of a shop day lies within a day and a half of now either way (UTC offsets are under 15 h).
const AROUND_MS = 36 * 60 * 60 * 1000;

/**
 * Today's cash: cash sales, carnet payments received and advances given, wherever they are kept: a backup
 * restored today (a new phone at noon) brings the morning's into the import's archive.
 */
export function readDayCash(now = new Date().toISOString()): Promise<DayCash> {
  const from = new Date(Date.parse(now) - AROUND_MS).toISOString();
  const to = new Date(Date.parse(now) + AROUND_MS).toISOString();
  return tx('r', ['sales', 'saleArchive', ...LEDGER_TABLES], async (t) => {
    const [sales, entries] = await Promise.all([salesBetween(t, from, to), entriesBetween(t, from, to)]);
    return dayCashMovements(sales, entries, shopToday(now), SHOP_TIME_ZONE);
  });
}

export function useDayCash(): DayCash | undefined {
  return useLiveQuery(() => readDayCash());
}
