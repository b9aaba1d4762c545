import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_NAME, SCHEMA_VERSION, TABLE_NAMES, db, tx } from './db';
import { aProduct, resetDatabase } from './testDatabase';

beforeEach(resetDatabase);

describe('the local database', () => {
  it('opens at the current schema version with every named table', () => {
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect(db.tables.map((table) => table.name).sort()).toEqual([...TABLE_NAMES].sort());
  });

  it('keeps its data when it is closed and opened again (a new start of the app)', async () => {
    const product = aProduct();
    await tx('rw', ['products'], (t) => t.products.add(product));
    db.close({ disableAutoOpen: false });
    const reopened = new Dexie(DATABASE_NAME);
    await reopened.open();
    expect(reopened.verno).toBe(SCHEMA_VERSION);
    expect(await reopened.table('products').get(product.id)).toEqual(product);
    reopened.close();
  });

  it('runs transactions with strict durability', async () => {
    const durability = await tx('rw', ['meta'], () =>
      Promise.resolve(
        (Dexie.currentTransaction as unknown as { idbtrans: IDBTransaction }).idbtrans.durability,
      ),
    );
    expect(durability).toBe('strict');
  });

  it('rolls a transaction back entirely when its work throws', async () => {
    const product = aProduct();
    await expect(
      tx('rw', ['products', 'meta'], async (t) => {
        await t.products.add(product);
        await t.meta.put({ key: 'deviceId', value: 'x' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(
      await tx('r', ['products', 'meta'], async (t) => [await t.products.count(), await t.meta.count()]),
    ).toEqual([0, 0]);
  });
});
