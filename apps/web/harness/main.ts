// The data harness page (never shipped): the app's real data layer behind window.hanoutiHarness, for fault tests and the bench.
import {
  addBulkToCart,
  addProductToCart,
  buildSearchIndex,
  emptyCart,
  searchIndex,
  setCartCustomer,
  setLineQuantity,
  setPaymentMethod,
  stockStatus,
  type Cart,
} from '@hanouti/core';
import { Dexie } from 'dexie';
import type {
  HanoutiHarness,
  HarnessImportOutcome,
  HarnessLongOperation,
  HarnessSaleOutcome,
  HarnessSaleRequest,
  KeystrokeTiming,
} from '../../../e2e/support/harnessApi';
import { exportAll, importBackupFile } from '../src/data/backupService';
import { completeSale } from '../src/data/checkoutRepository';
import { checkDataIntegrity, cleanUpDatabase } from '../src/data/dataCareService';
import { listCustomers } from '../src/data/customersRepository';
import { loadDashboard } from '../src/data/dashboardRepository';
import { DATABASE_NAME, db, TABLE_NAMES, tx, type TableName } from '../src/data/db';
import { getProduct, listProducts } from '../src/data/productsRepository';
import { ARCHIVE_TABLES, archivePages, eachArchivePage } from '../src/data/saleArchive';
import { saleOf, saleRecord, type StoredSale } from '../src/data/saleRecords';
import { prepareLocalData, sweepLargeTablesNow } from '../src/data/startup';
import { createFaultSwitch } from './faultInjection';
import { watchResponsiveness } from './responsiveness';

const faults = createFaultSwitch();
// Middlewares are stacked when the database opens, so the switch is in place (and off) before anything runs.
db.use(faults.middleware);

const statusLine = document.querySelector('output');
function show(text: string): void {
  if (statusLine) statusLine.textContent = text;
}

const ALL_TABLES: TableName[] = [...TABLE_NAMES];

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function cartFor(request: HarnessSaleRequest): Promise<Cart> {
  let cart = emptyCart();
  for (const { productId, quantity } of request.lines) {
    const product = await getProduct(productId);
    if (!product) throw new Error(`produit inconnu : ${productId}`);
    if (product.isBulk) {
      const added = addBulkToCart(cart, product, quantity);
      if (!added.ok) throw new Error(`pesée refusée : ${added.error}`);
      cart = added.cart;
    } else {
      const existing = cart.lines.find((line) => line.productId === productId)?.quantity ?? 0;
      cart = setLineQuantity(addProductToCart(cart, product), productId, existing + quantity);
    }
  }
  if (request.customerId) cart = setCartCustomer(cart, request.customerId);
  if (request.paymentMethod) cart = setPaymentMethod(cart, request.paymentMethod);
  return cart;
}

async function checkoutTimed(cart: Cart, now?: string): Promise<HarnessSaleOutcome> {
  const { value: result, ms } = await timed(() => completeSale(cart, now ? { now: new Date(now) } : {}));
  if (!result.ok) {
    show(`Vente non enregistrée (${result.error})`);
    return { ok: false, error: result.error, ms };
  }
  show(`Vente enregistrée : ${result.sale.ticketNumber}`);
  return {
    ok: true,
    saleId: result.sale.id,
    ticketNumber: result.sale.ticketNumber,
    total: result.sale.total,
    ms,
  };
}

async function importFile(file: File): Promise<HarnessImportOutcome> {
  const start = performance.now();
  // When each step was reached: tells reading, checking and each slice of the write apart.
  const timeline: HarnessImportOutcome['timeline'] = [];
  const { value: outcome, responsiveness } = await watchResponsiveness(() =>
    importBackupFile(file, {
      onProgress: ({ step, done, total }) =>
        timeline.push({ step, done, total, ms: Math.round(performance.now() - start) }),
    }),
  );
  const ms = performance.now() - start;
  const report = outcome.report;
  const accepted = report
    ? Object.fromEntries(Object.entries(report.lists).map(([list, { accepted }]) => [list, accepted]))
    : undefined;
  show(outcome.ok ? 'Données importées avec succès!' : `Import refusé (${outcome.reason})`);
  return {
    ok: outcome.ok,
    ...(outcome.ok ? {} : { error: outcome.error, reason: outcome.reason }),
    ...(report ? { rejectedCount: report.rejectedCount } : {}),
    ...(accepted ? { accepted } : {}),
    bytes: file.size,
    ms,
    responsiveness,
    timeline,
  };
}

/** Runs a long operation of the data care screen, keeping each progress report it makes. */
async function withProgress(
  run: (onProgress: (progress: { step: string; done: number; total: number }) => void) => Promise<number>,
): Promise<HarnessLongOperation> {
  const start = performance.now();
  const progress: HarnessLongOperation['progress'] = [];
  const { value: result, responsiveness } = await watchResponsiveness(() =>
    run(({ step, done, total }) =>
      progress.push({ step, done, total, ms: Math.round(performance.now() - start) }),
    ),
  );
  return { ms: performance.now() - start, progress, responsiveness, result };
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const harness: HanoutiHarness = {
  async prepare() {
    // The background check of the large tables is measured on its own (sweepMeasured), not left to run
    // under the other measures.
    const { seeded, removedCorrupt } = await prepareLocalData({ sweep: 'off' });
    show('Prêt');
    return { seeded, removedCorrupt };
  },
  async reset() {
    db.close();
    await Dexie.delete(DATABASE_NAME);
    show('Base supprimée');
  },
  async counts() {
    return tx('r', ALL_TABLES, async (t) => {
      const counts: Record<string, number> = {};
      for (const name of ALL_TABLES) counts[name] = await t[name].count();
      return counts;
    });
  },
  async snapshot() {
    const tables = await tx('r', ALL_TABLES, async (t) => {
      const rows: Record<string, unknown[]> = {};
      for (const name of ALL_TABLES) {
        const all: unknown[] = await t[name].toArray();
        rows[name] =
          name === 'photos'
            ? (await t.photos.toArray()).map(({ id, mime, blob }) => ({ id, mime, size: blob.size }))
            : all;
      }
      return rows;
    });
    return JSON.stringify(tables);
  },
  async products(limit = Infinity) {
    const products = await listProducts();
    return products.slice(0, limit).map(({ id, name, stock, isBulk }) => ({ id, name, stock, isBulk }));
  },
  async alertCount() {
    return (await listProducts()).filter((product) => stockStatus(product) !== 'ok').length;
  },
  async customerIds(limit = Infinity) {
    return (await listCustomers()).slice(0, limit).map((customer) => customer.id);
  },
  async exportText(now) {
    const { blob } = await exportAll(now ? { now: new Date(now) } : {});
    return blob.text();
  },
  async exportMeasured(now) {
    const start = performance.now();
    const { value, responsiveness } = await watchResponsiveness(() =>
      exportAll(now ? { now: new Date(now) } : {}),
    );
    const ms = performance.now() - start;
    return { bytes: value.blob.size, sha256: await sha256Hex(value.blob), ms, responsiveness };
  },
  integrityWithProgress: () =>
    withProgress(async (onProgress) => (await checkDataIntegrity(onProgress)).issues.length),
  cleanupWithProgress: () =>
    withProgress(async (onProgress) => (await cleanUpDatabase(onProgress)).removedCount),
  exportWithProgress: () => withProgress(async (onProgress) => (await exportAll({ onProgress })).blob.size),
  importText(text, fileName = 'hanouti-sauvegarde.json') {
    return importFile(new File([text], fileName, { type: 'application/json' }));
  },
  async importUrl(url, fileName = 'hanouti-sauvegarde.json') {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return importFile(new File([await response.blob()], fileName, { type: 'application/json' }));
  },
  async sell(request) {
    return checkoutTimed(await cartFor(request), request.now);
  },
  completeSale: checkoutTimed,
  async sellMany(requests) {
    const outcomes: HarnessSaleOutcome[] = [];
    for (const request of requests) outcomes.push(await checkoutTimed(await cartFor(request), request.now));
    return outcomes;
  },
  loadDashboard: (now) => loadDashboard(now ? new Date(now) : new Date()),
  async measureDashboard(runs, now) {
    const at = now ? new Date(now) : new Date();
    const timings: number[] = [];
    for (let i = 0; i < runs; i++) timings.push((await timed(() => loadDashboard(at))).ms);
    return timings;
  },
  async searchKeystrokes(words) {
    // Exactly what the catalogue screen does (useProductSearch): index the newest-first list once, then
    // search name and brand on every keystroke.
    const products = await listProducts();
    const indexStart = performance.now();
    const index = buildSearchIndex(products);
    const indexMs = performance.now() - indexStart;
    const keystrokes: KeystrokeTiming[] = [];
    for (const word of words) {
      for (let length = 1; length <= word.length; length++) {
        const query = word.slice(0, length);
        const start = performance.now();
        const results = searchIndex(index, query, {});
        keystrokes.push({ query, ms: performance.now() - start, results: results.length });
      }
    }
    return { indexMs, products: products.length, keystrokes };
  },
  async startupMeasured() {
    const { value, ms } = await timed(() => prepareLocalData({ sweep: 'off' }));
    return { ms, removedCorrupt: value.removedCorrupt };
  },
  async sweepMeasured() {
    const start = performance.now();
    const { value, responsiveness } = await watchResponsiveness(() => sweepLargeTablesNow());
    return { ms: performance.now() - start, removedCorrupt: value.total, responsiveness };
  },
  async writeThroughput(count) {
    // Archived sales as the `sales` table would hold them (one record each, movements inside, productIds),
    // put again into scratch stores shaped like the real one: bare IndexedDB in one transaction, Dexie's
    // bulkPut, bare IndexedDB without the multi-entry productIds index; then the same sales as the archive
    // keeps them (pages of up to 500 sales of a day, saleArchive.ts).
    const sales: StoredSale[] = [];
    await tx('r', ARCHIVE_TABLES, (t) =>
      eachArchivePage(t, (page) => {
        if (sales.length < count) sales.push(...page.sales.slice(0, count - sales.length));
      }),
    );
    const records = sales.map((sale) => saleRecord(saleOf(sale), sale.movements ?? []));
    const pages = archivePages(sales);
    const scratch = `${DATABASE_NAME}-throughput`;
    const bareWrite = async (store: 'sales' | 'pages', withProductIndex = false) => {
      await Dexie.delete(scratch);
      return new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(scratch, 1);
        open.onupgradeneeded = () => {
          if (store === 'pages') {
            const pageStore = open.result.createObjectStore('pages', { keyPath: 'key' });
            pageStore.createIndex('saleIds', 'saleIds', { multiEntry: true });
            pageStore.createIndex('customerIds', 'customerIds', { multiEntry: true });
            return;
          }
          const saleStore = open.result.createObjectStore('sales', { keyPath: 'id' });
          saleStore.createIndex('date', 'date');
          saleStore.createIndex('customerId', 'customerId');
          if (withProductIndex) saleStore.createIndex('productIds', 'productIds', { multiEntry: true });
        };
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const database = open.result;
          const start = performance.now();
          const transaction = database.transaction(store, 'readwrite', { durability: 'strict' });
          const objectStore = transaction.objectStore(store);
          for (const record of store === 'pages' ? pages : records) objectStore.put(record);
          transaction.oncomplete = () => {
            database.close();
            resolve(performance.now() - start);
          };
          transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
        };
      });
    };
    const bare = await bareWrite('sales', true);
    const bareWithoutProductIndex = await bareWrite('sales', false);
    const pagesMs = await bareWrite('pages');
    await Dexie.delete(scratch);
    const dexieDb = new Dexie(scratch, { chromeTransactionDurability: 'strict' });
    dexieDb.version(1).stores({ sales: 'id, date, customerId, *productIds' });
    const dexieStart = performance.now();
    await dexieDb.transaction('rw', 'sales', () => dexieDb.table('sales').bulkPut(records));
    const dexieMs = performance.now() - dexieStart;
    dexieDb.close();
    await Dexie.delete(scratch);
    const perSecond = (ms: number) => Math.round((records.length * 1000) / ms);
    return {
      records: records.length,
      bareMs: bare,
      bareRecordsPerSecond: perSecond(bare),
      bareWithoutProductIndexMs: bareWithoutProductIndex,
      bareWithoutProductIndexRecordsPerSecond: perSecond(bareWithoutProductIndex),
      dexieMs,
      dexieRecordsPerSecond: perSecond(dexieMs),
      pages: pages.length,
      pagesMs,
      pagesSalesPerSecond: perSecond(pagesMs),
    };
  },
  injectFault: (plan) => faults.arm(plan),
  clearFault: () => faults.disarm(),
  faultReport: () => faults.report(),
  async storageEstimate() {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return { usage, quota };
  },
  status: () => statusLine?.textContent ?? '',
};

window.hanoutiHarness = harness;
show('Harnais chargé');
