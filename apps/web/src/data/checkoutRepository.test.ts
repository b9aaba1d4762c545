import {
  addProductToCart,
  emptyCart,
  setCartCustomer,
  setPaymentMethod,
  setLineQuantity,
  type Cart,
} from '@hanouti/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeSale } from './checkoutRepository';
import { tx, TABLE_NAMES } from './db';
import { META, writeMeta } from './meta';
import { getCustomer, listCreditTransactions } from './customersRepository';
import { loadDashboard } from './dashboardRepository';
import { pendingOperations } from './syncStore';
import { getProduct } from './productsRepository';
import { listSales } from './salesRepository';
import { listStockMovements } from './stockRepository';
import { aCustomer, aProduct, clearFault, failAtWrite, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);
afterEach(() => vi.restoreAllMocks());

const tea = aProduct({ name: 'Thé vert', salePrice: 1500, vat: 20, stock: 10 });
const oil = aProduct({ name: 'Huile 1L', salePrice: 2000, vat: 10, stock: 1 });

function cartOf(...lines: [typeof tea, number][]): Cart {
  let cart = emptyCart();
  for (const [product, quantity] of lines) {
    cart = setLineQuantity(addProductToCart(cart, product), product.id, quantity);
  }
  return cart;
}

/** Every record of every table, to compare the whole database before and after. */
function snapshot() {
  const names = [...TABLE_NAMES];
  return tx('r', names, async (t) =>
    Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, await t[name].toArray()] as const)),
    ),
  );
}

describe('completeSale', () => {
  it('records the whole sale: sale, movements, stock caches, aggregates, ticket and operation', async () => {
    await storeRecords({ products: [tea, oil] });
    const result = await completeSale(cartOf([tea, 2], [oil, 1]), { now: new Date('2025-03-10T09:00:00Z') });
    if (!result.ok) throw new Error(result.error);
    const { sale } = result;
    expect(sale.items).toHaveLength(2);
    expect(sale.subtotal).toBe(2 * 1500 + 2000);
    expect(sale.total).toBe(sale.subtotal + sale.vat);
    expect(sale.ticketNumber).toMatch(/^[A-Z]{2}-000001$/);
    expect(await listSales()).toEqual([sale]);
    expect((await getProduct(tea.id))?.stock).toBe(8);
    expect((await getProduct(oil.id))?.stock).toBe(0);
    const movements = [...(await listStockMovements(tea.id)), ...(await listStockMovements(oil.id))];
    expect(movements.map((m) => [m.saleId, m.kind, m.at, m.delta])).toEqual([
      [sale.id, 'sale', sale.date, -2],
      [sale.id, 'sale', sale.date, -1],
    ]);
    // They ride inside the sale's record, not as records of their own.
    expect(await tx('r', ['stockMovements'], (t) => t.stockMovements.count())).toBe(0);
    const ops = await pendingOperations();
    expect(ops.map((op) => op.type)).toEqual(['sale.record']);
    expect(ops[0]?.payload).toMatchObject({ sale, movements: expect.any(Array) as unknown });
    const dashboard = await loadDashboard(new Date('2025-03-10T12:00:00Z'));
    expect(dashboard.today).toEqual({ total: sale.total, count: 1 });
    expect(dashboard.topProducts.map((p) => [p.productName, p.quantity])).toEqual([
      ['Thé vert', 2],
      ['Huile 1L', 1],
    ]);
  });

  it('numbers tickets one after the other on this device', async () => {
    await storeRecords({ products: [tea] });
    const first = await completeSale(cartOf([tea, 1]));
    const second = await completeSale(cartOf([tea, 1]));
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) {
      expect(first.sale.ticketNumber.slice(-6)).toBe('000001');
      expect(second.sale.ticketNumber.slice(-6)).toBe('000002');
    }
  });

  it('never takes the stock below 0 on this device, and still records the sale', async () => {
    await storeRecords({ products: [oil] });
    const result = await completeSale(cartOf([oil, 5]));
    expect(result.ok).toBe(true);
    expect((await getProduct(oil.id))?.stock).toBe(0);
    const movements = await listStockMovements(oil.id);
    expect(movements.map((m) => m.delta)).toEqual([-1]);
  });

  it('does nothing for an empty cart, and refuses a cart without a valid line', async () => {
    await storeRecords({ products: [tea] });
    const before = await snapshot();
    expect(await completeSale(emptyCart())).toEqual({ ok: false, error: 'empty-cart' });
    const invalid = cartOf([tea, 1]);
    invalid.lines[0] = { ...invalid.lines[0]!, unitPrice: 0 };
    expect(await completeSale(invalid)).toEqual({ ok: false, error: 'no-valid-items' });
    expect(await snapshot()).toEqual(before);
  });

  it('writes the credit entry and raises the balance for a sale on the carnet', async () => {
    const customer = aCustomer({ creditBalance: 500 });
    await storeRecords({ products: [tea], customers: [customer] });
    const cart = setPaymentMethod(setCartCustomer(cartOf([tea, 2]), customer.id), 'credit');
    const result = await completeSale(cart);
    if (!result.ok) throw new Error(result.error);
    const entries = await listCreditTransactions(customer.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'credit', amount: result.sale.total, saleId: result.sale.id });
    const stored = await getCustomer(customer.id);
    expect(stored?.creditBalance).toBe(500 + result.sale.total);
    expect(stored?.totalPurchases).toBe(result.sale.total);
    expect(stored?.lastPurchase).toBe(result.sale.date);
    expect((await pendingOperations())[0]?.payload).toMatchObject({ creditTransaction: entries[0] });
  });

  it('refuses a sale on credit without a customer, and a customer who no longer exists', async () => {
    await storeRecords({ products: [tea] });
    expect(await completeSale(setPaymentMethod(cartOf([tea, 1]), 'credit'))).toEqual({
      ok: false,
      error: 'credit-needs-customer',
    });
    expect(await completeSale(setCartCustomer(cartOf([tea, 1]), aCustomer().id))).toEqual({
      ok: false,
      error: 'customer-not-found',
    });
    expect(await listSales()).toEqual([]);
  });

  it('leaves nothing written when the transaction fails at any of its writes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const customer = aCustomer();
    const setUp = async () => {
      await storeRecords({ products: [tea, oil], customers: [customer] });
      // Persistence was asked at an earlier sale, so every write counted below belongs to the sale.
      await tx('rw', ['meta'], (t) => writeMeta(t, META.persistenceRequested, true));
    };
    await setUp();
    const cart = setPaymentMethod(setCartCustomer(cartOf([tea, 2], [oil, 1]), customer.id), 'credit');

    // Count the writes of one sale, then undo it by starting over.
    const probe = await failAtWrite(-1);
    expect((await completeSale(cart)).ok).toBe(true);
    const writesPerSale = probe.writes;
    expect(writesPerSale).toBeGreaterThan(8);
    await clearFault();
    await resetDatabase();
    await setUp();

    for (let step = 0; step < writesPerSale; step++) {
      const before = await snapshot();
      await failAtWrite(step);
      expect(await completeSale(cart)).toEqual({ ok: false, error: 'save-failed' });
      await clearFault();
      expect(await snapshot()).toEqual(before);
    }
  });

  it('asks for persistent storage once, at the first sale', async () => {
    await storeRecords({ products: [tea] });
    const persist = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    try {
      await completeSale(cartOf([tea, 1]));
      await completeSale(cartOf([tea, 1]));
      // The ask runs after the sale (the ticket does not wait for it): both asks are over once a later
      // write of meta has run, since IndexedDB runs overlapping write transactions in their order.
      await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1), { timeout: 15_000 });
      await tx('rw', ['meta'], (t) => t.meta.count());
      expect(persist).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
