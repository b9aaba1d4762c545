import { describe, expect, it } from 'vitest';
import { customerSchema, productSchema, stockMovementSchema } from './entities.js';
import { newId } from './ids.js';
import { sampleShopData } from './sampleData.js';
import { stockFromMovements } from './stock.js';

const ctx = { now: '2025-03-01T08:00:00.000Z', newId };

describe('sampleShopData', () => {
  it('gives four valid products and two valid customers with Moroccan phones', () => {
    const { products, customers } = sampleShopData(ctx);
    expect(products).toHaveLength(4);
    expect(customers).toHaveLength(2);
    for (const product of products) expect(productSchema.parse(product)).toEqual(product);
    for (const customer of customers) {
      expect(customerSchema.parse(customer)).toEqual(customer);
      expect(customer.phone.replace(/\s/g, '')).toMatch(/^0[67]\d{8}$/);
    }
    expect(products.map((p) => p.brand)).toEqual(['Sultan', 'Lesieur', 'Cosumar', 'Centrale Danone']);
  });

  it('brings the stock in as import movements, so stock = Σ movements', () => {
    const { products, movements } = sampleShopData(ctx);
    for (const movement of movements) expect(stockMovementSchema.parse(movement)).toEqual(movement);
    for (const product of products) {
      const own = movements.filter((m) => m.productId === product.id);
      expect(own.every((m) => m.kind === 'import' && m.at === ctx.now)).toBe(true);
      expect(stockFromMovements(own)).toBe(product.stock);
    }
  });

  it('uses fresh ids from the context and sells at a margin', () => {
    const { products, customers, movements } = sampleShopData(ctx);
    const ids = [...products, ...customers, ...movements].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const product of products) expect(product.salePrice).toBeGreaterThan(product.purchasePrice);
  });
});
