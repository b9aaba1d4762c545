import { SYNC_PROTOCOL_VERSION, formatCursor, type PushResponse } from '@hanouti/core';
import { and, eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema.js';
import { withShop } from '../db/shopScope.js';
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
  type TestDevice,
  type TestServer,
} from '../testing/shopHarness.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../auth/tokens.js';

const secret = 'a-test-signing-secret-of-more-than-32-chars';
const key = new TextEncoder().encode(secret);

describe.each(ENGINES)('accounts, tokens and shop isolation on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { authSecret: secret, appOrigin: 'https://caisse.example.ma' });
  });
  afterAll(() => server.close());

  const inject = (options: InjectOptions) => server.app.inject(options);

  it('signs up, logs in with e-mail or phone, refuses a wrong password and a taken log-in', async () => {
    const owner = await signUpShop(server.app, {
      login: `+212 6 61 ${Date.now() % 100000} 00`.replace(/(\d{2})(\d{3})$/, '$1 $2'),
    });
    expect(owner.accessToken.split('.')).toHaveLength(3);
    const intro = { deviceId: crypto.randomUUID(), deviceName: 'Autre', firstSeq: 1 };
    const again = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: owner.login, password: owner.password, ...intro },
    });
    expect(again.statusCode).toBe(200);
    const wrong = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: owner.login, password: 'pas-le-bon', ...intro },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'invalid_credentials',
      message: 'Identifiant ou mot de passe incorrect',
    });
    const taken = await inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { shopName: 'Copie', login: owner.login, password: 'mot-de-passe-2', ...intro },
    });
    expect(taken.statusCode).toBe(409);
    const short = await inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { shopName: 'X', login: 'a@b.ma', password: 'court', ...intro },
    });
    expect(short.statusCode).toBe(400);
  });

  it('rotates refresh tokens; a reused one ends the device session', async () => {
    const owner = await signUpShop(server.app);
    const first = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: owner.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json<{ refreshToken: string }>().refreshToken;
    expect(rotated).not.toBe(owner.refreshToken);
    const replay = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: owner.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    // The replay revoked the whole device: the rotated token no longer works either.
    const after = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: rotated },
    });
    expect(after.statusCode).toBe(401);
  });

  it('logs out, changes the password, lists and revokes devices, pairs a staff phone once', async () => {
    const owner = await signUpShop(server.app);
    const staff = await pairStaffDevice(server.app, owner);
    const list = await inject({ method: 'GET', url: '/api/devices', headers: owner.headers });
    expect(list.json<{ devices: { role: string }[] }>().devices.map((d) => d.role)).toEqual([
      'owner',
      'staff',
    ]);
    expect((await inject({ method: 'POST', url: '/api/pairing', headers: staff.headers })).statusCode).toBe(
      403,
    );
    expect(
      (await inject({ method: 'DELETE', url: `/api/devices/${owner.deviceId}`, headers: staff.headers }))
        .statusCode,
    ).toBe(403);

    const code = (await inject({ method: 'POST', url: '/api/pairing', headers: owner.headers })).json<{
      code: string;
    }>().code;
    expect(code).toMatch(/^\d{9}$/);
    const claim = (deviceId: string) =>
      inject({
        method: 'POST',
        url: '/api/pairing/claim',
        payload: { code, deviceId, deviceName: 'Caisse 2', firstSeq: 1 },
      });
    expect((await claim(crypto.randomUUID())).statusCode).toBe(200);
    expect((await claim(crypto.randomUUID())).statusCode).toBe(401);

    expect(
      (await inject({ method: 'DELETE', url: `/api/devices/${staff.deviceId}`, headers: owner.headers }))
        .statusCode,
    ).toBe(204);
    const removed = await inject({ method: 'GET', url: '/api/devices', headers: staff.headers });
    expect(removed.statusCode).toBe(401);
    // The domain's refusal (domain/errors.ts), mapped to its status by http/errors.ts.
    expect(removed.json()).toEqual({
      error: 'device_revoked',
      message: 'Cet appareil a été retiré de la boutique',
    });
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refreshToken: staff.refreshToken },
        })
      ).statusCode,
    ).toBe(401);

    const change = await inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: owner.headers,
      payload: { currentPassword: owner.password, newPassword: 'nouveau-mot-de-passe' },
    });
    expect(change.statusCode).toBe(204);
    const intro = { deviceId: owner.deviceId, deviceName: 'Patron', firstSeq: 1 };
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { login: owner.login, password: owner.password, ...intro },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { login: owner.login, password: 'nouveau-mot-de-passe', ...intro },
        })
      ).statusCode,
    ).toBe(200);

    expect(
      (await inject({ method: 'POST', url: '/api/auth/logout', headers: owner.headers })).statusCode,
    ).toBe(204);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refreshToken: owner.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 401 to a missing, bad, tampered, expired, foreign-audience or alg:none token', async () => {
    const owner = await signUpShop(server.app);
    const claims = { shop: owner.shopId, role: 'owner' };
    const signed = (build: (jwt: SignJWT) => SignJWT) =>
      build(
        new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(owner.deviceId).setIssuedAt(),
      ).sign(key);
    const valid = await signed((jwt) =>
      jwt.setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setExpirationTime('5m'),
    );
    const expired = await signed((jwt) =>
      jwt
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60),
    );
    const otherAudience = await signed((jwt) =>
      jwt.setIssuer(TOKEN_ISSUER).setAudience('someone-else').setExpirationTime('5m'),
    );
    const unsigned = new UnsecuredJWT(claims)
      .setSubject(owner.deviceId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    const [header, body, signature] = valid.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'owner', shop: crypto.randomUUID(), sub: owner.deviceId })).toString('base64url')}.${signature}`;
    const call = (authorization?: string) =>
      inject({ method: 'GET', url: '/api/devices', headers: authorization ? { authorization } : {} });
    expect((await call(`Bearer ${valid}`)).statusCode).toBe(200);
    for (const token of [
      undefined,
      'Bearer nonsense',
      `Bearer ${expired}`,
      `Bearer ${otherAudience}`,
      `Bearer ${unsigned}`,
      `Bearer ${tampered}`,
      `Basic ${body}`,
    ]) {
      const response = await call(token);
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('refuses injected shop_id, total and balance fields, and __proto__ bodies, with 400', async () => {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const op = maker.make('product.upsert', aProduct());
    const headers = { ...owner.headers, 'content-type': 'application/json' };
    const shopId = crypto.randomUUID();
    const cases: [string, string, unknown][] = [
      ['POST', '/api/sync/push', { protocol: SYNC_PROTOCOL_VERSION, ops: [op], shop_id: shopId }],
      ['POST', '/api/sync/push', { protocol: SYNC_PROTOCOL_VERSION, ops: [{ ...op, shop_id: shopId }] }],
      [
        'POST',
        '/api/rest/products',
        [{ id: crypto.randomUUID(), name: 'Thé', category: 'Thé', shop_id: shopId }],
      ],
      ['POST', '/api/rest/customers', [{ id: crypto.randomUUID(), name: 'Amina', credit_balance: 100000 }]],
      ['POST', '/api/rest/customers', [{ id: crypto.randomUUID(), name: 'Amina', balance: 100000 }]],
      [
        'POST',
        '/api/rest/sales',
        [{ id: crypto.randomUUID(), date: new Date().toISOString(), total: 1, sale_items: [] }],
      ],
      ['PUT', '/api/rest/settings', { store_name: 'Hanout', shop_id: shopId }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await inject({
        method: method,
        url,
        headers,
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
    }
    const poisoned = await inject({
      method: 'POST',
      url: '/api/sync/push',
      headers,
      payload: `{"protocol":1,"ops":[],"__proto__":{"isAdmin":true}}`,
    });
    expect(poisoned.statusCode).toBe(400);
    // In an operation's envelope (not its payload) too: the envelope is the phone's own, never user data.
    const inEnvelope = await inject({
      method: 'POST',
      url: '/api/sync/push',
      headers,
      payload: JSON.stringify({ protocol: 1, ops: [op] }).replace('"opId"', '"__proto__":{"x":1},"opId"'),
    });
    expect(inEnvelope.statusCode).toBe(400);
    // A REST body still gets Fastify's refusal.
    const rest = await inject({
      method: 'POST',
      url: '/api/rest/products',
      headers,
      payload: `[{"id":"${crypto.randomUUID()}","name":"Thé","category":"Thé","__proto__":{"isAdmin":true}}]`,
    });
    expect(rest.statusCode).toBe(400);
    expect((await pullAll(server.app, owner)).changes).toEqual([]);
  });

  it('refuses an operation whose payload holds a prototype key alone: the push and the next ones go on', async () => {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const headers = { ...owner.headers, 'content-type': 'application/json' };
    const product = aProduct();
    const poisonedPayloads = [
      `{"__proto__":{"isAdmin":true},"id":"${product.id}"}`,
      `{"id":"${product.id}","name":{"\\u005f_proto__":{"polluted":1}}}`,
      `{"constructor":{"prototype":{"polluted":1}},"id":"${product.id}"}`,
      `[{"v":{"__proto__":{"polluted":1}}}]`,
    ];
    for (const poisonedPayload of poisonedPayloads) {
      const bad = maker.make('product.upsert', { placeholder: true });
      const good = maker.make('product.upsert', { ...product, name: `Thé ${bad.seq}` });
      const text = JSON.stringify({ protocol: 1, ops: [bad, good] }).replace(
        '{"placeholder":true}',
        poisonedPayload,
      );
      for (let round = 0; round < 2; round++) {
        // Twice: the same push again gets the same answers (the refusal is stored and idempotent).
        const response = await inject({ method: 'POST', url: '/api/sync/push', headers, payload: text });
        expect(response.statusCode, poisonedPayload).toBe(200);
        expect(response.json<PushResponse>().results).toEqual([
          { opId: bad.opId, seq: bad.seq, status: 'rejected', reason: 'invalid-payload' },
          { opId: good.opId, seq: good.seq, status: 'applied' },
        ]);
      }
      // Another content under the refused op's id is a conflict, as for any other operation.
      const other = await inject({
        method: 'POST',
        url: '/api/sync/push',
        headers,
        payload: text.replace(poisonedPayload, `{"__proto__":{"other":2}}`),
      });
      expect(other.statusCode, poisonedPayload).toBe(409);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const pulled = await pullAll(server.app, owner);
    expect(pulled.acknowledgedSeq).toBe(poisonedPayloads.length * 2);
    expect(pulled.changes.map((change) => change.id)).toEqual([product.id]);
    const status = await inject({ method: 'GET', url: '/api/sync/status', headers: owner.headers });
    const { rejected } = status.json<{ rejected: unknown[] }>();
    expect(rejected).toHaveLength(poisonedPayloads.length);
    expect(rejected[0]).toMatchObject({ type: 'product.upsert', reason: 'invalid-payload' });
  });

  it('refuses a 2 MB push with 413 and more than 100 operations with 400', async () => {
    const owner = await signUpShop(server.app);
    const maker = new OperationMaker(owner.deviceId);
    const huge = await push(server.app, owner, [
      maker.make('product.upsert', { ...aProduct(), description: 'x'.repeat(2 * 1024 * 1024) }),
    ]);
    expect(huge.statusCode).toBe(413);
    const many = Array.from({ length: 101 }, () => maker.make('product.upsert', aProduct()));
    expect((await push(server.app, owner, many)).statusCode).toBe(400);
  });

  it('grants CORS to the app origin only', async () => {
    const preflight = (origin: string) =>
      inject({
        method: 'OPTIONS',
        url: '/api/sync/pull',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight('https://caisse.example.ma')).headers['access-control-allow-origin']).toBe(
      'https://caisse.example.ma',
    );
    expect(
      (await preflight('https://evil.example.com')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('keeps two shops apart: every endpoint with the other shop’s ids or cursor is 403/404 and touches nothing', async () => {
    const a = await signUpShop(server.app);
    const b = await signUpShop(server.app);
    const makerA = new OperationMaker(a.deviceId);
    const product = aProduct();
    const customer = aCustomer();
    await pushOk(server.app, a, [
      makerA.make('product.upsert', product),
      makerA.make('customer.upsert', customer),
    ]);
    const photoId = crypto.randomUUID();
    const upload = await inject({
      method: 'PUT',
      url: `/api/photos/${photoId}`,
      headers: { ...a.headers, 'content-type': 'image/jpeg' },
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
    });
    expect(upload.statusCode).toBe(204);
    const before = await pullAll(server.app, a);

    const asB = (method: string, url: string, payload?: unknown) =>
      inject({
        method: method,
        url,
        headers: b.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const refused: [string, string, unknown?][] = [
      ['GET', `/api/sync/pull?cursor=${formatCursor(a.shopId, 0)}`],
      ['GET', `/api/photos/${photoId}`],
      ['DELETE', `/api/devices/${a.deviceId}`],
      ['DELETE', `/api/rest/products/${product.id}`],
      ['DELETE', `/api/rest/customers/${customer.id}`],
      [
        'POST',
        '/api/rest/credit_transactions',
        [
          {
            id: crypto.randomUUID(),
            customer_id: customer.id,
            type: 'credit',
            amount: 100,
            date: new Date().toISOString(),
          },
        ],
      ],
      [
        'POST',
        '/api/rest/sales',
        [
          {
            id: crypto.randomUUID(),
            date: new Date().toISOString(),
            payment_method: 'credit',
            customer_id: customer.id,
            sale_items: [
              { product_id: product.id, product_name: 'x', quantity: 1, unit_price: 100, vat_rate: 20 },
            ],
          },
        ],
      ],
      ['POST', '/api/sync/push', { protocol: 1, ops: [makerA.make('product.delete', { id: product.id })] }],
    ];
    for (const [method, url, payload] of refused) {
      const response = await asB(method, url, payload);
      expect([403, 404], `${method} ${url}`).toContain(response.statusCode);
    }
    // Writing under A's record id from shop B makes B's own record; A's row is not touched.
    const makerB = new OperationMaker(b.deviceId);
    await pushOk(server.app, b, [makerB.make('product.upsert', { ...product, name: 'Pris par B' })]);
    expect(await pullAll(server.app, a)).toEqual(before);
    expect((await asB('GET', '/api/rest/products')).json()).toMatchObject([
      { id: product.id, name: 'Pris par B' },
    ]);

    // The database wall: inside B's scope, A's rows are invisible and cannot be written.
    const { db } = server.database;
    const seen = await withShop(db, b.shopId, (tx) =>
      tx
        .select()
        .from(products)
        .where(and(eq(products.shopId, a.shopId), eq(products.id, product.id))),
    );
    expect(seen).toEqual([]);
    await expect(
      withShop(db, b.shopId, (tx) =>
        tx
          .update(products)
          .set({ deleted: true })
          .where(eq(products.shopId, a.shopId))
          .returning({ id: products.id }),
      ),
    ).resolves.toEqual([]);
    await expect(
      withShop(db, b.shopId, (tx) =>
        tx.insert(products).values({
          shopId: a.shopId,
          id: crypto.randomUUID(),
          hlc: '0',
          createdAt: new Date(),
          serverSeq: 1,
        }),
      ),
    ).rejects.toThrow();
  });
});

describe('rate limits', () => {
  let server: TestServer;
  let device: TestDevice;
  beforeAll(async () => {
    server = await startServer('pglite', { authRateLimit: { max: 3, timeWindow: 60_000 } });
    device = await signUpShop(server.app);
  });
  afterAll(() => server.close());

  it('answers 429 once a client tries to log in too often', async () => {
    const attempt = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          login: 'nobody@test.ma',
          password: 'whatever-123',
          deviceId: device.deviceId,
          deviceName: 'x',
          firstSeq: 1,
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt();
    expect(limited.json()).toEqual({
      error: 'too_many_requests',
      message: 'Trop de requêtes, réessayez plus tard',
    });
  });

  /** Log-in attempts as phones behind a proxy send them: the proxy's address, the phone's in X-Forwarded-For. */
  async function statusesFrom(app: TestServer['app'], forwardedFor: readonly string[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const address of forwardedFor) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': address },
        payload: {
          login: 'proxied@test.ma',
          password: 'whatever-123',
          deviceId: device.deviceId,
          deviceName: 'x',
          firstSeq: 1,
        },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('with TRUST_PROXY, counts log-ins per forwarded address: each phone behind the proxy has its own budget', async () => {
    const proxied = await startServer(
      'pglite',
      { authRateLimit: { max: 2, timeWindow: 60_000 }, trustProxy: '10.0.0.0/8' },
      server.database,
    );
    try {
      const phones = ['203.0.113.7', '203.0.113.7', '203.0.113.7', '203.0.113.8', '203.0.113.8'];
      expect(await statusesFrom(proxied.app, phones)).toEqual([401, 401, 429, 401, 401]);
    } finally {
      await proxied.close();
    }
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For: a client cannot get a new budget by forging it', async () => {
    const direct = await startServer(
      'pglite',
      { authRateLimit: { max: 2, timeWindow: 60_000 } },
      server.database,
    );
    try {
      const forged = ['203.0.113.7', '203.0.113.8', '203.0.113.9', '198.51.100.1'];
      expect(await statusesFrom(direct.app, forged)).toEqual([401, 401, 429, 429]);
    } finally {
      await direct.close();
    }
  });
});
