// The catalogue: products and their photos, with live lists for the screens.
import {
  buildSearchIndex,
  newId,
  productSchema,
  searchIndex,
  type Product,
  type SearchOptions,
  type StockMovement,
} from '@hanouti/core';
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { CATALOGUE_TABLES, deleteProductsWithPhotos } from './catalogue';
import { tx, type PhotoRecord, type Tables } from './db';
import { OUTBOX_TABLES, recordOperation } from './outbox';

/** All products, newest first (spec §7: products are read ordered by creation date, descending). */
export function listProducts(): Promise<Product[]> {
  return tx('r', ['products'], async (t) => {
    const products = await t.products.toArray();
    return products.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  });
}

export function getProduct(id: string): Promise<Product | undefined> {
  return tx('r', ['products'], (t) => t.products.get(id));
}

/** Products whose barcode is exactly this code (the index lookup behind a scan). */
export function productsWithBarcode(barcode: string): Promise<Product[]> {
  return tx('r', ['products'], (t) => t.products.where('barcode').equals(barcode).toArray());
}

/** Distinct categories, sorted, for the product form's category picker. */
export function listCategories(): Promise<string[]> {
  return tx('r', ['products'], async (t) => (await t.products.orderBy('category').uniqueKeys()).map(String));
}

/** Live catalogue, newest first; undefined while loading. */
export function useProducts(): Product[] | undefined {
  return useLiveQuery(listProducts);
}

/**
 * Live search over the catalogue (newest first): the index is rebuilt only when the catalogue changes,
 * so a keystroke only compares prepared strings. Options pick the fields (catalogue: name and brand;
 * inventory: with category), stock > 0 and the limit (quick add and picker: 10).
 */
export function useProductSearch(query: string, options: SearchOptions = {}): Product[] | undefined {
  const products = useProducts();
  const index = useMemo(() => (products ? buildSearchIndex(products) : undefined), [products]);
  const { fields, inStockOnly, category, limit } = options;
  return useMemo(
    () =>
      index
        ? searchIndex(index, query, {
            ...(fields ? { fields } : {}),
            ...(inStockOnly !== undefined ? { inStockOnly } : {}),
            ...(category !== undefined ? { category } : {}),
            ...(limit !== undefined ? { limit } : {}),
          })
        : undefined,
    [index, query, fields, inStockOnly, category, limit],
  );
}

export function useProduct(id: string | undefined): Product | undefined {
  return useLiveQuery(() => (id ? getProduct(id) : undefined), [id]);
}

export function useCategories(): string[] | undefined {
  return useLiveQuery(listCategories);
}

/**
 * Saves a product from the product form (add or edit), stamped with the time of the edit.
 * Stock is the sum of movements: when the form's stock differs from the stored one, the difference is
 * written as a movement ('import' for a new product's opening stock, 'correction' for an edit) in the
 * same transaction, so stock = Σ movements still holds. Throws when the product is invalid.
 */
export async function saveProduct(draft: Product): Promise<Product> {
  const now = new Date().toISOString();
  return tx('rw', ['products', 'stockMovements', ...OUTBOX_TABLES], async (t) => {
    const existing = await t.products.get(draft.id);
    const product = productSchema.parse({
      ...draft,
      createdAt: existing?.createdAt ?? draft.createdAt,
      updatedAt: now,
    });
    const delta = product.stock - (existing?.stock ?? 0);
    await t.products.put(product);
    await recordOperation(t, 'product.upsert', product, now);
    if (delta !== 0) {
      const movement: StockMovement = {
        id: newId(),
        productId: product.id,
        kind: existing ? 'correction' : 'import',
        delta,
        at: now,
      };
      await t.stockMovements.add(movement);
      await recordOperation(t, 'stock.move', movement, now);
    }
    return product;
  });
}

async function deleteProductsIn(
  t: Pick<Tables, 'products' | 'photos' | 'meta' | 'outbox'>,
  ids: readonly string[],
): Promise<number> {
  const now = new Date().toISOString();
  const deleted = await deleteProductsWithPhotos(t, ids);
  for (const product of deleted) await recordOperation(t, 'product.delete', { id: product.id }, now);
  return deleted.length;
}

/** Deletes one product and its photo; resolves to false when it was already gone. */
export async function deleteProduct(id: string): Promise<boolean> {
  return (await deleteProducts([id])) === 1;
}

/** Bulk delete: all of them or none; returns how many were deleted ("N produit(s) supprimé(s)"). */
export function deleteProducts(ids: readonly string[]): Promise<number> {
  return tx('rw', [...CATALOGUE_TABLES, ...OUTBOX_TABLES], (t) => deleteProductsIn(t, ids));
}

export type PhotoBlobs = { blob: Blob; thumbnail: Blob; mime: string };

/**
 * Stores a photo already compressed by the screen (full image and thumbnail) and returns its id.
 * Pass the id of an existing photo to replace it.
 */
export async function savePhoto(photo: PhotoBlobs, id: string = newId()): Promise<string> {
  const record: PhotoRecord = { id, ...photo, updatedAt: new Date().toISOString() };
  await tx('rw', ['photos'], (t) => t.photos.put(record));
  return id;
}

export function loadPhoto(id: string): Promise<PhotoRecord | undefined> {
  return tx('r', ['photos'], (t) => t.photos.get(id));
}

export async function deletePhoto(id: string): Promise<void> {
  await tx('rw', ['photos'], (t) => t.photos.delete(id));
}

/** A photo for display; undefined while loading or when there is none. */
export function usePhoto(id: string | undefined): PhotoRecord | undefined {
  return useLiveQuery(() => (id ? loadPhoto(id) : undefined), [id]);
}
