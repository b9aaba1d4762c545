import { addProductToCart, DEFAULT_SETTINGS, emptyCart, isUuid } from '@hanouti/core';
import { completeSale } from './checkoutRepository';
import { loadDashboard } from './dashboardRepository';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tx } from './db';
import { META } from './meta';
import { pendingOperations } from './syncStore';
import { deleteProducts, listProducts } from './productsRepository';
import { listCustomers } from './customersRepository';
import {
  backgroundSweepFinished,
  cancelBackgroundSweep,
  prepareLocalData,
  SWEEP_DELAY_MS,
  sweepLargeTablesNow,
} from './startup';
import { TABLES_SWEPT_IN_BACKGROUND } from './corruptEntries';
import { aCustomer, aProduct, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);
afterEach(() => {
  cancelBackgroundSweep();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('app start', () => {
  it('seeds the sample shop on the first start, with stock equal to its movements', async () => {
    const ready = await prepareLocalData();
    expect(ready).toEqual({ settings: DEFAULT_SETTINGS, removedCorrupt: 0, seeded: true });
    const products = await listProducts();
    expect(products).toHaveLength(4);
    expect(await listCustomers()).toHaveLength(2);
    const movements = await tx('r', ['stockMovements'], (t) => t.stockMovements.toArray());
    for (const product of products) {
      const sum = movements.filter((m) => m.productId === product.id).reduce((s, m) => s + m.delta, 0);
      expect(sum).toBeCloseTo(product.stock, 3);
    }
  });

  it('does not seed again after the shopkeeper empties the catalogue', async () => {
    await prepareLocalData();
    await deleteProducts((await listProducts()).map((p) => p.id));
    const again = await prepareLocalData();
    expect(again.seeded).toBe(false);
    expect(await listProducts()).toEqual([]);
  });

  it('does not seed a shop that already has products', async () => {
    await storeRecords({ products: [aProduct()] });
    expect((await prepareLocalData()).seeded).toBe(false);
    expect(await listProducts()).toHaveLength(1);
  });

  it('gives the device a UUIDv7 id and a ticket prefix that stay the same', async () => {
    await prepareLocalData();
    const read = () =>
      tx('r', ['meta'], async (t) => [
        (await t.meta.get(META.deviceId))?.value,
        (await t.meta.get(META.ticketPrefix))?.value,
      ]);
    const [deviceId, prefix] = await read();
    expect(isUuid(deviceId)).toBe(true);
    expect(String(deviceId)[14]).toBe('7');
    expect(prefix).toMatch(/^[A-Z]{2}$/);
    await prepareLocalData();
    expect(await read()).toEqual([deviceId, prefix]);
  });

  it('removes corrupt entries of every table, counts them and logs the count', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const good = aProduct();
    const goodCustomer = aCustomer();
    await storeRecords({ products: [good], customers: [goodCustomer] });
    await tx(
      'rw',
      ['products', 'customers', 'sales', 'settings', 'outbox', 'dailyTotals', 'photos'],
      async (t) => {
        await t.products.put({ ...aProduct(), salePrice: Number.NaN });
        await t.products.put({ ...aProduct(), name: '' });
        await t.customers.put({ ...aCustomer(), creditBalance: -5 });
        await t.sales.put({ id: 'not-a-uuid', items: [] } as never);
        await t.settings.put({ ...DEFAULT_SETTINGS, currency: 'XYZ' } as never);
        await t.outbox.put({ seq: 1, opId: 'x' } as never);
        await t.dailyTotals.put({ day: 'hier', count: 1, subtotal: 0, vat: 0, total: 0 });
        await t.photos.put({ id: 'p', blob: 'data:image/png;base64,AAAA' } as never);
      },
    );
    const ready = await prepareLocalData({ sweep: 'now' });
    expect(ready.removedCorrupt).toBe(8);
    expect(ready.settings).toEqual(DEFAULT_SETTINGS);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('8'), expect.objectContaining({ products: 2 }));
    expect((await listProducts()).map((p) => p.id)).toEqual([good.id]);
    expect((await listCustomers()).map((c) => c.id)).toEqual([goodCustomer.id]);
    expect((await prepareLocalData()).removedCorrupt).toBe(0);
  });

  it('rebuilds the dashboard totals when a corrupt sale is removed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const product = aProduct({ stock: 10 });
    await storeRecords({ products: [product] });
    const at = new Date('2025-05-20T10:00:00Z');
    const kept = await completeSale(addProductToCart(emptyCart(), product), { now: at });
    const spoiled = await completeSale(addProductToCart(emptyCart(), product), { now: at });
    if (!kept.ok || !spoiled.ok) throw new Error('sale failed');
    await tx('rw', ['sales'], (t) => t.sales.put({ ...spoiled.sale, total: -1 }));
    expect((await sweepLargeTablesNow()).total).toBe(1);
    const dashboard = await loadDashboard(new Date('2025-05-20T12:00:00Z'));
    expect(dashboard.today).toEqual({ total: kept.sale.total, count: 1 });
    expect(dashboard.topProducts.map((p) => p.quantity)).toEqual([1]);
  });

  it('records the seeded data as operations, in order', async () => {
    await prepareLocalData();
    const ops = await pendingOperations();
    expect(ops.map((op) => op.seq)).toEqual(ops.map((_, index) => index + 1));
    expect(ops.filter((op) => op.type === 'product.upsert')).toHaveLength(4);
    expect(ops.filter((op) => op.type === 'customer.upsert')).toHaveLength(2);
  });

  describe('the large tables, checked after the first screen', () => {
    /** Sales, movements and outbox entries that no schema accepts, as a bug or a broken disk might leave. */
    async function spoilLargeTables(good: number): Promise<void> {
      await tx('rw', ['sales', 'stockMovements', 'outbox'], async (t) => {
        await t.sales.put({ id: 'not-a-uuid', items: [] } as never);
        await t.stockMovements.put({ id: 'zz-broken', delta: 'x' } as never);
        await t.outbox.put({ seq: 10_000, opId: 'x' } as never);
        // Enough valid movements to need several pages.
        await t.stockMovements.bulkPut(
          Array.from({ length: good }, (_, i) => ({
            id: crypto.randomUUID(),
            productId: crypto.randomUUID(),
            kind: 'adjustment' as const,
            delta: i + 1,
            at: '2025-05-20T10:00:00.000Z',
          })),
        );
      });
    }

    it('opens without reading them, then removes their corrupt entries in the background', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await spoilLargeTables(10);
      const ready = await prepareLocalData();
      expect(ready.removedCorrupt).toBe(0);
      expect(await tx('r', ['sales'], (t) => t.sales.count())).toBe(1);
      await vi.advanceTimersByTimeAsync(SWEEP_DELAY_MS);
      vi.useRealTimers();
      const sweep = backgroundSweepFinished();
      expect(sweep).toBeDefined();
      await sweep;
      expect(
        await tx('r', ['sales', 'outbox'], async (t) => [await t.sales.count(), await t.outbox.get(10_000)]),
      ).toEqual([0, undefined]);
      expect(await tx('r', ['meta'], (t) => t.meta.get(META.corruptSweepDoneAt))).toBeDefined();
      expect(await tx('r', ['stockMovements'], (t) => t.stockMovements.count())).toBe(10 + 4);
    });

    it('goes on from where an interrupted check stopped, and does not check again the same day', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await prepareLocalData({ sweep: 'off' });
      await spoilLargeTables(1200);
      const position = async () =>
        (await tx('r', ['meta'], (t) => t.meta.get(META.corruptSweepPosition)))?.value as string | undefined;
      const interrupted = sweepLargeTablesNow({
        now: new Date('2025-05-20T12:00:00Z'),
        // The app is closed while the movements are being checked.
        pause: async () => {
          if (
            (await position())?.includes('"after"') &&
            (await position())?.includes(`"table":${TABLES_SWEPT_IN_BACKGROUND.indexOf('stockMovements')}`)
          ) {
            throw new Error('app closed');
          }
        },
      });
      await expect(interrupted).rejects.toThrow('app closed');
      expect(await tx('r', ['sales'], (t) => t.sales.count())).toBe(0);

      // A corrupt sale stored now is behind the saved position: the resumed check does not go back for it.
      await tx('rw', ['sales'], (t) => t.sales.put({ id: 'late', items: [] } as never));
      const resumed = await sweepLargeTablesNow({ now: new Date('2025-05-20T12:05:00Z') });
      expect(resumed.byTable).toEqual({ stockMovements: 1, outbox: 1 });
      expect(await position()).toBeUndefined();

      expect((await sweepLargeTablesNow({ now: new Date('2025-05-20T20:00:00Z') })).total).toBe(0);
      expect((await sweepLargeTablesNow({ now: new Date('2025-05-21T12:06:00Z') })).byTable).toEqual({
        sales: 1,
      });
    });
  });
});
