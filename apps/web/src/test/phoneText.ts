// A 360-px phone whose text is set larger or smaller, and a product to lay out on it (card height tests).
import { newProduct, type Product } from '@hanouti/core';

const ctx = { now: '2025-01-01T00:00:00.000Z', newId: () => crypto.randomUUID() };

/** A whole-unit product of the tea shelf with a name and a brand. */
export const shelfProduct = (name: string, brand = ''): Product =>
  newProduct(
    {
      name,
      brand,
      barcode: undefined,
      description: undefined,
      category: 'Thé',
      purchasePrice: 1000,
      salePrice: 1500,
      vat: 20,
      stock: 24,
      reorderThreshold: 5,
      isBulk: false,
    },
    ctx,
  ).product;

/** A 360-px phone whose text is `percent` of the usual 16 px (the root font size the app's rem follow). */
export function phoneWithText(percent: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 360 });
  document.documentElement.style.fontSize = `${percent}%`;
}

/** Back to jsdom's defaults. */
export function resetPhone(): void {
  document.documentElement.style.fontSize = '';
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
}
