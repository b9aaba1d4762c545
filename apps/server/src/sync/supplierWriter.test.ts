// The supplier notebook through sync: deliveries on credit with their reception, payments, removal, rules.
import {
  newId,
  supplierBalance,
  type StockMovement,
  type Supplier,
  type SupplierEntry,
  type SyncChange,
} from '@hanouti/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  OperationMaker,
  aProduct,
  latestRecords,
  pairStaffDevice,
  pullAll,
  pushOk,
  signUpShop,
  startServer,
  type TestDevice,
  type TestServer,
} from '../testing/shopHarness.js';

function aSupplier(overrides: Partial<Supplier> = {}): Supplier {
  const at = new Date().toISOString();
  return {
    id: newId(),
    name: 'Centrale Laitière',
    phone: '06 12 34 56 78',
    balance: 0,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function anEntry(supplierId: string, overrides: Partial<SupplierEntry> = {}): SupplierEntry {
  return {
    id: newId(),
    supplierId,
    type: 'delivery',
    amount: 45_000,
    description: '',
    date: new Date().toISOString(),
    ...overrides,
  };
}

function aRestock(productId: string, delta: number): StockMovement {
  return { id: newId(), productId, kind: 'restock', delta, at: new Date().toISOString() };
}

function supplierIn(changes: readonly SyncChange[], id: string): Supplier | undefined {
  const change = latestRecords(changes).get(`supplier:${id}`);
  return change && !change.deleted && change.entity === 'supplier' ? change.record : undefined;
}

function stockIn(changes: readonly SyncChange[], productId: string): number | undefined {
  const change = latestRecords(changes).get(`product:${productId}`);
  return change && !change.deleted && change.entity === 'product' ? change.record.stock : undefined;
}

function liveEntries(changes: readonly SyncChange[]): SupplierEntry[] {
  return [...latestRecords(changes).values()].flatMap((change) =>
    change.entity === 'supplierEntry' && !change.deleted ? [change.record] : [],
  );
}

describe.each(ENGINES)('supplier notebook on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(async () => {
    await server.close();
  });

  async function shopWithSupplier() {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const supplier = aSupplier();
    const product = aProduct();
    await pushOk(server.app, owner, [
      maker.make('product.upsert', product),
      maker.make('supplier.upsert', supplier),
    ]);
    return { owner, maker, supplier, product };
  }

  it('a delivery on credit raises the supplier balance and the stock together, once when sent twice', async () => {
    const { owner, maker, supplier, product } = await shopWithSupplier();
    const movement = aRestock(product.id, 24);
    const entry = anEntry(supplier.id, { amount: 36_000, movementIds: [movement.id] });
    const op = maker.make('supplier.record', { entry, movements: [movement] });
    expect(await pushOk(server.app, owner, [op])).toEqual([
      { opId: op.opId, seq: op.seq, status: 'applied' },
    ]);
    expect((await pushOk(server.app, owner, [op]))[0]?.status).toBe('applied');
    const { changes } = await pullAll(server.app, owner);
    expect(supplierIn(changes, supplier.id)?.balance).toBe(36_000);
    expect(stockIn(changes, product.id)).toBe(24);
    expect(liveEntries(changes)).toEqual([entry]);
    expect(changes.filter((c) => c.entity === 'stockMovement')).toHaveLength(1);
  });

  it('payments lower the balance; the stored balance is Σ entries whatever order they came in', async () => {
    const { owner, maker, supplier } = await shopWithSupplier();
    const entries = [
      anEntry(supplier.id, { amount: 10_000, date: '2026-03-03T10:00:00.000Z' }),
      anEntry(supplier.id, { type: 'payment', amount: 4_000, date: '2026-03-05T10:00:00.000Z' }),
      anEntry(supplier.id, { amount: 2_500, date: '2026-03-01T10:00:00.000Z' }),
    ];
    await pushOk(
      server.app,
      owner,
      entries.map((entry) => maker.make('supplier.record', { entry, movements: [] })),
    );
    const { changes } = await pullAll(server.app, owner);
    expect(supplierIn(changes, supplier.id)?.balance).toBe(8_500);
    expect(supplierBalance(liveEntries(changes))).toBe(8_500);
  });

  it('entries that arrive before their supplier count when the supplier arrives', async () => {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const supplier = aSupplier();
    await pushOk(server.app, owner, [
      maker.make('supplier.record', { entry: anEntry(supplier.id, { amount: 700 }), movements: [] }),
      maker.make('supplier.upsert', supplier),
    ]);
    expect(supplierIn((await pullAll(server.app, owner)).changes, supplier.id)?.balance).toBe(700);
  });

  it('refuses another entry under a stored id, and movements the entry does not list', async () => {
    const { owner, maker, supplier, product } = await shopWithSupplier();
    const entry = anEntry(supplier.id, { amount: 1_000 });
    const unlisted = maker.make('supplier.record', {
      entry,
      movements: [aRestock(product.id, 3)],
    });
    const first = maker.make('supplier.record', { entry, movements: [] });
    const other = maker.make('supplier.record', { entry: { ...entry, amount: 2_000 }, movements: [] });
    const results = await pushOk(server.app, owner, [unlisted, first, other]);
    expect(results.map((r) => (r.status === 'rejected' ? r.reason : r.status))).toEqual([
      'movement-mismatch',
      'applied',
      'record-conflict',
    ]);
    const { changes } = await pullAll(server.app, owner);
    expect(supplierIn(changes, supplier.id)?.balance).toBe(1_000);
    expect(stockIn(changes, product.id)).toBe(0);
  });

  it('staff record deliveries and payments; only the owner removes a supplier, with its entries', async () => {
    const { owner, maker, supplier } = await shopWithSupplier();
    const staff: TestDevice = await pairStaffDevice(server.app, owner);
    const staffMaker = new OperationMaker(staff.deviceId);
    const staffResults = await pushOk(server.app, staff, [
      staffMaker.make('supplier.record', { entry: anEntry(supplier.id, { amount: 5_000 }), movements: [] }),
      staffMaker.make('supplier.record', {
        entry: anEntry(supplier.id, { type: 'payment', amount: 1_000 }),
        movements: [],
      }),
      staffMaker.make('supplier.upsert', { ...supplier, name: 'Centrale Danone' }),
      staffMaker.make('supplier.delete', { id: supplier.id }),
    ]);
    expect(staffResults.map((r) => (r.status === 'rejected' ? r.reason : r.status))).toEqual([
      'applied',
      'applied',
      'applied',
      'owner-only',
    ]);
    let { changes } = await pullAll(server.app, owner);
    expect(supplierIn(changes, supplier.id)).toMatchObject({ name: 'Centrale Danone', balance: 4_000 });

    const removed = await pushOk(server.app, owner, [maker.make('supplier.delete', { id: supplier.id })]);
    expect(removed[0]?.status).toBe('applied');
    ({ changes } = await pullAll(server.app, owner));
    expect(supplierIn(changes, supplier.id)).toBeUndefined();
    expect(liveEntries(changes)).toEqual([]);
    // A late entry for the removed supplier stays removed and brings no balance back.
    await pushOk(server.app, staff, [
      staffMaker.make('supplier.record', { entry: anEntry(supplier.id), movements: [] }),
    ]);
    ({ changes } = await pullAll(server.app, owner));
    expect(liveEntries(changes)).toEqual([]);
  });

  it("keeps shops apart: one shop's suppliers and entries never reach another", async () => {
    const { owner, maker, supplier } = await shopWithSupplier();
    await pushOk(server.app, owner, [
      maker.make('supplier.record', { entry: anEntry(supplier.id), movements: [] }),
    ]);
    const other = await signUpShop(server.app);
    const otherMaker = new OperationMaker(other.deviceId);
    // The other shop writes under the same supplier id: its own record, not the first shop's.
    await pushOk(server.app, other, [otherMaker.make('supplier.upsert', { ...supplier, name: 'Autre' })]);
    const theirs = await pullAll(server.app, other);
    expect(supplierIn(theirs.changes, supplier.id)).toMatchObject({ name: 'Autre', balance: 0 });
    expect(theirs.changes.some((c) => c.entity === 'supplierEntry')).toBe(false);
    const ours = await pullAll(server.app, owner);
    expect(supplierIn(ours.changes, supplier.id)).toMatchObject({ name: supplier.name, balance: 45_000 });
  });
});
