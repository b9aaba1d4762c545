import { DEFAULT_SETTINGS, type PushResponse } from '@hanouti/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  OperationMaker,
  aCustomer,
  aProduct,
  pairStaffDevice,
  pullAll,
  push,
  pushOk,
  signUpShop,
  startServer,
  type TestServer,
} from '../testing/shopHarness.js';

describe.each(ENGINES)('owner-only actions on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  it('a staff phone cannot delete or change the settings, by REST or by push; it still sells and edits', async () => {
    const owner = await signUpShop(server.app);
    const staff = await pairStaffDevice(server.app, owner);
    const ownerOps = new OperationMaker(owner.deviceId);
    const staffOps = new OperationMaker(staff.deviceId);
    const product = aProduct();
    const customer = aCustomer();
    await pushOk(server.app, owner, [
      ownerOps.make('product.upsert', product),
      ownerOps.make('customer.upsert', customer),
    ]);
    const before = await pullAll(server.app, owner);

    for (const url of [`/api/rest/products/${product.id}`, `/api/rest/customers/${customer.id}`]) {
      const response = await server.app.inject({ method: 'DELETE', url, headers: staff.headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'owner_only' });
    }
    const settings = await server.app.inject({
      method: 'PUT',
      url: '/api/rest/settings',
      headers: staff.headers,
      payload: { store_name: 'Pris par le vendeur' },
    });
    expect(settings.statusCode).toBe(403);

    const refused = [
      staffOps.make('product.delete', { id: product.id }),
      staffOps.make('customer.delete', { id: customer.id }),
      staffOps.make('settings.update', {
        ...DEFAULT_SETTINGS,
        storeName: 'Vendeur',
        updatedAt: new Date().toISOString(),
      }),
    ];
    const edit = staffOps.make('product.upsert', { ...product, name: 'Renommé par le vendeur' });
    const response = await push(server.app, staff, [...refused, edit]);
    expect(response.statusCode).toBe(200);
    expect(response.json<PushResponse>().results.map((r) => ('reason' in r ? r.reason : r.status))).toEqual([
      'owner-only',
      'owner-only',
      'owner-only',
      'applied',
    ]);
    const after = await pullAll(server.app, owner, before.cursor);
    expect(after.changes.map((c) => `${c.entity}:${c.id}:${c.deleted}`)).toEqual([
      `product:${product.id}:false`,
    ]);

    // The owner may.
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/rest/customers/${customer.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await pushOk(server.app, owner, [ownerOps.make('product.delete', { id: product.id })]))[0],
    ).toMatchObject({ status: 'applied' });
  });
});
