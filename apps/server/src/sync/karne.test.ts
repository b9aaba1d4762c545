// The karne on the server: a cash advance counts as a credit in the balance, and the limit and promise travel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  OperationMaker,
  aCustomer,
  latestRecords,
  pairStaffDevice,
  pullAll,
  pushOk,
  signUpShop,
  startServer,
  type TestServer,
} from '../testing/shopHarness.js';

describe.each(ENGINES)('the karne synced on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(async () => {
    await server.close();
  });

  it('applies an advance once as a credit: the balance rises, the marker and note reach the other phone', async () => {
    const owner = await signUpShop(server.app);
    const staff = await pairStaffDevice(server.app, owner);
    const maker = new OperationMaker(owner.deviceId);
    const customer = aCustomer({ creditLimit: 50_000, promiseDate: '2025-07-01' });
    const at = (minutes: number) => new Date(Date.UTC(2025, 5, 20, 10, minutes)).toISOString();
    const entry = (type: 'credit' | 'payment', amount: number, minutes: number, advance = false) => ({
      id: crypto.randomUUID(),
      customerId: customer.id,
      type,
      amount,
      description: advance ? 'Pharmacie' : '',
      date: at(minutes),
      ...(advance ? { kind: 'advance' } : {}),
    });
    const credit = entry('credit', 30_000, 1);
    const advance = entry('credit', 25_000, 2, true);
    const payment = entry('payment', 10_000, 3);
    const advanceOp = maker.make('credit.record', advance);
    await pushOk(server.app, owner, [
      maker.make('customer.upsert', customer),
      maker.make('credit.record', credit),
      advanceOp,
      maker.make('credit.record', payment),
    ]);
    // Sent again (a lost acknowledgement): applied once.
    const again = await pushOk(server.app, owner, [advanceOp]);
    expect(again[0]?.status).toBe('applied');

    const latest = latestRecords((await pullAll(server.app, staff)).changes);
    expect(latest.get(`customer:${customer.id}`)).toMatchObject({
      deleted: false,
      record: { creditBalance: 45_000, creditLimit: 50_000, promiseDate: '2025-07-01' },
    });
    expect(latest.get(`creditTransaction:${advance.id}`)).toMatchObject({
      deleted: false,
      record: { type: 'credit', kind: 'advance', description: 'Pharmacie', amount: 25_000 },
    });
  });

  it('an entry whose marker is not a known one is refused and changes nothing', async () => {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const customer = aCustomer();
    await pushOk(server.app, owner, [maker.make('customer.upsert', customer)]);
    const odd = maker.make('credit.record', {
      id: crypto.randomUUID(),
      customerId: customer.id,
      type: 'credit',
      amount: 100,
      description: '',
      date: new Date().toISOString(),
      kind: 'gift',
    });
    const [result] = await pushOk(server.app, owner, [odd]);
    expect(result?.status).toBe('rejected');
    const latest = latestRecords((await pullAll(server.app, owner)).changes);
    expect(latest.get(`customer:${customer.id}`)).toMatchObject({ record: { creditBalance: 0 } });
  });

  it('a late entry, dated before the latest one, counts in date order; entries sent before their customer count too', async () => {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const customer = aCustomer();
    const at = (minutes: number) => new Date(Date.UTC(2025, 5, 20, 10, minutes)).toISOString();
    const entry = (type: 'credit' | 'payment', amount: number, minutes: number) =>
      maker.make('credit.record', {
        id: crypto.randomUUID(),
        customerId: customer.id,
        type,
        amount,
        description: '',
        date: at(minutes),
      });
    const balance = async () => {
      const change = latestRecords((await pullAll(server.app, owner)).changes).get(`customer:${customer.id}`);
      return change && !change.deleted
        ? (change.record as { creditBalance: number }).creditBalance
        : undefined;
    };
    // Another phone's entry reached the server before the customer did.
    await pushOk(server.app, owner, [entry('credit', 10_000, 5), maker.make('customer.upsert', customer)]);
    expect(await balance()).toBe(10_000);
    // A phone that was offline sends a payment made before that credit: paid when nothing was owed (floor at 0),
    // the credit after it is still owed in full — not 10,000 − 30,000 floored.
    await pushOk(server.app, owner, [entry('payment', 30_000, 1)]);
    expect(await balance()).toBe(10_000);
    // The next entries, in date order, move the balance from there.
    await pushOk(server.app, owner, [entry('credit', 5_000, 6), entry('payment', 4_000, 7)]);
    expect(await balance()).toBe(11_000);
    // Dated between two entries: 10,000 + 5,000 − 20,000 → 0 at minute 6:30, then − 4,000 floored.
    await pushOk(server.app, owner, [
      maker.make('credit.record', {
        id: crypto.randomUUID(),
        customerId: customer.id,
        type: 'payment',
        amount: 20_000,
        description: '',
        date: new Date(Date.UTC(2025, 5, 20, 10, 6, 30)).toISOString(),
      }),
    ]);
    expect(await balance()).toBe(0);
    await pushOk(server.app, owner, [entry('credit', 2_500, 8)]);
    expect(await balance()).toBe(2_500);
  });
});
