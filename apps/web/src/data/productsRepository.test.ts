import { stockFromMovements } from '@hanouti/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingOperations } from './syncStore';
import {
  deleteProducts,
  getProduct,
  listCategories,
  listProducts,
  loadPhoto,
  productsWithBarcode,
  saveProduct,
  savePhoto,
} from './productsRepository';
import { listStockMovements } from './stockRepository';
import { aProduct, resetDatabase, useStorableBlobs } from './testDatabase';

beforeEach(resetDatabase);
afterEach(() => vi.unstubAllGlobals());

describe('the catalogue', () => {
  it('saves a new product with its opening stock as a movement, and stamps the edit time', async () => {
    const draft = aProduct({ stock: 6 });
    const saved = await saveProduct(draft);
    expect(saved.updatedAt > draft.updatedAt).toBe(true);
    expect(stockFromMovements(await listStockMovements(draft.id))).toBe(6);
    const edited = await saveProduct({ ...saved, name: 'Thé vert 500 g', stock: 2 });
    expect(edited.createdAt).toBe(draft.createdAt);
    const movements = await listStockMovements(draft.id);
    expect(movements.map((m) => m.kind).sort()).toEqual(['correction', 'import']);
    expect(stockFromMovements(movements)).toBe(2);
    expect((await pendingOperations()).map((op) => op.type)).toEqual([
      'product.upsert',
      'stock.move',
      'product.upsert',
      'stock.move',
    ]);
  });

  it('refuses an invalid product and writes nothing', async () => {
    await expect(saveProduct(aProduct({ name: '' }))).rejects.toThrow();
    await expect(saveProduct(aProduct({ salePrice: 12.5 }))).rejects.toThrow();
    expect(await listProducts()).toEqual([]);
    expect(await pendingOperations()).toEqual([]);
  });

  it('lists newest first, finds by barcode and gives the categories', async () => {
    const older = aProduct({
      createdAt: '2025-01-01T00:00:00.000Z',
      category: 'Huiles',
      barcode: '6111242100015',
    });
    const newer = aProduct({ createdAt: '2025-02-01T00:00:00.000Z', category: 'Épicerie' });
    await saveProduct(older);
    await saveProduct(newer);
    expect((await listProducts()).map((p) => p.id)).toEqual([newer.id, older.id]);
    expect((await productsWithBarcode('6111242100015')).map((p) => p.id)).toEqual([older.id]);
    expect(await listCategories()).toEqual(['Huiles', 'Épicerie']);
  });

  it('stores photos as blobs and deletes them with their product, in bulk', async () => {
    useStorableBlobs();
    const photoId = await savePhoto({
      blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }),
      thumbnail: new Blob([new Uint8Array([1])], { type: 'image/jpeg' }),
      mime: 'image/jpeg',
    });
    const photo = await loadPhoto(photoId);
    expect(photo?.mime).toBe('image/jpeg');
    expect(new Uint8Array(await photo!.blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const [a, b] = [aProduct({ photoId }), aProduct()];
    await saveProduct(a);
    await saveProduct(b);
    expect(await deleteProducts([a.id, b.id, aProduct().id])).toBe(2);
    expect(await getProduct(a.id)).toBeUndefined();
    expect(await loadPhoto(photoId)).toBeUndefined();
    expect((await pendingOperations()).filter((op) => op.type === 'product.delete')).toHaveLength(2);
  });
});
