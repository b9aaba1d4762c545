import { addProductToCart, balanceFromLedger, emptyCart, newId } from '@hanouti/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeSale } from './checkoutRepository';
import { addCredit, getCustomer, listCreditTransactions, listCustomers } from './customersRepository';
import { loadDashboard } from './dashboardRepository';
import {
  checkDataIntegrity,
  cleanUpDatabase,
  previewBackupFile,
  readStorageState,
  requestPersistentStorage,
} from './dataCareService';
import { tx } from './db';
import { pendingOperations } from './syncStore';
import { listProducts } from './productsRepository';
import { listSales } from './salesRepository';
import { aCustomer, aProduct, clearFault, failAtWrite, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);
afterEach(() => vi.restoreAllMocks());

/** Two copies of a product, two of a customer (each owing), and an entry of a customer who is gone. */
async function aShopWithDuplicates() {
  const tea = aProduct({ stock: 4, updatedAt: '2025-03-02T10:00:00.000Z' });
  const teaAgain = aProduct({ name: ' THÉ VERT ', stock: 6 });
  const fatima = aCustomer({ phone: '06 12 34 56 78' });
  const fatimaAgain = aCustomer({ phone: '+212612345678', createdAt: '2025-03-05T10:00:00.000Z' });
  await storeRecords({ products: [tea, teaAgain], customers: [fatima, fatimaAgain] });
  await addCredit(fatima.id, 1000, 'Pain');
  await addCredit(fatimaAgain.id, 500, 'Lait');
  const ghost = aCustomer({ name: 'Parti' });
  await storeRecords({ customers: [ghost] });
  await addCredit(ghost.id, 300, 'Ancienne dette');
  await tx('rw', ['customers'], (t) => t.customers.delete(ghost.id));
  return { tea, teaAgain, fatima, fatimaAgain };
}

describe('integrity check', () => {
  it('lists the duplicates and dangling entries with their labels', async () => {
    const { tea, fatima } = await aShopWithDuplicates();
    const report = await checkDataIntegrity();
    expect(report.issues.map(({ kind, label }) => ({ kind, label }))).toEqual([
      { kind: 'duplicate-product', label: tea.name },
      { kind: 'duplicate-customer', label: fatima.name },
      { kind: 'credit-missing-customer', label: 'Ancienne dette' },
    ]);
    expect(report.recommendations).toEqual(['run-cleanup']);
  });

  it('says how far it is: the 5 lists read one by one, then the check, up to 6 of 6', async () => {
    await aShopWithDuplicates();
    const progress: { step: string; done: number; total: number }[] = [];
    await checkDataIntegrity((event) => progress.push(event));
    expect(progress[0]).toEqual({ step: 'reading', done: 0, total: 6 });
    expect(progress.at(-1)).toEqual({ step: 'checking', done: 6, total: 6 });
    expect(progress.map((event) => event.done)).toEqual([0, 1, 2, 3, 4, 5, 5, 6]);
  });
});

describe('cleanup', () => {
  it('merges the duplicates and removes dangling entries in one go, keeping stock and money owed', async () => {
    const { tea, fatima } = await aShopWithDuplicates();
    const outcome = await cleanUpDatabase();
    // one product, one customer, one credit entry removed
    expect(outcome.removedCount).toBe(3);
    const products = await listProducts();
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ id: tea.id, stock: 10 });
    const customers = await listCustomers();
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ id: fatima.id, creditBalance: 1500 });
    expect(balanceFromLedger(await listCreditTransactions(fatima.id))).toBe(1500);
    expect((await checkDataIntegrity()).issues).toEqual([]);
    const types = (await pendingOperations()).map((op) => op.type);
    expect(types).toContain('product.delete');
    expect(types).toContain('customer.delete');
  });

  it('says how far it is, step after step, up to every write done', async () => {
    await aShopWithDuplicates();
    const progress: { step: string; done: number; total: number }[] = [];
    await cleanUpDatabase((event) => progress.push(event));
    const steps = ['archives', 'reading', 'planning', 'writing'];
    const order = progress.map((event) => steps.indexOf(event.step));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(progress.map((event) => event.step))).toEqual(new Set(steps));
    const writing = progress.filter((event) => event.step === 'writing');
    expect(writing.map((event) => event.done)).toEqual(writing.map((_, i) => i));
    expect(writing.at(-1)?.done).toBe(writing.at(-1)?.total);
  });

  it('says the database is already clean the second time, and writes nothing', async () => {
    await aShopWithDuplicates();
    await cleanUpDatabase();
    const before = (await pendingOperations()).length;
    expect((await cleanUpDatabase()).removedCount).toBe(0);
    expect((await pendingOperations()).length).toBe(before);
  });

  it('removes a sale recorded twice and rebuilds the dashboard totals from what remains', async () => {
    const product = aProduct({ stock: 10 });
    await storeRecords({ products: [product] });
    const when = new Date('2025-05-20T10:00:10Z');
    const first = await completeSale(addProductToCart(emptyCart(), product), { now: when });
    expect(first.ok).toBe(true);
    const [sale] = await listSales();
    await tx('rw', ['sales'], (t) => t.sales.put({ ...sale!, id: newId(), ticketNumber: 'A-999999' }));
    expect((await cleanUpDatabase()).removedCount).toBe(1);
    expect(await listSales()).toHaveLength(1);
    const dashboard = await loadDashboard(new Date('2025-05-20T12:00:00Z'));
    expect(dashboard.today).toEqual({ total: sale!.total, count: 1 });
  });

  it('changes nothing when the transaction fails', async () => {
    const { fatima } = await aShopWithDuplicates();
    await failAtWrite(2);
    await expect(cleanUpDatabase()).rejects.toThrow();
    await clearFault();
    expect(await listProducts()).toHaveLength(2);
    expect(await listCustomers()).toHaveLength(2);
    expect((await getCustomer(fatima.id))?.creditBalance).toBe(1000);
  });
});

describe('import preview', () => {
  const fileOf = (text: string, name = 'sauvegarde.json') => new File([text], name);

  it('counts what the file holds without writing anything', async () => {
    const product = aProduct();
    const text = JSON.stringify({
      exportDate: '2025-05-20T12:00:00.000Z',
      products: [{ ...product, purchasePrice: 10, salePrice: 15 }],
      customers: [{ ...aCustomer(), creditBalance: 0, totalPurchases: 0 }],
    });
    const preview = await previewBackupFile(fileOf(text));
    expect(preview).toMatchObject({ ok: true, exportDate: '2025-05-20T12:00:00.000Z', hasSettings: false });
    if (!preview.ok) return;
    expect(preview.report.lists.products.accepted).toBe(1);
    expect(preview.report.lists.customers.accepted).toBe(1);
    expect(await listProducts()).toEqual([]);
  });

  it('refuses a file that is not .json, or not a backup', async () => {
    expect(await previewBackupFile(fileOf('{}', 'photo.png'))).toEqual({
      ok: false,
      reason: 'not-json-file',
    });
    expect(await previewBackupFile(fileOf('not json'))).toEqual({ ok: false, reason: 'invalid-json' });
    expect(await previewBackupFile(fileOf('[1,2]'))).toEqual({ ok: false, reason: 'not-a-backup' });
  });
});

describe('storage state', () => {
  it('reports use, quota and persistence as the browser gives them', async () => {
    const storage = {
      estimate: () => Promise.resolve({ usage: 2048, quota: 1_000_000 }),
      persisted: () => Promise.resolve(false),
      persist: () => Promise.resolve(true),
    } as unknown as StorageManager;
    expect(await readStorageState(storage)).toEqual({
      usage: 2048,
      quota: 1_000_000,
      persisted: false,
      supported: true,
    });
    expect(await requestPersistentStorage(storage)).toBe(true);
  });

  it('says nothing is known without a StorageManager', async () => {
    expect(await readStorageState(undefined)).toEqual({
      usage: undefined,
      quota: undefined,
      persisted: false,
      supported: false,
    });
    expect(await requestPersistentStorage(undefined)).toBe(false);
  });
});
