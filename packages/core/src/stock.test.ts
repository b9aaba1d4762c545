import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { productSchema, stockMovementSchema, type Product, type StockMovement } from './entities.js';
import type { DomainContext } from './context.js';
import { MAX_NOTE_LENGTH, MAX_QUANTITY, MAX_STOCK } from './limits.js';
import { roundQuantity } from './money.js';
import { QUICK_STOCK_STEPS, type QuickStockStep } from './constants.js';
import {
  countAdjustment,
  quickAdjust,
  restock,
  stockAlerts,
  stockByProduct,
  stockFromMovements,
  stockStatus,
  stockValue,
} from './stock.js';

const NOW = '2025-01-15T10:00:00.000Z';
const ctx: DomainContext = { now: NOW, newId: () => '01940000-0000-7000-8000-0000000000ff', deviceId: 'd1' };
function product(
  name: string,
  stock: number,
  reorderThreshold = 5,
  overrides: Partial<Product> = {},
): Product {
  return {
    id: `id-${name}`,
    name,
    brand: '',
    category: 'Épicerie',
    purchasePrice: 450,
    salePrice: 600,
    vat: 20,
    stock,
    reorderThreshold,
    isBulk: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

describe('stockStatus', () => {
  it('is Rupture at 0, Stock Faible at or below the threshold, OK above', () => {
    expect(stockStatus(product('a', 0))).toBe('out');
    expect(stockStatus(product('a', -1))).toBe('out');
    expect(stockStatus(product('a', 5))).toBe('low');
    expect(stockStatus(product('a', 1))).toBe('low');
    expect(stockStatus(product('a', 6))).toBe('ok');
    expect(stockStatus(product('a', 1, 0))).toBe('ok');
  });
});

describe('stockAlerts', () => {
  it('lists out-of-stock first, then the lowest stock for its threshold, then by name', () => {
    const alerts = stockAlerts([
      product('Sucre', 4, 5),
      product('Huile', 20, 5),
      product('Thé', 0, 5),
      product('Farine', 1, 10),
      product('Beurre', 3, 20),
      product('Café', 4, 5),
      product('Amandes', -1, 5),
    ]);
    expect(alerts.map((a) => a.productName)).toEqual(['Amandes', 'Thé', 'Farine', 'Beurre', 'Café', 'Sucre']);
    expect(alerts[2]).toEqual({
      productId: 'id-Farine',
      productName: 'Farine',
      currentStock: 1,
      threshold: 10,
    });
  });
});

describe('stockValue', () => {
  it('is Σ stock × purchase price, nothing for stock below 0, half-up for kg', () => {
    expect(
      stockValue([product('a', 10), product('b', -3), product('c', 1.235, 5, { purchasePrice: 1999 })]),
    ).toBe(4500 + 0 + 2469);
  });
});

describe('quickAdjust', () => {
  it('moves the stock by −1, +1 or +10 with an adjustment movement', () => {
    const result = quickAdjust(product('a', 3), 10, ctx);
    expect(result).toEqual({
      ok: true,
      stockAfter: 13,
      movement: {
        id: ctx.newId(),
        productId: 'id-a',
        kind: 'adjustment',
        delta: 10,
        at: NOW,
        deviceId: 'd1',
      },
    });
    expect(quickAdjust(product('a', 1), -1, ctx)).toMatchObject({ ok: true, stockAfter: 0 });
  });

  it('refuses to go below 0 ("Le stock ne peut pas être négatif")', () => {
    expect(quickAdjust(product('a', 0), -1, ctx)).toEqual({ ok: false, error: 'negative-stock' });
    // A stock left negative by a merge can still be raised.
    expect(quickAdjust(product('a', -3), 1, ctx)).toMatchObject({ ok: true, stockAfter: -2 });
  });
});

describe('countAdjustment', () => {
  it('writes counted − current as a correction, nothing when the count agrees', () => {
    const result = countAdjustment(product('a', 7), 4, ctx, 'inventaire');
    expect(result).toMatchObject({
      ok: true,
      stockAfter: 4,
      movement: { kind: 'correction', delta: -3, note: 'inventaire' },
    });
    expect(countAdjustment(product('a', 7), 7, ctx)).toEqual({
      ok: true,
      movement: undefined,
      stockAfter: 7,
    });
    expect(countAdjustment(product('a', 7), -1, ctx)).toEqual({ ok: false, error: 'negative-stock' });
    expect(countAdjustment(product('a', 7), 2.5, ctx)).toEqual({ ok: false, error: 'not-whole-units' });
    const kg = countAdjustment(product('k', 1.2, 5, { isBulk: true }), 1.05, ctx);
    expect(kg).toMatchObject({ ok: true, stockAfter: 1.05, movement: { delta: -0.15 } });
  });
});

describe('restock', () => {
  it('adds a positive quantity with a restock movement', () => {
    expect(restock(product('a', 2), 24, ctx)).toMatchObject({
      ok: true,
      stockAfter: 26,
      movement: { kind: 'restock', delta: 24 },
    });
    expect(restock(product('a', 2), 0, ctx)).toEqual({ ok: false, error: 'quantity-not-positive' });
    expect(restock(product('a', 2), 1.5, ctx)).toEqual({ ok: false, error: 'not-whole-units' });
    expect(restock(product('k', 0.1, 5, { isBulk: true }), 0.2, ctx)).toMatchObject({
      ok: true,
      stockAfter: 0.3,
    });
  });
});

describe('stock is the sum of movements', () => {
  it('for each product, to the gram', () => {
    const movements = [
      { productId: 'a', delta: 10 },
      { productId: 'b', delta: 0.1 },
      { productId: 'a', delta: -3 },
      { productId: 'b', delta: 0.2 },
    ];
    expect(stockFromMovements(movements.filter((m) => m.productId === 'b'))).toBe(0.3);
    expect(stockByProduct(movements)).toEqual(
      new Map([
        ['a', 7],
        ['b', 0.3],
      ]),
    );
  });

  it('the cache kept by each operation equals the sum of the movements written', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('quick' as const),
        step: fc.constantFrom(-1 as const, 1 as const, 10 as const),
      }),
      fc.record({ kind: fc.constant('count' as const), counted: fc.integer({ min: -2, max: 50 }) }),
      fc.record({ kind: fc.constant('restock' as const), quantity: fc.integer({ min: -2, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let current = product('p', 0);
        const written: StockMovement[] = [];
        for (const o of ops) {
          const result =
            o.kind === 'quick'
              ? quickAdjust(current, o.step, ctx)
              : o.kind === 'count'
                ? countAdjustment(current, o.counted, ctx)
                : restock(current, o.quantity, ctx);
          if (!result.ok) continue;
          if (result.movement) written.push(result.movement);
          current = { ...current, stock: result.stockAfter };
        }
        expect(current.stock).toBe(stockFromMovements(written));
        expect(current.stock).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('a stock change from any input', () => {
  it('is refused with its reason, or writes a movement and a stock their schemas accept', () => {
    const grams = (kg: number) => Math.round(kg * 1000) / 1000;
    const stocked = fc.boolean().chain((isBulk) =>
      fc.record({
        isBulk: fc.constant(isBulk),
        stock: fc
          .oneof(
            fc.integer({ min: -MAX_STOCK, max: MAX_STOCK }),
            fc.constantFrom(MAX_STOCK, MAX_STOCK - 1, -MAX_STOCK, 0),
            fc.double({ min: -MAX_STOCK, max: MAX_STOCK, noNaN: true }),
          )
          .map((stock) => (isBulk ? grams(stock) : Math.round(stock))),
      }),
    );
    const anyQuantity = fc.oneof(
      fc.integer({ min: -2 * MAX_QUANTITY, max: 2 * MAX_QUANTITY }),
      fc.double({ min: -2 * MAX_STOCK, max: 2 * MAX_STOCK }),
      fc.constantFrom(MAX_QUANTITY, MAX_QUANTITY + 1, MAX_STOCK + 1, 1e300, Number.NaN, Infinity, 0.0005),
    );
    const anyNote = fc.option(
      fc.integer({ min: MAX_NOTE_LENGTH - 2, max: MAX_NOTE_LENGTH + 2 }).map((n) => 'n'.repeat(n)),
    );
    const change = fc.constantFrom<'count' | 'restock' | QuickStockStep>(
      'count',
      'restock',
      ...QUICK_STOCK_STEPS,
    );
    fc.assert(
      fc.property(stocked, change, anyQuantity, anyNote, ({ isBulk, stock }, kind, quantity, note) => {
        const item = product('Huile', stock, 5, { isBulk, id: '01940000-0000-7000-8000-000000000001' });
        const result =
          kind === 'count'
            ? countAdjustment(item, quantity, ctx, note ?? undefined)
            : kind === 'restock'
              ? restock(item, quantity, ctx, note ?? undefined)
              : quickAdjust(item, kind, ctx);
        if (!result.ok) {
          expect([
            'negative-stock',
            'quantity-not-positive',
            'not-whole-units',
            'quantity-too-large',
            'stock-too-large',
            'note-too-long',
          ]).toContain(result.error);
          return;
        }
        expect(productSchema.shape.stock.safeParse(result.stockAfter).success).toBe(true);
        if (result.movement) {
          expect(stockMovementSchema.safeParse(result.movement).error).toBeUndefined();
          expect(roundQuantity(stock + result.movement.delta, isBulk)).toBe(result.stockAfter);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('examples: a delivery past 1,000,000, a stock past 1,000,000,000, a note past 500 characters', () => {
    expect(restock(product('Riz', 0), MAX_QUANTITY + 1, ctx)).toEqual({
      ok: false,
      error: 'quantity-too-large',
    });
    expect(restock(product('Riz', MAX_STOCK - 5), 10, ctx)).toEqual({ ok: false, error: 'stock-too-large' });
    expect(quickAdjust(product('Riz', MAX_STOCK - 5), 10, ctx)).toEqual({
      ok: false,
      error: 'stock-too-large',
    });
    expect(restock(product('Riz', 0), 1, ctx, 'x'.repeat(MAX_NOTE_LENGTH + 1))).toEqual({
      ok: false,
      error: 'note-too-long',
    });
    expect(restock(product('Riz', MAX_STOCK - 10), 10, ctx)).toMatchObject({
      ok: true,
      stockAfter: MAX_STOCK,
    });
  });
});
