import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, pullAll, signUpShop, startServer, type TestServer } from '../testing/shopHarness.js';

describe.each(ENGINES)('table-style REST on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  it('serves products, sales with sale_items, customers, credit transactions and settings through operations', async () => {
    const shop = await signUpShop(server.app);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      server.app.inject({
        method,
        url,
        headers: shop.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const tea = crypto.randomUUID();
    const oil = crypto.randomUUID();
    const products = [
      {
        id: tea,
        name: 'Thé',
        category: 'Thé',
        sale_price: 1500,
        stock: 10,
        created_at: '2025-03-01T10:00:00.000Z',
      },
      {
        id: oil,
        name: 'Huile',
        category: 'Huiles',
        sale_price: 2100,
        vat: 10,
        created_at: '2025-03-02T10:00:00.000Z',
      },
    ];
    expect((await call('POST', '/api/rest/products', products)).json()).toEqual({ upserted: 2 });
    const tooMany = Array.from({ length: 101 }, () => ({
      id: crypto.randomUUID(),
      name: 'x',
      category: 'x',
    }));
    expect((await call('POST', '/api/rest/products', tooMany)).statusCode).toBe(400);
    const listed = (await call('GET', '/api/rest/products')).json<{ id: string; stock: number }[]>();
    expect(listed.map((p) => p.id)).toEqual([oil, tea]);
    expect(listed[1]).toMatchObject({ stock: 10, sale_price: 1500, reorder_threshold: 5 });

    const customer = crypto.randomUUID();
    expect((await call('POST', '/api/rest/customers', [{ id: customer, name: 'Amina' }])).statusCode).toBe(
      200,
    );
    const sale = {
      id: crypto.randomUUID(),
      date: '2025-03-03T10:00:00.000Z',
      payment_method: 'credit',
      customer_id: customer,
      sale_items: [{ product_id: tea, product_name: 'Thé', quantity: 2, unit_price: 1500, vat_rate: 20 }],
    };
    expect((await call('POST', '/api/rest/sales', [sale])).json()).toEqual({ recorded: 1 });
    expect((await call('POST', '/api/rest/sales', [sale])).statusCode).toBe(200); // the same sale again
    const sales = (await call('GET', '/api/rest/sales')).json<unknown[]>();
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      id: sale.id,
      subtotal: 3000,
      vat: 600,
      total: 3600,
      sale_items: [{ sale_id: sale.id, product_id: tea, quantity: 2, total: 3000, vat: 600 }],
    });
    expect(
      (await call('GET', '/api/rest/products')).json<{ id: string; stock: number }[]>()[1],
    ).toMatchObject({
      stock: 8,
    });

    await call('POST', '/api/rest/credit_transactions', [
      {
        id: crypto.randomUUID(),
        customer_id: customer,
        type: 'payment',
        amount: 600,
        date: '2025-03-04T10:00:00.000Z',
      },
    ]);
    expect((await call('GET', '/api/rest/customers')).json()).toMatchObject([
      { id: customer, credit_balance: 3000, total_purchases: 3600 },
    ]);
    expect((await call('GET', '/api/rest/credit_transactions')).json<unknown[]>()).toHaveLength(2);
    expect((await call('DELETE', `/api/rest/customers/${customer}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/rest/credit_transactions')).json()).toEqual([]);
    expect((await call('DELETE', `/api/rest/customers/${customer}`)).statusCode).toBe(404);

    expect((await call('GET', '/api/rest/settings')).json()).toMatchObject({ store_name: 'Mon Hanout' });
    expect((await call('PUT', '/api/rest/settings', { store_name: 'Hanout Atlas' })).json()).toMatchObject({
      store_name: 'Hanout Atlas',
      default_vat: 20,
    });
    expect((await call('DELETE', `/api/rest/products/${oil}`)).statusCode).toBe(204);

    // Every write went through the operation service: the phones receive it in the change feed.
    const { changes } = await pullAll(server.app, shop);
    expect(
      changes.some((c) => c.entity === 'settings' && !c.deleted && c.record.storeName === 'Hanout Atlas'),
    ).toBe(true);
    expect(changes.find((c) => c.id === oil)).toMatchObject({ deleted: true });
  });

  it('validates bodies with the schemas from core before any handler: each refusal a 400 naming its field, nothing stored', async () => {
    const shop = await signUpShop(server.app);
    const post = (url: string, payload: unknown) =>
      server.app.inject({ method: 'POST', url, headers: shop.headers, payload: payload as object });
    const before = await pullAll(server.app, shop);
    const product = { id: crypto.randomUUID(), name: 'Sucre', category: 'Épicerie', sale_price: 1200 };
    const line = { product_id: product.id, product_name: 'Sucre', quantity: 1, unit_price: 1200 };
    const sale = { id: crypto.randomUUID(), date: '2025-03-03T10:00:00.000Z', sale_items: [line] };
    const refusals: [string, unknown, { error: string; message: string }][] = [
      // A number as text is not a number: Fastify's usual coercion is off for bodies.
      [
        '/api/rest/sales',
        { ...sale, sale_items: [{ ...line, quantity: '2' }] },
        { error: 'validation_failed', message: 'sales : sale_items.0.quantity doit être un nombre' },
      ],
      [
        '/api/rest/products',
        [product, { ...product, id: crypto.randomUUID(), sale_price: 1e308 }],
        { error: 'validation_failed', message: 'products : sale_price hors limites (≤ 1000000000)' },
      ],
      [
        '/api/rest/products',
        { ...product, shop_id: crypto.randomUUID() },
        { error: 'unknown_field', message: 'products : champ non accepté « shop_id »' },
      ],
      [
        '/api/rest/sales',
        { ...sale, total: 1200 },
        { error: 'unknown_field', message: 'sales : champ non accepté « total »' },
      ],
      [
        '/api/rest/customers',
        { id: crypto.randomUUID() },
        { error: 'validation_failed', message: 'customers : name manquant' },
      ],
      [
        '/api/rest/sales',
        { ...sale, sale_items: [] },
        { error: 'validation_failed', message: "sales : sale_items nombre d'éléments hors limites (≥ 1)" },
      ],
      [
        '/api/rest/customers',
        [],
        { error: 'batch_size', message: 'Envoyez entre 1 et 100 lignes par requête' },
      ],
      [
        '/api/rest/credit_transactions',
        [42],
        { error: 'validation_failed', message: 'credit_transactions : doit être un objet' },
      ],
    ];
    for (const [url, payload, refusal] of refusals) {
      const response = await post(url, payload);
      expect([response.statusCode, response.json()], JSON.stringify(payload)).toEqual([400, refusal]);
    }
    const settings = await server.app.inject({
      method: 'PUT',
      url: '/api/rest/settings',
      headers: shop.headers,
      payload: { default_vat: '20' },
    });
    expect(settings.json()).toEqual({
      error: 'validation_failed',
      message: 'settings : default_vat doit être un nombre',
    });
    expect((await pullAll(server.app, shop, before.cursor)).changes).toEqual([]);
    // The same rows, valid, are taken: one object alone is a batch of one.
    expect((await post('/api/rest/products', product)).json()).toEqual({ upserted: 1 });
    expect((await post('/api/rest/sales', sale)).json()).toEqual({ recorded: 1 });
  });
});
