// The brand and category line that the catalogue and the stock cards show under a product's name.
import type { Product } from '@hanouti/core';

/** The brand and category line of a product ("Aïcha · Épicerie"). */
export const brandAndCategory = (product: Product) =>
  [product.brand, product.category].filter(Boolean).join(' · ');
