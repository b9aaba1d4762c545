import { VAT_RATES } from '@hanouti/core';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../data/testDatabase';
import {
  checkNumberField,
  emptyProductForm,
  productFormSchema,
  productFormValues,
  type ProductFormValues,
} from './productForm';

const form = (fields: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(20),
  name: 'Thé vert',
  category: 'Épicerie',
  ...fields,
});

describe('the product form', () => {
  it('starts with the spec defaults: VAT 20, threshold 5, prices and stock 0', () => {
    const draft = productFormSchema.parse(form());
    expect(draft).toMatchObject({ vat: 20, reorderThreshold: 5, purchasePrice: 0, salePrice: 0, stock: 0 });
    expect(draft.barcode).toBeUndefined();
  });

  it('reads prices with a comma or a point, to the centime', () => {
    const draft = productFormSchema.parse(form({ purchasePrice: '10,5', salePrice: '12.99' }));
    expect([draft.purchasePrice, draft.salePrice]).toEqual([1050, 1299]);
  });

  it('requires a name and a category', () => {
    const result = productFormSchema.safeParse(form({ name: '  ', category: '' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['category', 'name']);
  });

  it('turns an invalid number into 0 and says so', () => {
    expect(checkNumberField('salePrice', '12,5x', false)).toEqual({ kind: 'became-zero', typed: '12,5x' });
    expect(checkNumberField('stock', '2,5', false)).toEqual({ kind: 'became-zero', typed: '2,5' });
    expect(checkNumberField('salePrice', '20000000', false)).toEqual({
      kind: 'became-zero',
      typed: '20000000',
      tooLarge: true,
    });
    expect(checkNumberField('stock', '1000000,5', true)).toEqual({
      kind: 'became-zero',
      typed: '1000000,5',
      tooLarge: true,
    });
    expect(checkNumberField('stock', '2,5', true)).toEqual({ kind: 'ok' });
    expect(productFormSchema.parse(form({ salePrice: 'abc' })).salePrice).toBe(0);
  });

  it('refuses a negative stock instead of saving 0', () => {
    expect(checkNumberField('stock', '-3', false)).toEqual({ kind: 'negative-stock' });
    const result = productFormSchema.safeParse(form({ stock: '-3' }));
    expect(result.error?.issues[0]?.path).toEqual(['stock']);
  });

  it('weighs bulk products in kg to the gram', () => {
    const draft = productFormSchema.parse(form({ isBulk: true, stock: '12,345', reorderThreshold: '2,5' }));
    expect([draft.stock, draft.reorderThreshold, draft.isBulk]).toEqual([12.345, 2.5, true]);
  });

  it('accepts a pack size above 0 only', () => {
    expect(productFormSchema.parse(form({ packSize: '6' })).packSize).toBe(6);
    expect(productFormSchema.parse(form({ packSize: '' })).packSize).toBeUndefined();
    expect(productFormSchema.safeParse(form({ packSize: '0' })).success).toBe(false);
    expect(productFormSchema.safeParse(form({ packSize: 'six' })).success).toBe(false);
  });

  it('offers every Moroccan VAT rate', () => {
    for (const rate of VAT_RATES) {
      expect(productFormSchema.parse(form({ vat: String(rate) as ProductFormValues['vat'] })).vat).toBe(rate);
    }
  });

  it('shows a stored product the way it was typed, and saves it back unchanged', () => {
    const product = aProduct({ purchasePrice: 1050, salePrice: 1299, stock: 7, barcode: '6111234567890' });
    const values = productFormValues(product, ',');
    expect(values).toMatchObject({ purchasePrice: '10,50', salePrice: '12,99', stock: '7', vat: '20' });
    expect(productFormSchema.parse(values)).toMatchObject({
      name: product.name,
      purchasePrice: 1050,
      salePrice: 1299,
      stock: 7,
      barcode: '6111234567890',
    });
  });
});
