import {
  addProductToCart,
  backupFileText,
  balanceFromLedger,
  DEFAULT_IMPORT_LIMITS,
  DEFAULT_SETTINGS,
  emptyCart,
  newId,
  checkOperationPayload,
  parseBackupText,
  setCartCustomer,
  setPaymentMethod,
  stockFromMovements,
  supplierBalance,
} from '@hanouti/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportAll, importBackupFile } from './backupService';
import { completeSale } from './checkoutRepository';
import { addCredit, addPayment, listCreditTransactions, listCustomers } from './customersRepository';
import { loadDashboard } from './dashboardRepository';
import { OPERATION_BATCH_SIZE } from './outbox';
import { pendingOperations } from './syncStore';
import { tx } from './db';
import { dataUrlFromBlob } from './dataUrls';
import { listProducts, loadPhoto, saveProduct, savePhoto } from './productsRepository';
import { embeddedMovements, saleOf } from './saleRecords';
import { listSales } from './salesRepository';
import { prepareLocalData } from './startup';
import { adjustStock, listStockMovements } from './stockRepository';
import {
  addSupplier,
  getSupplier,
  listSupplierEntries,
  listSuppliers,
  receiveOnCredit,
  recordDelivery,
  recordPayment,
} from './suppliersRepository';
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

  it("is compact JSON, exactly core's file for the stored records, and reads back whole", async () => {
    await aBusyShop();
    const text = await exportText();
    const stored = await tx(
      'r',
      ['products', 'sales', 'customers', 'creditTransactions', 'stockMovements', 'photos', 'settings'],
      async (t) => ({
        products: await t.products.toArray(),
        // The file lists the sales alone and every movement, those kept inside the sales first.
        sales: (await t.sales.toArray()).map(saleOf),
        customers: await t.customers.toArray(),
        creditTransactions: await t.creditTransactions.toArray(),
        stockMovements: [
          ...(await t.sales.toArray()).flatMap(embeddedMovements),
          ...(await t.stockMovements.toArray()),
        ],
        photos: await t.photos.toArray(),
        settings: (await t.settings.toArray())[0] ?? DEFAULT_SETTINGS,
      }),
    );
    const photos = await Promise.all(
      stored.photos.map(async (p) => ({ id: p.id, dataUrl: await dataUrlFromBlob(p.blob, p.mime) })),
    );
    expect(text).toBe(backupFileText({ ...stored, photos }, NOW.toISOString()));
    expect(text).not.toContain('\n');
    const parsed = parseBackupText(text);
    expect(parsed.ok && parsed.report.rejectedCount).toBe(0);
  });

  it('pages through tables larger than one page', async () => {
    await prepareLocalData();
    const [product] = await listProducts();
    const movements = Array.from({ length: 2500 }, (_, i) => ({
      id: newId(),
      productId: product!.id,
      kind: 'adjustment' as const,
      delta: 1,
      at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
    }));
    await tx('rw', ['stockMovements'], (t) => t.stockMovements.bulkPut(movements));
    const file = JSON.parse(await exportText()) as { stockMovements: { id: string }[] };
    expect(file.stockMovements).toHaveLength(2500 + 4);
    expect(new Set(file.stockMovements.map((m) => m.id)).size).toBe(2504);
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

  it('keeps stock = Σ movements and balance = Σ entries when the phone has records the file lacks', async () => {
    await aBusyShop();
    const backup = await exportText();
    // After the backup, the phone goes on: a stock change, a sale, a payment.
    const [product] = await listProducts();
    const [customer] = (await listCustomers()).filter((c) => c.creditBalance > 0);
    await adjustStock(product!.id, 10);
    await completeSale(addProductToCart(emptyCart(), product!));
    await addPayment(customer!.id, 100, 'Versement');
    // A product and a customer the file does not know, but whose ledger the file extends.
    const extraProduct = { ...product!, id: newId(), name: 'Henné' };
    await tx('rw', ['products', 'stockMovements'], async (t) => {
      await t.products.put(extraProduct);
      await t.stockMovements.put({
        id: newId(),
        productId: extraProduct.id,
        kind: 'import',
        delta: extraProduct.stock,
        at: '2025-05-19T09:00:00.000Z',
      });
    });
    const file = JSON.parse(backup) as { stockMovements: unknown[] };
    file.stockMovements.push({
      id: newId(),
      productId: extraProduct.id,
      kind: 'restock',
      delta: 7,
      at: '2025-05-20T09:00:00.000Z',
    });

    expect(await importBackupFile(fileOf(JSON.stringify(file)))).toMatchObject({ ok: true });
    for (const p of await listProducts()) {
      expect(p.stock).toBe(stockFromMovements(await listStockMovements(p.id)));
    }
    expect((await listProducts()).find((p) => p.id === extraProduct.id)?.stock).toBe(extraProduct.stock + 7);
    for (const c of await listCustomers()) {
      expect(c.creditBalance).toBe(balanceFromLedger(await listCreditTransactions(c.id)));
    }
  });

  it('records the import as batched operations, one seq per record, after those already there', async () => {
    await aBusyShop();
    const backup = await exportText();
    await resetDatabase();
    await prepareLocalData();
    const before = await pendingOperations();
    const outcome = await importBackupFile(fileOf(backup));
    if (!outcome.ok) throw new Error(outcome.reason);
    const { lists } = outcome.report;
    const entries = await tx('r', ['outbox'], (t) => t.outbox.toArray());
    const ops = await pendingOperations();
    // product, customer, stock, sale, credit and settings operations: each type fits in one batch here.
    expect(entries.length - before.length).toBeLessThanOrEqual(6);
    expect(entries.every((entry) => (entry.batch ?? 1) <= OPERATION_BATCH_SIZE)).toBe(true);
    expect(ops.map((op) => op.seq)).toEqual(ops.map((_, index) => index + 1));
    expect(ops.filter((op) => op.type === 'sale.record').length).toBe(lists.sales.accepted);
    expect(ops.filter((op) => op.type === 'credit.record').length).toBe(lists.creditTransactions.accepted);
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

  it("imports the spec app's credit book whole: floored payments paid up to the balance, a stated balance kept by a 'Solde importé' entry that syncs", async () => {
    const book = JSON.stringify({
      products: [],
      sales: [],
      customers: [
        {
          id: 'c1',
          name: 'Ahmed',
          phone: '',
          creditBalance: 95,
          totalPurchases: 0,
          createdAt: '2024-01-01T08:00:00.000Z',
        },
        {
          id: 'c2',
          name: 'Khadija',
          phone: '',
          creditBalance: 0,
          totalPurchases: 0,
          createdAt: '2024-01-01T08:00:00.000Z',
        },
      ],
      creditTransactions: [
        {
          id: '1',
          customerId: 'c1',
          type: 'credit',
          amount: 40,
          description: 'Courses',
          date: '2024-01-10T08:00:00.000Z',
        },
        // 60 paid on 40 owed: the spec's app floored the balance at 0.
        {
          id: '2',
          customerId: 'c1',
          type: 'payment',
          amount: 60,
          description: '',
          date: '2024-01-11T08:00:00.000Z',
        },
        {
          id: '3',
          customerId: 'c1',
          type: 'credit',
          amount: 30,
          description: 'Lait',
          date: '2024-01-12T08:00:00.000Z',
        },
        // Nothing owed: it changed no balance.
        {
          id: '4',
          customerId: 'c2',
          type: 'payment',
          amount: 10,
          description: '',
          date: '2024-01-12T08:00:00.000Z',
        },
      ],
      exportDate: '2024-02-01T10:00:00.000Z',
    });
    const outcome = await importBackupFile(fileOf(book));
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.report.lists.creditTransactions).toEqual({
      accepted: 3,
      reconciled: 1,
      skipped: 1,
      rejected: 0,
    });
    expect(outcome.report.lists.customers).toMatchObject({ accepted: 2, reconciled: 1 });
    const ahmed = (await listCustomers()).find((c) => c.name === 'Ahmed')!;
    // 40 − 40 + 30 = 30 by the entries; 95 stated: a credit of 65 "Solde importé" at the export.
    expect(ahmed.creditBalance).toBe(9500);
    const entries = await listCreditTransactions(ahmed.id);
    expect(balanceFromLedger(entries)).toBe(9500);
    expect(entries.map((e) => [e.type, e.amount, e.description])).toEqual(
      expect.arrayContaining([
        ['payment', 4000, ''],
        ['credit', 6500, 'Solde importé'],
      ]),
    );
    const khadija = (await listCustomers()).find((c) => c.name === 'Khadija')!;
    expect(await listCreditTransactions(khadija.id)).toEqual([]);
    const adjustment = entries.find((e) => e.description === 'Solde importé')!;
    const ops = await pendingOperations();
    expect(
      ops.filter((op) => op.type === 'credit.record').map((op) => (op.payload as { id: string }).id),
    ).toContain(adjustment.id);
    // The same file again changes nothing.
    await importBackupFile(fileOf(book));
    expect(await listCreditTransactions(ahmed.id)).toHaveLength(entries.length);
    expect((await listCustomers()).find((c) => c.name === 'Ahmed')?.creditBalance).toBe(9500);
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

describe('import of the supplier notebook', () => {
  /** A shop with two suppliers: a Réception à crédit then a payment to one, an advance to the other. */
  async function aShopWithSuppliers() {
    await prepareLocalData();
    const [product] = await listProducts();
    const dairy = await addSupplier({ name: 'Centrale Laitière', phone: '0612345678' });
    const water = await addSupplier({ name: 'Sidi Ali' });
    if (!dairy.ok || !water.ok) throw new Error('supplier refused');
    const received = await receiveOnCredit(product!.id, 12, undefined, dairy.supplier.id, 48_000);
    if (!received.ok) throw new Error(received.error);
    await recordPayment(dairy.supplier.id, 20_000, 'Espèces');
    await recordDelivery(water.supplier.id, 9_950, 'Eau 1,5 L');
    return { dairy: dairy.supplier, water: water.supplier, movementId: received.movement.id };
  }

  const notebook = async () => {
    const suppliers = await listSuppliers();
    return Promise.all(
      suppliers.map(async (supplier) => ({ supplier, entries: await listSupplierEntries(supplier.id) })),
    );
  };

  it('restores the suppliers, their entries and balances from an export, with their operations in the outbox', async () => {
    const { dairy, movementId } = await aShopWithSuppliers();
    const before = await notebook();
    const backup = await exportText();
    expect((JSON.parse(backup) as { suppliers?: unknown[] }).suppliers).toHaveLength(2);
    await resetDatabase();

    const outcome = await importBackupFile(fileOf(backup));
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.report.lists.suppliers).toMatchObject({ accepted: 2, rejected: 0 });
    expect(outcome.report.lists.supplierEntries).toMatchObject({ accepted: 3, rejected: 0 });
    expect(await notebook()).toEqual(before);
    const restored = await getSupplier(dairy.id);
    expect(restored?.balance).toBe(48_000 - 20_000);
    expect(restored?.balance).toBe(supplierBalance(await listSupplierEntries(dairy.id)));
    expect(await exportText()).toBe(backup);

    const ops = await pendingOperations();
    const upserts = ops.filter((op) => op.type === 'supplier.upsert');
    const records = ops.filter((op) => op.type === 'supplier.record');
    expect(upserts.map((op) => (op.payload as { id: string }).id).sort()).toEqual(
      before.map(({ supplier }) => supplier.id).sort(),
    );
    expect(records).toHaveLength(3);
    for (const op of records) {
      // Valid for the server: an entry without movements names none (the movement syncs as 'stock.move').
      expect(checkOperationPayload('supplier.record', op.payload).ok).toBe(true);
      expect((op.payload as { movements: unknown[] }).movements).toEqual([]);
    }
    expect(
      ops.some((op) => op.type === 'stock.move' && (op.payload as { id: string }).id === movementId),
    ).toBe(true);
    // Each supplier is upserted before its entries are recorded.
    const lastUpsert = Math.max(...upserts.map((op) => op.seq));
    expect(records.every((op) => op.seq > lastUpsert)).toBe(true);
  });

  it('keeps balance = Σ entries over the phone’s own entries the file lacks, and refuses a hostile notebook whole', async () => {
    const { dairy } = await aShopWithSuppliers();
    const backup = await exportText();
    await recordPayment(dairy.id, 3_000, 'Après la sauvegarde');
    expect((await importBackupFile(fileOf(backup))).ok).toBe(true);
    expect((await getSupplier(dairy.id))?.balance).toBe(48_000 - 20_000 - 3_000);

    const snapshot = await exportText();
    const file = JSON.parse(backup) as { supplierEntries: { amount: unknown }[] };
    file.supplierEntries[0]!.amount = -1e9;
    const refused = await importBackupFile(fileOf(JSON.stringify(file)));
    expect(refused.ok).toBe(false);
    expect(await exportText()).toBe(snapshot);
  });
});
