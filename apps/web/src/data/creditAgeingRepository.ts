// What is owed to the shop, read from every credit entry (live table and import archive): per customer and in total.
import { owedByCustomer, shopOwed, type CustomerOwed, type ShopOwed } from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx } from './db';
import { everyEntry, LEDGER_TABLES } from './ledger';
import { SHOP_TIME_ZONE } from './salesAggregates';

export type OwedOverview = { byCustomer: Map<string, CustomerOwed>; shop: ShopOwed };

/** Every customer's balance, oldest unpaid entry and ageing today, and the shop's totals. */
export function readOwed(now = new Date().toISOString()): Promise<OwedOverview> {
  return tx('r', [...LEDGER_TABLES], async (t) => {
    const byCustomer = owedByCustomer(await everyEntry(t), now, SHOP_TIME_ZONE);
    return { byCustomer, shop: shopOwed(byCustomer.values()) };
  });
}

export function useOwed(): OwedOverview | undefined {
  return useLiveQuery(() => readOwed());
}
