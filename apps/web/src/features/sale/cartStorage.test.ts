import { addProductToCart, emptyCart, newId, sampleShopData } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, clearCart, readCart, writeCart } from './cartStorage';

describe('the cart in localStorage', () => {
  beforeEach(() => localStorage.clear());

  it('reads back what was written, as a reload would', () => {
    const [product] = sampleShopData({ now: '2025-01-01T00:00:00.000Z', newId }).products;
    if (!product) throw new Error('no sample product');
    const cart = addProductToCart(addProductToCart(emptyCart(), product), product);
    writeCart(cart);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual(cart);
    expect(readCart()).toEqual({ cart, corrupt: false });
    clearCart();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(readCart().cart).toEqual(emptyCart());
  });

  it('keeps the readable lines of a damaged cart and says it was damaged', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        lines: [
          { productId: 'p1', productName: 'Thé', quantity: 2, unitPrice: 1700, vatRate: 20 },
          { junk: true },
        ],
        paymentMethod: 'cash',
      }),
    );
    const { cart, corrupt } = readCart();
    expect(corrupt).toBe(true);
    expect(cart.lines.map((line) => line.productId)).toEqual(['p1']);
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readCart()).toEqual({ cart: emptyCart(), corrupt: true });
  });
});
