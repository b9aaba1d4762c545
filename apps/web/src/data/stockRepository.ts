// Stock changes from the inventory screen: each is a movement, the stock cache and an operation, in one transaction.
import {
  countAdjustment,
  newId,
  quickAdjust,
  restock,
  type DomainContext,
  type Product,
  type QuickStockStep,
  type StockError,
  type StockMovement,
} from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx } from './db';
import { ensureDeviceIdentity } from './device';
import { OUTBOX_TABLES, recordOperation } from './outbox';
import { productMovements } from './movements';
import { SALE_TABLES } from './sales';

export type StockUpdateResult =
  | { ok: true; stockAfter: number; movement: StockMovement | undefined }
  | { ok: false; error: StockError | 'product-not-found' };

type StockRule = (
  product: Product,
  ctx: DomainContext,
) => { ok: true; movement: StockMovement | undefined; stockAfter: number } | { ok: false; error: StockError };

/**
 * Reads the product inside the transaction (so two quick taps see each other's result), applies the rule,
 * then writes the movement, the stock cache and a 'stock.move' operation together.
 * Domain refusals ("Le stock ne peut pas être négatif") are returned; a storage failure rejects.
 */
function changeStock(productId: string, rule: StockRule): Promise<StockUpdateResult> {
  const now = new Date().toISOString();
  return tx('rw', ['products', 'stockMovements', ...OUTBOX_TABLES], async (t) => {
    const product = await t.products.get(productId);
    if (!product) return { ok: false, error: 'product-not-found' };
    const { deviceId } = await ensureDeviceIdentity(t);
    const result = rule(product, { now, newId, deviceId });
    if (!result.ok || !result.movement) return result;
    await t.stockMovements.add(result.movement);
    await t.products.put({ ...product, stock: result.stockAfter });
    await recordOperation(t, 'stock.move', result.movement, now);
    return result;
  });
}

/** The −1 / +1 / +10 buttons. */
export function adjustStock(productId: string, step: QuickStockStep): Promise<StockUpdateResult> {
  return changeStock(productId, (product, ctx) => quickAdjust(product, step, ctx));
}

/** A stock count: the counted quantity becomes the stock through a 'correction' movement. */
export function countStock(productId: string, counted: number, note?: string): Promise<StockUpdateResult> {
  return changeStock(productId, (product, ctx) => countAdjustment(product, counted, ctx, note));
}

/** Goods received from a supplier. */
export function restockProduct(
  productId: string,
  quantity: number,
  note?: string,
): Promise<StockUpdateResult> {
  return changeStock(productId, (product, ctx) => restock(product, quantity, ctx, note));
}

/** A product's movements, newest first (the stock history). */
export function listStockMovements(productId: string): Promise<StockMovement[]> {
  return tx('r', SALE_TABLES, async (t) =>
    (await productMovements(t, productId)).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)),
  );
}

export function useStockMovements(productId: string | undefined): StockMovement[] | undefined {
  return useLiveQuery(() => (productId ? listStockMovements(productId) : undefined), [productId]);
}
