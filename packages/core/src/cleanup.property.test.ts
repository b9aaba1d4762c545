import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCleanup, planCleanup } from './cleanup.js';
import type { ShopRecords } from './cleanupDuplicates.js';
import type { CreditTransaction, Customer, Product, Sale, StockMovement } from './entities.js';
import { checkIntegrity } from './integrity.js';
import { balanceFromLedger } from './ledger.js';
import { sumQuantities } from './money.js';
import { stockFromMovements } from './stock.js';

// Shops drawn from small pools of names, phones and minutes, so that duplicates of every kind are common.
const NAMES = ['Thé vert', ' thé VERT', 'Sucre', 'Huile'];
const BRANDS = ['Sultan', 'sultan ', 'Cosumar'];
const CUSTOMER_NAMES = ['Amina', 'amina ', 'Youssef'];
const PHONES = ['0661234567', '+212 6 61 23 45 67', ''];
const DAY = Date.UTC(2025, 0, 10, 9);

const when = fc
  .integer({ min: 0, max: 5 })
  .map((minute) => new Date(DAY + minute * 60_000 + 7_000).toISOString());
const uuid = fc.uuid({ version: 7 });

const shopArb = fc
  .record({
    products: fc.uniqueArray(
      fc.record({
        id: uuid,
        name: fc.constantFrom(...NAMES),
        brand: fc.constantFrom(...BRANDS),
        updatedAt: when,
        isBulk: fc.boolean(),
        deltas: fc.array(fc.integer({ min: -20, max: 200 }), { maxLength: 3 }),
      }),
      { selector: (p) => p.id, maxLength: 6 },
    ),
    customers: fc.uniqueArray(
      fc.record({
        id: uuid,
        name: fc.constantFrom(...CUSTOMER_NAMES),
        phone: fc.constantFrom(...PHONES),
        createdAt: when,
        totalPurchases: fc.integer({ min: 0, max: 100_000 }),
        lastPurchase: fc.option(when, { nil: undefined }),
        ledger: fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 5000 })), { maxLength: 4 }),
      }),
      { selector: (c) => c.id, maxLength: 5 },
    ),
    sales: fc.array(
      fc.record({
        id: uuid,
        date: when,
        lines: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 2 })), { minLength: 1, maxLength: 2 }),
        missingProduct: fc.option(uuid, { freq: 5, nil: undefined }),
        customer: fc.option(fc.nat(), { nil: undefined }),
        copies: fc.integer({ min: 1, max: 3 }),
      }),
      { maxLength: 5 },
    ),
    orphanEntries: fc.array(
      fc.record({ id: uuid, customerId: uuid, amount: fc.integer({ min: 1, max: 900 }) }),
      {
        maxLength: 2,
      },
    ),
  })
  .map((drawn): ShopRecords => {
    let serial = 0;
    // Deterministic ids for derived records keep every run reproducible from its seed.
    const nextId = () => `00000000-0000-7000-8000-${String(serial++).padStart(12, '0')}`;
    const stockMovements: StockMovement[] = [];
    const products = drawn.products.map(({ deltas, ...p }): Product => {
      const own = deltas.map((d): StockMovement => ({
        id: nextId(),
        productId: p.id,
        kind: 'adjustment',
        delta: p.isBulk ? d / 8 : d,
        at: p.updatedAt,
      }));
      stockMovements.push(...own);
      return {
        ...p,
        category: 'Épicerie',
        purchasePrice: 100,
        salePrice: 150,
        vat: 20,
        stock: stockFromMovements(own),
        reorderThreshold: 5,
        createdAt: p.updatedAt,
      };
    });
    const creditTransactions: CreditTransaction[] = [];
    const customers = drawn.customers.map(({ ledger, lastPurchase, ...c }): Customer => {
      let balance = 0;
      ledger.forEach(([isCredit, amount], i) => {
        const paid = Math.min(amount, balance);
        if (!isCredit && paid === 0) return;
        balance += isCredit ? amount : -paid;
        creditTransactions.push({
          id: nextId(),
          customerId: c.id,
          type: isCredit ? 'credit' : 'payment',
          amount: isCredit ? amount : paid,
          description: '',
          date: new Date(Date.parse(c.createdAt) + i * 1000).toISOString(),
        });
      });
      return {
        ...c,
        creditBalance: balance,
        updatedAt: c.createdAt,
        ...(lastPurchase ? { lastPurchase } : {}),
      };
    });
    for (const orphan of drawn.orphanEntries) {
      creditTransactions.push({
        ...orphan,
        type: 'credit',
        description: '',
        date: new Date(DAY).toISOString(),
      });
    }
    const sales: Sale[] = [];
    if (products.length > 0) {
      for (const drawnSale of drawn.sales) {
        const items = drawnSale.lines.map(([which, quantity]) => {
          const p = products[which % products.length] as Product;
          return {
            productId: p.id,
            productName: p.name,
            quantity,
            unitPrice: 150,
            total: 150 * quantity,
            vatRate: 20 as const,
            vat: 30 * quantity,
          };
        });
        if (drawnSale.missingProduct) items.push({ ...items[0]!, productId: drawnSale.missingProduct });
        const subtotal = items.reduce((sum, item) => sum + item.total, 0);
        const buyer =
          drawnSale.customer === undefined
            ? undefined
            : customers[drawnSale.customer % (customers.length || 1)];
        // A sale recorded several times in the same minute, each time with its own stock movements.
        for (let copy = 0; copy < drawnSale.copies; copy++) {
          const id = copy === 0 ? drawnSale.id : nextId();
          sales.push({
            id,
            ticketNumber: `A-${sales.length}`,
            date: drawnSale.date,
            items,
            subtotal,
            vat: subtotal / 5,
            discount: 0,
            total: subtotal + subtotal / 5,
            paymentMethod: 'cash',
            printed: false,
            shared: false,
            ...(buyer ? { customerId: buyer.id } : {}),
          });
          for (const item of items) {
            const p = products.find((candidate) => candidate.id === item.productId);
            if (!p) continue;
            const sold: StockMovement = {
              id: nextId(),
              productId: p.id,
              kind: 'sale',
              delta: -item.quantity,
              at: drawnSale.date,
              saleId: id,
            };
            stockMovements.push(sold);
            p.stock = sumQuantities([p.stock, sold.delta]);
          }
        }
      }
    }
    return { products, sales, customers, creditTransactions, stockMovements };
  });

function expectLedgersHold(data: ShopRecords) {
  for (const product of data.products) {
    const own = data.stockMovements.filter((m) => m.productId === product.id);
    expect(stockFromMovements(own)).toBe(product.stock);
  }
  for (const customer of data.customers) {
    const own = data.creditTransactions.filter((t) => t.customerId === customer.id);
    expect(balanceFromLedger(own)).toBe(customer.creditBalance);
  }
}

describe('cleanup (property)', () => {
  it('generated shops start with stock = Σ movements and balance = Σ entries', () => {
    fc.assert(fc.property(shopArb, expectLedgersHold), { numRuns: 50 });
  });

  it('is idempotent: a second cleanup of the cleaned data removes and rewrites nothing', () => {
    fc.assert(
      fc.property(shopArb, (data) => {
        const cleaned = applyCleanup(data, planCleanup(data));
        const again = planCleanup(cleaned);
        expect(again.removedCount).toBe(0);
        expect(again.put).toEqual({
          products: [],
          customers: [],
          sales: [],
          creditTransactions: [],
          stockMovements: [],
        });
        expect(applyCleanup(cleaned, again)).toEqual(cleaned);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps stock = Σ movements and balance = Σ entries, and loses no money owed', () => {
    fc.assert(
      fc.property(shopArb, (data) => {
        const plan = planCleanup(data);
        const cleaned = applyCleanup(data, plan);
        expectLedgersHold(cleaned);
        const owed = (d: ShopRecords) => d.customers.reduce((sum, c) => sum + c.creditBalance, 0);
        expect(owed(cleaned)).toBe(owed(data));
        const corrections = plan.put.stockMovements
          .filter((m) => m.kind === 'correction')
          .map((m) => m.delta);
        const stock = (d: ShopRecords) => sumQuantities(d.products.map((p) => p.stock));
        expect(stock(cleaned)).toBe(sumQuantities([stock(data), ...corrections]));
      }),
      { numRuns: 200 },
    );
  });

  it('leaves nothing for the integrity check, which agrees with the cleanup', () => {
    fc.assert(
      fc.property(shopArb, (data) => {
        const plan = planCleanup(data);
        const before = checkIntegrity(data);
        if (before.issues.length > 0) expect(plan.removedCount).toBeGreaterThan(0);
        const duplicates = before.issues
          .filter((i) => i.kind === 'duplicate-product')
          .flatMap((i) => i.ids.slice(1));
        expect(new Set(duplicates)).toEqual(new Set(plan.removeProductIds));
        expect(checkIntegrity(applyCleanup(data, plan)).issues).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
