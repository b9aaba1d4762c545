// Stock: status and alerts, stock value, and the movements written by quick buttons, counts and restocks.
import type { Centimes, Product, StockMovement } from './entities.js';
import type { QuickStockStep } from './constants.js';
import type { DomainContext } from './context.js';
import { MAX_NOTE_LENGTH, MAX_QUANTITY, MAX_STOCK } from './limits.js';
import { multiplyPrice, roundQuantity, sumQuantities } from './money.js';

export type StockStatus = 'out' | 'low' | 'ok';

/** The spec's stock alert: the product, its stock and its reorder threshold. */
export type StockAlert = { productId: string; productName: string; currentStock: number; threshold: number };

/**
 * Why a stock change is refused. Past the bounds a stock is stored within: `quantity-too-large`, a delivery or a
 * count over MAX_QUANTITY (what one entry may type); `stock-too-large`, a stock or a movement that would pass
 * MAX_STOCK in magnitude; `note-too-long`, a note over MAX_NOTE_LENGTH.
 */
export type StockError =
  | 'negative-stock'
  | 'quantity-not-positive'
  | 'not-whole-units'
  | 'quantity-too-large'
  | 'stock-too-large'
  | 'note-too-long';

export type StockChange =
  { ok: true; movement: StockMovement; stockAfter: number } | { ok: false; error: StockError };

type StockedProduct = Pick<Product, 'id' | 'name' | 'stock' | 'reorderThreshold'>;

/** Rupture at 0 (or below, after offline sales merged), Stock Faible at or below the reorder threshold. */
export function stockStatus(product: Pick<Product, 'stock' | 'reorderThreshold'>): StockStatus {
  if (product.stock <= 0) return 'out';
  if (product.stock <= product.reorderThreshold) return 'low';
  return 'ok';
}

const byName = (a: { productName: string }, b: { productName: string }) =>
  a.productName.localeCompare(b.productName, 'fr');

/** Products out of stock or at/below their threshold, most urgent first: out, then lowest stock/threshold. */
export function stockAlerts(products: readonly StockedProduct[]): StockAlert[] {
  const out: StockAlert[] = [];
  const low: (StockAlert & { ratio: number })[] = [];
  for (const product of products) {
    const status = stockStatus(product);
    if (status === 'ok') continue;
    const alert = {
      productId: product.id,
      productName: product.name,
      currentStock: product.stock,
      threshold: product.reorderThreshold,
    };
    // A low product has 0 < stock <= threshold, so the threshold is positive here.
    if (status === 'out') out.push(alert);
    else low.push({ ...alert, ratio: product.stock / product.reorderThreshold });
  }
  out.sort(byName);
  low.sort((a, b) => a.ratio - b.ratio || byName(a, b));
  return [...out, ...low.map(({ ratio: _ratio, ...alert }) => alert)];
}

/** Σ stock × purchase price, in centimes; stock below 0 (a merge still to be counted) is worth nothing. */
export function stockValue(products: readonly Pick<Product, 'stock' | 'purchasePrice'>[]): Centimes {
  let value = 0;
  for (const product of products) value += multiplyPrice(product.purchasePrice, Math.max(product.stock, 0));
  return value;
}

function movement(
  product: Pick<Product, 'id'>,
  kind: StockMovement['kind'],
  delta: number,
  ctx: DomainContext,
  note?: string,
): StockMovement {
  return {
    id: ctx.newId(),
    productId: product.id,
    kind,
    delta,
    at: ctx.now,
    ...(note ? { note } : {}),
    ...(ctx.deviceId ? { deviceId: ctx.deviceId } : {}),
  };
}

type AdjustableProduct = Pick<Product, 'id' | 'stock' | 'isBulk'>;

/**
 * The bound a movement of `delta` leaving `stockAfter` would pass, if any. Checked before either is rounded: past
 * MAX_STOCK, rounding to the gram is itself refused (an AmountError).
 */
function boundProblem(
  delta: number,
  stockAfter: number,
  note: string | undefined,
): 'stock-too-large' | 'note-too-long' | undefined {
  if (Math.abs(stockAfter) > MAX_STOCK || Math.abs(delta) > MAX_STOCK) return 'stock-too-large';
  if (note !== undefined && note.length > MAX_NOTE_LENGTH) return 'note-too-long';
  return undefined;
}

/** The quick buttons −1 / +1 / +10; stock cannot go below 0 ("Le stock ne peut pas être négatif"). */
export function quickAdjust(
  product: AdjustableProduct,
  delta: QuickStockStep,
  ctx: DomainContext,
): StockChange {
  // A decrease below −MAX_STOCK is below 0 too: said as such, before the bound it also passes.
  if (delta < 0 && product.stock + delta < -MAX_STOCK) return { ok: false, error: 'negative-stock' };
  const problem = boundProblem(delta, product.stock + delta, undefined);
  if (problem) return { ok: false, error: problem };
  const stockAfter = roundQuantity(product.stock + delta, product.isBulk);
  // Only a decrease is refused: +1 on a stock left negative by a merge still brings it closer to the truth.
  if (delta < 0 && stockAfter < 0) return { ok: false, error: 'negative-stock' };
  return { ok: true, movement: movement(product, 'adjustment', delta, ctx), stockAfter };
}

function isWholeOrBulk(quantity: number, isBulk: boolean): boolean {
  return Number.isFinite(quantity) && (isBulk || Number.isInteger(quantity));
}

/**
 * A stock count (inventaire): the counted quantity becomes the stock through a 'correction' movement of
 * counted − current. Counting what the screen already shows writes nothing.
 */
export function countAdjustment(
  product: AdjustableProduct,
  countedQuantity: number,
  ctx: DomainContext,
  note?: string,
):
  | { ok: true; movement: StockMovement | undefined; stockAfter: number }
  | { ok: false; error: Exclude<StockError, 'quantity-not-positive'> } {
  if (!isWholeOrBulk(countedQuantity, product.isBulk)) return { ok: false, error: 'not-whole-units' };
  if (countedQuantity > MAX_QUANTITY) return { ok: false, error: 'quantity-too-large' };
  if (countedQuantity < -MAX_QUANTITY) return { ok: false, error: 'negative-stock' };
  const counted = roundQuantity(countedQuantity, product.isBulk);
  if (counted < 0) return { ok: false, error: 'negative-stock' };
  const problem = boundProblem(counted - product.stock, counted, note);
  if (problem) return { ok: false, error: problem };
  const delta = roundQuantity(counted - product.stock, product.isBulk);
  if (delta === 0) return { ok: true, movement: undefined, stockAfter: counted };
  return { ok: true, movement: movement(product, 'correction', delta, ctx, note), stockAfter: counted };
}

/** Goods received: stock rises by a positive quantity (whole units, or kg for bulk). */
export function restock(
  product: AdjustableProduct,
  quantity: number,
  ctx: DomainContext,
  note?: string,
): StockChange {
  if (!isWholeOrBulk(quantity, product.isBulk)) return { ok: false, error: 'not-whole-units' };
  if (quantity > MAX_QUANTITY) return { ok: false, error: 'quantity-too-large' };
  if (quantity <= 0) return { ok: false, error: 'quantity-not-positive' };
  const received = roundQuantity(quantity, product.isBulk);
  if (received <= 0) return { ok: false, error: 'quantity-not-positive' };
  const problem = boundProblem(received, product.stock + received, note);
  if (problem) return { ok: false, error: problem };
  const stockAfter = roundQuantity(product.stock + received, product.isBulk);
  return { ok: true, movement: movement(product, 'restock', received, ctx, note), stockAfter };
}

/** Stock is the sum of its movements (to the gram, without float drift). */
export function stockFromMovements(movements: readonly Pick<StockMovement, 'delta'>[]): number {
  return sumQuantities(movements.map((m) => m.delta));
}

/** Stock of every product that has movements, e.g. to rebuild caches or flag negatives after a merge. */
export function stockByProduct(
  movements: readonly Pick<StockMovement, 'productId' | 'delta'>[],
): Map<string, number> {
  const deltas = new Map<string, number[]>();
  for (const m of movements) {
    const list = deltas.get(m.productId);
    if (list) list.push(m.delta);
    else deltas.set(m.productId, [m.delta]);
  }
  return new Map([...deltas].map(([productId, list]) => [productId, sumQuantities(list)]));
}
