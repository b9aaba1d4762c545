import { stockFromMovements } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { pendingOperations } from './syncStore';
import { getProduct } from './productsRepository';
import { adjustStock, countStock, listStockMovements, restockProduct } from './stockRepository';
import { aProduct, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);

describe('stock changes', () => {
  it('applies −1 / +1 / +10 as movements and keeps the cache equal to their sum over the start', async () => {
    const product = aProduct({ stock: 0 });
    await storeRecords({ products: [product] });
    expect(await adjustStock(product.id, 10)).toMatchObject({ ok: true, stockAfter: 10 });
    expect(await adjustStock(product.id, -1)).toMatchObject({ ok: true, stockAfter: 9 });
    expect(await adjustStock(product.id, 1)).toMatchObject({ ok: true, stockAfter: 10 });
    const movements = await listStockMovements(product.id);
    expect(movements.map((m) => m.kind)).toEqual(['adjustment', 'adjustment', 'adjustment']);
    expect(stockFromMovements(movements)).toBe(10);
    expect((await getProduct(product.id))?.stock).toBe(10);
    expect((await pendingOperations()).map((op) => op.type)).toEqual([
      'stock.move',
      'stock.move',
      'stock.move',
    ]);
  });

  it('refuses to take the stock below 0 ("Le stock ne peut pas être négatif") and writes nothing', async () => {
    const product = aProduct({ stock: 0 });
    await storeRecords({ products: [product] });
    expect(await adjustStock(product.id, -1)).toEqual({ ok: false, error: 'negative-stock' });
    expect(await countStock(product.id, -3)).toEqual({ ok: false, error: 'negative-stock' });
    expect((await getProduct(product.id))?.stock).toBe(0);
    expect(await listStockMovements(product.id)).toEqual([]);
    expect(await pendingOperations()).toEqual([]);
  });

  it('sees each quick tap: two −1 at once on a stock of 1 leave 0, not −1', async () => {
    const product = aProduct({ stock: 1 });
    await storeRecords({ products: [product] });
    const results = await Promise.all([adjustStock(product.id, -1), adjustStock(product.id, -1)]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect((await getProduct(product.id))?.stock).toBe(0);
  });

  it('records a count as a correction and a delivery as a restock', async () => {
    const product = aProduct({ stock: 7 });
    await storeRecords({ products: [product] });
    expect(await countStock(product.id, 4)).toMatchObject({ ok: true, stockAfter: 4 });
    expect(await countStock(product.id, 4)).toEqual({ ok: true, stockAfter: 4, movement: undefined });
    expect(await restockProduct(product.id, 12, 'Livraison')).toMatchObject({ ok: true, stockAfter: 16 });
    const movements = await listStockMovements(product.id);
    expect(movements.map((m) => [m.kind, m.delta])).toEqual(
      expect.arrayContaining([
        ['correction', -3],
        ['restock', 12],
      ]),
    );
    expect(movements).toHaveLength(2);
  });

  it('answers product-not-found for an unknown product', async () => {
    expect(await adjustStock(aProduct().id, 1)).toEqual({ ok: false, error: 'product-not-found' });
  });
});
