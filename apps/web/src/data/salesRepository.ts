// Recorded sales: lists and tickets for the screens, and the receipt's printed/shared marks.
import type { Sale } from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx } from './db';
import { saleOf } from './saleRecords';

/** Sales, newest first; `limit` keeps long histories cheap to show. */
export function listSales(limit?: number): Promise<Sale[]> {
  return tx('r', ['sales'], (t) => {
    const newestFirst = t.sales.orderBy('date').reverse();
    return (limit === undefined ? newestFirst : newestFirst.limit(limit)).toArray();
  }).then((records) => records.map(saleOf));
}

export function getSale(id: string): Promise<Sale | undefined> {
  return tx('r', ['sales'], async (t) => {
    const record = await t.sales.get(id);
    return record ? saleOf(record) : undefined;
  });
}

/** A customer's purchases, newest first. */
export function listCustomerSales(customerId: string): Promise<Sale[]> {
  return tx('r', ['sales'], async (t) =>
    (await t.sales.where('customerId').equals(customerId).sortBy('date')).reverse().map(saleOf),
  );
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
  return (await tx('rw', ['sales'], (t) => t.sales.update(id, change))) === 1;
}

/** The printer accepted the receipt; false when the sale does not exist. */
export function markPrinted(id: string): Promise<boolean> {
  return markSale(id, { printed: true });
}

/** The receipt was shared (share sheet or clipboard); false when the sale does not exist. */
export function markShared(id: string): Promise<boolean> {
  return markSale(id, { shared: true });
}
