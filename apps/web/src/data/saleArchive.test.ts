import {
  addProductToCart,
  emptyCart,
  newId,
  setCartCustomer,
  setPaymentMethod,
  type Sale,
} from '@hanouti/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyPulledChanges } from './applyPulledChanges';
import { exportAll, importBackupFile } from './backupService';
import { completeSale } from './checkoutRepository';
import { removeCorruptEntries } from './corruptEntries';
import { listCustomers } from './customersRepository';
import { loadDashboard } from './dashboardRepository';
import { cleanUpDatabase } from './dataCareService';
import { tx } from './db';
import { listProducts } from './productsRepository';
import {
  ARCHIVE_PAGE_SALES,
  ARCHIVE_TABLES,
  archivePage,
  archivePages,
  archivedOtherMovements,
  archivedSale,
  archivedSales,
  archivedSalesBetween,
  type ArchivePage,
} from './saleArchive';
import { saleOf, type StoredSale } from './saleRecords';
import { deleteSalesKeepingMovements, SALE_TABLES } from './sales';
import { AGGREGATE_TABLES, rebuildSalesAggregates } from './salesAggregates';
import { getSale, listCustomerSales, listSales, markPrinted } from './salesRepository';
import { prepareLocalData } from './startup';
import { listStockMovements } from './stockRepository';
import { resetDatabase, useStorableBlobs } from './testDatabase';

const NOW = new Date('2025-05-20T12:00:00Z');

function aSaleAt(date: string, customerId?: string): StoredSale {
  const productId = newId();
  return {
    id: newId(),
    ticketNumber: 'AB-000001',
    date,
    items: [
      { productId, productName: 'Thé', quantity: 1, unitPrice: 1500, total: 1500, vatRate: 20, vat: 300 },
    ],
    subtotal: 1250,
    vat: 250,
    discount: 0,
    total: 1500,
    paymentMethod: 'cash',
    printed: false,
    shared: false,
    ...(customerId ? { customerId } : {}),
    movements: [{ id: newId(), productId, delta: -1 }],
    productIds: [productId],
  };
}

describe('archive pages', () => {
  it('cuts sales by day, at most 500 a page, in time order, each sale once', () => {
    const customer = newId();
    const dayOne = Array.from({ length: 600 }, (_, i) =>
      aSaleAt(
        `2025-03-10T${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.000Z`,
        i % 2 ? customer : undefined,
      ),
    );
    const dayTwo = Array.from({ length: 3 }, () => aSaleAt('2025-03-11T09:00:00.000Z'));
    const pages = archivePages([...dayTwo, ...dayOne].reverse());
    expect(pages.map((page) => page.sales.length)).toEqual([ARCHIVE_PAGE_SALES, 100, 3]);
    expect(pages.map((page) => page.key)).toEqual([...pages.map((page) => page.key)].sort());
    expect(new Set(pages.map((page) => page.key)).size).toBe(3);
    const ids = pages.flatMap((page) => page.saleIds);
    expect(new Set(ids)).toEqual(new Set([...dayOne, ...dayTwo].map((sale) => sale.id)));
    expect(pages[0]!.customerIds).toEqual([customer]);
    expect(pages[2]!.customerIds).toEqual([]);
    for (const page of pages) {
      const days = new Set(page.sales.map((sale) => sale.date.slice(0, 10)));
      expect(days.size).toBe(1);
      expect(page.saleIds).toEqual(page.sales.map((sale) => sale.id));
    }
  });

  it('refuses an empty page', () => {
    expect(() => archivePage([])).toThrow();
  });

  it('finds the sales of a time span, in a page that starts before it too', async () => {
    await resetDatabase();
    const dates = [
      '2025-03-09T23:00:00.000Z',
      '2025-03-10T08:00:00.000Z',
      '2025-03-10T11:00:00.000Z',
      '2025-03-10T20:00:00.000Z',
      '2025-03-11T09:00:00.000Z',
    ];
    await tx('rw', ['saleArchive'], (t) =>
      t.saleArchive.bulkPut(archivePages(dates.map((date) => aSaleAt(date)))),
    );
    const found = await tx('r', ['saleArchive'], (t) =>
      archivedSalesBetween(t, '2025-03-10T10:00:00.000Z', '2025-03-11T08:00:00.000Z'),
    );
    expect(found.map((sale) => sale.date).sort()).toEqual([
      '2025-03-10T11:00:00.000Z',
      '2025-03-10T20:00:00.000Z',
    ]);
  });
});

describe('finding archived sales by id', () => {
  it('gives the same sales through the index (few ids) as by reading every page (many)', async () => {
    await resetDatabase();
    // 30 days of 40 sales: 30 pages, so up to 600 ids go through the index and more read every page.
    const sales = Array.from({ length: 1200 }, (_, i) =>
      aSaleAt(new Date(Date.UTC(2025, 2, 1 + (i % 30), 8, 0, i % 60)).toISOString()),
    );
    await tx('rw', ['saleArchive'], (t) => t.saleArchive.bulkPut(archivePages(sales)));
    const ids = sales.map((sale) => sale.id);
    const unknown = [newId(), newId()];
    for (const wanted of [ids.slice(0, 1), ids.slice(100, 700), ids.slice(0, 601), ids, unknown]) {
      const found = await tx('r', ARCHIVE_TABLES, (t) => archivedSales(t, [...wanted, ...unknown]));
      expect(found.map((sale) => sale.id).sort()).toEqual(
        [...wanted].filter((id) => ids.includes(id)).sort(),
      );
    }
  });
});

describe('a shop whose sales came from an import', () => {
  let sales: Sale[];
  let productId: string;
  let customerId: string;

  const exported = async () => {
    const file = JSON.parse(await (await exportAll({ now: NOW })).blob.text()) as {
      sales: { id: string }[];
      stockMovements: { id: string }[];
    };
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    return { sales: [...file.sales].sort(byId), stockMovements: [...file.stockMovements].sort(byId) };
  };
  const archivedCount = () =>
    tx('r', ARCHIVE_TABLES, async (t) =>
      (await t.saleArchive.toArray()).reduce((sum, page) => sum + page.sales.length, 0),
    );
  const liveCount = () => tx('r', ['sales'], (t) => t.sales.count());

  beforeEach(async () => {
    useStorableBlobs();
    await resetDatabase();
    await prepareLocalData({ sweep: 'off' });
    const [product] = await listProducts();
    const [customer] = await listCustomers();
    productId = product!.id;
    customerId = customer!.id;
    await completeSale(addProductToCart(emptyCart(), product!), { now: new Date('2025-05-19T10:00:00Z') });
    const onCredit = setPaymentMethod(
      setCartCustomer(addProductToCart(emptyCart(), product!), customerId),
      'credit',
    );
    await completeSale(onCredit, { now: new Date('2025-05-20T10:00:00Z') });
    const backup = await (await exportAll({ now: NOW })).blob.text();
    // A new phone: no sample shop of its own, so the file's catalogue is the only one.
    await resetDatabase();
    expect(
      await importBackupFile(new File([backup], 'sauvegarde.json', { type: 'application/json' })),
    ).toMatchObject({ ok: true });
    sales = await listSales();
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps them in the archive, where every reader finds them', async () => {
    expect(await liveCount()).toBe(0);
    expect(await archivedCount()).toBe(2);
    expect(sales.map((sale) => sale.date)).toEqual(['2025-05-20T10:00:00.000Z', '2025-05-19T10:00:00.000Z']);
    expect(await listSales(1)).toEqual([sales[0]]);
    expect(await getSale(sales[1]!.id)).toEqual(sales[1]);
    expect((await listCustomerSales(customerId)).map((sale) => sale.id)).toEqual([sales[0]!.id]);
    const history = await listStockMovements(productId);
    expect(history.filter((movement) => movement.kind === 'sale').map((m) => m.saleId)).toEqual(
      sales.map((sale) => sale.id),
    );
    const dashboard = await loadDashboard(NOW);
    expect(dashboard.today.count).toBe(1);
  });

  it('brings an archived sale back to the sales table when it changes, never twice', async () => {
    const before = await exported();
    expect(await markPrinted(sales[1]!.id)).toBe(true);
    expect(await liveCount()).toBe(1);
    expect(await archivedCount()).toBe(1);
    expect(await tx('r', ARCHIVE_TABLES, (t) => archivedSale(t, sales[1]!.id))).toBeUndefined();
    expect(await getSale(sales[1]!.id)).toMatchObject({ id: sales[1]!.id, printed: true });
    expect(await listSales()).toHaveLength(2);
    // Its movement moved with it: still once in the history and in the file.
    const history = await listStockMovements(productId);
    expect(history.filter((movement) => movement.saleId === sales[1]!.id)).toHaveLength(1);
    const after = await exported();
    expect(after.stockMovements).toEqual(before.stockMovements);
    expect(after.sales.map((sale) => sale.id)).toEqual(before.sales.map((sale) => sale.id));
  });

  it('takes a pulled version of an archived sale in its place', async () => {
    const pulled = { ...sales[1]!, ticketNumber: 'SV-000009' };
    await applyPulledChanges(
      [{ seq: 1, entity: 'sale', id: pulled.id, deleted: false, record: pulled }],
      'v1.shop.1',
    );
    const listed = await listSales();
    expect(listed).toHaveLength(2);
    expect(listed.find((sale) => sale.id === pulled.id)?.ticketNumber).toBe('SV-000009');
    expect(await archivedCount()).toBe(1);
  });

  it('keeps the movements of a removed archived sale, as for any sale', async () => {
    await tx('rw', SALE_TABLES, (t) => deleteSalesKeepingMovements(t, [sales[0]!.id]));
    expect(await listSales()).toHaveLength(1);
    expect(await archivedCount()).toBe(1);
    const history = await listStockMovements(productId);
    expect(history.filter((movement) => movement.saleId === sales[0]!.id)).toHaveLength(1);
  });

  it('imports the same file again without a duplicate, even after a sale came back to the sales table', async () => {
    const backup = await (await exportAll({ now: NOW })).blob.text();
    const before = await exported();
    await markPrinted(sales[0]!.id);
    for (let i = 0; i < 2; i++) {
      expect(
        await importBackupFile(new File([backup], 'sauvegarde.json', { type: 'application/json' })),
      ).toMatchObject({ ok: true });
      expect(await liveCount()).toBe(0);
      expect(await archivedCount()).toBe(2);
      expect(await exported()).toEqual(before);
      expect((await loadDashboard(NOW)).today.count).toBe(1);
    }
  });

  it('counts archived sales when the dashboard totals are rebuilt and when the shop is cleaned up', async () => {
    const before = await loadDashboard(NOW);
    await tx('rw', ['sales', ...ARCHIVE_TABLES, ...AGGREGATE_TABLES], rebuildSalesAggregates);
    expect(await loadDashboard(NOW)).toEqual(before);
    expect((await cleanUpDatabase()).removedCount).toBe(0);
    expect(await listSales()).toEqual(sales);
  });

  it("keeps the file's other movements by product, and takes one out when a newer version comes", async () => {
    const opening = (await listStockMovements(productId)).find((movement) => movement.kind !== 'sale');
    if (!opening) throw new Error('no opening movement');
    expect(await tx('r', ['stockMovements'], (t) => t.stockMovements.get(opening.id))).toBeUndefined();
    expect(await tx('r', ARCHIVE_TABLES, (t) => archivedOtherMovements(t, [opening.id]))).toEqual([opening]);

    const corrected = { ...opening, note: 'Recompté' };
    await applyPulledChanges(
      [{ seq: 1, entity: 'stockMovement', id: opening.id, deleted: false, record: corrected }],
      'v1.shop.1',
    );
    const history = await listStockMovements(productId);
    expect(history.filter((movement) => movement.id === opening.id)).toEqual([corrected]);
    expect(await tx('r', ARCHIVE_TABLES, (t) => archivedOtherMovements(t, [opening.id]))).toEqual([]);

    await applyPulledChanges(
      [{ seq: 2, entity: 'stockMovement', id: opening.id, deleted: true }],
      'v1.shop.2',
    );
    expect((await listStockMovements(productId)).some((movement) => movement.id === opening.id)).toBe(false);
  });

  it('leaves out only the corrupt sales of an archive page at start', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [page] = await tx('r', ARCHIVE_TABLES, (t) => t.saleArchive.toArray());
    const spoiled: ArchivePage = {
      ...page!,
      sales: [...page!.sales, { ...page!.sales[0]!, id: newId(), total: Number.NaN }],
    };
    await tx('rw', ARCHIVE_TABLES, (t) => t.saleArchive.put(spoiled));
    const removal = await removeCorruptEntries(['saleArchive']);
    expect(removal.byTable).toEqual({ saleArchive: 1 });
    const [repaired] = await tx('r', ARCHIVE_TABLES, (t) => t.saleArchive.toArray());
    expect(repaired).toEqual(archivePage(page!.sales, page!.key));
    expect((await listSales()).map(saleOf)).toEqual(sales);
  });
});
