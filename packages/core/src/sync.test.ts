import { describe, expect, it } from 'vitest';
import { checkout } from './checkout.js';
import type { Product } from './entities.js';
import { canonicalJson, checkOperationPayload, formatCursor, parseCursor, retryDelay } from './sync.js';

const product: Product = {
  id: '0195f0a2-7c1e-7000-8000-000000000001',
  name: 'Thé',
  brand: 'Sultan',
  category: 'Thé',
  purchasePrice: 1000,
  salePrice: 1500,
  vat: 20,
  stock: 5,
  reorderThreshold: 5,
  isBulk: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

function salePayload() {
  let n = 10;
  const result = checkout({
    cart: {
      lines: [{ productId: product.id, productName: 'Thé', quantity: 2, unitPrice: 1500, vatRate: 20 }],
      paymentMethod: 'cash',
    },
    products: new Map([[product.id, product]]),
    now: '2025-03-01T10:00:00.000Z',
    saleId: '0195f0a2-7c1e-7000-8000-000000000002',
    ticketNumber: 'AB-000001',
    deviceId: 'phone',
    newId: () => `0195f0a2-7c1e-7000-8000-0000000000${n++}`,
  });
  if (!result.ok) throw new Error(result.error);
  return { sale: result.sale, movements: result.movements };
}

describe('sync protocol helpers', () => {
  it('retries after 200 ms, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([200, 400, 800, 1600]);
    expect(retryDelay(50)).toBe(30_000);
  });

  it('accepts a checkout sale and refuses one whose totals or movements were changed', () => {
    const payload = salePayload();
    expect(checkOperationPayload('sale.record', payload).ok).toBe(true);
    expect(checkOperationPayload('sale.record', { ...payload, sale: { ...payload.sale, total: 1 } })).toEqual(
      { ok: false, reason: 'totals-mismatch' },
    );
    const moved = { ...payload, movements: [{ ...payload.movements[0]!, delta: 5 }] };
    expect(checkOperationPayload('sale.record', moved)).toEqual({ ok: false, reason: 'movement-mismatch' });
    expect(checkOperationPayload('product.delete', { id: 'x' })).toEqual({
      ok: false,
      reason: 'invalid-payload',
    });
  });

  it('writes the same canonical JSON whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"e":3,"f":2}]},"b":1}',
    );
  });

  it('reads back the cursor it wrote, and nothing else', () => {
    const shop = '0195f0a2-7c1e-7000-8000-0000000000aa';
    expect(parseCursor(formatCursor(shop, 42))).toEqual({ shopId: shop, seq: 42 });
    expect(parseCursor('42')).toBeUndefined();
  });
});
