import { describe, expect, it } from 'vitest';
import { applyCleanup, planCleanup } from './cleanup.js';
import type { ShopRecords } from './cleanupDuplicates.js';
import {
  customerDuplicateKey,
  normalisePhone,
  productDuplicateKey,
  saleDuplicateKey,
} from './cleanupDuplicates.js';
import type { CreditTransaction, Customer, Product, Sale, StockMovement } from './entities.js';
import { newId } from './ids.js';
import { balanceFromLedger } from './ledger.js';
import { stockFromMovements } from './stock.js';

const T0 = '2025-01-10T09:00:00.000Z';
const T1 = '2025-01-11T09:00:00.000Z';

function product(over: Partial<Product> = {}): Product {
  return {
    id: newId(),
    name: 'Thé vert',
    brand: 'Sultan',
    category: 'Thé',
    purchasePrice: 1450,
    salePrice: 1700,
    vat: 20,
    stock: 0,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

function customer(over: Partial<Customer> = {}): Customer {
  return {
    id: newId(),
    name: 'Youssef Benali',
    phone: '0772345681',
    creditBalance: 0,
    totalPurchases: 0,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

function sale(productIds: string[], over: Partial<Sale> = {}): Sale {
  const items = productIds.map((productId) => ({
    productId,
    productName: 'x',
    quantity: 1,
    unitPrice: 1000,
    total: 1000,
    vatRate: 20 as const,
    vat: 200,
  }));
  return {
    id: newId(),
    ticketNumber: 'A-000001',
    date: T0,
    items,
    subtotal: 1000 * items.length,
    vat: 200 * items.length,
    discount: 0,
    total: 1200 * items.length,
    paymentMethod: 'cash',
    printed: false,
    shared: false,
    ...over,
  };
}

function movement(productId: string, delta: number, over: Partial<StockMovement> = {}): StockMovement {
  return { id: newId(), productId, kind: 'restock', delta, at: T0, ...over };
}

function entry(
  customerId: string,
  type: 'credit' | 'payment',
  amount: number,
  over: Partial<CreditTransaction> = {},
) {
  return {
    id: newId(),
    customerId,
    type,
    amount,
    description: '',
    date: T0,
    ...over,
  } satisfies CreditTransaction;
}

function shop(over: Partial<ShopRecords>): ShopRecords {
  return { products: [], sales: [], customers: [], creditTransactions: [], stockMovements: [], ...over };
}

describe('duplicate keys', () => {
  it('compares products by lowercase trimmed name, brand and category', () => {
    const a = productDuplicateKey({ name: ' Thé Vert ', brand: 'SULTAN', category: 'thé' });
    expect(productDuplicateKey({ name: 'thé vert', brand: 'Sultan', category: 'Thé' })).toBe(a);
    expect(productDuplicateKey({ name: 'the\u0301 vert', brand: 'Sultan', category: 'Thé' })).toBe(a);
    expect(productDuplicateKey({ name: 'Thé vert', brand: 'Sultan', category: 'Boissons' })).not.toBe(a);
    expect(productDuplicateKey({ name: 'Thé vert', brand: 'Lipton', category: 'Thé' })).not.toBe(a);
  });

  it('reads Moroccan phones written the national or international way as one', () => {
    expect(normalisePhone('+212 6 61 23 45 67')).toBe('0661234567');
    expect(normalisePhone('00212661234567')).toBe('0661234567');
    expect(normalisePhone('06.61.23.45.67')).toBe('0661234567');
    expect(customerDuplicateKey({ name: 'youssef  BENALI', phone: '+212772345681' })).toBe(
      customerDuplicateKey({ name: 'Youssef Benali', phone: '07 72 34 56 81' }),
    );
  });

  it('puts sales of the same calendar minute together, not those across a minute boundary', () => {
    const ids = [newId()];
    const at = (date: string) => saleDuplicateKey(sale(ids, { date }));
    expect(at('2025-01-10T10:15:05.000Z')).toBe(at('2025-01-10T10:15:59.999Z'));
    expect(at('2025-01-10T10:15:59.000Z')).not.toBe(at('2025-01-10T10:16:00.000Z'));
  });
});

describe('planCleanup: duplicate products', () => {
  it('keeps the most recently updated one', () => {
    const old = product({ stock: 50 });
    const recent = product({ name: 'THÉ VERT ', updatedAt: T1 });
    const plan = planCleanup(shop({ products: [old, recent] }));
    expect(plan.productMerges).toEqual([{ keptId: recent.id, removedIds: [old.id] }]);
  });

  it('on a tie keeps the higher stock, then the smaller id', () => {
    const low = product({ stock: 1 });
    const high = product({ stock: 9 });
    expect(planCleanup(shop({ products: [low, high] })).productMerges[0]?.keptId).toBe(high.id);
    const [first, second] = [product(), product()].sort((a, b) => (a.id < b.id ? -1 : 1)) as [
      Product,
      Product,
    ];
    expect(planCleanup(shop({ products: [second, first] })).productMerges[0]?.keptId).toBe(first.id);
  });

  it('moves the duplicates’ movements and sale lines to the kept product and adds their stock', () => {
    const kept = product({ updatedAt: T1, stock: 3 });
    const dup = product({ stock: 4, barcode: '6111234567890', photoId: newId() });
    const movements = [movement(kept.id, 3), movement(dup.id, 4)];
    const s = sale([dup.id]);
    const data = shop({ products: [kept, dup], stockMovements: movements, sales: [s] });
    const plan = planCleanup(data);
    expect(plan.removeProductIds).toEqual([dup.id]);
    expect(plan.removeSaleIds).toEqual([]);
    expect(plan.put.products).toEqual([{ ...kept, stock: 7, barcode: dup.barcode, photoId: dup.photoId }]);
    expect(plan.put.stockMovements).toEqual([{ ...movements[1], productId: kept.id }]);
    expect(plan.put.sales[0]?.items[0]?.productId).toBe(kept.id);
    expect(plan.removedCount).toBe(1);
    const after = applyCleanup(data, plan);
    expect(after.products).toHaveLength(1);
    expect(stockFromMovements(after.stockMovements.filter((m) => m.productId === kept.id))).toBe(7);
  });
});

describe('planCleanup: duplicate customers', () => {
  it('merges them: balances added, highest total purchases, latest last purchase, entries and sales moved', () => {
    const oldest = customer({ creditBalance: 3000, totalPurchases: 9000, lastPurchase: T0 });
    const later = customer({
      phone: '+212 7 72 34 56 81',
      createdAt: T1,
      creditBalance: 2000,
      totalPurchases: 12000,
      lastPurchase: T1,
    });
    const p = product();
    const entries = [entry(oldest.id, 'credit', 3000), entry(later.id, 'credit', 2000)];
    const s = sale([p.id], { customerId: later.id });
    const data = shop({ products: [p], customers: [later, oldest], creditTransactions: entries, sales: [s] });
    const plan = planCleanup(data);
    expect(plan.customerMerges).toEqual([{ keptId: oldest.id, removedIds: [later.id] }]);
    expect(plan.put.customers).toEqual([
      { ...oldest, creditBalance: 5000, totalPurchases: 12000, lastPurchase: T1, updatedAt: T0 },
    ]);
    expect(plan.put.creditTransactions).toEqual([{ ...entries[1], customerId: oldest.id }]);
    expect(plan.put.sales).toEqual([{ ...s, customerId: oldest.id }]);
    const after = applyCleanup(data, plan);
    expect(after.customers).toHaveLength(1);
    expect(balanceFromLedger(after.creditTransactions)).toBe(5000);
  });

  it('does not merge namesakes with different phones', () => {
    expect(
      planCleanup(shop({ customers: [customer(), customer({ phone: '0661234567' })] })).removedCount,
    ).toBe(0);
  });
});

describe('planCleanup: dangling records', () => {
  it('removes sales with a line whose product no longer exists, keeping their stock movements', () => {
    const p = product();
    const gone = newId();
    const bad = sale([p.id, gone]);
    const good = sale([p.id], { date: T1 });
    const soldMovement = movement(p.id, -1, { kind: 'sale', saleId: bad.id });
    const data = shop({ products: [p], sales: [bad, good], stockMovements: [soldMovement] });
    const plan = planCleanup(data);
    expect(plan.saleRemovals).toEqual([{ saleId: bad.id, reason: 'missing-product' }]);
    expect(plan.put.stockMovements).toEqual([]);
    expect(applyCleanup(data, plan).sales).toEqual([good]);
  });

  it('removes credit entries of a customer who no longer exists', () => {
    const c = customer({ creditBalance: 500 });
    const kept = entry(c.id, 'credit', 500);
    const orphan = entry(newId(), 'credit', 900);
    const plan = planCleanup(shop({ customers: [c], creditTransactions: [kept, orphan] }));
    expect(plan.removeCreditIds).toEqual([orphan.id]);
    expect(plan.removedCount).toBe(1);
  });
});

describe('planCleanup: duplicate sales', () => {
  it('keeps the earliest of sales with the same minute, total, customer and items, and gives the stock back', () => {
    const p = product({ stock: 8 });
    const c = customer({ totalPurchases: 2400, creditBalance: 2400 });
    const first = sale([p.id], { date: '2025-01-10T10:15:40.000Z', customerId: c.id });
    const again = sale([p.id], { date: '2025-01-10T10:15:05.000Z', customerId: c.id, id: newId() });
    const otherMinute = sale([p.id], { date: '2025-01-10T10:16:00.000Z', customerId: c.id });
    const otherCustomer = sale([p.id], { date: '2025-01-10T10:15:10.000Z' });
    const movements = [
      movement(p.id, 10, { kind: 'import' }),
      movement(p.id, -1, { kind: 'sale', saleId: first.id }),
      movement(p.id, -1, { kind: 'sale', saleId: again.id }),
    ];
    const credits = [
      entry(c.id, 'credit', 1200, { saleId: first.id }),
      entry(c.id, 'credit', 1200, { saleId: again.id }),
    ];
    const data = shop({
      products: [p],
      customers: [c],
      sales: [first, again, otherMinute, otherCustomer],
      stockMovements: movements,
      creditTransactions: credits,
    });
    const plan = planCleanup(data);
    expect(plan.saleRemovals).toEqual([{ saleId: first.id, reason: 'duplicate', keptId: again.id }]);
    expect(plan.put.products).toEqual([{ ...p, stock: 9 }]);
    expect(plan.put.stockMovements).toMatchObject([
      { productId: p.id, kind: 'correction', delta: 1, note: `duplicate-sale:${first.id}` },
    ]);
    expect(plan.put.creditTransactions).toEqual([{ ...credits[0], saleId: again.id }]);
    expect(plan.put.customers).toEqual([{ ...c, totalPurchases: 1200 }]);
    expect(plan.removedCount).toBe(1);
    const after = applyCleanup(data, plan);
    expect(after.sales.map((s) => s.id)).toEqual([again.id, otherMinute.id, otherCustomer.id]);
    expect(stockFromMovements(after.stockMovements)).toBe(9);
  });

  it('treats sales with the same products in another order as the same sale', () => {
    const [a, b] = [product(), product({ name: 'Huile' })];
    const s1 = sale([a.id, b.id]);
    const s2 = sale([b.id, a.id]);
    expect(planCleanup(shop({ products: [a, b], sales: [s1, s2] })).removeSaleIds).toHaveLength(1);
  });

  it('finds duplicates created by a product merge in the same pass', () => {
    const kept = product({ updatedAt: T1 });
    const dup = product();
    const plan = planCleanup(shop({ products: [kept, dup], sales: [sale([kept.id]), sale([dup.id])] }));
    expect(plan.removeSaleIds).toHaveLength(1);
    expect(plan.removedCount).toBe(2);
  });
});

describe('planCleanup on clean data', () => {
  it('removes and rewrites nothing ("Base de données déjà propre")', () => {
    const p = product({ stock: 2 });
    const c = customer();
    const data = shop({
      products: [p],
      customers: [c],
      sales: [sale([p.id], { customerId: c.id })],
      stockMovements: [movement(p.id, 2)],
    });
    const plan = planCleanup(data);
    expect(plan.removedCount).toBe(0);
    expect(plan.put).toEqual({
      products: [],
      customers: [],
      sales: [],
      creditTransactions: [],
      stockMovements: [],
    });
    expect(applyCleanup(data, plan)).toEqual(data);
  });
});
