// The product form's save: the product, its stock movement and its photo change commit together or not at all.
import { newId, newProduct, updateProduct, type Product, type ProductDraft } from '@hanouti/core';
import { tx, type PhotoRecord } from './db';
import { OUTBOX_TABLES } from './outbox';
import { saveProduct, type PhotoBlobs } from './productsRepository';

/** What the form did with the photo: kept the stored one, took a new one, or removed it. */
export type PhotoChange = { kind: 'keep' } | { kind: 'replace'; photo: PhotoBlobs } | { kind: 'remove' };

export type ProductFormSave = {
  draft: ProductDraft;
  /** The product being edited; absent for "Ajouter un Produit". */
  productId?: string;
  /**
   * Whether the shopkeeper typed a stock in the form. If not, the stored stock is kept as it is at save
   * time, so a sale made while the form was open is not undone by saving a price change.
   */
  stockEdited: boolean;
  photo: PhotoChange;
};

/**
 * Adds or edits a product from the form. The photo is written in the same transaction as the product
 * (saveProduct joins it), and a replaced or removed photo is deleted with it: no orphan blob, no product
 * pointing at a missing photo. Rejects when the product was deleted meanwhile or is invalid.
 */
export function saveProductFromForm({
  draft,
  productId,
  stockEdited,
  photo,
}: ProductFormSave): Promise<Product> {
  const now = new Date().toISOString();
  const ctx = { now, newId };
  return tx('rw', ['products', 'photos', 'stockMovements', ...OUTBOX_TABLES], async (t) => {
    const existing = productId ? await t.products.get(productId) : undefined;
    if (productId && !existing) throw new Error(`product ${productId} no longer exists`);
    const previousPhotoId = existing?.photoId;
    let photoId = previousPhotoId;
    if (photo.kind === 'replace') {
      const record: PhotoRecord = { id: newId(), ...photo.photo, updatedAt: now };
      await t.photos.add(record);
      photoId = record.id;
    } else if (photo.kind === 'remove') {
      photoId = undefined;
    }
    const fields: ProductDraft = {
      ...draft,
      stock: existing && !stockEdited ? existing.stock : draft.stock,
      photoId,
    };
    if (photoId === undefined) delete fields.photoId;
    const { product } = existing ? updateProduct(existing, fields, ctx) : newProduct(fields, ctx);
    const saved = await saveProduct(product);
    if (previousPhotoId && previousPhotoId !== photoId) await t.photos.delete(previousPhotoId);
    return saved;
  });
}
