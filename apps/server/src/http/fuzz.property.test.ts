// Fuzz of every endpoint (fast-check), built from core's schemas: random and adversarial payloads never get a 5xx,
// a refusal stores nothing, the server keeps answering and the phone's next valid operation applies.
import fc from 'fast-check';
import {
  MAX_AMOUNT_CENTIMES,
  MAX_QUANTITY,
  OPERATION_PAYLOAD_SCHEMAS,
  OPERATION_TYPES,
  SYNC_PROTOCOL_VERSION,
  newId,
  type Operation,
  type OperationType,
  type PushResponse,
} from '@hanouti/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  OperationMaker,
  aCustomer,
  aProduct,
  aSalePayload,
  pairStaffDevice,
  pullAll,
  push,
  signUpShop,
  startServer,
  stayingSignedIn,
  type TestDevice,
  type TestServer,
} from '../testing/shopHarness.js';
import { holdsPrototypeKey } from './pushBody.js';

/** Bounded for CI: FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/**
 * A property's runs are bounded by RUNS, not by time: on a loaded machine one takes minutes, and a property cut
 * short by the default timeout would go on writing under the next one's feet.
 */
const PROPERTY_TIMEOUT_MS = 600_000;

// ------------------------------------------------------------------------------------------ generators

/** Numbers at the edges of what a shop, a float and a database can hold. */
const edgeNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.1,
    0.0005,
    1e-7,
    5e-324,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53,
    -(2 ** 53),
    Number.MAX_SAFE_INTEGER,
    MAX_AMOUNT_CENTIMES + 1,
    MAX_QUANTITY + 0.001,
    123456789.123456,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Texts PostgreSQL, UTF-8 or a form would choke on. */
const edgeText = fc.oneof(
  fc.constantFrom(
    '',
    '\u0000',
    'Amina\u0000',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    'deux',
    '1e308',
    'NaN',
    "'; drop table products; --",
    '{"$ne":null}',
    '٣',
    'ا'.repeat(300),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 3000 }).map((text) => text.repeat(3)),
);

/** A value nested `depth` levels deep, sent as JSON text (the test's own JSON.stringify would overflow). */
class Deep {
  constructor(readonly depth: number) {}
  text(): string {
    return '[{"v":'.repeat(this.depth) + '"fond"' + '}]'.repeat(this.depth);
  }
}

/** Nested a little or a lot (the walker and the database must not overflow). */
const deepValue = fc.integer({ min: 20, max: 100_000 }).map((depth) => new Deep(depth));

/** JSON text of a body that may hold Deep values. */
function jsonText(body: unknown): string {
  const deep: Deep[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof Deep) {
      deep.push(value);
      return `__deep_${deep.length - 1}__`;
    }
    return value;
  });
  return text.replace(/"__deep_(\d+)__"/g, (_match, index: string) => deep[Number(index)]!.text());
}

function adversarial(foreignIds: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    edgeNumber,
    edgeText,
    deepValue,
    fc.constantFrom(null, true, false, [], {}, ...foreignIds),
    fc.array(edgeNumber, { maxLength: 2000 }),
    fc.dictionary(edgeText, edgeNumber, { maxKeys: 5 }),
    fc.jsonValue({ maxDepth: 4 }),
  );
}

/** Replaces one field (named by the schema) of a record, or one of its nested records' fields, or removes it. */
function mutate(
  record: Record<string, unknown>,
  fields: readonly string[],
  foreignIds: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(fc.constantFrom(...fields), adversarial(foreignIds), fc.boolean())
    .map(([field, value, remove]) => {
      const copy: Record<string, unknown> = structuredClone(record);
      const path = field.split('.');
      let target: Record<string, unknown> = copy;
      for (const step of path.slice(0, -1)) {
        const next = target[step];
        target = (Array.isArray(next) ? next[0] : next) as Record<string, unknown>;
      }
      const last = path.at(-1)!;
      if (remove && path.length > 1) delete target[last];
      else target[last] = value;
      return copy;
    });
}

/** Every field of a zod object schema, and one level into its nested objects and arrays of objects. */
function schemaFields(schema: unknown, prefix = '', depth = 0): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, field]) => {
    const name = `${prefix}${key}`;
    const inner = unwrap(field);
    return depth < 2 ? [name, ...schemaFields(inner, `${name}.`, depth + 1)] : [name];
  });
}

function unwrap(field: unknown): unknown {
  let current = field as { def?: { innerType?: unknown; element?: unknown; type?: string } };
  for (let i = 0; i < 5 && current?.def; i++) {
    if (current.def.type === 'array') current = current.def.element as typeof current;
    else if (current.def.innerType) current = current.def.innerType;
    else break;
  }
  return current;
}

// ------------------------------------------------------------------------------------------ helpers

/** A URL can only carry well-formed text: lone surrogates become U+FFFD (the server must still cope). */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A request with a body that may hold Deep values; the answer of the server. */
function send(
  server: TestServer,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: jsonText(body) }),
  });
}

function expectNo5xx(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

describe.each(ENGINES)('fuzz of every endpoint on %s', (engine) => {
  let server: TestServer;
  let owner: TestDevice;
  let staff: TestDevice;
  let other: TestDevice;
  let ownerOps: OperationMaker;
  const known: { product: ReturnType<typeof aProduct>; customer: ReturnType<typeof aCustomer> }[] = [];
  const foreignIds: string[] = [];

  beforeAll(async () => {
    server = await startServer(engine);
    owner = await signUpShop(server.app);
    staff = await pairStaffDevice(server.app, owner);
    other = await signUpShop(server.app);
    ownerOps = new OperationMaker(owner.deviceId);
    // Another shop's records: their ids are thrown at every endpoint of this shop.
    const otherOps = new OperationMaker(other.deviceId);
    const foreignProduct = aProduct();
    const foreignCustomer = aCustomer();
    const pushed = await push(server.app, other, [
      otherOps.make('product.upsert', foreignProduct),
      otherOps.make('customer.upsert', foreignCustomer),
    ]);
    expect(pushed.statusCode).toBe(200);
    foreignIds.push(foreignProduct.id, foreignCustomer.id, other.shopId, other.deviceId);
    const product = aProduct({ stock: 0 });
    const customer = aCustomer();
    known.push({ product, customer });
    const setup = await push(server.app, owner, [
      ownerOps.make('product.upsert', product),
      ownerOps.make('customer.upsert', customer),
    ]);
    expect(setup.json<PushResponse>().results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });
  afterAll(() => server.close());
  /** Before each run the phones renew their sessions as a phone does (a long FUZZ_RUNS hunt outlives a token). */
  const signedIn = fc.beforeEach(async () => {
    for (const device of [owner, staff]) await stayingSignedIn(server.app, device);
  });

  /** A valid payload of each operation type, for this shop, fresh each time. */
  function validPayload(type: OperationType): Record<string, unknown> {
    const { product, customer } = known[0]!;
    const now = new Date().toISOString();
    switch (type) {
      case 'product.upsert':
        return aProduct();
      case 'product.delete':
        return { id: newId() };
      case 'customer.upsert':
        return aCustomer();
      case 'customer.delete':
        return { id: newId() };
      case 'sale.record':
        return aSalePayload(product, 2, owner.deviceId, { customer, onCredit: true });
      case 'stock.move':
        return { id: newId(), productId: product.id, kind: 'restock', delta: 3, at: now };
      case 'credit.record':
        return {
          id: newId(),
          customerId: customer.id,
          type: 'credit',
          amount: 500,
          description: 'Pain',
          date: now,
        };
      case 'supplier.upsert':
        return {
          id: newId(),
          name: 'Grossiste',
          phone: '0522000000',
          balance: 0,
          createdAt: now,
          updatedAt: now,
        };
      case 'supplier.delete':
        return { id: newId() };
      case 'supplier.record':
        return {
          entry: {
            id: newId(),
            supplierId: newId(),
            type: 'delivery',
            amount: 500,
            description: 'Livraison',
            date: now,
          },
          // One line, so that the fuzz reaches the fields of a movement too.
          movements: [{ id: newId(), productId: product.id, kind: 'restock', delta: 3, at: now }],
        };
      case 'settings.update':
        return {
          id: 'settings',
          storeName: 'Hanout',
          storePhone: '0612345678',
          storeAddress: 'Rue 1',
          language: 'fr',
          currency: 'MAD',
          defaultVAT: 20,
          printerConnected: false,
          aiDetectThreshold: 0.45,
          aiMatchThreshold: 0.7,
          aiMaxPhotos: 3,
          aiPrecisionMode: 'balanced',
          aiDeviceInference: true,
          aiStoreImages: true,
          updatedAt: now,
        };
    }
  }

  const mutatedOperation = fc.constantFrom(...OPERATION_TYPES).chain((type) =>
    fc.tuple(
      fc.constant(type),
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .constant(null)
            .chain(() =>
              mutate(validPayload(type), schemaFields(OPERATION_PAYLOAD_SCHEMAS[type]), foreignIds),
            ),
        },
        { weight: 1, arbitrary: adversarial(foreignIds) },
      ),
    ),
  );
  /**
   * Payloads with a `__proto__` or `constructor.prototype` key somewhere (fc.dictionary and fc.jsonValue make
   * some too): such an operation is refused alone, like any other bad payload (pushBody.ts), never the push.
   */
  const prototypeKeyPayload = fc
    .tuple(
      fc.constantFrom('__proto__', 'constructor'),
      adversarial(foreignIds),
      fc.constantFrom(...OPERATION_TYPES),
      fc.boolean(),
    )
    .map(([key, value, type, nested]): [OperationType, unknown] => {
      const poison = JSON.parse(
        JSON.stringify({ [key]: key === 'constructor' ? { prototype: { polluted: 1 } } : { polluted: 1 } }),
      ) as Record<string, unknown>;
      const payload = { ...validPayload(type), extra: value };
      // JSON.parse defines the key as an own property; spreading copies it as such (no prototype is set).
      return [type, nested ? { ...payload, id: poison } : { ...poison, ...payload }];
    });
  const settledOperation = fc.oneof(
    { weight: 5, arbitrary: mutatedOperation },
    { weight: 1, arbitrary: prototypeKeyPayload },
  );

  it(
    'a push of an adversarial operation and a valid one: 200, the bad one settled, the valid one applied, a refusal stores nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(settledOperation, async ([type, payload]) => {
          const before = await pullAll(server.app, owner);
          const bad = ownerOps.make(type, payload);
          const good = aProduct();
          const next = ownerOps.make('product.upsert', good);
          const response = await send(server, 'POST', '/api/sync/push', owner.headers, {
            protocol: SYNC_PROTOCOL_VERSION,
            ops: [bad, next],
          });
          expectNo5xx(response, `push ${type}`);
          expect(response.statusCode).toBe(200);
          const results = response.json<PushResponse>().results;
          expect(results).toHaveLength(2);
          expect(['applied', 'rejected']).toContain(results[0]!.status);
          expect(results[1]!.status).toBe('applied');
          if (holdsPrototypeKey(payload)) {
            expect(results[0]).toMatchObject({ status: 'rejected', reason: 'invalid-payload' });
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          const after = await pullAll(server.app, owner, before.cursor);
          expect(after.acknowledgedSeq).toBe(next.seq);
          if (results[0]!.status === 'rejected') {
            // Only the valid product changed the shop's records.
            expect(after.changes.map((change) => `${change.entity}:${change.id}`)).toEqual([
              `product:${good.id}`,
            ]);
          }
          // The same push again gets the same answers (idempotent even for refused payloads).
          const again = await send(server, 'POST', '/api/sync/push', owner.headers, {
            protocol: SYNC_PROTOCOL_VERSION,
            ops: [bad, next],
          });
          expectNo5xx(again, `push ${type} again`);
          expect(again.json<PushResponse>().results).toEqual(results);
        }),
        { numRuns: RUNS * 2, plugins: [signedIn] },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'random push envelopes are refused with a 4xx, never a 5xx, and the phone goes on',
    async () => {
      const envelope = fc.record(
        {
          opId: fc.oneof(fc.uuid(), edgeText),
          deviceId: fc.oneof(fc.constant(owner.deviceId), edgeText),
          seq: fc.oneof(fc.integer({ min: 1, max: 10 }), edgeNumber),
          type: fc.oneof(fc.constantFrom(...OPERATION_TYPES), edgeText),
          payload: adversarial(foreignIds),
          at: fc.oneof(fc.constant(new Date().toISOString()), edgeText),
          hlc: edgeText,
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.array(envelope, { maxLength: 3 }), adversarial(foreignIds)),
          fc.oneof(fc.constant(SYNC_PROTOCOL_VERSION), edgeNumber),
          async (ops, protocol) => {
            const response = await send(server, 'POST', '/api/sync/push', owner.headers, { protocol, ops });
            expectNo5xx(response, 'push envelope');
          },
        ),
        { numRuns: RUNS, plugins: [signedIn] },
      );
      const good = ownerOps.make('product.upsert', aProduct());
      const response = await push(server.app, owner, [good]);
      expect(response.json<PushResponse>().results).toEqual([
        { opId: good.opId, seq: good.seq, status: 'applied' },
      ]);
    },
    PROPERTY_TIMEOUT_MS,
  );

  const REST_TABLES = [
    {
      url: '/api/rest/products',
      fields: [
        'id',
        'name',
        'category',
        'brand',
        'barcode',
        'purchase_price',
        'sale_price',
        'vat',
        'stock',
        'reorder_threshold',
        'description',
        'photo_id',
        'is_bulk',
        'pack_size',
        'created_at',
      ],
    },
    { url: '/api/rest/customers', fields: ['id', 'name', 'phone', 'created_at'] },
    {
      url: '/api/rest/credit_transactions',
      fields: ['id', 'customer_id', 'type', 'amount', 'description', 'date'],
    },
    {
      url: '/api/rest/sales',
      fields: [
        'id',
        'ticket_number',
        'date',
        'payment_method',
        'customer_id',
        'sale_items',
        'sale_items.quantity',
        'sale_items.unit_price',
        'sale_items.product_id',
        'sale_items.vat_rate',
        'sale_items.product_name',
      ],
    },
  ] as const;

  function validRow(url: string): Record<string, unknown> {
    const { product, customer } = known[0]!;
    const now = new Date().toISOString();
    switch (url) {
      case '/api/rest/products':
        return { id: newId(), name: 'Sucre', category: 'Épicerie', sale_price: 1200, stock: 4 };
      case '/api/rest/customers':
        return { id: newId(), name: 'Karim', phone: '0612345678' };
      case '/api/rest/credit_transactions':
        return { id: newId(), customer_id: customer.id, type: 'credit', amount: 700, date: now };
      default:
        return {
          id: newId(),
          date: now,
          payment_method: 'credit',
          customer_id: customer.id,
          sale_items: [
            {
              product_id: product.id,
              product_name: product.name,
              quantity: 1,
              unit_price: 1500,
              vat_rate: 20,
            },
          ],
        };
    }
  }

  it(
    'REST writes with an adversarial row: never a 5xx, and a refused request stores none of its rows',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...REST_TABLES)
            .chain((table) =>
              fc.tuple(
                fc.constant(table.url),
                mutate(validRow(table.url), table.fields, foreignIds),
                fc.boolean(),
              ),
            ),
          async ([url, row, badFirst]) => {
            const before = await pullAll(server.app, owner);
            const valid = validRow(url);
            const response = await send(
              server,
              'POST',
              url,
              owner.headers,
              badFirst ? [row, valid] : [valid, row],
            );
            expectNo5xx(response, `POST ${url}`);
            const after = await pullAll(server.app, owner, before.cursor);
            if (response.statusCode >= 400) expect(after.changes).toEqual([]);
            else expect(response.statusCode).toBe(200);
          },
        ),
        { numRuns: RUNS * 2, plugins: [signedIn] },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'REST bodies the schemas refuse: a 400 naming the table and the field (unknown_field, validation_failed or batch_size), nothing stored',
    async () => {
      /** What a client gets wrong: a number as text, a wrong type, an extra column, a missing one, a batch's size. */
      const wrongRow = fc.constantFrom(...REST_TABLES).chain((table) =>
        fc.tuple(
          fc.constant(table),
          fc.oneof(
            fc
              .tuple(
                fc.constantFrom(...table.fields.filter((field) => !field.includes('.'))),
                adversarial(foreignIds),
              )
              .map(([field, value]) => ({ [field]: value })),
            fc
              .constantFrom('shop_id', 'total', 'credit_balance', 'balance', 'updated_at', 'stock_before')
              .map((column) => ({ [column]: 1 })),
            fc
              .constantFrom(...table.fields.filter((field) => field !== 'id' && !field.includes('.')))
              .map((field) => ({ [field]: undefined })),
          ),
          fc.oneof(fc.constant(1), fc.constant(0), fc.integer({ min: 101, max: 130 })),
        ),
      );
      await fc.assert(
        fc.asyncProperty(wrongRow, async ([table, change, count]) => {
          const before = await pullAll(server.app, owner);
          const rows = Array.from({ length: count }, () => ({ ...validRow(table.url), ...change }));
          const response = await send(server, 'POST', table.url, owner.headers, rows);
          expectNo5xx(response, `POST ${table.url}`);
          const after = await pullAll(server.app, owner, before.cursor);
          if (holdsPrototypeKey(rows)) {
            // A `__proto__` key anywhere (the adversarial values have some): the body parser refuses it before
            // any schema or batch check sees it.
            expect(after.changes).toEqual([]);
            expect([response.statusCode, response.json<{ error: string }>().error]).toEqual([
              400,
              'bad_request',
            ]);
            return;
          }
          if (response.statusCode === 200) {
            // What the schema let through is a valid row: written whole.
            expect(count).toBe(1);
            return;
          }
          expect(after.changes).toEqual([]);
          const { error, message } = response.json<{ error: string; message: string }>();
          const what = table.url.slice('/api/rest/'.length);
          if (response.statusCode === 413) return; // a hundred deep values weigh more than 1 MiB
          // Another shop's customer (or none) is simply not found. (Not `return expect(…)`: fast-check takes what the
          // property returns as its verdict, and a matcher's return value is not `true`.)
          if (error === 'not_found') {
            expect(response.statusCode).toBe(404);
            return;
          }
          expect(response.statusCode).toBe(400);
          if (count !== 1) {
            expect([error, message]).toEqual(['batch_size', 'Envoyez entre 1 et 100 lignes par requête']);
          } else if (error === 'validation_failed' || error === 'unknown_field') {
            expect(message.startsWith(`${what} : `), message).toBe(true);
          } else {
            // Refused by core's checks of the record the row makes (its totals, an id used by another record).
            expect(['totals-mismatch', 'invalid-payload', 'record-conflict', 'data-refused']).toContain(
              error,
            );
          }
        }),
        {
          numRuns: RUNS * 2,
          plugins: [signedIn],
          // Found by a CI run (seed -1526316631): a `__proto__` key inside 101 rows is the parser's to refuse.
          examples: [
            [
              [
                REST_TABLES.find((table) => table.url === '/api/rest/sales')!,
                { id: JSON.parse('{"": {"__proto__": null}}') as unknown },
                101,
              ],
            ],
          ],
        },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'REST deletes, settings and reads with adversarial ids and bodies: never a 5xx, another shop untouched',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.constantFrom(...foreignIds),
            fc.uuid(),
            edgeText.map((text) => encodeURIComponent(wellFormed(text))),
          ),
          fc.dictionary(
            fc.constantFrom(
              'store_name',
              'store_phone',
              'language',
              'default_vat',
              'ai_max_photos',
              'currency',
              'shop_id',
            ),
            adversarial(foreignIds),
            { maxKeys: 3 },
          ),
          fc.oneof(edgeNumber, edgeText).map((value) => encodeURIComponent(wellFormed(String(value)))),
          async (id, settings, limit) => {
            for (const table of ['products', 'customers']) {
              const response = await server.app.inject({
                method: 'DELETE',
                url: `/api/rest/${table}/${id}`,
                headers: owner.headers,
              });
              expectNo5xx(response, `DELETE ${table}`);
            }
            const put = await send(server, 'PUT', '/api/rest/settings', owner.headers, settings);
            expectNo5xx(put, 'PUT settings');
            for (const table of ['products', 'customers', 'sales', 'credit_transactions']) {
              const response = await server.app.inject({
                method: 'GET',
                url: `/api/rest/${table}?limit=${limit}`,
                headers: owner.headers,
              });
              expectNo5xx(response, `GET ${table}`);
            }
          },
        ),
        { numRuns: RUNS, plugins: [signedIn] },
      );
      const theirs = await pullAll(server.app, other);
      expect(theirs.changes.filter((change) => change.deleted)).toEqual([]);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'account, pairing, pull, status, photo and AI routes with adversarial input: never a 5xx',
    async () => {
      const routes = [
        { method: 'POST', url: '/api/auth/signup', auth: false },
        { method: 'POST', url: '/api/auth/login', auth: false },
        { method: 'POST', url: '/api/auth/refresh', auth: false },
        { method: 'POST', url: '/api/pairing/claim', auth: false },
        { method: 'POST', url: '/api/auth/password', auth: true },
        { method: 'POST', url: '/api/ai/barcode', auth: true },
        { method: 'POST', url: '/api/ai/ocr', auth: true },
        { method: 'POST', url: '/api/ai/visual-match', auth: true },
        { method: 'POST', url: '/api/ai/detect', auth: true },
      ] as const;
      const body = fc.dictionary(
        fc.constantFrom(
          'shopName',
          'login',
          'password',
          'deviceId',
          'deviceName',
          'firstSeq',
          'refreshToken',
          'code',
          'currentPassword',
          'newPassword',
          'image',
          'lang',
          'crop_base64',
          'products',
          'top_k',
        ),
        adversarial(foreignIds),
        { maxKeys: 6 },
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), body, fc.boolean(), async (route, payload, asStaff) => {
          const response = await send(
            server,
            route.method,
            route.url,
            route.auth ? (asStaff ? staff.headers : owner.headers) : {},
            payload,
          );
          expectNo5xx(response, route.url);
        }),
        { numRuns: RUNS * 2, plugins: [signedIn] },
      );
      await fc.assert(
        fc.asyncProperty(edgeText, edgeText, async (cursor, id) => {
          const query = `cursor=${encodeURIComponent(wellFormed(cursor))}&limit=${encodeURIComponent(wellFormed(id))}`;
          for (const url of [
            `/api/sync/pull?${query}`,
            `/api/photos/${encodeURIComponent(wellFormed(id))}`,
            '/api/sync/status',
          ]) {
            expectNo5xx(await server.app.inject({ method: 'GET', url, headers: staff.headers }), url);
          }
        }),
        { numRuns: RUNS, plugins: [signedIn] },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('still answers afterwards, and the phone still syncs', async () => {
    await stayingSignedIn(server.app, owner);
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const op: Operation = ownerOps.make('customer.upsert', aCustomer());
    const response = await push(server.app, owner, [op]);
    expect(response.json<PushResponse>().results[0]?.status).toBe('applied');
  });
});
