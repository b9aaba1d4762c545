// Writes a spreadsheet's products in ONE transaction, as the product form would: upserts, stock movements, operations.
import {
  draftFromSheetRow,
  newId,
  newProduct,
  productSchema,
  updateProduct,
  type Product,
  type ProductChange,
  type ProductDraft,
  type SheetDefaults,
  type SheetWrite,
  type StockMovement,
} from '@hanouti/core';
import { tx } from './db';
import { OUTBOX_TABLES, recordOperationBatches, type NewOperation } from './outbox';

export type CatalogueWriteResult = { added: number; updated: number; unchanged: number; skipped: number };

const FIELDS = [
  'name',
  'brand',
  'category',
  'barcode',
  'purchasePrice',
  'salePrice',
  'vat',
  'stock',
  'reorderThreshold',
  'isBulk',
  'packSize',
  'description',
  'photoId',
] as const;
const sameProduct = (a: Product, b: Product) => FIELDS.every((field) => a[field] === b[field]);

/**
 * Adds and updates the planned products. An update is merged with the product as stored now (a sale made
 * since the preview keeps its stock unless the file gives one); a product deleted since is added again.
 * A stock the file sets becomes a movement ('import' for a new product, 'correction' for an update), so
 * stock = Σ movements holds; every change is a product.upsert / stock.move operation for sync.
 */
export function writeCatalogueImport(
  writes: readonly SheetWrite[],
  defaults: SheetDefaults,
): Promise<CatalogueWriteResult> {
  const now = new Date().toISOString();
  const ctx = { now, newId };
  // The stock the file left as stored (a count of 18.035 a backup gave a unit product, a stock below zero)
  // stays exactly so: updateProduct would round it to the unit's steps without a movement for the difference.
  const updated = (existing: Product, draft: ProductDraft): ProductChange => {
    const change = updateProduct(existing, draft, ctx);
    return draft.stock === existing.stock
      ? { product: { ...change.product, stock: existing.stock }, movement: undefined }
      : change;
  };
  return tx('rw', ['products', 'stockMovements', ...OUTBOX_TABLES], async (t) => {
    const ids = writes.flatMap((write) => (write.id ? [write.id] : []));
    const stored = new Map(
      (await t.products.bulkGet(ids)).flatMap((product) => (product ? [[product.id, product] as const] : [])),
    );
    const result: CatalogueWriteResult = { added: 0, updated: 0, unchanged: 0, skipped: 0 };
    const products: Product[] = [];
    const movements: StockMovement[] = [];
    for (const write of writes) {
      const existing = write.id ? stored.get(write.id) : undefined;
      const draft = draftFromSheetRow(write.row, existing, defaults);
      if (!draft.ok) {
        result.skipped += 1;
        continue;
      }
      const change = existing ? updated(existing, draft.draft) : newProduct(draft.draft, ctx);
      if (existing && sameProduct(existing, change.product)) {
        result.unchanged += 1;
        continue;
      }
      products.push(productSchema.parse(change.product));
      if (change.movement) movements.push({ ...change.movement, kind: existing ? 'correction' : 'import' });
      result[existing ? 'updated' : 'added'] += 1;
    }
    await t.products.bulkPut(products);
    await t.stockMovements.bulkAdd(movements);
    const operations: NewOperation[] = [
      ...products.map((payload) => ({ type: 'product.upsert' as const, payload })),
      ...movements.map((payload) => ({ type: 'stock.move' as const, payload })),
    ];
    await recordOperationBatches(t, operations, now);
    return result;
  });
}
