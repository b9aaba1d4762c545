import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addBulkToCart,
  addProductToCart,
  emptyCart,
  setCartCustomer,
  setLineQuantity,
  type Cart,
  type CartLine,
} from './cart.js';
import { checkout, formatTicketNumber, type CheckoutInput } from './checkout.js';
import { MAX_AMOUNT_CENTIMES } from './limits.js';
import { roundQuantity } from './money.js';
import { checkOperationPayload } from './sync.js';
import {
  MAX_SALE_LINES,
  VAT_RATES,
  saleSchema,
  stockMovementSchema,
  creditTransactionSchema,
  customerSchema,
} from './entities.js';
import type { Customer, Product, VatRate } from './entities.js';

const NOW = '2025-01-15T10:00:00.000Z';
const SALE_ID = '01940000-0000-7000-8000-0000000000aa';
function product(n: number, overrides: Partial<Product> = {}): Product {
  return {
    id: `01940000-0000-7000-8000-00000000000${n}`,
    name: `Produit ${n}`,
    brand: '',
    category: 'Épicerie',
    purchasePrice: 500,
    salePrice: 1000,
    vat: 20,
    stock: 10,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}
const customer: Customer = {
  id: '01940000-0000-7000-8000-0000000000c1',
  name: 'Fatima Zahra',
  phone: '06 12 34 56 78',
  creditBalance: 500,
  totalPurchases: 10_000,
  createdAt: NOW,
  updatedAt: NOW,
};

function input(cart: Cart, products: Product[], extra: Partial<CheckoutInput> = {}): CheckoutInput {
  let next = 0;
  return {
    cart,
    products: new Map(products.map((p) => [p.id, p])),
    now: NOW,
    saleId: SALE_ID,
    ticketNumber: 'A-000123',
    deviceId: 'device-1',
    newId: () => `01940000-0000-7000-9000-${String(++next).padStart(12, '0')}`,
    ...extra,
  };
}

describe('formatTicketNumber', () => {
  it('writes the prefix and a 6-digit counter', () => {
    expect(formatTicketNumber('A', 123)).toBe('A-000123');
    expect(formatTicketNumber('B', 1_234_567)).toBe('B-1234567');
    expect(() => formatTicketNumber('A', -1)).toThrow(RangeError);
  });
});

describe('checkout', () => {
  const rice = product(1);
  const sugar = product(2, { salePrice: 1250, vat: 7, stock: 1 });

  it('does nothing for an empty cart', () => {
    expect(checkout(input(emptyCart(), [rice]))).toEqual({ ok: false, error: 'empty-cart' });
  });

  it('refuses a cart with no valid line ("Aucun article valide dans le panier")', () => {
    const free = product(3, { salePrice: 0 });
    const cart: Cart = {
      paymentMethod: 'cash',
      lines: [
        { productId: free.id, productName: free.name, quantity: 1, unitPrice: 0, vatRate: 20 },
        { productId: rice.id, productName: '  ', quantity: 1, unitPrice: 1000, vatRate: 20 },
        { productId: rice.id, productName: rice.name, quantity: 0, unitPrice: 1000, vatRate: 20 },
        { productId: '', productName: 'X', quantity: 1, unitPrice: 1000, vatRate: 20 },
        { productId: 'gone', productName: 'Supprimé', quantity: 1, unitPrice: 1000, vatRate: 20 },
      ],
    };
    expect(checkout(input(cart, [rice, free]))).toEqual({ ok: false, error: 'no-valid-items' });
  });

  it('refuses a sale past what one sale may hold, rather than write what the server refuses', () => {
    const dear = product(4, { salePrice: 1_000_000_00 });
    const many = (count: number): Cart => ({
      paymentMethod: 'cash',
      lines: Array.from({ length: count }, (_, i) => ({
        productId: `01940000-0000-7000-8000-${String(100 + i).padStart(12, '0')}`,
        productName: `Produit ${i}`,
        quantity: 1,
        unitPrice: 100,
        vatRate: 20 as const,
      })),
    });
    const catalogue = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        ...rice,
        id: `01940000-0000-7000-8000-${String(100 + i).padStart(12, '0')}`,
      }));
    // 9 × 1,000,000 MAD + VAT is 10,800,000 MAD: over the 10,000,000 MAD a sale may hold.
    const costly = setLineQuantity(addProductToCart(emptyCart(), dear), dear.id, 9);
    expect(checkout(input(costly, [dear]))).toEqual({ ok: false, error: 'sale-too-large' });
    const sold = checkout(input(setLineQuantity(costly, dear.id, 8), [dear]));
    expect(sold.ok && saleSchema.safeParse(sold.sale).success).toBe(true);
    expect(checkout(input(many(MAX_SALE_LINES + 1), catalogue(MAX_SALE_LINES + 1)))).toEqual({
      ok: false,
      error: 'sale-too-large',
    });
    expect(checkout(input(many(MAX_SALE_LINES), catalogue(MAX_SALE_LINES))).ok).toBe(true);
  });

  it('keeps only the valid lines and records a cash sale', () => {
    let cart = addProductToCart(addProductToCart(emptyCart(), rice), sugar);
    cart = setLineQuantity(cart, rice.id, 3);
    cart = { ...cart, lines: [...cart.lines, { ...cart.lines[0]!, productId: 'gone' }] };
    const result = checkout(input(cart, [rice, sugar]));
    if (!result.ok) throw new Error(result.error);
    expect(saleSchema.parse(result.sale)).toEqual(result.sale);
    expect(result.sale).toMatchObject({
      id: SALE_ID,
      ticketNumber: 'A-000123',
      date: NOW,
      subtotal: 4250,
      vat: 600 + 88,
      total: 4938,
      discount: 0,
      paymentMethod: 'cash',
      printed: false,
      shared: false,
      deviceId: 'device-1',
    });
    expect(result.sale.items).toEqual([
      {
        productId: rice.id,
        productName: rice.name,
        quantity: 3,
        unitPrice: 1000,
        total: 3000,
        vatRate: 20,
        vat: 600,
      },
      {
        productId: sugar.id,
        productName: sugar.name,
        quantity: 1,
        unitPrice: 1250,
        total: 1250,
        vatRate: 7,
        vat: 88,
      },
    ]);
    expect(result.customer).toBeUndefined();
    expect(result.creditTransaction).toBeUndefined();
  });

  it('writes one sale movement per line, never taking the stock below 0 on this device', () => {
    const empty = product(4, { stock: 0 });
    const negative = product(5, { stock: -2 });
    let cart = emptyCart();
    for (const p of [rice, sugar, empty, negative]) cart = addProductToCart(cart, p);
    cart = setLineQuantity(setLineQuantity(cart, rice.id, 4), sugar.id, 5);
    const result = checkout(input(cart, [rice, sugar, empty, negative]));
    if (!result.ok) throw new Error(result.error);
    expect(result.movements.map((m) => [m.productId, m.delta])).toEqual([
      [rice.id, -4],
      [sugar.id, -1],
      [empty.id, 0],
      [negative.id, 0],
    ]);
    for (const m of result.movements) {
      expect(stockMovementSchema.parse(m)).toEqual(m);
      expect(m).toMatchObject({ kind: 'sale', at: NOW, saleId: SALE_ID, deviceId: 'device-1' });
    }
    expect(new Set(result.movements.map((m) => m.id)).size).toBe(4);
    expect([...result.stockAfter]).toEqual([
      [rice.id, 6],
      [sugar.id, 0],
      [empty.id, 0],
      [negative.id, -2],
    ]);
  });

  it('sells bulk products by weight, to the gram', () => {
    const olives = product(6, { isBulk: true, salePrice: 3000, stock: 2.5, vat: 0 });
    const added = addBulkToCart(emptyCart(), olives, 1.235, 1999, 'Lot 7');
    if (!added.ok) throw new Error(added.error);
    const result = checkout(input(added.cart, [olives]));
    if (!result.ok) throw new Error(result.error);
    expect(result.sale.items[0]).toMatchObject({ quantity: 1.235, total: 2469, isBulk: true, lot: 'Lot 7' });
    expect(result.movements[0]?.delta).toBe(-1.235);
    expect(result.stockAfter.get(olives.id)).toBe(1.265);
  });

  it("updates the customer's purchases and last purchase", () => {
    const cart = setCartCustomer(addProductToCart(emptyCart(), rice), customer.id);
    const result = checkout(input(cart, [rice], { customer }));
    if (!result.ok) throw new Error(result.error);
    expect(result.sale.customerId).toBe(customer.id);
    expect(result.customer).toEqual({
      ...customer,
      totalPurchases: 10_000 + 1200,
      lastPurchase: NOW,
      updatedAt: NOW,
    });
    expect(result.creditTransaction).toBeUndefined();
  });

  it('puts a sale on credit in the carnet and raises the balance', () => {
    const cart: Cart = {
      ...addProductToCart(emptyCart(), rice),
      customerId: customer.id,
      paymentMethod: 'credit',
    };
    expect(checkout(input(cart, [rice]))).toEqual({ ok: false, error: 'credit-needs-customer' });
    const result = checkout(input(cart, [rice], { customer }));
    if (!result.ok) throw new Error(result.error);
    expect(result.customer?.creditBalance).toBe(500 + 1200);
    expect(customerSchema.parse(result.customer)).toEqual(result.customer);
    const credit = result.creditTransaction;
    expect(creditTransactionSchema.parse(credit)).toEqual(credit);
    expect(credit).toMatchObject({
      customerId: customer.id,
      type: 'credit',
      amount: 1200,
      saleId: SALE_ID,
      date: NOW,
    });
    expect(credit?.description).toContain('A-000123');
    expect(credit?.id).not.toBe(result.movements[0]?.id);
  });
});

/** Generated lines as the cart holds them: `n` is the product (1–4), bulk lines marked as the app marks them. */
function cartLines(
  lines: readonly {
    n: number;
    quantity: number;
    unitPrice: number;
    vatRate: VatRate;
    lot?: string | undefined;
  }[],
  products: readonly Product[],
): CartLine[] {
  return lines.map((l) => {
    const chosen = products[l.n - 1]!;
    return {
      productId: chosen.id,
      productName: `Produit ${l.n}`,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
      ...(chosen.isBulk ? { isBulk: true } : {}),
      ...(l.lot ? { lot: l.lot } : {}),
    };
  });
}

describe('checkout properties', () => {
  it('totals add up and stock caches equal stock plus the movements, never below 0 from a stock ≥ 0', () => {
    const line = fc.record({
      n: fc.integer({ min: 1, max: 4 }),
      quantity: fc.integer({ min: -2, max: 30 }),
      unitPrice: fc.integer({ min: -10, max: 100_000 }),
      vatRate: fc.constantFrom(0 as const, 7 as const, 10 as const, 14 as const, 20 as const),
    });
    const stocks = fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), stocks, (lines, stock) => {
        const products = [1, 2, 3, 4].map((n) => product(n, { stock: stock[n - 1] ?? 0 }));
        const cart: Cart = { paymentMethod: 'cash', lines: cartLines(lines, products) };
        const result = checkout(input(cart, products));
        const valid = lines.filter((l) => l.quantity > 0 && l.unitPrice > 0);
        if (valid.length === 0) {
          expect(result).toEqual({ ok: false, error: 'no-valid-items' });
          return;
        }
        if (!result.ok) throw new Error(result.error);
        expect(result.sale.items).toHaveLength(valid.length);
        expect(result.sale.subtotal).toBe(result.sale.items.reduce((s, i) => s + i.total, 0));
        expect(result.sale.vat).toBe(result.sale.items.reduce((s, i) => s + i.vat, 0));
        expect(result.sale.total).toBe(result.sale.subtotal + result.sale.vat);
        expect(result.movements).toHaveLength(valid.length);
        for (const p of products) {
          const moved = result.movements.filter((m) => m.productId === p.id).reduce((s, m) => s + m.delta, 0);
          const sold = result.sale.items
            .filter((i) => i.productId === p.id)
            .reduce((s, i) => s + i.quantity, 0);
          expect(result.stockAfter.get(p.id) ?? p.stock).toBe(p.stock + moved);
          expect(p.stock + moved).toBe(Math.max(p.stock - sold, 0));
        }
      }),
    );
  });
  it('any cart either is refused with a reason or makes a sale the server accepts as it is', () => {
    const quantity = fc.oneof(
      fc.integer({ min: -2, max: 1_000_001 }),
      fc.double({ min: -1, max: 1_000_001, noNaN: true }),
      fc.constantFrom(0.0004, 0.0005, 1.2345, 999_999.9996, 1_000_000),
    );
    const price = fc.oneof(
      fc.integer({ min: -10, max: MAX_AMOUNT_CENTIMES + 1 }),
      fc.constantFrom(1, 99, MAX_AMOUNT_CENTIMES, 3_333_333),
    );
    const line = fc.record({
      n: fc.integer({ min: 1, max: 4 }),
      quantity,
      unitPrice: price,
      vatRate: fc.constantFrom(...VAT_RATES),
      lot: fc.option(fc.string({ maxLength: 100 }), { nil: undefined }),
    });
    const shop = fc.record({
      bulk: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      stocks: fc.array(fc.double({ min: -50, max: 1e6, noNaN: true }), { minLength: 4, maxLength: 4 }),
      credit: fc.boolean(),
      owed: fc.integer({ min: 0, max: 2 ** 40 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        shop,
        (lines, { bulk, stocks, credit, owed }) => {
          const products = [1, 2, 3, 4].map((n) =>
            product(n, { isBulk: bulk[n - 1]!, stock: roundQuantity(stocks[n - 1]!, bulk[n - 1]!) }),
          );
          const cart: Cart = {
            paymentMethod: credit ? 'credit' : 'cash',
            customerId: customer.id,
            lines: cartLines(lines, products),
          };
          const result = checkout(input(cart, products, { customer: { ...customer, creditBalance: owed } }));
          if (!result.ok) {
            expect(['no-valid-items', 'sale-too-large']).toContain(result.error);
            return;
          }
          const payload = {
            sale: result.sale,
            movements: result.movements,
            ...(result.creditTransaction ? { creditTransaction: result.creditTransaction } : {}),
          };
          expect(checkOperationPayload('sale.record', payload)).toMatchObject({ ok: true });
          if (result.customer) expect(customerSchema.safeParse(result.customer).success).toBe(true);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });
});
