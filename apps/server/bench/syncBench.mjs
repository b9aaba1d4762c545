// Bounded sync load test on loopback (PGlite, and PostgreSQL when a URL is given): phones of several shops push
// batches of sales for a fixed time while /api/health is polled; then the cost of a credit operation as the
// customer's ledger grows, and /api/health while a visual match runs in the AI worker pool. Prints JSON.
// Run from the repository root with `npm run bench:sync` (builds the server first).
// Settings: BENCH_SHOPS (5), BENCH_PHONES (20, spread over the shops), BENCH_BATCH (10 ops a push),
// BENCH_SECONDS (30), BENCH_LEDGER ("0,2000,20000"; "none": no credit operations timed), BENCH_CREDIT_ROUNDS (5),
// BENCH_AI (1: measure health during a visual match),
// BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL, BENCH_ENGINES ("pglite,postgresql"),
// BENCH_MODE ("closed,open": which load runs; "none" for none), BENCH_RATE (2000: the open loop's offered ops/s,
// one value per engine when it holds a comma, in BENCH_ENGINES' order, e.g. "150,2000").
// Two loads: the closed loop (each phone pushes again as soon as answered) measures capacity — its latency is
// only queueing (≈ phones ÷ pushes per second); the open loop sends each phone's batches on a schedule at a
// bounded offered rate, as sales happen in shops, and times each push from its scheduled send time, so a push
// that waits for the phone's previous answer counts its wait (no coordinated omission).
// The server runs in a child process (benchServer.mjs): the figures include the CPU time of the server, of
// this load generator and of the PostgreSQL backends, so that a busy machine's numbers can be read.
// BENCH_SERVER_PROF=<dir>: the server writes a V8 CPU profile there. BENCH_ANALYZE=0: no VACUUM ANALYZE of the ledger
// before its credit operations are timed (PostgreSQL; autovacuum does it where it runs).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { checkout, newId, formatHlc, SYNC_PROTOCOL_VERSION } from '@hanouti/core';

const shopCount = Number(process.env.BENCH_SHOPS ?? 5);
const phoneCount = Number(process.env.BENCH_PHONES ?? 20);
const batch = Number(process.env.BENCH_BATCH ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const ledgerSizes = (process.env.BENCH_LEDGER ?? '0,2000,20000')
  .split(',')
  .filter((size) => size !== '' && size !== 'none')
  .map(Number);
const measureAi = (process.env.BENCH_AI ?? '1') !== '0';
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const allEngines = (process.env.BENCH_ENGINES ?? 'pglite,postgresql').split(',');
const engines = allEngines.filter((engine) => engine === 'pglite' || postgresUrl);
const modes = (process.env.BENCH_MODE ?? 'closed,open').split(',');
const rates = (process.env.BENCH_RATE ?? '2000').split(',').map(Number);
/** The open loop's offered ops/s for an engine: BENCH_RATE's value at the engine's place, or its only value. */
const rateFor = (engine) => (rates.length === 1 ? rates[0] : rates[allEngines.indexOf(engine)]);

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const sortedOf = (list) => [...list].sort((a, b) => a - b);

/** `app` is the server's address: every request goes over loopback HTTP. */
async function json(app, method, url, token, payload) {
  const response = await fetch(`${app}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return response.status === 204 ? undefined : JSON.parse(text);
}

/** A push of the phone's ops; an access token that expired during a long run is refreshed, as a phone does. */
async function pushOps(app, phone, ops) {
  const body = { protocol: SYNC_PROTOCOL_VERSION, ops };
  try {
    return await json(app, 'POST', '/api/sync/push', phone.token, body);
  } catch (error) {
    if (!String(error.message).includes(': 401 ')) throw error;
    const session = await json(app, 'POST', '/api/auth/refresh', undefined, {
      refreshToken: phone.refreshToken,
    });
    phone.token = session.accessToken;
    phone.refreshToken = session.refreshToken;
    return json(app, 'POST', '/api/sync/push', phone.token, body);
  }
}

/** CPU ms (user + system) of this process so far. */
function ownCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The server child's CPU ms so far. */
function serverCpuMs(server) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (!message.cpu) return;
      server.off('message', onMessage);
      resolve(message.cpu.userMs + message.cpu.systemMs);
    };
    server.on('message', onMessage);
    server.send('cpu');
  });
}

/**
 * CPU ms of each PostgreSQL backend serving the bench database, read from /proc (a server on this machine
 * only; empty when it cannot be read). Clock ticks are 1/100 s on Linux.
 */
async function postgresCpu(url) {
  if (!url) return new Map();
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const out = new Map();
    for (const { pid } of rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // Not on this machine, or gone.
      }
    }
    return out;
  } catch {
    return new Map();
  } finally {
    await client.end().catch(() => undefined);
  }
}

function postgresCpuSpent(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** A phone: its tokens and its outbox's seq and clock. */
function phoneOf(shop, deviceId, session) {
  const phone = { shop, deviceId, token: session.accessToken, refreshToken: session.refreshToken, seq: 0 };
  phone.op = (type, payload) => ({
    opId: newId(),
    deviceId,
    seq: ++phone.seq,
    type,
    payload,
    at: new Date().toISOString(),
    hlc: formatHlc({ wallMs: Date.now(), counter: phone.seq % 1e6, node: deviceId }),
  });
  return phone;
}

async function prepareShop(app, index, phonesInShop) {
  const ownerDevice = newId();
  const signup = await json(app, 'POST', '/api/auth/signup', undefined, {
    shopName: `Bench ${index}`,
    login: `bench-${Date.now()}-${index}-${Math.floor(Math.random() * 1e6)}@bench.ma`,
    password: 'bench-password',
    deviceId: ownerDevice,
    deviceName: 'bench owner',
    firstSeq: 1,
  });
  const shop = { index };
  const owner = phoneOf(shop, ownerDevice, signup);
  const phones = [owner];
  for (let i = 1; i < phonesInShop; i++) {
    const { code } = await json(app, 'POST', '/api/pairing', owner.token);
    const deviceId = newId();
    const claim = await json(app, 'POST', '/api/pairing/claim', undefined, {
      code,
      deviceId,
      deviceName: `bench staff ${i}`,
      firstSeq: 1,
    });
    phones.push(phoneOf(shop, deviceId, claim));
  }
  const now = new Date().toISOString();
  shop.product = {
    id: newId(),
    name: 'Thé',
    brand: 'Sultan',
    category: 'Thé',
    purchasePrice: 1000,
    salePrice: 1500,
    vat: 20,
    stock: 0,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: now,
    updatedAt: now,
  };
  await pushOps(app, owner, [
    owner.op('product.upsert', shop.product),
    owner.op('stock.move', {
      id: newId(),
      productId: shop.product.id,
      kind: 'import',
      delta: 1e6,
      at: now,
    }),
  ]);
  return phones;
}

function saleOp(phone) {
  const { product } = phone.shop;
  const result = checkout({
    cart: {
      lines: [{ productId: product.id, productName: 'Thé', quantity: 1, unitPrice: 1500, vatRate: 20 }],
      paymentMethod: 'cash',
    },
    products: new Map([[product.id, product]]),
    now: new Date().toISOString(),
    saleId: newId(),
    ticketNumber: 'BN-000001',
    deviceId: phone.deviceId,
    newId,
  });
  return phone.op('sale.record', { sale: result.sale, movements: result.movements });
}

async function preparePhones(app) {
  const phones = [];
  for (let s = 0; s < shopCount; s++) {
    const inShop = Math.floor(phoneCount / shopCount) + (s < phoneCount % shopCount ? 1 : 0);
    phones.push(...(await prepareShop(app, s, inShop)));
  }
  return phones;
}

/** One connection polls /api/health for `seconds` (each request as soon as the last is answered). */
function pollHealth(address) {
  const latencies = [];
  const run = autocannon({
    url: address,
    connections: 1,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: '/api/health',
        setupRequest: (request, context) => {
          context.started = performance.now();
          return request;
        },
        onResponse: (_status, _body, context) => latencies.push(performance.now() - context.started),
      },
    ],
  });
  return new Promise((resolve) => run.on('done', (result) => resolve({ result, latencies })));
}

/** The CPU figures of a run, per applied operation. */
async function cpuSince(before, server, url, applied, elapsed = seconds) {
  const cpu = {
    clientMs: ownCpuMs() - before.client,
    serverMs: (await serverCpuMs(server)) - before.server,
    postgresMs: postgresCpuSpent(before.postgres, await postgresCpu(url)),
  };
  const allCpu = cpu.clientMs + cpu.serverMs + cpu.postgresMs;
  return {
    // CPU time per applied operation: what the machine's load does not change (much).
    serverCpuMsPerOp: round(cpu.serverMs / Math.max(applied, 1), 3),
    postgresCpuMsPerOp: url ? round(cpu.postgresMs / Math.max(applied, 1), 3) : undefined,
    clientCpuMsPerOp: round(cpu.clientMs / Math.max(applied, 1), 3),
    // Share of the run's CPU time taken by the load generator (a core it takes from the server).
    clientCpuShare: round(cpu.clientMs / Math.max(allCpu, 1), 2),
    cpuCoresBusy: round(allCpu / 1000 / elapsed, 2),
  };
}

async function cpuNow(server, url) {
  return { client: ownCpuMs(), server: await serverCpuMs(server), postgres: await postgresCpu(url) };
}

/** Closed loop: phones push batches of sales for `seconds`, each again as soon as answered, while /api/health is polled. */
async function loadRun(app, address, server, url) {
  const phones = await preparePhones(app);
  const cpuBefore = {
    client: ownCpuMs(),
    server: await serverCpuMs(server),
    postgres: await postgresCpu(url),
  };
  let assigned = 0;
  const pushLatencies = [];
  let applied = 0;
  let errors = 0;
  const errorKinds = {};
  const countError = (kind) => {
    errors += 1;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  const pushes = autocannon({
    url: address,
    connections: phones.length,
    duration: seconds,
    // A timed-out request would reconnect and hand its phone's next batch to the server before this one.
    timeout: 120,
    requests: [
      {
        method: 'POST',
        path: '/api/sync/push',
        setupRequest: (request, context) => {
          context.phone ??= phones[assigned++ % phones.length];
          context.started = performance.now();
          // As a phone does: its outbox is sent in order, a batch at a time, until acknowledged.
          const outbox = (context.phone.outbox ??= []);
          while (outbox.length < batch) outbox.push(saleOp(context.phone));
          const ops = outbox.slice(0, batch);
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${context.phone.token}` },
            body: JSON.stringify({ protocol: SYNC_PROTOCOL_VERSION, ops }),
          };
        },
        onResponse: (status, body, context) => {
          pushLatencies.push(performance.now() - context.started);
          if (status !== 200) {
            countError(`http ${status}`);
            return;
          }
          const settled = new Set();
          for (const result of JSON.parse(body).results) {
            if (result.status !== 'waiting') settled.add(result.opId);
            if (result.status === 'applied') applied += 1;
            else countError(result.reason ?? result.status);
          }
          context.phone.outbox = context.phone.outbox.filter((op) => !settled.has(op.opId));
        },
      },
    ],
  });
  const [, health] = await Promise.all([
    new Promise((resolve) => pushes.on('done', resolve)),
    pollHealth(address),
  ]);
  const cpu = await cpuSince(cpuBefore, server, url, applied);
  const pushSorted = sortedOf(pushLatencies);
  const healthSorted = sortedOf(health.latencies);
  return {
    mode: 'closed',
    shops: shopCount,
    phones: phones.length,
    opsPerPush: batch,
    seconds,
    opsPerSecond: round(applied / seconds),
    pushesPerSecond: round(pushLatencies.length / seconds),
    pushP50Ms: round(percentile(pushSorted, 50)),
    pushP95Ms: round(percentile(pushSorted, 95)),
    pushP99Ms: round(percentile(pushSorted, 99)),
    healthPerSecond: round(health.result.requests.total / seconds),
    healthP95Ms: round(percentile(healthSorted, 95)),
    errors,
    errorKinds,
    ...cpu,
  };
}

/** A push over the phone's own keep-alive connection: answers { status, body }. */
function postPush(phone, address, ops) {
  const body = JSON.stringify({ protocol: SYNC_PROTOCOL_VERSION, ops });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${address}/api/sync/push`,
      {
        method: 'POST',
        agent: phone.agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${phone.token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Open loop: each phone has a batch of sales due every phones × batch ÷ rate seconds (phones staggered evenly);
 * a due batch goes out as soon as the phone's previous push is answered (a phone sends its outbox in order).
 * A push's latency runs from the time it was due, so the waits behind a slow answer are counted.
 */
async function openLoadRun(app, address, server, url, rate) {
  const phones = await preparePhones(app);
  const interval = (phones.length * batch * 1000) / rate;
  for (const phone of phones) phone.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const cpuBefore = await cpuNow(server, url);
  const latencies = [];
  const serviceTimes = [];
  let applied = 0;
  let errors = 0;
  const errorKinds = {};
  const countError = (kind) => {
    errors += 1;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  const stopSending = end + seconds * 1000;
  let notSent = 0;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  async function phoneLoop(phone, offset) {
    const outbox = [];
    for (let k = 0; ; k++) {
      const due = started + offset + k * interval;
      if (due >= end) return;
      if (performance.now() >= stopSending) {
        // Bounded: a batch still waiting for the phone's previous answer a run's length after the end is not
        // sent; it counts as a push slower than any measured.
        notSent += 1;
        latencies.push(Infinity);
        continue;
      }
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      for (let i = 0; i < batch; i++) outbox.push(saleOp(phone));
      const sent = performance.now();
      let answer = await postPush(phone, address, outbox.slice(0, batch));
      if (answer.status === 401) {
        const session = await json(app, 'POST', '/api/auth/refresh', undefined, {
          refreshToken: phone.refreshToken,
        });
        phone.token = session.accessToken;
        phone.refreshToken = session.refreshToken;
        answer = await postPush(phone, address, outbox.slice(0, batch));
      }
      const now = performance.now();
      latencies.push(now - due);
      serviceTimes.push(now - sent);
      if (answer.status !== 200) {
        countError(`http ${answer.status}`);
        continue;
      }
      const settled = new Set();
      for (const result of JSON.parse(answer.body).results) {
        if (result.status !== 'waiting') settled.add(result.opId);
        if (result.status === 'applied') applied += 1;
        else countError(result.reason ?? result.status);
      }
      const left = outbox.filter((op) => !settled.has(op.opId));
      outbox.length = 0;
      outbox.push(...left);
    }
  }
  const [, health] = await Promise.all([
    Promise.all(phones.map((phone, i) => phoneLoop(phone, (i * interval) / phones.length))),
    pollHealth(address),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = await cpuSince(cpuBefore, server, url, applied, elapsed);
  for (const phone of phones) phone.agent.destroy();
  const sorted = sortedOf(latencies);
  const service = sortedOf(serviceTimes);
  const healthSorted = sortedOf(health.latencies);
  return {
    mode: 'open',
    shops: shopCount,
    phones: phones.length,
    opsPerPush: batch,
    seconds,
    offeredOpsPerSecond: rate,
    // Until the last push was answered: a server that falls behind stretches the run.
    elapsedSeconds: round(elapsed, 2),
    opsPerSecond: round(applied / elapsed),
    pushesPerSecond: round(serviceTimes.length / elapsed),
    // Batches due that were never sent (the server a run's length behind): their pushes count as slowest,
    // and a percentile that falls on one is printed as null.
    batchesNotSent: notSent,
    pushP50Ms: round(percentile(sorted, 50)),
    pushP95Ms: round(percentile(sorted, 95)),
    pushP99Ms: round(percentile(sorted, 99)),
    pushMaxMs: round(sorted.at(-1) ?? 0),
    // From the request's actual send (without the wait behind the phone's previous push).
    serviceP95Ms: round(percentile(service, 95)),
    healthPerSecond: round(health.result.requests.total / seconds),
    healthP95Ms: round(percentile(healthSorted, 95)),
    errors,
    errorKinds,
    ...cpu,
  };
}

async function vacuumLedger(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze credit_transactions, customers, operations, devices, shops');
  } finally {
    await client.end();
  }
}

/**
 * ms (and CPU ms) per credit operation — one per push, as a phone sends a single carnet entry — for customers
 * whose ledgers hold each of BENCH_LEDGER's sizes, in one shop. The sizes are timed in turns (rounds of
 * `perTurn` pushes, each round in another order), so that the machine's load, which changes from minute to
 * minute here, weighs on every size alike.
 */
async function creditCost(app, server, url) {
  const [owner] = await prepareShop(app, 'ledger', 1);
  let day = Date.parse('2020-01-01T00:00:00.000Z');
  const ledgers = [];
  for (const size of ledgerSizes) {
    const customer = {
      id: newId(),
      name: `Client du carnet ${size}`,
      phone: '0612345678',
      creditBalance: 0,
      totalPurchases: 0,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    await pushOps(app, owner, [owner.op('customer.upsert', customer)]);
    ledgers.push({ size, customer, elapsed: 0, cpu: 0, serverCpu: 0, count: 0 });
  }
  const entry = (customer) => ({
    id: newId(),
    customerId: customer.id,
    type: 'credit',
    amount: 100,
    description: 'Pain',
    // Each entry after the last: the usual order, one a minute.
    date: new Date((day += 60_000)).toISOString(),
  });
  for (const ledger of ledgers) {
    for (let entries = 0; entries < ledger.size;) {
      const count = Math.min(100, ledger.size - entries);
      await pushOps(
        app,
        owner,
        Array.from({ length: count }, () => owner.op('credit.record', entry(ledger.customer))),
      );
      entries += count;
    }
  }
  // What autovacuum does by itself on a PostgreSQL that runs it (this machine's does not): statistics for the
  // planner, and the dead versions of the customers' rows (updated at each entry) cleared.
  if (url && process.env.BENCH_ANALYZE !== '0') await vacuumLedger(url);
  const single = (ledger) => pushOps(app, owner, [owner.op('credit.record', entry(ledger.customer))]);
  for (const ledger of ledgers) for (let i = 0; i < 20; i++) await single(ledger);
  const rounds = Number(process.env.BENCH_CREDIT_ROUNDS ?? 5);
  const perTurn = 40;
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < ledgers.length; k++) {
      const ledger = ledgers[(k + round) % ledgers.length];
      const serverBefore = await serverCpuMs(server);
      const postgresBefore = await postgresCpu(url);
      const started = performance.now();
      for (let i = 0; i < perTurn; i++) await single(ledger);
      ledger.elapsed += performance.now() - started;
      // CPU per op (server, and PostgreSQL's backends): what the ledger's size costs, whatever the machine's load.
      const serverSpent = (await serverCpuMs(server)) - serverBefore;
      const postgresSpent = postgresCpuSpent(postgresBefore, await postgresCpu(url));
      ledger.cpu += serverSpent + postgresSpent;
      ledger.serverCpu += serverSpent;
      ledger.count += perTurn;
    }
  }
  const points = ledgers.map((ledger) => ({
    ledgerEntries: ledger.size,
    msPerCreditOp: round(ledger.elapsed / ledger.count, 2),
    cpuMsPerCreditOp: round(ledger.cpu / ledger.count, 3),
    // Of which the server's (the rest is PostgreSQL's backends).
    serverCpuMsPerCreditOp: round(ledger.serverCpu / ledger.count, 3),
  }));
  const ratio = (key) => round((points.at(-1)?.[key] ?? 0) / (points[0]?.[key] || 1), 2);
  return {
    points,
    ratioLargestToEmpty: ratio('msPerCreditOp'),
    cpuRatioLargestToEmpty: ratio('cpuMsPerCreditOp'),
  };
}

/** A pack-like picture: random coloured rectangles on white (rich in keypoints). */
async function packJpeg(seed) {
  let state = seed * 9301 + 49297;
  const rand = () => (state = (state * 9301 + 49297) % 233280) / 233280;
  const width = 480;
  const height = 640;
  const data = Buffer.alloc(width * height * 3, 255);
  for (let s = 0; s < 160; s++) {
    const colour = [rand() * 255, rand() * 255, rand() * 255];
    const x0 = Math.floor(rand() * width);
    const y0 = Math.floor(rand() * height);
    const w = 6 + Math.floor(rand() * 50);
    const h = 6 + Math.floor(rand() * 50);
    for (let y = y0; y < Math.min(height, y0 + h); y++) {
      for (let x = x0; x < Math.min(width, x0 + w); x++) data.set(colour, (y * width + x) * 3);
    }
  }
  return (
    await sharp(data, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer()
  ).toString('base64');
}

/** /api/health latency, polled one request at a time, while one visual match with 10 references runs. */
async function healthDuringVisualMatch(app, address) {
  const [owner] = await prepareShop(app, 'ai', 1);
  const references = await Promise.all(Array.from({ length: 10 }, (_, i) => packJpeg(i + 1)));
  const products = references.map((image, i) => ({ id: `p${i}`, name: `Produit ${i}`, images: [image] }));
  const started = performance.now();
  const match = fetch(`${address}/api/ai/visual-match`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ crop_base64: references[3], products, top_k: 3 }),
  }).then(async (response) => ({ status: response.status, ms: performance.now() - started }));
  let done;
  match.then((value) => (done = value));
  const latencies = [];
  // Bounded: at most 3 minutes of polling.
  while (done === undefined && performance.now() - started < 180_000) {
    const t = performance.now();
    await fetch(`${address}/api/health`).then((response) => response.arrayBuffer());
    latencies.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const result = await match;
  const sorted = sortedOf(latencies);
  return {
    references: references.length,
    visualMatchStatus: result.status,
    visualMatchMs: round(result.ms, 0),
    healthRequests: sorted.length,
    healthP50Ms: round(percentile(sorted, 50)),
    healthP95Ms: round(percentile(sorted, 95)),
    healthMaxMs: round(sorted.at(-1) ?? 0),
  };
}

async function run(engine) {
  const url = engine === 'postgresql' ? postgresUrl : undefined;
  const profile = process.env.BENCH_SERVER_PROF;
  const server = fork(fileURLToPath(new URL('./benchServer.mjs', import.meta.url)), {
    env: { ...process.env, BENCH_ENGINE: engine, BENCH_DATABASE_URL: url ?? '' },
    execArgv: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  });
  const address = await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    server.on('message', (message) => message.address && resolve(message.address));
  });
  try {
    const load = modes.includes('closed') ? await loadRun(address, address, server, url) : undefined;
    // Printed at once: a later step that fails does not lose it.
    if (load) process.stderr.write(`${engine} closed loop: ${JSON.stringify(load)}\n`);
    const open = modes.includes('open')
      ? await openLoadRun(address, address, server, url, rateFor(engine))
      : undefined;
    if (open) process.stderr.write(`${engine} open loop: ${JSON.stringify(open)}\n`);
    const credit = ledgerSizes.length > 0 ? await creditCost(address, server, url) : undefined;
    if (credit) process.stderr.write(`${engine} credit: ${JSON.stringify(credit)}\n`);
    const ai =
      measureAi && engine === engines[0] ? await healthDuringVisualMatch(address, address) : undefined;
    return {
      engine,
      ...(load ? { load } : {}),
      ...(open ? { openLoad: open } : {}),
      ...(credit ? { creditOperation: credit } : {}),
      ...(ai ? { healthDuringVisualMatch: ai } : {}),
    };
  } finally {
    server.removeAllListeners('exit');
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.send('stop');
    });
  }
}

const results = [];
for (const engine of engines) results.push(await run(engine));
process.stdout.write(`${JSON.stringify({ benchmark: 'sync', results }, null, 2)}\n`);
