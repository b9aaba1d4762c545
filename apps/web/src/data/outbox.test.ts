import { operationSchema } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { tx } from './db';
import { META, writeMeta } from './meta';
import { pendingOperations, recordOperation } from './outbox';
import { adjustStock } from './stockRepository';
import { saveCustomer } from './customersRepository';
import { saveProduct } from './productsRepository';
import { aCustomer, aProduct, resetDatabase } from './testDatabase';

beforeEach(resetDatabase);

describe('the outbox', () => {
  it('gives every change an operation with the next seq of this device, in the order of the changes', async () => {
    const product = aProduct({ stock: 3 });
    await saveProduct(product);
    await adjustStock(product.id, 1);
    await saveCustomer(aCustomer());
    await adjustStock(product.id, -1);
    const ops = await pendingOperations();
    expect(ops.map((op) => op.type)).toEqual([
      'product.upsert',
      'stock.move',
      'stock.move',
      'customer.upsert',
      'stock.move',
    ]);
    expect(ops.map((op) => op.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(ops.map((op) => op.deviceId)).size).toBe(1);
    expect(new Set(ops.map((op) => op.opId)).size).toBe(5);
    for (const op of ops) expect(operationSchema.safeParse(op).success).toBe(true);
  });

  it('never repeats a seq, even when the stored counter was lost', async () => {
    const at = new Date().toISOString();
    await tx('rw', ['meta', 'outbox'], async (t) => {
      await recordOperation(t, 'settings.update', {}, at);
      await recordOperation(t, 'settings.update', {}, at);
      await writeMeta(t, META.outboxSeq, 0);
      await recordOperation(t, 'settings.update', {}, at);
    });
    expect((await pendingOperations()).map((op) => op.seq)).toEqual([1, 2, 3]);
  });

  it('lists only pending operations, oldest first', async () => {
    const at = new Date().toISOString();
    await tx('rw', ['meta', 'outbox'], async (t) => {
      for (let i = 0; i < 3; i++) await recordOperation(t, 'settings.update', { i }, at);
      await t.outbox.update(2, { status: 'sent' });
    });
    expect((await pendingOperations()).map((op) => op.payload)).toEqual([{ i: 0 }, { i: 2 }]);
  });
});
