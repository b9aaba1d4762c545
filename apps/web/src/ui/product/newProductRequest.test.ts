import { afterEach, describe, expect, it } from 'vitest';
import { requestNewProduct, takeNewProductRequest } from './newProductRequest';

describe('new product request', () => {
  afterEach(() => sessionStorage.clear());

  it('hands a scanned code to the catalogue once', () => {
    requestNewProduct('6111234567890');
    expect(takeNewProductRequest()).toBe('6111234567890');
    expect(takeNewProductRequest()).toBeUndefined();
  });

  it('has nothing to hand over by default', () => {
    expect(takeNewProductRequest()).toBeUndefined();
  });
});
