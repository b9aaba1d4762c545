// The catalogue store: products and their photos. A product's stock is a cache of the sum of its movements
// (movements.ts), recomputed here when pulled movements change it.
//
// Products are never archived: every product is its own record; a photo is its own record, named by the
// product's `photoId`, and leaves with the product.
import { productAfterPull, type Product } from '@hanouti/core';
import { productMovements } from './movements';
import type { Tables } from './records';
import type { SaleTables } from './sales';

/** Where the catalogue is kept. */
export const CATALOGUE_TABLES = ['products', 'photos'] as const;

/** Deletes the products still stored among `ids` and their photos; returns those deleted. */
export async function deleteProductsWithPhotos(
  t: Pick<Tables, (typeof CATALOGUE_TABLES)[number]>,
  ids: readonly string[],
): Promise<Product[]> {
  const existing = (await t.products.bulkGet([...new Set(ids)])).filter((p) => p !== undefined);
  if (existing.length === 0) return [];
  // Movements and sales stay: they are the shop's history, and the sale lines carry the product's name.
  await t.products.bulkDelete(existing.map((p) => p.id));
  await t.photos.bulkDelete(existing.flatMap((p) => (p.photoId ? [p.photoId] : [])));
  return existing;
}

/** Gives these products the stock of their movements, wherever those are kept (after a pulled page). */
export async function refreshProductStocks(
  t: Pick<Tables, 'products'> & SaleTables,
  ids: Iterable<string>,
): Promise<void> {
  for (const id of ids) {
    const product = await t.products.get(id);
    if (!product) continue;
    const movements = await productMovements(t, id);
    await t.products.put(productAfterPull(product, movements));
  }
}
