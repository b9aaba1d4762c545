// Bounded sync load test on loopback: N shops each push sales and pull for a fixed time, on PGlite and PostgreSQL.
// Run from the repository root with `npm run bench:sync` (builds the server first). Prints JSON figures.
// Settings: BENCH_SHOPS (default 20), BENCH_SECONDS (default 10), BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL.
import autocannon from 'autocannon';
import { checkout, newId, formatHlc, SYNC_PROTOCOL_VERSION } from '@hanouti/core';
import { openDatabase } from '../dist/db/database.js';
import { buildApp } from '../dist/http/app.js';

const shops = Number(process.env.BENCH_SHOPS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function prepareShop(app, index) {
  const deviceId = newId();
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      shopName: `Bench ${index}`,
      login: `bench-${Date.now()}-${index}@bench.ma`,
      password: 'bench-password',
      deviceId,
      deviceName: 'bench',
      firstSeq: 1,
    },
  });
  const { accessToken } = signup.json();
  const now = new Date().toISOString();
  const product = {
    id: newId(),
    name: 'Thé',
    brand: 'Sultan',
    category: 'Thé',
    purchasePrice: 1000,
    salePrice: 1500,
    vat: 20,
    stock: 1000,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: now,
    updatedAt: now,
  };
  const shop = { deviceId, token: accessToken, product, seq: 0, cursor: undefined };
  const op = (type, payload) => ({
    opId: newId(),
    deviceId,
    seq: ++shop.seq,
    type,
    payload,
    at: new Date().toISOString(),
    hlc: formatHlc({ wallMs: Date.now(), counter: shop.seq, node: deviceId }),
  });
  shop.op = op;
  await app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: {
      protocol: SYNC_PROTOCOL_VERSION,
      ops: [
        op('product.upsert', product),
        op('stock.move', { id: newId(), productId: product.id, kind: 'import', delta: 1000, at: now }),
      ],
    },
  });
  return shop;
}

function saleOp(shop) {
  const result = checkout({
    cart: {
      lines: [{ productId: shop.product.id, productName: 'Thé', quantity: 1, unitPrice: 1500, vatRate: 20 }],
      paymentMethod: 'cash',
    },
    products: new Map([[shop.product.id, shop.product]]),
    now: new Date().toISOString(),
    saleId: newId(),
    ticketNumber: 'BN-000001',
    deviceId: shop.deviceId,
    newId,
  });
  return shop.op('sale.record', { sale: result.sale, movements: result.movements });
}

async function run(engine) {
  const database = await openDatabase(engine === 'postgresql' ? { databaseUrl: postgresUrl } : {});
  await database.migrate();
  const generous = { max: 1_000_000, timeWindow: 60_000 };
  const app = await buildApp({ database, authRateLimit: generous, pushRateLimit: generous });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const prepared = [];
  for (let i = 0; i < shops; i++) prepared.push(await prepareShop(app, i));
  let assigned = 0;
  const latencies = { push: [], pull: [] };
  let pushed = 0;
  let pulls = 0;
  let errors = 0;
  const instance = autocannon({
    url: address,
    connections: shops,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/sync/push',
        setupRequest: (request, context) => {
          context.shop ??= prepared[assigned++ % prepared.length];
          context.kind = 'push';
          context.started = performance.now();
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${context.shop.token}` },
            body: JSON.stringify({ protocol: 1, ops: [saleOp(context.shop)] }),
          };
        },
        onResponse: (status, _body, context) => {
          latencies.push.push(performance.now() - context.started);
          if (status === 200) pushed += 1;
          else errors += 1;
        },
      },
      {
        method: 'GET',
        setupRequest: (request, context) => {
          context.started = performance.now();
          const query = new URLSearchParams({
            limit: '200',
            ...(context.shop.cursor ? { cursor: context.shop.cursor } : {}),
          });
          return {
            ...request,
            path: `/api/sync/pull?${query}`,
            headers: { authorization: `Bearer ${context.shop.token}` },
          };
        },
        onResponse: (status, body, context) => {
          latencies.pull.push(performance.now() - context.started);
          if (status === 200) {
            pulls += 1;
            context.shop.cursor = JSON.parse(body).cursor;
          } else errors += 1;
        },
      },
    ],
  });
  await new Promise((resolve) => instance.on('done', resolve));
  await app.close();
  await database.close();
  const sorted = (list) => [...list].sort((a, b) => a - b);
  const all = sorted([...latencies.push, ...latencies.pull]);
  return {
    engine,
    shops,
    seconds,
    opsPerSecond: Math.round((pushed / seconds) * 10) / 10,
    pullsPerSecond: Math.round((pulls / seconds) * 10) / 10,
    p95Ms: Math.round(percentile(all, 95) * 10) / 10,
    pushP95Ms: Math.round(percentile(sorted(latencies.push), 95) * 10) / 10,
    pullP95Ms: Math.round(percentile(sorted(latencies.pull), 95) * 10) / 10,
    errors,
  };
}

const results = [await run('pglite')];
if (postgresUrl) results.push(await run('postgresql'));
process.stdout.write(`${JSON.stringify({ benchmark: 'sync', results }, null, 2)}\n`);
