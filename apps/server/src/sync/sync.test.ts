import { formatCursor, parseHlc, type Operation, type SyncChange } from '@hanouti/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  OperationMaker,
  aCustomer,
  aProduct,
  aSalePayload,
  latestRecords,
  pairStaffDevice,
  pullAll,
  push,
  pushOk,
  signUpShop,
  startServer,
  type TestServer,
} from '../testing/shopHarness.js';

const DAY = 24 * 60 * 60 * 1000;

function stockIn(changes: readonly SyncChange[], productId: string): number | undefined {
  const change = latestRecords(changes).get(`product:${productId}`);
  return change && !change.deleted && change.entity === 'product' ? change.record.stock : undefined;
}

describe.each(ENGINES)('sync protocol on %s', (engine) => {
  let server: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    server = await startServer(engine);
    // A second server on the same database: two connections, as behind a load balancer.
    second = await startServer(engine, {}, server.database);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  async function stockedShop(stock = 10) {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const product = aProduct();
    await pushOk(server.app, owner, [
      maker.make('product.upsert', product),
      maker.make('stock.move', {
        id: crypto.randomUUID(),
        productId: product.id,
        kind: 'restock',
        delta: stock,
        at: new Date().toISOString(),
      }),
    ]);
    return { owner, maker, product: { ...product, stock } };
  }

  it('applies a pushed operation once when the same push arrives twice', async () => {
    const { owner, maker, product } = await stockedShop();
    const sale = maker.make('sale.record', aSalePayload(product, 3, owner.deviceId));
    const first = await pushOk(server.app, owner, [sale]);
    const again = await pushOk(server.app, owner, [sale, sale]);
    expect(first).toEqual([{ opId: sale.opId, seq: sale.seq, status: 'applied' }]);
    expect(again).toEqual([first[0], first[0]]);
    const { changes } = await pullAll(server.app, owner);
    expect(stockIn(changes, product.id)).toBe(7);
    expect(changes.filter((c) => c.entity === 'sale')).toHaveLength(1);
  });

  it('answers a retry after a lost acknowledgement with the stored acknowledgement', async () => {
    const { owner, maker, product } = await stockedShop();
    const ops = [
      maker.make('sale.record', aSalePayload(product, 1, owner.deviceId)),
      maker.make('sale.record', aSalePayload(product, 2, owner.deviceId)),
    ];
    const lost = await push(server.app, owner, ops); // the phone never reads this answer
    expect(lost.statusCode).toBe(200);
    const retried = await pushOk(server.app, owner, ops);
    expect(retried.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(retried).toEqual(lost.json<{ results: unknown }>().results);
    expect(stockIn((await pullAll(server.app, owner)).changes, product.id)).toBe(7);
  });

  it('applies the same operation once when two connections push it at the same moment', async () => {
    const { owner, maker, product } = await stockedShop();
    const sale = maker.make('sale.record', aSalePayload(product, 4, owner.deviceId));
    const [one, two] = await Promise.all([push(server.app, owner, [sale]), push(second.app, owner, [sale])]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json()).toEqual(two.json());
    const { changes } = await pullAll(server.app, owner);
    expect(stockIn(changes, product.id)).toBe(6);
    expect(changes.filter((c) => c.entity === 'stockMovement' && !c.deleted && c.record.saleId)).toHaveLength(
      1,
    );
  });

  it('keeps an operation waiting while an earlier seq of its device is missing', async () => {
    const { owner, maker, product } = await stockedShop();
    const first = maker.make('sale.record', aSalePayload(product, 1, owner.deviceId));
    const second = maker.make('sale.record', aSalePayload(product, 2, owner.deviceId));
    expect(await pushOk(server.app, owner, [second])).toEqual([
      { opId: second.opId, seq: second.seq, status: 'waiting' },
    ]);
    expect(stockIn((await pullAll(server.app, owner)).changes, product.id)).toBe(10);
    // Sent out of order in one push, they are settled in seq order.
    const results = await pushOk(server.app, owner, [second, first]);
    expect(results.map((r) => [r.seq, r.status])).toEqual([
      [first.seq, 'applied'],
      [second.seq, 'applied'],
    ]);
    expect(stockIn((await pullAll(server.app, owner)).changes, product.id)).toBe(7);
  });

  it('rejects a poison operation for good, records it, and applies the ones after it', async () => {
    const { owner, maker, product } = await stockedShop();
    const good = aSalePayload(product, 1, owner.deviceId);
    const tampered = { ...good, sale: { ...good.sale, total: good.sale.total - 100 } };
    const poison = maker.make('sale.record', tampered);
    const garbage = maker.make('stock.move', { id: 'not-a-uuid', delta: 'many' });
    const after = maker.make('sale.record', aSalePayload(product, 2, owner.deviceId));
    const results = await pushOk(server.app, owner, [poison, garbage, after]);
    expect(results).toEqual([
      { opId: poison.opId, seq: poison.seq, status: 'rejected', reason: 'totals-mismatch' },
      { opId: garbage.opId, seq: garbage.seq, status: 'rejected', reason: 'invalid-payload' },
      { opId: after.opId, seq: after.seq, status: 'applied' },
    ]);
    expect(await pushOk(server.app, owner, [poison])).toEqual([results[0]]);
    expect(stockIn((await pullAll(server.app, owner)).changes, product.id)).toBe(8);
    const status = await server.app.inject({
      method: 'GET',
      url: '/api/sync/status',
      headers: owner.headers,
    });
    expect(
      status
        .json<{ rejected: { opId: string }[] }>()
        .rejected.map((r) => r.opId)
        .sort(),
    ).toEqual([poison.opId, garbage.opId].sort());
  });

  it('answers 409 when an op id comes back with another content', async () => {
    const { owner, maker, product } = await stockedShop();
    const sale = maker.make('sale.record', aSalePayload(product, 1, owner.deviceId));
    await pushOk(server.app, owner, [sale]);
    const forged: Operation = { ...sale, payload: aSalePayload(product, 5, owner.deviceId) };
    const response = await push(server.app, owner, [forged]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'operation_conflict', opId: sale.opId });
    expect(stockIn((await pullAll(server.app, owner)).changes, product.id)).toBe(9);
  });

  it('gives the same result whether a phone clock is right, 2 days ahead or a year behind', async () => {
    async function scenario(skewA: number, skewB: number) {
      const owner = await signUpShop(server.app);
      const staff = await pairStaffDevice(server.app, owner);
      const a = new OperationMaker(owner.deviceId, () => Date.now() + skewA);
      const b = new OperationMaker(staff.deviceId, () => Date.now() + skewB);
      const product = aProduct({ name: 'Thé' }, new Date(Date.now() + skewA).toISOString());
      const customer = aCustomer({}, new Date(Date.now() + skewA).toISOString());
      await pushOk(server.app, owner, [
        a.make('product.upsert', product),
        a.make('customer.upsert', customer),
        a.make('stock.move', {
          id: crypto.randomUUID(),
          productId: product.id,
          kind: 'restock',
          delta: 5,
          at: new Date(Date.now() + skewA).toISOString(),
        }),
      ]);
      // B pulls (its clock moves past what it saw), then renames the product and sells on credit.
      const pulled = await pullAll(server.app, staff);
      for (const change of pulled.changes)
        if ('hlc' in change && change.hlc) b.observe(parseHlc(change.hlc)!);
      const seen = { ...product, stock: 5 };
      const results = await pushOk(server.app, staff, [
        b.make('product.upsert', {
          ...seen,
          name: 'Thé vert',
          updatedAt: new Date(Date.now() + skewB).toISOString(),
        }),
        b.make(
          'sale.record',
          aSalePayload(seen, 2, staff.deviceId, {
            customer,
            onCredit: true,
            now: new Date(Date.now() + skewB).toISOString(),
          }),
        ),
      ]);
      expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
      const latest = latestRecords((await pullAll(server.app, owner)).changes);
      const p = latest.get(`product:${product.id}`);
      const c = latest.get(`customer:${customer.id}`);
      if (p?.entity !== 'product' || p.deleted || c?.entity !== 'customer' || c.deleted)
        throw new Error('missing');
      return {
        name: p.record.name,
        stock: p.record.stock,
        balance: c.record.creditBalance,
        purchases: c.record.totalPurchases,
      };
    }
    const right = await scenario(0, 0);
    expect(right).toEqual({ name: 'Thé vert', stock: 3, balance: 3600, purchases: 3600 });
    expect(await scenario(2 * DAY, 0)).toEqual(right);
    expect(await scenario(0, -365 * DAY)).toEqual(right);
    expect(await scenario(2 * DAY, -365 * DAY)).toEqual(right);
  });

  it('pulls by cursor, page by page, and a later pull brings only what changed since', async () => {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const products = Array.from({ length: 7 }, () => aProduct());
    await pushOk(
      server.app,
      owner,
      products.map((p) => maker.make('product.upsert', p)),
    );
    const all = await pullAll(server.app, owner, undefined, 3);
    expect(all.changes.map((c) => c.id)).toEqual(products.map((p) => p.id));
    const renamed = { ...products[2]!, name: 'Nouveau nom' };
    await pushOk(server.app, owner, [maker.make('product.upsert', renamed)]);
    const since = await pullAll(server.app, owner, all.cursor);
    expect(since.changes).toHaveLength(1);
    expect(since.changes[0]).toMatchObject({
      entity: 'product',
      id: renamed.id,
      record: { name: 'Nouveau nom' },
    });
  });

  it('keeps sales append-only and shows a negative stock when two phones sold the last units', async () => {
    const { owner, maker, product } = await stockedShop(2);
    const staff = await pairStaffDevice(server.app, owner);
    const staffMaker = new OperationMaker(staff.deviceId);
    // Both phones were offline and each sold the last 2 units.
    await pushOk(server.app, owner, [maker.make('sale.record', aSalePayload(product, 2, owner.deviceId))]);
    await pushOk(server.app, staff, [
      staffMaker.make('sale.record', aSalePayload(product, 2, staff.deviceId)),
    ]);
    const { changes } = await pullAll(server.app, staff);
    expect(stockIn(changes, product.id)).toBe(-2);
    expect(changes.filter((c) => c.entity === 'sale')).toHaveLength(2);
    const status = await server.app.inject({
      method: 'GET',
      url: '/api/sync/status',
      headers: owner.headers,
    });
    expect(status.json()).toMatchObject({ negativeStock: [{ id: product.id, stock: -2 }] });
  });

  it('writes a push of sales together, and settles one by one a batch holding a sale already stored', async () => {
    const { owner, maker, product } = await stockedShop(100);
    const customer = aCustomer();
    await pushOk(server.app, owner, [maker.make('customer.upsert', customer)]);
    const toCustomer = [
      aSalePayload(product, 2, owner.deviceId, { customer }),
      aSalePayload(product, 1, owner.deviceId, { customer }),
      aSalePayload(product, 10, owner.deviceId, { customer }),
    ] as const;
    const plain = aSalePayload(product, 3, owner.deviceId);
    const first = await pushOk(server.app, owner, [
      maker.make('sale.record', toCustomer[0]),
      maker.make('sale.record', plain),
      maker.make('sale.record', toCustomer[1]),
    ]);
    expect(first.map((result) => result.status)).toEqual(['applied', 'applied', 'applied']);
    // The same sale again under a new op id is accepted without moving the stock twice; another sale
    // under a stored sale id is refused; the sales around them count.
    const other = aSalePayload(product, 5, owner.deviceId);
    const clash = {
      sale: { ...other.sale, id: plain.sale.id },
      movements: other.movements.map((movement) => ({ ...movement, saleId: plain.sale.id })),
    };
    const second = await pushOk(server.app, owner, [
      maker.make('sale.record', aSalePayload(product, 4, owner.deviceId)),
      maker.make('sale.record', plain),
      maker.make('sale.record', clash),
      maker.make('sale.record', toCustomer[2]),
    ]);
    expect(second.map((result) => (result.status === 'rejected' ? result.reason : result.status))).toEqual([
      'applied',
      'applied',
      'record-conflict',
      'applied',
    ]);
    const { changes } = await pullAll(server.app, owner);
    expect(stockIn(changes, product.id)).toBe(100 - 2 - 3 - 1 - 4 - 10);
    expect(changes.filter((change) => change.entity === 'sale')).toHaveLength(5);
    expect(changes.filter((change) => change.entity === 'stockMovement')).toHaveLength(6);
    expect(latestRecords(changes).get(`customer:${customer.id}`)).toMatchObject({
      record: { totalPurchases: toCustomer.reduce((sum, payload) => sum + payload.sale.total, 0) },
    });
    // Every change number is given once.
    const seqs = changes.map((change) => change.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('removes a customer with their carnet entries, and a later older edit does not bring them back', async () => {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const customer = aCustomer();
    const entry = {
      id: crypto.randomUUID(),
      customerId: customer.id,
      type: 'credit',
      amount: 500,
      description: '',
      date: new Date().toISOString(),
    };
    await pushOk(server.app, owner, [
      maker.make('customer.upsert', customer),
      maker.make('credit.record', entry),
    ]);
    const removal = maker.make('customer.delete', { id: customer.id });
    await pushOk(server.app, owner, [removal]);
    // A phone that never pulled the removal, its clock a day behind, edits the customer offline.
    const staff = await pairStaffDevice(server.app, owner);
    const late = new OperationMaker(staff.deviceId, () => Date.now() - DAY);
    await pushOk(server.app, staff, [late.make('customer.upsert', { ...customer, name: 'Ancien nom' })]);
    const latest = latestRecords((await pullAll(server.app, owner)).changes);
    expect(latest.get(`customer:${customer.id}`)).toMatchObject({ deleted: true });
    expect(latest.get(`creditTransaction:${entry.id}`)).toMatchObject({ deleted: true });
  });

  it('runs the full cleanup after a migration and every phone pulls its result', async () => {
    const owner = await signUpShop(server.app);
    const staff = await pairStaffDevice(server.app, owner);
    const a = new OperationMaker(owner.deviceId);
    const b = new OperationMaker(staff.deviceId);
    // Both phones had seeded the same sample product before joining the shop.
    const mine = aProduct({ name: 'Lait Centrale 1L', brand: 'Centrale', category: 'Lait' });
    const theirs = { ...mine, id: crypto.randomUUID() };
    const restock = (productId: string, delta: number) => ({
      id: crypto.randomUUID(),
      productId,
      kind: 'import',
      delta,
      at: new Date().toISOString(),
    });
    await pushOk(server.app, owner, [
      a.make('product.upsert', mine),
      a.make('stock.move', restock(mine.id, 4)),
    ]);
    await pushOk(server.app, staff, [
      b.make('product.upsert', theirs),
      b.make('stock.move', restock(theirs.id, 6)),
    ]);
    const cleanup = await server.app.inject({
      method: 'POST',
      url: '/api/sync/cleanup',
      headers: staff.headers,
    });
    expect(cleanup.json()).toEqual({ removedCount: 1 });
    const latest = [...latestRecords((await pullAll(server.app, owner)).changes).values()];
    const live = latest.filter((c) => c.entity === 'product' && !c.deleted);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ record: { stock: 10 } });
    expect(
      await server.app
        .inject({ method: 'POST', url: '/api/sync/cleanup', headers: staff.headers })
        .then((r) => r.json<unknown>()),
    ).toEqual({ removedCount: 0 });
  });

  it('refuses another shop’s cursor', async () => {
    const one = await signUpShop(server.app);
    const other = await signUpShop(server.app);
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/sync/pull?cursor=${formatCursor(other.shopId, 0)}`,
      headers: one.headers,
    });
    expect(response.statusCode).toBe(403);
  });
});
