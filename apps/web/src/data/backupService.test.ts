import {
  addProductToCart,
  DEFAULT_IMPORT_LIMITS,
  emptyCart,
  setCartCustomer,
  setPaymentMethod,
} from '@hanouti/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportAll, importBackupFile } from './backupService';
import { completeSale } from './checkoutRepository';
import { addCredit, listCustomers } from './customersRepository';
import { loadDashboard } from './dashboardRepository';
import { pendingOperations } from './outbox';
import { listProducts, loadPhoto, saveProduct, savePhoto } from './productsRepository';
import { listSales } from './salesRepository';
import { prepareLocalData } from './startup';
import { adjustStock } from './stockRepository';
import { clearFault, failAtWrite, resetDatabase, useStorableBlobs } from './testDatabase';

const NOW = new Date('2025-05-20T12:00:00Z');

beforeEach(async () => {
  useStorableBlobs();
  await resetDatabase();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The sample shop with a photo, a stock change, a cash sale, a sale on the carnet and a credit entry. */
async function aBusyShop(): Promise<void> {
  await prepareLocalData();
  const [product] = await listProducts();
  const [customer] = await listCustomers();
  const photoId = await savePhoto({
    blob: new Blob([new Uint8Array([255, 216, 255, 1, 2, 3])], { type: 'image/jpeg' }),
    thumbnail: new Blob([new Uint8Array([255, 216])], { type: 'image/jpeg' }),
    mime: 'image/jpeg',
  });
  await saveProduct({ ...product!, photoId });
  await adjustStock(product!.id, 10);
  await completeSale(addProductToCart(emptyCart(), product!), { now: new Date('2025-05-19T10:00:00Z') });
  const onCredit = setPaymentMethod(
    setCartCustomer(addProductToCart(emptyCart(), product!), customer!.id),
    'credit',
  );
  await completeSale(onCredit, { now: new Date('2025-05-20T10:00:00Z') });
  await addCredit(customer!.id, 2500, 'Pain');
}

async function exportText(): Promise<string> {
  return (await exportAll({ now: NOW })).blob.text();
}

const fileOf = (text: string, name = 'hanouti-sauvegarde-2025-05-20.json') =>
  new File([text], name, { type: 'application/json' });

describe('export', () => {
  it('writes the spec format with a dated file name, photos as data URLs', async () => {
    await aBusyShop();
    const { blob, filename } = await exportAll({ now: NOW });
    expect(filename).toBe('hanouti-sauvegarde-2025-05-20.json');
    const file = JSON.parse(await blob.text()) as {
      exportDate: string;
      products: { photo?: string }[];
      sales: unknown[];
      customers: unknown[];
      creditTransactions: unknown[];
    };
    expect(file.exportDate).toBe(NOW.toISOString());
    expect(file.products).toHaveLength(4);
    expect(file.sales).toHaveLength(2);
    expect(file.customers).toHaveLength(2);
    expect(file.creditTransactions).toHaveLength(2);
    const withPhoto = file.products.find((p) => p.photo);
    expect(withPhoto?.photo).toBe('data:image/jpeg;base64,/9j/AQID');
  });
});

describe('import', () => {
  it('restores a backup on an empty phone: records, photos, stock, balances and dashboard', async () => {
    await aBusyShop();
    const backup = await exportText();
    const dashboard = await loadDashboard(NOW);
    await resetDatabase();
    const outcome = await importBackupFile(fileOf(backup));
    expect(outcome).toMatchObject({ ok: true });
    expect(await exportText()).toBe(backup);
    expect(await loadDashboard(NOW)).toEqual(dashboard);
    const product = (await listProducts()).find((p) => p.photoId);
    const photo = await loadPhoto(product!.photoId!);
    expect(new Uint8Array(await photo!.blob.arrayBuffer())).toEqual(new Uint8Array([255, 216, 255, 1, 2, 3]));
  });

  it('creates no duplicates when the same backup is imported twice', async () => {
    await aBusyShop();
    const backup = await exportText();
    const dashboard = await loadDashboard(NOW);
    expect((await importBackupFile(fileOf(backup))).ok).toBe(true);
    expect((await importBackupFile(fileOf(backup))).ok).toBe(true);
    expect(await exportText()).toBe(backup);
    expect(await loadDashboard(NOW)).toEqual(dashboard);
    expect(await listSales()).toHaveLength(2);
  });

  it("imports the original app's format (decimal MAD, ids that are not UUIDs)", async () => {
    const legacy = JSON.stringify({
      products: [
        {
          id: 'p1',
          name: 'Sucre',
          brand: 'Cosumar',
          category: 'Épicerie',
          purchasePrice: 10.8,
          salePrice: 12,
          vat: 0,
          stock: 5,
          reorderThreshold: 5,
          created_at: '2024-01-02T10:00:00.000Z',
        },
      ],
      customers: [{ id: 'c1', name: 'Ahmed', phone: '0600000000', creditBalance: 20.5, totalPurchases: 0 }],
      sales: [],
      creditTransactions: [],
      exportDate: '2024-02-01T10:00:00.000Z',
    });
    const outcome = await importBackupFile(fileOf(legacy, 'sauvegarde.JSON'));
    expect(outcome).toMatchObject({ ok: true });
    const [product] = await listProducts();
    expect(product).toMatchObject({ name: 'Sucre', salePrice: 1200, purchasePrice: 1080, stock: 5 });
    const [customer] = await listCustomers();
    expect(customer?.creditBalance).toBe(2050);
    expect((await pendingOperations()).length).toBeGreaterThan(0);
  });

  describe('a bad file changes nothing', () => {
    const product = {
      id: '01960000-0000-7000-8000-000000000001',
      name: 'Thé',
      brand: '',
      category: 'Thé',
      purchasePrice: 10,
      salePrice: 12,
      vat: 20,
      stock: 3,
      reorderThreshold: 5,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    const cases: [label: string, text: string, reason: string, name?: string][] = [
      ['not a .json name', JSON.stringify({ products: [product] }), 'not-json-file', 'sauvegarde.txt'],
      ['truncated JSON', JSON.stringify({ products: [product] }).slice(0, 40), 'invalid-json'],
      [
        'a wrong-typed record',
        JSON.stringify({ products: [{ ...product, stock: 'beaucoup' }] }),
        'invalid-quantity',
      ],
      ['a huge number', JSON.stringify({ products: [{ ...product, salePrice: 1e308 }] }), 'invalid-money'],
      [
        'duplicate ids',
        JSON.stringify({ products: [product, { ...product, name: 'Autre' }] }),
        'duplicate-id',
      ],
      ['a __proto__ key', `{"products":[{"__proto__":{"polluted":true},"id":"x"}]}`, 'forbidden-key'],
      [
        'a constructor key deep inside',
        JSON.stringify({ sales: [{ items: [{ constructor: { prototype: 1 } }] }] }),
        'forbidden-key',
      ],
      ['not a backup at all', JSON.stringify([1, 2, 3]), 'not-a-backup'],
    ];

    it('accepts the well-formed product these cases spoil', async () => {
      expect(await importBackupFile(fileOf(JSON.stringify({ products: [product] })))).toMatchObject({
        ok: true,
      });
      expect((await listProducts()).map((p) => p.name)).toEqual(['Thé']);
    });

    it.each(cases)('refuses %s', async (_label, text, reason, name) => {
      await aBusyShop();
      const before = await exportText();
      const operations = (await pendingOperations()).length;
      const outcome = await importBackupFile(fileOf(text, name));
      expect(outcome).toMatchObject({ ok: false, error: 'import-invalid' });
      if (!outcome.ok) {
        const firstRejection = outcome.report?.rejections[0]?.code;
        expect(outcome.reason === reason || firstRejection === reason).toBe(true);
      }
      expect(await exportText()).toBe(before);
      expect(await pendingOperations()).toHaveLength(operations);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('refuses a file too large to be a backup without reading it', async () => {
      const text = vi.fn(() => Promise.reject(new Error('must not be read')));
      const huge = {
        name: 'enorme.json',
        size: DEFAULT_IMPORT_LIMITS.maxChars * 3 + 1,
        text,
      } as unknown as File;
      expect(await importBackupFile(huge)).toMatchObject({
        ok: false,
        error: 'import-invalid',
        reason: 'too-large',
      });
      expect(text).not.toHaveBeenCalled();
    });

    it('leaves nothing written when the write fails halfway', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await aBusyShop();
      const backup = await exportText();
      await resetDatabase();
      await prepareLocalData();
      const before = await exportText();
      await failAtWrite(5);
      try {
        expect(await importBackupFile(fileOf(backup))).toMatchObject({ ok: false, reason: 'write-failed' });
      } finally {
        await clearFault();
      }
      expect(await exportText()).toBe(before);
    });
  });
});
