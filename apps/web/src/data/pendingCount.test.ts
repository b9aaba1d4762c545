// The kept count of pending operations agrees with the outbox across sales, imports, settlements and refusals.
import { addProductToCart, emptyCart } from '@hanouti/core';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { backupText, generateShop } from '../../../../e2e/bench/generateShop';
import { importBackupFile } from './backupService';
import { completeSale } from './checkoutRepository';
import { DATABASE_NAME, db, openDatabase, tx } from './db';
import { pendingOperationCount, settleOutboxEntry } from './outbox';
import { pendingOperations } from './syncStore';
import { aProduct, resetDatabase, storeRecords, useStorableBlobs } from './testDatabase';

beforeEach(async () => {
  useStorableBlobs();
  await resetDatabase();
});

const kept = () => tx('r', ['meta'], pendingOperationCount);

/** The count as the outbox tells it, read entry by entry (what the sync badge did after each sale). */
async function counted(): Promise<number> {
  return (await pendingOperations()).length;
}

describe('pending operations count', () => {
  it('follows sales, an import, the server accepting and refusing entries', async () => {
    expect(await kept()).toBe(0);
    const product = aProduct({ stock: 50 });
    await storeRecords({ products: [product] });
    const sale = await completeSale(addProductToCart(emptyCart(), product), {
      now: new Date('2025-05-20T10:00:00Z'),
    });
    expect(sale.ok).toBe(true);
    const afterSale = await kept();
    expect(afterSale).toBeGreaterThan(0);
    expect(afterSale).toBe(await counted());

    // An import records its operations as batch entries (and archived-sale references): each counts for all it carries.
    const shop = generateShop({ products: 200, sales: 1500, customers: 30, credits: 200 });
    const outcome = await importBackupFile(
      new File([backupText(shop.file)], 'hanouti-sauvegarde-2025-06-14.json'),
    );
    expect(outcome).toMatchObject({ ok: true });
    const afterImport = await kept();
    expect(afterImport).toBeGreaterThan(afterSale + 1500);
    expect(afterImport).toBe(await counted());

    const entries = await tx('r', ['outbox'], (t) =>
      t.outbox.where('status').equals('pending').sortBy('seq'),
    );
    const [first, second] = entries;
    const sizeOf = (entry: (typeof entries)[number]) => entry.batch ?? 1;
    await tx('rw', ['meta', 'outbox'], (t) => settleOutboxEntry(t, first!.seq, { status: 'sent' }));
    expect(await kept()).toBe(afterImport - sizeOf(first!));
    await tx('rw', ['meta', 'outbox'], (t) =>
      settleOutboxEntry(t, second!.seq, { status: 'rejected', error: 'record-conflict' }),
    );
    expect(await kept()).toBe(afterImport - sizeOf(first!) - sizeOf(second!));
    // A second answer for an entry already settled changes nothing.
    await tx('rw', ['meta', 'outbox'], (t) =>
      settleOutboxEntry(t, second!.seq, { status: 'rejected', error: 'operation-conflict' }),
    );
    expect(await kept()).toBe(afterImport - sizeOf(first!) - sizeOf(second!));
    expect(await kept()).toBe(await counted());

    for (const entry of entries.slice(2)) {
      await tx('rw', ['meta', 'outbox'], (t) => settleOutboxEntry(t, entry.seq, { status: 'sent' }));
    }
    expect(await kept()).toBe(0);
    expect(await counted()).toBe(0);
  });

  it('is counted once from the outbox when a phone of the previous version opens', async () => {
    db.close({ disableAutoOpen: false });
    await db.delete();
    const old = new Dexie(DATABASE_NAME);
    old.version(7).stores({ outbox: 'seq, &opId, status', meta: 'key' });
    const entry = (seq: number, status: string, batch?: number) => ({
      seq,
      opId: `op-${seq}`,
      deviceId: 'd',
      type: 'product.upsert',
      payload: {},
      at: '2025-05-20T10:00:00.000Z',
      status,
      ...(batch ? { batch } : {}),
    });
    await old
      .table('outbox')
      .bulkPut([entry(1, 'sent'), entry(2, 'pending'), entry(3, 'pending', 500), entry(503, 'rejected')]);
    old.close();
    await openDatabase();
    expect(await kept()).toBe(501);
  });
});
