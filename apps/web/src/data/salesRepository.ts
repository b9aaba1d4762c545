// Recorded sales: lists and tickets for the screens, and the receipt's printed/shared marks.
import type { Sale } from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx } from './db';
import { ARCHIVE_TABLES, archivedCustomerSales, newestArchivedSales, takeOutOfArchive } from './saleArchive';
import { saleOf, type StoredSale } from './saleRecords';
import { storedSale } from './sales';

const READ_TABLES = ['sales', ...ARCHIVE_TABLES] as const;
const newestFirst = (a: StoredSale, b: StoredSale) =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** Sales, newest first, from the `sales` table and the archive; `limit` keeps long histories cheap to show. */
export function listSales(limit?: number): Promise<Sale[]> {
  return tx('r', READ_TABLES, async (t) => {
    const recent = t.sales.orderBy('date').reverse();
    const [live, archived] = await Promise.all([
      (limit === undefined ? recent : recent.limit(limit)).toArray(),
      newestArchivedSales(t, limit),
    ]);
    const sales = [...live, ...archived].sort(newestFirst);
    return (limit === undefined ? sales : sales.slice(0, limit)).map(saleOf);
  });
}

/**
 * The sale this tab has just recorded, as its checkout committed it: the receipt shows it at once instead of
 * reading it back (one transaction less between the tap and the ticket). One slot, replaced at each sale.
 */
let justSold: Sale | undefined;

/** Kept by the checkout once its transaction has committed. */
export function rememberSale(sale: Sale): void {
  justSold = sale;
}

/** The sale just recorded in this tab, when it is this one (else the receipt reads it with getSale). */
export function justRecordedSale(id: string | undefined): Sale | undefined {
  return id !== undefined && justSold?.id === id ? justSold : undefined;
}

export function getSale(id: string): Promise<Sale | undefined> {
  return tx('r', READ_TABLES, async (t) => {
    const record = await storedSale(t, id);
    return record ? saleOf(record) : undefined;
  });
}

/** A customer's purchases, newest first. */
export function listCustomerSales(customerId: string): Promise<Sale[]> {
  return tx('r', READ_TABLES, async (t) => {
    const [live, archived] = await Promise.all([
      t.sales.where('customerId').equals(customerId).toArray(),
      archivedCustomerSales(t, customerId),
    ]);
    return [...live, ...archived].sort(newestFirst).map(saleOf);
  });
}

export function useSales(limit?: number): Sale[] | undefined {
  return useLiveQuery(() => listSales(limit), [limit]);
}

export function useSale(id: string | undefined): Sale | undefined {
  return useLiveQuery(() => (id ? getSale(id) : undefined), [id]);
}

export function useCustomerSales(customerId: string | undefined): Sale[] | undefined {
  return useLiveQuery(() => (customerId ? listCustomerSales(customerId) : undefined), [customerId]);
}

// Printed and shared describe this device's receipt, not the sale itself: they are not sync operations.
async function markSale(id: string, change: Pick<Sale, 'printed'> | Pick<Sale, 'shared'>): Promise<boolean> {
  if (justSold?.id === id) justSold = { ...justSold, ...change };
  return tx('rw', READ_TABLES, async (t) => {
    if ((await t.sales.update(id, change)) === 1) return true;
    // An archived sale that changes comes back to the `sales` table (saleArchive.ts).
    const [archived] = await takeOutOfArchive(t, [id]);
    if (!archived) return false;
    await t.sales.put({ ...archived, ...change });
    return true;
  });
}

/** The printer accepted the receipt; false when the sale does not exist. */
export function markPrinted(id: string): Promise<boolean> {
  return markSale(id, { printed: true });
}

/** The receipt was shared (share sheet or clipboard); false when the sale does not exist. */
export function markShared(id: string): Promise<boolean> {
  return markSale(id, { shared: true });
}
