import { newId, operationSchema, type OperationPayload, type Sale } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { tx } from './db';
import { META, writeMeta } from './meta';
import {
  expandOutboxEntry,
  recordOperation,
  recordOperationBatches,
  type NewOperation,
  type OperationBatchPayload,
} from './outbox';
import { pendingOperations } from './syncStore';
import { adjustStock } from './stockRepository';
import { saveCustomer } from './customersRepository';
import { saveProduct } from './productsRepository';
import { aCustomer, aProduct, resetDatabase } from './testDatabase';

beforeEach(resetDatabase);

// The outbox's seqs and batches whatever the payload: these tests record markers, not records.
const marker = (payload: object) => payload as OperationPayload<'settings.update'>;

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
      await recordOperation(t, 'settings.update', marker({}), at);
      await recordOperation(t, 'settings.update', marker({}), at);
      await writeMeta(t, META.outboxSeq, 0);
      await recordOperation(t, 'settings.update', marker({}), at);
    });
    expect((await pendingOperations()).map((op) => op.seq)).toEqual([1, 2, 3]);
  });

  it('lists only pending operations, oldest first', async () => {
    const at = new Date().toISOString();
    await tx('rw', ['meta', 'outbox'], async (t) => {
      for (let i = 0; i < 3; i++) await recordOperation(t, 'settings.update', marker({ i }), at);
      await t.outbox.update(2, { status: 'sent' });
    });
    expect((await pendingOperations()).map((op) => op.payload)).toEqual([{ i: 0 }, { i: 2 }]);
  });

  describe('batches (an import’s operations)', () => {
    const at = '2025-05-20T12:00:00.000Z';
    const many = (type: 'stock.move' | 'credit.record', n: number) =>
      Array.from({ length: n }, (_, i) => ({ type, payload: { i } }) as unknown as NewOperation);

    it('stores runs of one type as few entries, and gives back every operation with its own id and seq', async () => {
      const entries = await tx('rw', ['meta', 'outbox'], async (t) => {
        await recordOperation(t, 'settings.update', marker({ first: true }), at);
        const batches = await recordOperationBatches(
          t,
          [...many('stock.move', 7), ...many('credit.record', 2)],
          at,
          3,
        );
        await recordOperation(t, 'settings.update', marker({ last: true }), at);
        return batches;
      });
      expect(entries.map((e) => [e.type, e.seq, e.batch])).toEqual([
        ['stock.move', 2, 3],
        ['stock.move', 5, 3],
        ['stock.move', 8, 1],
        ['credit.record', 9, 2],
      ]);
      expect(await tx('r', ['outbox'], (t) => t.outbox.count())).toBe(6);

      const ops = await pendingOperations();
      expect(ops.map((op) => op.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(ops.map((op) => op.type)).toEqual([
        'settings.update',
        ...Array<string>(7).fill('stock.move'),
        'credit.record',
        'credit.record',
        'settings.update',
      ]);
      expect(ops.slice(1, 8).map((op) => op.payload)).toEqual(many('stock.move', 7).map((op) => op.payload));
      expect(new Set(ops.map((op) => op.opId)).size).toBe(11);
      // Clock stamps increase along the seqs, batched or not (last-writer-wins compares them).
      const stamps = ops.map((op) => op.hlc ?? '');
      expect(stamps.every((stamp) => stamp !== '')).toBe(true);
      expect([...stamps].sort()).toEqual(stamps);
      for (const op of ops) {
        expect(op.batch).toBeUndefined();
        expect(operationSchema.safeParse(op).success).toBe(true);
      }
      // Expanding is stable: the same entry always gives the same operations (a resend is idempotent).
      expect(expandOutboxEntry(entries[0]!)).toEqual(expandOutboxEntry(entries[0]!));
      expect((entries[0]!.payload as OperationBatchPayload).operations[0]!.opId).toBe(entries[0]!.opId);
    });

    it('stores the movements of a batched sale packed, and gives the operation back exactly as recorded', async () => {
      const productId = newId();
      const sale = {
        id: newId(),
        ticketNumber: 'AB-000001',
        date: at,
        items: [
          { productId, productName: 'Thé', quantity: 2, unitPrice: 1500, total: 3000, vatRate: 20, vat: 600 },
        ],
        subtotal: 3000,
        vat: 600,
        discount: 0,
        total: 3600,
        paymentMethod: 'cash',
        printed: false,
        shared: false,
        deviceId: 'phone-1',
      } satisfies Sale;
      const own = {
        id: newId(),
        productId,
        kind: 'sale',
        delta: -2,
        at,
        saleId: sale.id,
        deviceId: 'phone-1',
      };
      const foreign = { ...own, id: newId(), at: '2025-01-01T00:00:00.000Z' };
      const payloads = [
        { sale, movements: [own] },
        // A movement that does not fit its sale is kept whole.
        { sale, movements: [own, foreign] },
      ];
      const [entry] = await tx('rw', ['meta', 'outbox'], (t) =>
        recordOperationBatches(
          t,
          payloads.map((payload) => ({ type: 'sale.record', payload }) as NewOperation),
          at,
        ),
      );
      const stored = (entry!.payload as OperationBatchPayload).operations;
      expect(stored.map((op) => op.packed)).toEqual([true, undefined]);
      expect(stored[0]!.payload).toEqual({ sale, movements: [{ id: own.id, productId, delta: -2 }] });
      const ops = await pendingOperations();
      expect(ops.map((op) => op.payload)).toEqual(payloads);
      for (const op of ops) expect(operationSchema.safeParse(op).success).toBe(true);
    });

    it('never repeats a seq after a batch, even when the stored counter was lost', async () => {
      await tx('rw', ['meta', 'outbox'], async (t) => {
        await recordOperationBatches(t, many('stock.move', 5), at);
        await writeMeta(t, META.outboxSeq, 0);
        await recordOperation(t, 'settings.update', marker({}), at);
      });
      expect((await pendingOperations()).map((op) => op.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    });
  });
});
