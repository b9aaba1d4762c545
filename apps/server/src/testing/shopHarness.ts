// Test support: a real server on PGlite or PostgreSQL, shop accounts, operations as a phone makes them.
import {
  SYNC_PROTOCOL_VERSION,
  checkout,
  formatHlc,
  newId,
  tickHlc,
  HLC_ZERO,
  type Cart,
  type Customer,
  type Hlc,
  type Operation,
  type OperationType,
  type Product,
  type PullResponse,
  type PushResponse,
  type SyncChange,
} from '@hanouti/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/tokens.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { buildApp, type AppOptions } from '../http/app.js';

export type Engine = 'pglite' | 'postgresql';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: readonly Engine[] = testDatabaseUrl ? ['pglite', 'postgresql'] : ['pglite'];

export type TestServer = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

const generous = { max: 100_000, timeWindow: 60_000 };

export async function startServer(
  engine: Engine,
  options: Partial<Omit<AppOptions, 'database'>> = {},
  shared?: DatabaseHandle,
): Promise<TestServer> {
  const database =
    shared ?? (await openDatabase(engine === 'postgresql' ? { databaseUrl: testDatabaseUrl } : {}));
  if (!shared) await database.migrate();
  const app = await buildApp({ database, authRateLimit: generous, pushRateLimit: generous, ...options });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

export type TestDevice = {
  deviceId: string;
  shopId: string;
  accessToken: string;
  refreshToken: string;
  headers: { authorization: string };
  /** When its access token was issued (this machine's clock): `stayingSignedIn` renews it in time. */
  signedInAt: number;
};

let shopCounter = 0;

/** Signs up a new shop from a new phone (the owner's). */
export async function signUpShop(
  app: FastifyInstance,
  overrides: { login?: string; password?: string; firstSeq?: number } = {},
): Promise<TestDevice & { login: string; password: string }> {
  const deviceId = newId();
  const login =
    overrides.login ?? `shop${Date.now()}${++shopCounter}${Math.floor(Math.random() * 1e6)}@test.ma`;
  const password = overrides.password ?? 'mot-de-passe-solide';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      shopName: 'Hanout Test',
      login,
      password,
      deviceId,
      deviceName: 'Téléphone du patron',
      firstSeq: overrides.firstSeq ?? 1,
    },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { ...deviceOf(response, deviceId), login, password };
}

/** A staff phone joins the owner's shop with a pairing code. */
export async function pairStaffDevice(app: FastifyInstance, owner: TestDevice): Promise<TestDevice> {
  const code = await app.inject({ method: 'POST', url: '/api/pairing', headers: owner.headers });
  const { code: digits } = code.json<{ code: string }>();
  const deviceId = newId();
  const response = await app.inject({
    method: 'POST',
    url: '/api/pairing/claim',
    payload: { code: digits, deviceId, deviceName: 'Téléphone du vendeur', firstSeq: 1 },
  });
  if (response.statusCode !== 200) throw new Error(`pairing failed: ${response.statusCode} ${response.body}`);
  return deviceOf(response, deviceId);
}

function deviceOf(response: LightMyRequestResponse, deviceId: string): TestDevice {
  const session = response.json<{ accessToken: string; refreshToken: string; shop: { id: string } }>();
  return {
    deviceId,
    shopId: session.shop.id,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    headers: { authorization: `Bearer ${session.accessToken}` },
    signedInAt: Date.now(),
  };
}

/**
 * Renews the device's access token as a phone does, once half its lifetime (15 minutes) has passed: a long fuzz
 * run (FUZZ_RUNS) or a slow machine outlives the token its `beforeAll` got. The device is updated in place — its
 * `headers` object too, so every caller holding it sends the new token.
 */
export async function stayingSignedIn(app: FastifyInstance, device: TestDevice): Promise<void> {
  if (Date.now() - device.signedInAt < (ACCESS_TOKEN_TTL_SECONDS * 1000) / 2) return;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refreshToken: device.refreshToken },
  });
  if (response.statusCode !== 200) throw new Error(`refresh failed: ${response.statusCode} ${response.body}`);
  const session = response.json<{ accessToken: string; refreshToken: string }>();
  device.accessToken = session.accessToken;
  device.refreshToken = session.refreshToken;
  device.headers.authorization = `Bearer ${session.accessToken}`;
  device.signedInAt = Date.now();
}

/** Makes operations the way a phone's outbox does: seq 1, 2, 3…, stamped by the phone's clock. */
export class OperationMaker {
  private seq = 0;
  private clock: Hlc = HLC_ZERO;

  constructor(
    readonly deviceId: string,
    /** The phone's clock: offset it to simulate a phone that is ahead or behind. */
    readonly now: () => number = Date.now,
  ) {}

  make(type: OperationType, payload: unknown): Operation {
    this.clock = tickHlc(this.clock, this.now(), this.deviceId);
    this.seq += 1;
    return {
      opId: newId(),
      deviceId: this.deviceId,
      seq: this.seq,
      type,
      payload,
      at: new Date(this.now()).toISOString(),
      hlc: formatHlc(this.clock),
    };
  }

  /** After a pull, the phone's clock moves past what it saw. */
  observe(hlc: Hlc): void {
    this.clock = hlc.wallMs > this.clock.wallMs ? { ...hlc, node: this.deviceId } : this.clock;
  }
}

export function aProduct(overrides: Partial<Product> = {}, at = new Date().toISOString()): Product {
  return {
    id: newId(),
    name: `Produit ${Math.floor(Math.random() * 1e9)}`,
    brand: 'Marque',
    category: 'Épicerie',
    purchasePrice: 1000,
    salePrice: 1500,
    vat: 20,
    stock: 0,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function aCustomer(overrides: Partial<Customer> = {}, at = new Date().toISOString()): Customer {
  return {
    id: newId(),
    name: `Client ${Math.floor(Math.random() * 1e9)}`,
    phone: '0612345678',
    creditBalance: 0,
    totalPurchases: 0,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** The payload of a 'sale.record' made by the core checkout, as the phone's sale screen writes it. */
export function aSalePayload(
  product: Product,
  quantity: number,
  deviceId: string,
  options: { customer?: Customer; onCredit?: boolean; now?: string } = {},
) {
  const cart: Cart = {
    lines: [
      {
        productId: product.id,
        productName: product.name,
        quantity,
        unitPrice: product.salePrice,
        vatRate: product.vat,
      },
    ],
    paymentMethod: options.onCredit ? 'credit' : 'cash',
    ...(options.customer ? { customerId: options.customer.id } : {}),
  };
  const result = checkout({
    cart,
    products: new Map([[product.id, product]]),
    ...(options.customer ? { customer: options.customer } : {}),
    now: options.now ?? new Date().toISOString(),
    saleId: newId(),
    ticketNumber: 'AB-000001',
    deviceId,
    newId,
  });
  if (!result.ok) throw new Error(`checkout refused: ${result.error}`);
  return {
    sale: result.sale,
    movements: result.movements,
    ...(result.creditTransaction ? { creditTransaction: result.creditTransaction } : {}),
  };
}

export async function push(app: FastifyInstance, device: TestDevice, ops: readonly Operation[]) {
  return app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: device.headers,
    payload: { protocol: SYNC_PROTOCOL_VERSION, ops },
  });
}

export async function pushOk(app: FastifyInstance, device: TestDevice, ops: readonly Operation[]) {
  const response = await push(app, device, ops);
  if (response.statusCode !== 200) throw new Error(`push failed: ${response.statusCode} ${response.body}`);
  return response.json<PushResponse>().results;
}

/** Every change after `cursor`, page by page. */
export async function pullAll(
  app: FastifyInstance,
  device: TestDevice,
  cursor?: string,
  limit = 200,
): Promise<{ changes: SyncChange[]; cursor: string; acknowledgedSeq: number }> {
  const changes: SyncChange[] = [];
  let next = cursor;
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit), ...(next ? { cursor: next } : {}) });
    const response = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?${query.toString()}`,
      headers: device.headers,
    });
    if (response.statusCode !== 200) throw new Error(`pull failed: ${response.statusCode} ${response.body}`);
    const page = response.json<PullResponse>();
    changes.push(...page.changes);
    next = page.cursor;
    if (!page.hasMore) return { changes, cursor: page.cursor, acknowledgedSeq: page.acknowledgedSeq };
  }
}

/** The latest version of each record in a list of changes. */
export function latestRecords(changes: readonly SyncChange[]): Map<string, SyncChange> {
  const latest = new Map<string, SyncChange>();
  for (const change of changes) latest.set(`${change.entity}:${change.id}`, change);
  return latest;
}
