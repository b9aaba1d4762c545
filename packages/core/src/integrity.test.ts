import { describe, expect, it } from 'vitest';
import { checkIntegrity } from './integrity.js';
import type { ShopRecords } from './cleanupDuplicates.js';
import type { Customer, Product, Sale } from './entities.js';
import { newId } from './ids.js';

const T0 = '2025-01-10T09:00:00.000Z';

function product(name: string): Product {
  return {
    id: newId(),
    name,
    brand: '',
    category: 'Épicerie',
    purchasePrice: 0,
    salePrice: 100,
    vat: 0,
    stock: 0,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: T0,
    updatedAt: T0,
  };
}

function customer(name: string, phone = ''): Customer {
  return { id: newId(), name, phone, creditBalance: 0, totalPurchases: 0, createdAt: T0, updatedAt: T0 };
}

function sale(productId: string, ticketNumber: string): Sale {
  return {
    id: newId(),
    ticketNumber,
    date: T0,
    items: [{ productId, productName: 'x', quantity: 1, unitPrice: 100, total: 100, vatRate: 0, vat: 0 }],
    subtotal: 100,
    vat: 0,
    discount: 0,
    total: 100,
    paymentMethod: 'cash',
    printed: false,
    shared: false,
  };
}

function shop(over: Partial<ShopRecords>): ShopRecords {
  return { products: [], sales: [], customers: [], creditTransactions: [], stockMovements: [], ...over };
}

describe('checkIntegrity', () => {
  it('finds nothing to say about a clean shop', () => {
    const p = product('Pain');
    expect(checkIntegrity(shop({ products: [p], sales: [sale(p.id, 'A-1')] }))).toEqual({
      issues: [],
      recommendations: [],
    });
  });

  it('reports the four kinds of issue and recommends the cleanup', () => {
    const [p1, p2] = [product('Sucre'), product(' sucre ')];
    const [c1, c2] = [customer('Amina', '0661234567'), customer('amina', '+212661234567')];
    const orphanSale = sale(newId(), 'A-000042');
    const orphanEntry = {
      id: newId(),
      customerId: newId(),
      type: 'credit' as const,
      amount: 500,
      description: 'Carnet',
      date: T0,
    };
    const report = checkIntegrity(
      shop({
        products: [p1, p2],
        customers: [c1, c2],
        sales: [sale(p1.id, 'A-1'), orphanSale],
        creditTransactions: [orphanEntry],
      }),
    );
    expect(report.issues).toEqual([
      { kind: 'duplicate-product', ids: [p1.id, p2.id].sort(), label: p1.id < p2.id ? 'Sucre' : ' sucre ' },
      { kind: 'duplicate-customer', ids: [c1.id, c2.id].sort(), label: c1.id < c2.id ? 'Amina' : 'amina' },
      { kind: 'sale-missing-product', ids: [orphanSale.id], label: 'A-000042' },
      { kind: 'credit-missing-customer', ids: [orphanEntry.id], label: 'Carnet' },
    ]);
    expect(report.recommendations).toEqual(['run-cleanup']);
  });

  it('labels an entry without description by its date', () => {
    const orphan = {
      id: newId(),
      customerId: newId(),
      type: 'payment' as const,
      amount: 1,
      description: '',
      date: T0,
    };
    expect(checkIntegrity(shop({ creditTransactions: [orphan] })).issues[0]?.label).toBe(T0);
  });

  it('recommends archiving above 1000 products and 5000 sales, not at them', () => {
    const products = Array.from({ length: 1000 }, (_, i) => product(`Produit ${i}`));
    const p = products[0] as Product;
    const sales = Array.from({ length: 5000 }, (_, i) => sale(p.id, `A-${i}`));
    expect(checkIntegrity(shop({ products, sales })).recommendations).toEqual([]);
    const more = checkIntegrity(
      shop({ products: [...products, product('Encore')], sales: [...sales, sale(p.id, 'A-x')] }),
    );
    expect(more).toEqual({ issues: [], recommendations: ['archive-products', 'archive-sales'] });
  });
});
