import { addProductToCart, emptyCart } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeSale } from './checkoutRepository';
import { loadDashboard } from './dashboardRepository';
import { getSale, listSales, markPrinted, markShared } from './salesRepository';
import { aProduct, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);

describe('sales and the dashboard', () => {
  it('lists sales newest first and marks a receipt printed and shared', async () => {
    const tea = aProduct({ stock: 50 });
    await storeRecords({ products: [tea] });
    const cart = addProductToCart(emptyCart(), tea);
    const first = await completeSale(cart, { now: new Date('2025-03-01T09:00:00Z') });
    const second = await completeSale(cart, { now: new Date('2025-03-02T09:00:00Z') });
    if (!first.ok || !second.ok) throw new Error('sale failed');
    expect((await listSales()).map((s) => s.id)).toEqual([second.sale.id, first.sale.id]);
    expect((await listSales(1)).map((s) => s.id)).toEqual([second.sale.id]);
    expect(await markPrinted(first.sale.id)).toBe(true);
    expect(await markShared(first.sale.id)).toBe(true);
    expect(await getSale(first.sale.id)).toMatchObject({ printed: true, shared: true });
    expect(await markPrinted(aProduct().id)).toBe(false);
  });

  it('adds up days in Morocco time, the last 7 days, the month from the 1st and the top 3', async () => {
    const products = ['A', 'B', 'C', 'D'].map((name) =>
      aProduct({ name, stock: 100, salePrice: 1000, vat: 0 }),
    );
    await storeRecords({ products });
    const sell = async (at: string, ...quantities: number[]) => {
      let cart = emptyCart();
      quantities.forEach((quantity, index) => {
        for (let i = 0; i < quantity; i++) cart = addProductToCart(cart, products[index]!);
      });
      const result = await completeSale(cart, { now: new Date(at) });
      if (!result.ok) throw new Error(result.error);
    };
    await sell('2025-05-20T10:00:00Z', 1); // today
    await sell('2025-05-19T23:30:00Z', 0, 2); // 00:30 on the 20th in Casablanca (UTC+1): today
    await sell('2025-05-15T10:00:00Z', 0, 0, 3); // within 7 days
    await sell('2025-05-02T10:00:00Z', 0, 0, 0, 1); // this month
    await sell('2025-04-27T10:00:00Z', 1, 1, 1, 1); // last month
    const dashboard = await loadDashboard(new Date('2025-05-20T12:00:00Z'));
    expect(dashboard.today).toEqual({ total: 3000, count: 2 });
    expect(dashboard.week).toEqual({ total: 6000, count: 3 });
    expect(dashboard.month).toEqual({ total: 7000, count: 4 });
    expect(dashboard.topProducts.map((p) => [p.productName, p.quantity])).toEqual([
      ['C', 4],
      ['B', 3],
      ['A', 2],
    ]);
    expect(dashboard.counters).toEqual({ products: 4, customers: 0, alerts: 0 });
    expect(dashboard.revenueSeries).toHaveLength(30);
    expect(dashboard.revenueSeries.at(-1)).toEqual({ day: '2025-05-20', total: 3000, count: 2 });
  });
});
