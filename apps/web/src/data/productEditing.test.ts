import { productDraftSchema } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { tx } from './db';
import { saveProductFromForm } from './productEditing';
import { getProduct, loadPhoto } from './productsRepository';
import { adjustStock, listStockMovements } from './stockRepository';
import { failAtWrite, clearFault, resetDatabase, useStorableBlobs } from './testDatabase';

beforeEach(async () => {
  useStorableBlobs();
  await resetDatabase();
});

const draft = (fields: Record<string, unknown> = {}) =>
  productDraftSchema.parse({ name: 'Thé vert', category: 'Épicerie', salePrice: 1500, stock: 12, ...fields });

const jpeg = (text: string) => ({
  blob: new Blob([text], { type: 'image/jpeg' }),
  thumbnail: new Blob([`thumb ${text}`], { type: 'image/jpeg' }),
  mime: 'image/jpeg',
});

describe('saveProductFromForm', () => {
  it('adds a product with its photo and its opening stock as a movement', async () => {
    const product = await saveProductFromForm({
      draft: draft(),
      stockEdited: true,
      photo: { kind: 'replace', photo: jpeg('photo') },
    });
    expect(product).toMatchObject({ name: 'Thé vert', stock: 12, reorderThreshold: 5, vat: 20 });
    expect(product.photoId).toBeDefined();
    const photo = await loadPhoto(product.photoId ?? '');
    expect(await photo?.blob.text()).toBe('photo');
    expect((await listStockMovements(product.id)).map((m) => m.delta)).toEqual([12]);
  });

  it('keeps the stock of a sale made while the form was open when the stock was not edited', async () => {
    const product = await saveProductFromForm({ draft: draft(), stockEdited: true, photo: { kind: 'keep' } });
    await adjustStock(product.id, -1);
    const edited = await saveProductFromForm({
      draft: draft({ salePrice: 1700 }),
      productId: product.id,
      stockEdited: false,
      photo: { kind: 'keep' },
    });
    expect(edited).toMatchObject({ salePrice: 1700, stock: 11, createdAt: product.createdAt });
    expect((await listStockMovements(product.id)).map((m) => m.delta).sort()).toEqual([-1, 12]);
  });

  it('writes a typed stock change as a correction movement', async () => {
    const product = await saveProductFromForm({ draft: draft(), stockEdited: true, photo: { kind: 'keep' } });
    await saveProductFromForm({
      draft: draft({ stock: 20 }),
      productId: product.id,
      stockEdited: true,
      photo: { kind: 'keep' },
    });
    const movements = await listStockMovements(product.id);
    expect(movements.map((m) => [m.kind, m.delta])).toContainEqual(['correction', 8]);
    expect((await getProduct(product.id))?.stock).toBe(20);
  });

  it('deletes the old photo when it is replaced or removed', async () => {
    const product = await saveProductFromForm({
      draft: draft(),
      stockEdited: true,
      photo: { kind: 'replace', photo: jpeg('first') },
    });
    const replaced = await saveProductFromForm({
      draft: draft(),
      productId: product.id,
      stockEdited: false,
      photo: { kind: 'replace', photo: jpeg('second') },
    });
    expect(replaced.photoId).not.toBe(product.photoId);
    expect(await loadPhoto(product.photoId ?? '')).toBeUndefined();
    const removed = await saveProductFromForm({
      draft: draft(),
      productId: product.id,
      stockEdited: false,
      photo: { kind: 'remove' },
    });
    expect(removed.photoId).toBeUndefined();
    expect(await tx('r', ['photos'], (t) => t.photos.count())).toBe(0);
  });

  it('refuses to bring back a product deleted while the form was open', async () => {
    await expect(
      saveProductFromForm({
        draft: draft(),
        productId: '01890a5d-ac96-774b-bcce-b302099a8057',
        stockEdited: false,
        photo: { kind: 'keep' },
      }),
    ).rejects.toThrow(/no longer exists/);
  });

  it('leaves nothing behind when the save fails half-way', async () => {
    // Write 0 is the photo, write 1 the product: failing the product must take the photo back.
    await failAtWrite(1);
    try {
      await expect(
        saveProductFromForm({
          draft: draft(),
          stockEdited: true,
          photo: { kind: 'replace', photo: jpeg('x') },
        }),
      ).rejects.toThrow();
    } finally {
      await clearFault();
    }
    const counts = await tx('r', ['photos', 'products', 'stockMovements'], async (t) => [
      await t.photos.count(),
      await t.products.count(),
      await t.stockMovements.count(),
    ]);
    expect(counts).toEqual([0, 0, 0]);
  });
});
