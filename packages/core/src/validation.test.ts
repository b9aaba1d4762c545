import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { customerSchema, productSchema, stockMovementSchema, type Product } from './entities.js';
import type { DomainContext } from './context.js';
import { moroccanPhone, newCustomer, newProduct, productDraftSchema, updateProduct } from './validation.js';

const NOW = '2025-01-15T10:00:00.000Z';
function context(now = NOW): DomainContext {
  let next = 0;
  return { now, deviceId: 'd1', newId: () => `01940000-0000-7000-8000-${String(++next).padStart(12, '0')}` };
}

describe('moroccanPhone', () => {
  it('accepts 05/06/07 numbers in national or international form', () => {
    for (const text of [
      '0612345678',
      '06 12 34 56 78',
      '06.12.34.56.78',
      '06-12-34-56-78',
      '+212 612345678',
      '+212 6 12 34 56 78',
      '00212612345678',
    ]) {
      expect(moroccanPhone(text)).toEqual({ ok: true, phone: '06 12 34 56 78' });
    }
    expect(moroccanPhone('0522 12 34 56')).toEqual({ ok: true, phone: '05 22 12 34 56' });
    expect(moroccanPhone('+212 7 00 00 00 00')).toEqual({ ok: true, phone: '07 00 00 00 00' });
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      '0812345678',
      '061234567',
      '06123456789',
      '+33612345678',
      'abc',
      '+212 06 12 34 56 78',
    ]) {
      expect(moroccanPhone(text)).toEqual({ ok: false, error: 'invalid-phone' });
    }
  });
});

describe('productDraftSchema', () => {
  it('requires a name and a category, and fills the creation defaults', () => {
    expect(productDraftSchema.safeParse({ name: ' ', category: 'Épicerie' }).success).toBe(false);
    expect(productDraftSchema.safeParse({ name: 'Lait' }).success).toBe(false);
    expect(
      productDraftSchema.parse({ name: ' Lait ', category: 'Laitiers', barcode: '', description: '' }),
    ).toEqual({
      name: 'Lait',
      brand: '',
      category: 'Laitiers',
      purchasePrice: 0,
      salePrice: 0,
      vat: 20,
      stock: 0,
      reorderThreshold: 5,
      isBulk: false,
    });
  });

  it('refuses negative prices, unknown VAT rates, fractional stock unless bulk', () => {
    const base = { name: 'Lait', category: 'Laitiers' };
    expect(productDraftSchema.safeParse({ ...base, salePrice: -1 }).success).toBe(false);
    expect(productDraftSchema.safeParse({ ...base, salePrice: 12.5 }).success).toBe(false);
    expect(productDraftSchema.safeParse({ ...base, vat: 15 }).success).toBe(false);
    expect(productDraftSchema.safeParse({ ...base, vat: 14 }).success).toBe(true);
    const fractional = productDraftSchema.safeParse({ ...base, stock: 2.5 });
    expect(fractional.success).toBe(false);
    expect(fractional.error?.issues[0]?.path).toEqual(['stock']);
    expect(productDraftSchema.safeParse({ ...base, stock: 2.5, isBulk: true }).success).toBe(true);
    expect(productDraftSchema.safeParse({ ...base, stock: 2.5001, isBulk: true }).success).toBe(false);
  });
});

describe('newProduct / updateProduct', () => {
  const draft = productDraftSchema.parse({ name: 'Lait', category: 'Laitiers', salePrice: 750, stock: 12 });

  it('creates a valid product, its stock written as a movement', () => {
    const { product, movement } = newProduct(draft, context());
    expect(productSchema.parse(product)).toEqual(product);
    expect(product).toMatchObject({ name: 'Lait', stock: 12, createdAt: NOW, updatedAt: NOW });
    expect(movement).toMatchObject({
      productId: product.id,
      kind: 'correction',
      delta: 12,
      at: NOW,
      deviceId: 'd1',
    });
    expect(newProduct({ ...draft, stock: 0 }, context()).movement).toBeUndefined();
  });

  it('updates in place and writes a stock change as the difference', () => {
    const { product } = newProduct(draft, context());
    const sold: Product = { ...product, stock: 9 };
    const later = '2025-02-01T08:00:00.000Z';
    const edited = updateProduct(sold, { ...draft, name: 'Lait entier', stock: 15 }, context(later));
    expect(edited.product).toMatchObject({
      id: product.id,
      name: 'Lait entier',
      stock: 15,
      createdAt: NOW,
      updatedAt: later,
    });
    expect(edited.movement?.delta).toBe(6);
    expect(updateProduct(sold, { ...draft, stock: 9 }, context(later)).movement).toBeUndefined();
  });
});

describe('any form input (property)', () => {
  const anyValue = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.double(),
    fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
    fc.constantFrom(0, 1e6, 1e6 + 1, 0.0005, 12.3456, -0, 750, 7, 14, 20, '', '   ', 'Lait', true),
    fc.jsonValue({ maxDepth: 1 }),
  );
  const draftInput = fc.record(
    {
      name: anyValue,
      brand: anyValue,
      category: anyValue,
      barcode: anyValue,
      purchasePrice: anyValue,
      salePrice: anyValue,
      vat: anyValue,
      stock: anyValue,
      reorderThreshold: anyValue,
      description: anyValue,
      isBulk: fc.oneof(fc.boolean(), anyValue),
      packSize: anyValue,
    },
    { requiredKeys: [] },
  );
  const stored = newProduct(
    productDraftSchema.parse({ name: 'Sucre', category: 'Épicerie', stock: 999_999, isBulk: true }),
    context(),
  ).product;

  it('a draft the form accepts makes a product and movement the database accepts, new or edited', () => {
    fc.assert(
      fc.property(draftInput, (input) => {
        const parsed = productDraftSchema.safeParse(input);
        if (!parsed.success) return;
        for (const { product, movement } of [
          newProduct(parsed.data, context()),
          updateProduct(stored, parsed.data, context()),
        ]) {
          expect(productSchema.safeParse(product).success).toBe(true);
          if (movement) expect(stockMovementSchema.safeParse(movement).success).toBe(true);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });

  it('a customer form either makes a customer the database accepts or says why not', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.option(fc.string({ maxLength: 40 })), (name, phone) => {
        const result = newCustomer({ name, ...(phone === null ? {} : { phone }) }, context());
        if (result.ok) expect(customerSchema.safeParse(result.customer).success).toBe(true);
        else expect(['name-required', 'name-too-long', 'invalid-phone']).toContain(result.error);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });
});

describe('newCustomer', () => {
  it('needs a name ("Nom complet *"); the phone is optional and tidied', () => {
    expect(newCustomer({ name: '  ' }, context())).toEqual({ ok: false, error: 'name-required' });
    const result = newCustomer({ name: ' Fatima ', phone: '+212612345678' }, context());
    if (!result.ok) throw new Error(result.error);
    expect(customerSchema.parse(result.customer)).toEqual(result.customer);
    expect(result.customer).toMatchObject({
      name: 'Fatima',
      phone: '06 12 34 56 78',
      creditBalance: 0,
      totalPurchases: 0,
    });
    expect(newCustomer({ name: 'Karim' }, context())).toMatchObject({ ok: true, customer: { phone: '' } });
    expect(newCustomer({ name: 'Karim', phone: '+33 6 12 34 56 78' }, context())).toMatchObject({
      ok: true,
      customer: { phone: '+33 6 12 34 56 78' },
    });
    expect(newCustomer({ name: 'Karim', phone: 'demain' }, context())).toEqual({
      ok: false,
      error: 'invalid-phone',
    });
  });
});
