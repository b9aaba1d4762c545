import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Product } from './entities.js';
import { MAX_QUANTITY } from './limits.js';
import {
  addBulkToCart,
  addProductToCart,
  cartSummary,
  emptyCart,
  lineTotal,
  parseStoredCart,
  removeLine,
  setCartCustomer,
  setLineQuantity,
  setPaymentMethod,
  type Cart,
} from './cart.js';

const NOW = '2025-01-15T10:00:00.000Z';
function product(overrides: Partial<Product> = {}): Product {
  return {
    id: '01940000-0000-7000-8000-000000000001',
    name: 'Lait Centrale 1L',
    brand: 'Centrale',
    category: 'Produits laitiers',
    purchasePrice: 600,
    salePrice: 750,
    vat: 20,
    stock: 10,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}
const milk = product();
const tea = product({
  id: '01940000-0000-7000-8000-000000000002',
  name: 'Thé Sultan',
  salePrice: 1250,
  vat: 7,
});
const olives = product({
  id: '01940000-0000-7000-8000-000000000003',
  name: 'Olives vertes',
  salePrice: 3000,
  isBulk: true,
  vat: 0,
});

describe('cart lines', () => {
  it('adds a product once, then one more each time (spec §4)', () => {
    let cart = addProductToCart(emptyCart(), milk);
    expect(cart.lines).toEqual([
      { productId: milk.id, productName: milk.name, quantity: 1, unitPrice: 750, vatRate: 20 },
    ]);
    cart = addProductToCart(addProductToCart(cart, tea), milk);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [milk.id, 2],
      [tea.id, 1],
    ]);
  });

  it('removes a line when its quantity goes to 0 or less', () => {
    const cart = addProductToCart(addProductToCart(emptyCart(), milk), tea);
    expect(setLineQuantity(cart, milk.id, 0).lines.map((l) => l.productId)).toEqual([tea.id]);
    expect(setLineQuantity(cart, milk.id, -3).lines.map((l) => l.productId)).toEqual([tea.id]);
    expect(setLineQuantity(cart, milk.id, 4).lines[0]?.quantity).toBe(4);
    expect(setLineQuantity(cart, milk.id, Number.NaN)).toBe(cart);
    expect(removeLine(cart, tea.id).lines.map((l) => l.productId)).toEqual([milk.id]);
  });

  it('line total = unit price × quantity', () => {
    expect(lineTotal({ unitPrice: 750, quantity: 3 })).toBe(2250);
    expect(lineTotal({ unitPrice: 1999, quantity: 1.235 })).toBe(2469);
  });

  it('keeps the customer and the payment method', () => {
    let cart = setPaymentMethod(setCartCustomer(emptyCart(), 'c1'), 'credit');
    expect(cart).toEqual({ lines: [], customerId: 'c1', paymentMethod: 'credit' });
    cart = setCartCustomer(cart, undefined);
    expect('customerId' in cart).toBe(false);
  });
});

describe('addBulkToCart', () => {
  it('prices weight × price per kg, default the sale price', () => {
    const result = addBulkToCart(emptyCart(), olives, 0.75);
    expect(result.ok && result.cart.lines[0]).toEqual({
      productId: olives.id,
      productName: olives.name,
      quantity: 0.75,
      unitPrice: 3000,
      vatRate: 0,
      isBulk: true,
    });
    const custom = addBulkToCart(emptyCart(), olives, 1.5, 2800, ' Lot 12 ');
    expect(custom.ok && custom.cart.lines[0]).toMatchObject({
      quantity: 1.5,
      unitPrice: 2800,
      lot: 'Lot 12',
    });
    expect(custom.ok && cartSummary(custom.cart).total).toBe(4200);
  });

  it('refuses a weight that is not above 0, or a price that is not', () => {
    expect(addBulkToCart(emptyCart(), olives, 0)).toEqual({ ok: false, error: 'weight-not-positive' });
    expect(addBulkToCart(emptyCart(), olives, -1)).toEqual({ ok: false, error: 'weight-not-positive' });
    expect(addBulkToCart(emptyCart(), olives, Number.NaN)).toEqual({
      ok: false,
      error: 'weight-not-positive',
    });
    expect(addBulkToCart(emptyCart(), olives, 0.0001)).toEqual({ ok: false, error: 'weight-not-positive' });
    expect(addBulkToCart(emptyCart(), olives, 1, 0)).toEqual({ ok: false, error: 'price-not-positive' });
  });

  it('adds a second weighing at the same price, refuses another price on the same line', () => {
    const first = addBulkToCart(emptyCart(), olives, 0.1);
    if (!first.ok) throw new Error('first weighing refused');
    const second = addBulkToCart(first.cart, olives, 0.2);
    expect(second.ok && second.cart.lines).toHaveLength(1);
    expect(second.ok && second.cart.lines[0]?.quantity).toBe(0.3);
    expect(addBulkToCart(first.cart, olives, 0.2, 2500)).toEqual({
      ok: false,
      error: 'price-differs-from-cart-line',
    });
  });
});

describe('cartSummary', () => {
  it('gives ht, tva and ttc from the lines', () => {
    let cart = addProductToCart(addProductToCart(emptyCart(), milk), tea);
    cart = setLineQuantity(cart, milk.id, 2);
    const summary = cartSummary(cart);
    expect(summary.lines.map((l) => [l.total, l.vat])).toEqual([
      [1500, 300],
      [1250, 88],
    ]);
    expect(summary).toMatchObject({ subtotal: 2750, vat: 388, total: 3138, lineCount: 2 });
  });

  it('obeys the cart rules for any sequence of actions', () => {
    const products = [milk, tea, olives];
    const action = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), index: fc.nat(2) }),
      fc.record({
        kind: fc.constant('set' as const),
        index: fc.nat(2),
        quantity: fc.integer({ min: -3, max: 20 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), index: fc.nat(2) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let cart: Cart = emptyCart();
        for (const a of actions) {
          const p = products[a.index] as Product;
          const before = cart.lines.find((l) => l.productId === p.id)?.quantity ?? 0;
          if (a.kind === 'add') cart = addProductToCart(cart, p);
          if (a.kind === 'set') cart = setLineQuantity(cart, p.id, a.quantity);
          if (a.kind === 'remove') cart = removeLine(cart, p.id);
          const after = cart.lines.find((l) => l.productId === p.id)?.quantity ?? 0;
          if (a.kind === 'add') expect(after).toBe(before + 1);
          if (a.kind === 'set') expect(after).toBe(before === 0 ? 0 : Math.max(a.quantity, 0));
          if (a.kind === 'remove') expect(after).toBe(0);
        }
        expect(cart.lines.every((l) => l.quantity > 0)).toBe(true);
        expect(new Set(cart.lines.map((l) => l.productId)).size).toBe(cart.lines.length);
        const summary = cartSummary(cart);
        expect(summary.total).toBe(summary.subtotal + summary.vat);
        expect(summary.subtotal).toBe(cart.lines.reduce((s, l) => s + lineTotal(l), 0));
      }),
    );
  });
});

describe('parseStoredCart', () => {
  it('reads back a stored cart, as value or JSON text', () => {
    const cart = setCartCustomer(addProductToCart(emptyCart(), milk), 'c1');
    expect(parseStoredCart(JSON.parse(JSON.stringify(cart)))).toEqual({ cart, corrupt: false });
    expect(parseStoredCart(JSON.stringify(cart))).toEqual({ cart, corrupt: false });
    expect(parseStoredCart(null)).toEqual({ cart: emptyCart(), corrupt: false });
  });

  it('gives an empty cart for anything unreadable, and keeps the readable lines', () => {
    for (const junk of ['{oops', 42, [], { lines: 'x' }, { lines: null }]) {
      expect(parseStoredCart(junk)).toEqual({ cart: emptyCart(), corrupt: true });
    }
    const good = addProductToCart(emptyCart(), milk).lines[0];
    const mixed = parseStoredCart({
      lines: [good, { productId: 'x', quantity: 'two' }],
      paymentMethod: 'cash',
    });
    expect(mixed).toEqual({ cart: { lines: [good], paymentMethod: 'cash' }, corrupt: true });
    expect(parseStoredCart({ lines: [], paymentMethod: 'bitcoin' }).cart.paymentMethod).toBe('cash');
  });
  it("keeps a line as it was rather than past a line's limit (it would not be read back)", () => {
    const cart = setLineQuantity(addProductToCart(emptyCart(), milk), milk.id, MAX_QUANTITY);
    expect(cart.lines[0]?.quantity).toBe(MAX_QUANTITY);
    expect(addProductToCart(cart, milk)).toEqual(cart);
    expect(parseStoredCart(JSON.stringify(cart))).toEqual({ cart, corrupt: false });
  });

  it('refuses a weighing that would take a bulk line past what one line may hold', () => {
    const lentils = product({ id: '01940000-0000-7000-8000-00000000000b', isBulk: true, salePrice: 1600 });
    const first = addBulkToCart(emptyCart(), lentils, 999_999);
    if (!first.ok) throw new Error(first.error);
    expect(addBulkToCart(first.cart, lentils, 2)).toEqual({ ok: false, error: 'weight-too-large' });
    expect(addBulkToCart(emptyCart(), lentils, MAX_QUANTITY + 1)).toEqual({
      ok: false,
      error: 'weight-too-large',
    });
    const full = addBulkToCart(first.cart, lentils, 1);
    expect(full.ok && full.cart.lines[0]?.quantity).toBe(MAX_QUANTITY);
    if (full.ok)
      expect(parseStoredCart(JSON.stringify(full.cart))).toEqual({ cart: full.cart, corrupt: false });
  });

  it('whatever the storage holds, gives a cart the sale screen can total (property)', () => {
    // Any JSON in a field, or a number the app never writes: a quantity of 10¹² made cartSummary throw.
    const anyValue = fc.oneof(
      fc.jsonValue({ maxDepth: 1 }),
      fc.double(),
      fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
      fc.constantFrom(0, -1, 1e12, 2 ** 53, 0.0004, 20, 'cash'),
    );
    const storedLine = fc.record(
      {
        productId: fc.oneof(fc.constant('p1'), anyValue),
        productName: fc.oneof(fc.constant('Lait'), anyValue),
        quantity: fc.oneof(fc.constant(2), anyValue),
        unitPrice: fc.oneof(fc.constant(750), anyValue),
        vatRate: fc.oneof(fc.constant(20), anyValue),
        isBulk: fc.oneof(fc.boolean(), anyValue),
        packSize: anyValue,
        lot: anyValue,
      },
      { requiredKeys: [] },
    );
    const stored = fc.record(
      {
        lines: fc.oneof(fc.array(storedLine, { maxLength: 1000 }), anyValue),
        customerId: anyValue,
        paymentMethod: fc.oneof(fc.constantFrom('cash', 'card', 'credit'), anyValue),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(stored, fc.boolean(), (value, asText) => {
        const { cart } = parseStoredCart(asText ? JSON.stringify(value) : value);
        const summary = cartSummary(cart);
        for (const line of summary.lines)
          expect(Number.isSafeInteger(line.total) && Number.isSafeInteger(line.vat) && line.total >= 0).toBe(
            true,
          );
        for (const amount of [summary.subtotal, summary.vat, summary.total])
          expect(Number.isFinite(amount) && amount >= 0).toBe(true);
        for (const line of cart.lines) expect(line.quantity).toBeGreaterThan(0);
        expect(parseStoredCart(JSON.stringify(cart))).toEqual({ cart, corrupt: false });
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 300),
        examples: [
          [
            {
              lines: [{ productId: 'p1', productName: 'Lait', quantity: 1e12, unitPrice: 750, vatRate: 20 }],
            },
            true,
          ],
          [
            { lines: [{ productId: 'p1', productName: 'Lait', quantity: 2, unitPrice: -1, vatRate: 0 }] },
            false,
          ],
        ],
      },
    );
  });
});
