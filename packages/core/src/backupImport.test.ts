import { describe, expect, it } from 'vitest';
import { parseBackupText } from './backupImport.js';
import type { ImportPlan, ImportReport } from './backupImport.js';
import { exportBackup } from './backup.js';
import { DEFAULT_SETTINGS, productSchema, saleSchema } from './entities.js';
import type { Product } from './entities.js';
import { isUuid, newId } from './ids.js';
import { balanceFromLedger } from './ledger.js';
import { stockFromMovements } from './stock.js';

const T0 = '2025-01-10T09:00:00.000Z';
const PHOTO = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD';

function product(over: Partial<Product> = {}): Product {
  return {
    id: newId(),
    name: 'Thé vert Sultan',
    brand: 'Sultan',
    category: 'Thé',
    purchasePrice: 1450,
    salePrice: 1700,
    vat: 20,
    stock: 0,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

/** A version-2 file with the given products in the spec's format, as text. */
function fileWith(fields: Record<string, unknown>): string {
  return JSON.stringify({ formatVersion: 2, exportDate: T0, ...fields });
}

function imported(text: string): { plan: ImportPlan; report: ImportReport } {
  const result = parseBackupText(text);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return { plan: result.backup, report: result.report };
}

function rawProduct(over: Record<string, unknown> = {}) {
  return {
    id: newId(),
    name: 'Huile Lesieur 1L',
    brand: 'Lesieur',
    category: 'Huiles',
    purchasePrice: 19,
    salePrice: 21.5,
    vat: 10,
    stock: 0,
    reorderThreshold: 5,
    is_bulk: false,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

/** A file as the original app wrote it: no version, decimals, snake_case columns, ids that are not UUIDs. */
const V1_FILE = JSON.stringify({
  exportDate: '2024-06-01T10:00:00.000Z',
  products: [
    {
      id: 'p1',
      name: '  Sucre en morceaux Cosumar ',
      brand: 'Cosumar',
      category: 'Épicerie',
      purchase_price: 10.8,
      sale_price: 12,
      vat: 0,
      stock: 20,
      reorder_threshold: 5,
      created_at: '2024-05-01T08:00:00.000Z',
      updated_at: '2024-05-02T08:00:00.000Z',
      photo: PHOTO,
    },
    {
      id: 1717236000000,
      name: 'Olives vertes',
      brand: '',
      category: 'Vrac',
      purchase_price: 18,
      sale_price: 25.5,
      vat: 0,
      stock: 3.25,
      is_bulk: true,
      pack_size: 1,
      created_at: '2024-05-01T08:00:00',
    },
  ],
  sales: [
    {
      id: '1717236999999',
      date: '2024-06-01T09:30:00.000Z',
      items: [
        { productId: 'p1', productName: 'Sucre en morceaux Cosumar', quantity: 2, unitPrice: 12, total: 24 },
        {
          productId: 1717236000000,
          productName: 'Olives vertes',
          quantity: 0.5,
          unitPrice: 25.5,
          total: 12.75,
        },
      ],
      subtotal: 36.75,
      vat: 0,
      discount: 0,
      total: 36.75,
      paymentMethod: 'cash',
      printed: true,
      shared: false,
      customerId: 'c1',
    },
  ],
  customers: [
    {
      id: 'c1',
      name: 'Youssef Benali',
      phone: '0772345681',
      creditBalance: 99,
      totalPurchases: 36.75,
      createdAt: '2024-05-01T08:00:00.000Z',
    },
    {
      id: 'c2',
      name: 'Fatima Zahra',
      phone: '0661234567',
      creditBalance: 50,
      totalPurchases: 0,
      createdAt: '2024-05-01T08:00:00.000Z',
    },
  ],
  creditTransactions: [
    {
      id: 't1',
      customerId: 'c1',
      type: 'credit',
      amount: 40,
      description: 'Courses',
      date: '2024-05-10T08:00:00.000Z',
    },
    {
      id: 't2',
      customerId: 'c1',
      type: 'payment',
      amount: 15.5,
      description: '',
      date: '2024-05-11T08:00:00.000Z',
    },
  ],
  settings: {
    storeName: 'Hanout Atlas',
    storePhone: '0524000000',
    storeAddress: 'Gueliz, Marrakech',
    language: 'ar',
    currency: 'MAD',
    defaultVAT: 20,
    printerConnected: false,
  },
});

describe('parseBackupText refuses the whole file', () => {
  it('above the size limit, before reading it', () => {
    expect(parseBackupText('{"products": [', { maxChars: 5 })).toEqual({ ok: false, error: 'too-large' });
    expect(parseBackupText(fileWith({ products: [] }), { maxChars: 10 })).toEqual({
      ok: false,
      error: 'too-large',
    });
  });

  it('when the JSON is truncated or not JSON', () => {
    const text = fileWith({ products: [rawProduct()] });
    expect(parseBackupText(text.slice(0, -7))).toEqual({ ok: false, error: 'invalid-json' });
    expect(parseBackupText('')).toEqual({ ok: false, error: 'invalid-json' });
    expect(parseBackupText('{"products": [{"salePrice": NaN}]}')).toEqual({
      ok: false,
      error: 'invalid-json',
    });
  });

  it('when it is not a backup', () => {
    for (const text of ['[]', 'null', '"products"', '42', '{"foo": [1]}', '{"products": {"a": 1}}']) {
      expect(parseBackupText(text)).toEqual({ ok: false, error: 'not-a-backup' });
    }
  });

  it('when it comes from a newer or unknown format', () => {
    expect(parseBackupText(fileWith({ formatVersion: 3, products: [] }))).toEqual({
      ok: false,
      error: 'unsupported-version',
    });
    expect(parseBackupText(fileWith({ formatVersion: '2', products: [] }))).toEqual({
      ok: false,
      error: 'unsupported-version',
    });
  });

  it.each([
    ['at the top', '{"__proto__": {"polluted": 1}, "products": []}'],
    ['in a product', `{"products": [{"id": "p1", "__proto__": {"polluted": 1}}]}`],
    ['deep in a sale line', `{"sales": [{"items": [{"x": {"y": {"__proto__": {"polluted": 1}}}}]}]}`],
    ['as constructor', `{"products": [{"constructor": {"prototype": {"polluted": 1}}}]}`],
    ['as prototype', `{"settings": {"prototype": 1}}`],
  ])('when a prototype key appears %s', (_where, text) => {
    expect(parseBackupText(text)).toEqual({ ok: false, error: 'forbidden-key' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when it nests deeper than the limit', () => {
    const deep = `${'['.repeat(40)}1${']'.repeat(40)}`;
    expect(parseBackupText(`{"products": [{"description": ${deep}}]}`)).toEqual({
      ok: false,
      error: 'too-deep',
    });
    const file = fileWith({ products: [rawProduct()] });
    expect(parseBackupText(file, { maxDepth: 2 })).toEqual({ ok: false, error: 'too-deep' });
    expect(parseBackupText(file, { maxDepth: 3 }).ok).toBe(true);
  });

  it('survives a nesting far beyond the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(parseBackupText(`{"products": ${deep}}`)).toEqual({ ok: false, error: 'too-deep' });
  });
});

describe('parseBackupText checks every record', () => {
  it.each([
    ['a price as text', { salePrice: '21.50' }, 'invalid-money', 'salePrice'],
    ['a negative price', { purchasePrice: -1 }, 'invalid-money', 'purchasePrice'],
    ['a huge price', { salePrice: 1e308 }, 'invalid-money', 'salePrice'],
    ['a null price', { salePrice: null }, 'invalid-money', 'salePrice'],
    ['a huge stock', { stock: 1e308 }, 'invalid-quantity', 'stock'],
    ['a name that is a number', { name: 42 }, 'invalid-field', 'name'],
    ['an empty name', { name: '   ' }, 'invalid-field', 'name'],
    ['a VAT rate Morocco does not have', { vat: 15 }, 'invalid-field', 'vat'],
    ['a bad date', { createdAt: 'hier' }, 'invalid-date', 'createdAt'],
    ['no id', { id: null }, 'invalid-id', 'id'],
    ['is_bulk as text', { is_bulk: 'oui' }, 'invalid-field', 'isBulk'],
  ])('rejects a product with %s, keeping the others', (_what, over, code, field) => {
    const good = rawProduct();
    const { plan, report } = imported(fileWith({ products: [good, rawProduct(over)] }));
    expect(plan.products.map((p) => p.id)).toEqual([good.id]);
    expect(report.lists.products).toEqual({ accepted: 1, reconciled: 0, skipped: 0, rejected: 1 });
    expect(report.rejections).toEqual([{ list: 'products', index: 1, code, field }]);
  });

  it('rejects records that are not objects', () => {
    const { report } = imported(fileWith({ products: [null, 3, 'x', [], rawProduct()] }));
    expect(report.lists.products).toEqual({ accepted: 1, reconciled: 0, skipped: 0, rejected: 4 });
    expect(report.rejections.map((r) => r.code)).toEqual(Array(4).fill('not-an-object'));
  });

  it('applies creation defaults to missing fields only', () => {
    const { plan } = imported(
      fileWith({ products: [{ id: newId(), name: 'Pain', category: 'Boulangerie' }] }),
    );
    expect(plan.products[0]).toMatchObject({
      brand: '',
      purchasePrice: 0,
      salePrice: 0,
      vat: 20,
      stock: 0,
      reorderThreshold: 5,
      isBulk: false,
      createdAt: T0,
      updatedAt: T0,
    });
  });

  it('keeps the first of records sharing an id and reports the others', () => {
    const id = newId();
    const { plan, report } = imported(
      fileWith({
        products: [
          rawProduct({ id, name: 'Premier' }),
          rawProduct({ id, name: 'Second' }),
          rawProduct({ id: id.toUpperCase() }),
        ],
      }),
    );
    expect(plan.products.map((p) => p.name)).toEqual(['Premier']);
    expect(report.rejections).toEqual([
      { list: 'products', index: 1, code: 'duplicate-id', field: 'id' },
      { list: 'products', index: 2, code: 'duplicate-id', field: 'id' },
    ]);
  });

  it('applies only lists that are arrays', () => {
    const { plan, report } = imported(
      fileWith({ products: [rawProduct()], sales: { a: 1 }, customers: 'none', extra: [1] }),
    );
    expect(plan.products).toHaveLength(1);
    expect(plan.sales).toEqual([]);
    expect(plan.settings).toBeNull();
    expect(report.ignoredKeys).toEqual(['sales', 'customers', 'extra']);
  });

  it('drops a sale line that is invalid and rejects a sale left with none', () => {
    const p = rawProduct();
    const line = {
      productId: p.id,
      productName: 'Huile',
      quantity: 1,
      unitPrice: 21.5,
      total: 21.5,
      vatRate: 10,
      vat: 2.15,
    };
    const sale = (id: string, items: unknown[]) => ({
      id,
      ticketNumber: 'A-000001',
      date: T0,
      items,
      subtotal: 21.5,
      vat: 2.15,
      discount: 0,
      total: 23.65,
      paymentMethod: 'cash',
      printed: false,
      shared: false,
    });
    const kept = newId();
    const { plan, report } = imported(
      fileWith({
        products: [p],
        sales: [
          sale(kept, [line, { ...line, quantity: 0 }]),
          sale(newId(), [{ ...line, unitPrice: 'x' }]),
          sale(newId(), []),
        ],
      }),
    );
    expect(plan.sales.map((s) => s.id)).toEqual([kept]);
    expect(plan.sales[0]?.items).toHaveLength(1);
    expect(plan.sales[0]).toMatchObject({ subtotal: 2150, vat: 215, total: 2365 });
    expect(report.notes).toContainEqual({
      list: 'sales',
      index: 0,
      code: 'item-rejected',
      field: 'quantity',
      item: 1,
    });
    expect(report.rejections).toEqual([
      { list: 'sales', index: 1, code: 'no-valid-item', field: 'items' },
      { list: 'sales', index: 2, code: 'no-valid-item', field: 'items' },
    ]);
  });

  it('refuses a sale with a discount (always 0 in this app)', () => {
    const p = rawProduct();
    const { report } = imported(
      fileWith({
        sales: [
          {
            id: newId(),
            date: T0,
            items: [{ productId: p.id, productName: 'x', quantity: 1, unitPrice: 1, total: 1 }],
            discount: 0.5,
          },
        ],
      }),
    );
    expect(report.rejections).toEqual([
      { list: 'sales', index: 0, code: 'invalid-field', field: 'discount' },
    ]);
  });

  it('keeps a product whose photo is not an image data URL, without the photo', () => {
    const p = rawProduct({ photo: 'https://cdn.example.com/huile.jpg' });
    const { plan, report } = imported(fileWith({ products: [p] }));
    expect(plan.products[0]?.photoId).toBeUndefined();
    expect(plan.photos).toEqual([]);
    expect(report.notes).toContainEqual({
      list: 'products',
      index: 0,
      code: 'photo-rejected',
      field: 'photo',
    });
  });

  it('refuses photos above the size limit', () => {
    const { plan, report } = imported(fileWith({ photos: [{ id: newId(), dataUrl: PHOTO }] }));
    expect(plan.photos).toHaveLength(1);
    const small = parseBackupText(fileWith({ photos: [{ id: newId(), dataUrl: PHOTO }] }), {
      maxPhotoChars: 20,
    });
    expect(small.ok && small.report.rejections).toEqual([
      { list: 'photos', index: 0, code: 'invalid-photo', field: 'dataUrl' },
    ]);
    expect(report.rejectedCount).toBe(0);
  });

  it('keeps a valid setting and defaults an invalid one', () => {
    const { plan, report } = imported(
      fileWith({ settings: { storeName: 'Hanout Atlas', aiDetectThreshold: 5, currency: 'GBP' } }),
    );
    expect(plan.settings).toMatchObject({
      storeName: 'Hanout Atlas',
      aiDetectThreshold: 0.45,
      currency: 'MAD',
      updatedAt: T0,
    });
    expect(report.notes.map((n) => n.field)).toEqual(['currency', 'aiDetectThreshold']);
  });

  it('lists only the first reasons but counts them all', () => {
    const bad = Array.from({ length: 80 }, () => rawProduct({ salePrice: 'x' }));
    const result = parseBackupText(fileWith({ products: bad }), { maxReasons: 10 });
    expect(result.ok && result.report.rejections).toHaveLength(10);
    expect(result.ok && result.report.rejectedCount).toBe(80);
  });
});

describe('parseBackupText reads the original app (version 1)', () => {
  const { plan, report } = imported(V1_FILE);

  it('converts decimals, snake_case columns and dates', () => {
    expect(plan.formatVersion).toBe(1);
    const [sugar, olives] = plan.products;
    expect(sugar).toMatchObject({
      name: 'Sucre en morceaux Cosumar',
      purchasePrice: 1080,
      salePrice: 1200,
      vat: 0,
      stock: 20,
      reorderThreshold: 5,
      createdAt: '2024-05-01T08:00:00.000Z',
      updatedAt: '2024-05-02T08:00:00.000Z',
      isBulk: false,
    });
    expect(olives).toMatchObject({
      isBulk: true,
      packSize: 1,
      stock: 3.25,
      salePrice: 2550,
      reorderThreshold: 5,
      createdAt: '2024-05-01T08:00:00.000Z',
    });
    for (const p of plan.products) expect(productSchema.parse(p)).toEqual(p);
    expect(plan.settings).toMatchObject({
      ...DEFAULT_SETTINGS,
      storeName: 'Hanout Atlas',
      language: 'ar',
      updatedAt: '2024-06-01T10:00:00.000Z',
      storeAddress: 'Gueliz, Marrakech',
      storePhone: '0524000000',
    });
  });

  it('replaces ids that are not UUIDs and remaps every reference to them', () => {
    const all = [
      ...plan.products,
      ...plan.sales,
      ...plan.customers,
      ...plan.creditTransactions,
      ...plan.stockMovements,
      ...plan.photos,
    ];
    expect(all.every((record) => isUuid(record.id))).toBe(true);
    const [sugar, olives] = plan.products;
    const [sale] = plan.sales;
    const [youssef] = plan.customers;
    expect(sale?.items.map((item) => item.productId)).toEqual([sugar?.id, olives?.id]);
    expect(sale?.customerId).toBe(youssef?.id);
    // Two entries of the file and the "Solde importé" that brings them to the stated 99 MAD.
    expect(plan.creditTransactions.filter((t) => t.customerId === youssef?.id)).toHaveLength(3);
    expect(sugar?.photoId).toBe(plan.photos[0]?.id);
    expect(plan.photos).toEqual([{ id: sugar?.photoId, dataUrl: PHOTO }]);
    expect(report.regeneratedIds).toBe(7);
  });

  it('gives version-1 sale lines their product VAT and a ticket number', () => {
    const [sale] = plan.sales;
    expect(saleSchema.parse(sale)).toEqual(sale);
    expect(sale).toMatchObject({ subtotal: 3675, vat: 0, total: 3675, printed: true });
    expect(sale?.items.map((i) => [i.unitPrice, i.total, i.vatRate, i.vat])).toEqual([
      [1200, 2400, 0, 0],
      [2550, 1275, 0, 0],
    ]);
    expect(sale?.ticketNumber).toMatch(/^IMP-[0-9A-F]{8}$/);
  });

  it('brings stock in as import movements so that stock = Σ movements', () => {
    expect(plan.stockMovements).toHaveLength(2);
    for (const p of plan.products) {
      const own = plan.stockMovements.filter((m) => m.productId === p.id);
      expect(own).toMatchObject([{ kind: 'import', delta: p.stock, at: p.createdAt }]);
      expect(stockFromMovements(own)).toBe(p.stock);
    }
    expect(report.added.stockMovements).toBe(2);
  });

  it('keeps the stated balances: a "Solde importé" entry makes up what the entries do not give', () => {
    const [youssef, fatima] = plan.customers;
    // Youssef: 40 − 15,50 = 24,50 MAD by his entries, 99 MAD stated → 74,50 MAD at the export.
    expect(youssef?.creditBalance).toBe(9900);
    expect(plan.creditTransactions.filter((t) => t.customerId === youssef?.id).at(-1)).toMatchObject({
      type: 'credit',
      amount: 7450,
      description: 'Solde importé',
      date: '2024-06-01T10:00:00.000Z',
    });
    // Fatima: a balance without entries opens her ledger on the day she was created.
    expect(fatima?.creditBalance).toBe(5000);
    const fatimaEntries = plan.creditTransactions.filter((t) => t.customerId === fatima?.id);
    expect(fatimaEntries).toMatchObject([
      { type: 'credit', amount: 5000, date: fatima?.createdAt, description: 'Solde importé' },
    ]);
    for (const customer of plan.customers) {
      expect(balanceFromLedger(plan.creditTransactions.filter((t) => t.customerId === customer.id))).toBe(
        customer.creditBalance,
      );
    }
    expect(report.reasons).toEqual([
      {
        list: 'customers',
        index: 0,
        outcome: 'reconciled',
        code: 'balance-reconciled',
        name: 'Youssef Benali',
        stated: 9900,
        result: 2450,
      },
      {
        list: 'customers',
        index: 1,
        outcome: 'reconciled',
        code: 'opening-balance-added',
        name: 'Fatima Zahra',
        stated: 5000,
        result: 0,
      },
    ]);
    expect(report.added.creditTransactions).toBe(2);
    expect(report.lists.customers).toEqual({ accepted: 2, reconciled: 2, skipped: 0, rejected: 0 });
    expect(report.lists.creditTransactions).toEqual({ accepted: 2, reconciled: 0, skipped: 0, rejected: 0 });
  });

  it('gives the same plan when the same file is imported twice', () => {
    expect(imported(V1_FILE).plan).toEqual(plan);
  });

  it('is plain JSON (it crosses a Worker boundary)', () => {
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
    expect(structuredClone(plan)).toEqual(plan);
  });
});

describe('parseBackupText settles the ledger like recordPayment', () => {
  it('records a payment only up to what was owed and drops one made without debt', () => {
    const c = newId();
    const text = fileWith({
      customers: [
        {
          id: c,
          name: 'Amina',
          phone: '',
          creditBalance: 0,
          totalPurchases: 0,
          createdAt: T0,
          updatedAt: T0,
        },
      ],
      creditTransactions: [
        {
          id: newId(),
          customerId: c,
          type: 'payment',
          amount: 5,
          description: '',
          date: '2025-01-01T00:00:00.000Z',
        },
        {
          id: newId(),
          customerId: c,
          type: 'credit',
          amount: 30,
          description: '',
          date: '2025-01-02T00:00:00.000Z',
        },
        {
          id: newId(),
          customerId: c,
          type: 'payment',
          amount: 50,
          description: '',
          date: '2025-01-03T00:00:00.000Z',
        },
      ],
    });
    const { plan, report } = imported(text);
    expect(plan.creditTransactions.map((t) => [t.type, t.amount])).toEqual([
      ['credit', 3000],
      ['payment', 3000],
    ]);
    expect(plan.customers[0]?.creditBalance).toBe(0);
    expect(report.rejectedCount).toBe(0);
    expect(report.reasons).toEqual([
      {
        list: 'creditTransactions',
        index: 0,
        outcome: 'skipped',
        code: 'payment-without-debt',
        name: 'Amina',
        date: '2025-01-01T00:00:00.000Z',
        stated: 500,
        result: 0,
      },
      {
        list: 'creditTransactions',
        index: 2,
        outcome: 'reconciled',
        code: 'payment-capped',
        name: 'Amina',
        date: '2025-01-03T00:00:00.000Z',
        stated: 5000,
        result: 3000,
      },
    ]);
    expect(report.lists.creditTransactions).toEqual({ accepted: 2, reconciled: 1, skipped: 1, rejected: 0 });
  });

  it('keeps entries of customers that are not in the file as written', () => {
    const entry = { id: newId(), customerId: newId(), type: 'payment', amount: 5, description: '', date: T0 };
    const { plan } = imported(fileWith({ creditTransactions: [entry] }));
    expect(plan.creditTransactions).toEqual([{ ...entry, amount: 500 }]);
  });
});

describe('parseBackupText reads this app (version 2)', () => {
  it('takes the balance from the entries: this app writes it as their cache', () => {
    const c = newId();
    const customer = { id: c, name: 'Hamid', phone: '', creditBalance: 7, totalPurchases: 0, createdAt: T0 };
    const entry = { id: newId(), customerId: c, type: 'credit', amount: 5, description: '', date: T0 };
    const { plan, report } = imported(fileWith({ customers: [customer], creditTransactions: [entry] }));
    expect(plan.customers[0]?.creditBalance).toBe(500);
    expect(plan.creditTransactions).toHaveLength(1);
    expect(report.reasons).toEqual([
      {
        list: 'customers',
        index: 0,
        outcome: 'reconciled',
        code: 'balance-recomputed',
        name: 'Hamid',
        stated: 700,
        result: 500,
      },
    ]);
  });

  it('takes the balance from the entries when a file of the original app gives none', () => {
    const customer = { id: 'c1', name: 'Hamid', phone: '', createdAt: T0 };
    const entry = { id: 't1', customerId: 'c1', type: 'credit', amount: 5, description: '', date: T0 };
    const { plan, report } = imported(JSON.stringify({ customers: [customer], creditTransactions: [entry] }));
    expect(plan.customers[0]?.creditBalance).toBe(500);
    expect(plan.creditTransactions).toHaveLength(1);
    expect(report.reasonCount).toBe(0);
  });

  it('recomputes a stock cache that disagrees with the movements', () => {
    const p = product({ stock: 7 });
    const file = exportBackup(
      {
        products: [p],
        sales: [],
        customers: [],
        creditTransactions: [],
        stockMovements: [{ id: newId(), productId: p.id, kind: 'restock', delta: 5, at: T0 }],
        settings: DEFAULT_SETTINGS,
        photos: [],
      },
      T0,
    );
    const { plan, report } = imported(JSON.stringify(file));
    expect(plan.products[0]?.stock).toBe(5);
    expect(report.reasons).toContainEqual({
      list: 'products',
      index: 0,
      outcome: 'reconciled',
      code: 'stock-recomputed',
      name: p.name,
      stated: 7,
      result: 5,
    });
  });
  it('reads a quantity to the gram, so that the stock still adds up with its movements', () => {
    // A stock of 22.0000022 was kept as written, with an import movement that the gram sums read as 22.
    const { plan, report } = imported(fileWith({ products: [rawProduct({ stock: 22.0000022 })] }));
    expect(plan.products[0]?.stock).toBe(22);
    expect(plan.stockMovements.map((movement) => movement.delta)).toEqual([22]);
    const weighed = imported(
      fileWith({ products: [rawProduct({ is_bulk: true, stock: 1.23449, reorderThreshold: 0.0004 })] }),
    );
    expect(weighed.plan.products[0]).toMatchObject({ stock: 1.234, reorderThreshold: 0 });
    expect(report.rejectedCount + weighed.report.rejectedCount).toBe(0);
  });
});
