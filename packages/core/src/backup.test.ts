import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backupChunkText, backupFileParts, backupFileText, exportBackup } from './backup.js';
import type { BackupSource } from './backup.js';
import { backupFileName } from './backupFormat.js';
import type { BackupPhoto } from './backupFormat.js';
import { parseBackupText } from './backupImport.js';
import { DEFAULT_SETTINGS, VAT_RATES } from './entities.js';
import type { CreditTransaction, Customer, Product, Sale, StockMovement } from './entities.js';
import { newId } from './ids.js';
import { stockFromMovements } from './stock.js';

import { emptyShop, LOGO, PHOTO, smallShop, T0 } from './testing/backupShops.js';

function roundTrip(shop: BackupSource) {
  const result = parseBackupText(JSON.stringify(exportBackup(shop, T0)));
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result;
}

function expectSameShop(plan: ReturnType<typeof roundTrip>['backup'], shop: BackupSource) {
  expect(plan.products).toEqual(shop.products);
  expect(plan.sales).toEqual(shop.sales);
  expect(plan.customers).toEqual(shop.customers);
  expect(plan.creditTransactions).toEqual(shop.creditTransactions);
  expect(plan.stockMovements).toEqual(shop.stockMovements);
  expect(plan.settings).toEqual(shop.settings);
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  expect([...plan.photos].sort(byId)).toEqual([...shop.photos].sort(byId));
}

describe('exportBackup', () => {
  it("writes the spec's format: version, decimal MAD, photos inline as data URLs", () => {
    const shop = smallShop();
    const file = exportBackup(shop, '2025-02-01T12:00:00.000Z');
    expect(Object.keys(file)).toEqual([
      'formatVersion',
      'exportDate',
      'products',
      'sales',
      'customers',
      'creditTransactions',
      'settings',
      'stockMovements',
      'photos',
    ]);
    expect(file.formatVersion).toBe(2);
    expect(file.products[0]).toMatchObject({
      purchasePrice: 14.5,
      salePrice: 17,
      is_bulk: false,
      photo: PHOTO,
    });
    expect(file.products[1]).not.toHaveProperty('photo');
    expect(file.sales[0]).toMatchObject({ subtotal: 55, vat: 8.9, total: 63.9, discount: 0 });
    expect(file.sales[0]?.items[0]).toMatchObject({ unitPrice: 17, total: 34, vat: 6.8, vatRate: 20 });
    expect(file.customers[0]).toMatchObject({ creditBalance: 63.9, totalPurchases: 63.9 });
    expect(file.creditTransactions[0]).toMatchObject({ amount: 63.9 });
    expect(file.settings).toMatchObject({ storeName: 'Hanout Atlas', logo: LOGO, defaultVAT: 20 });
    expect(file.photos).toEqual([shop.photos[2]]);
    expect(JSON.stringify(file)).not.toContain('undefined');
  });

  it('names the file with the backup prefix and the day', () => {
    expect(backupFileName('2025-02-01T12:00:00.000Z')).toBe('hanouti-sauvegarde-2025-02-01.json');
  });

  it('reads back exactly what it wrote', () => {
    const shop = smallShop();
    const { backup, report } = roundTrip(shop);
    expectSameShop(backup, shop);
    expect(report.rejectedCount).toBe(0);
    expect(report.noteCount).toBe(0);
    expect(report.regeneratedIds).toBe(0);
  });

  it('round-trips an empty shop', () => {
    const { backup } = roundTrip(emptyShop());
    expectSameShop(backup, emptyShop());
  });
});

// ---- property: any valid shop survives export → JSON → import unchanged ----

const isoDate = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString());
const text = fc
  .string({ minLength: 1, maxLength: 12 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const money = fc.integer({ min: 0, max: 50_000_000 });
const vat = fc.constantFrom(...VAT_RATES);

const productArb = fc.record({
  id: fc.uuid({ version: 7 }),
  name: text,
  brand: fc.constantFrom('', 'Sultan', 'Lesieur', 'Aïcha'),
  category: text,
  purchasePrice: money,
  salePrice: money,
  vat,
  isBulk: fc.boolean(),
  reorderThreshold: fc.integer({ min: 0, max: 50 }),
  createdAt: isoDate,
  updatedAt: isoDate,
  barcode: fc.option(fc.stringMatching(/^\d{8,13}$/), { nil: undefined }),
  description: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
  packSize: fc.option(fc.integer({ min: 1, max: 24 }), { nil: undefined }),
  withPhoto: fc.boolean(),
  deltas: fc.array(fc.integer({ min: -5000, max: 50_000 }), { maxLength: 4 }),
});

const shopArb = fc
  .record({
    products: fc.uniqueArray(productArb, { selector: (p) => p.id, maxLength: 6 }),
    customers: fc.uniqueArray(
      fc.record({
        id: fc.uuid({ version: 7 }),
        name: text,
        phone: fc.constantFrom('', '0661234567', '+212 7 72 34 56 81'),
        totalPurchases: money,
        lastPurchase: fc.option(isoDate, { nil: undefined }),
        createdAt: isoDate,
        ledger: fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 100_000 })), { maxLength: 5 }),
      }),
      { selector: (c) => c.id, maxLength: 4 },
    ),
    sales: fc.array(
      fc.record({
        id: fc.uuid({ version: 7 }),
        date: isoDate,
        lines: fc.array(
          fc.tuple(fc.nat(), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 100_000 }), vat),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        customer: fc.option(fc.nat(), { nil: undefined }),
        printed: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
    storeName: text,
  })
  .map(({ products: rawProducts, customers: rawCustomers, sales: rawSales, storeName }): BackupSource => {
    const photos: BackupPhoto[] = [];
    const stockMovements: StockMovement[] = [];
    const products = rawProducts.map(
      ({ withPhoto, deltas, barcode, description, packSize, ...p }): Product => {
        const own = deltas.map((d, i): StockMovement => ({
          id: newId(),
          productId: p.id,
          kind: i === 0 ? 'import' : 'adjustment',
          delta: p.isBulk ? d / 1000 : d,
          at: p.createdAt,
        }));
        stockMovements.push(...own);
        const photoId = withPhoto ? newId() : undefined;
        if (photoId) photos.push({ id: photoId, dataUrl: PHOTO });
        return {
          ...p,
          stock: stockFromMovements(own),
          ...(barcode !== undefined ? { barcode } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(packSize !== undefined ? { packSize } : {}),
          ...(photoId ? { photoId } : {}),
        };
      },
    );
    const creditTransactions: CreditTransaction[] = [];
    const customers = rawCustomers.map(({ ledger, lastPurchase, ...c }): Customer => {
      let balance = 0;
      ledger.forEach(([isCredit, amount], i) => {
        // Payments never exceed what is owed, as recordPayment writes them.
        const paid = Math.min(amount, balance);
        if (!isCredit && paid === 0) return;
        balance += isCredit ? amount : -paid;
        creditTransactions.push({
          id: newId(),
          customerId: c.id,
          type: isCredit ? 'credit' : 'payment',
          amount: isCredit ? amount : paid,
          description: '',
          date: new Date(Date.parse(c.createdAt) + i * 60_000).toISOString(),
        });
      });
      return {
        ...c,
        creditBalance: balance,
        updatedAt: c.createdAt,
        ...(lastPurchase ? { lastPurchase } : {}),
      };
    });
    const sales =
      products.length === 0
        ? []
        : rawSales.map(({ lines, customer, ...s }, n): Sale => {
            const items = lines.map(([which, quantity, unitPrice, vatRate]) => {
              const product = products[which % products.length] as Product;
              const total = unitPrice * quantity;
              return {
                productId: product.id,
                productName: product.name,
                quantity,
                unitPrice,
                total,
                vatRate,
                vat: Math.round((total * vatRate) / 100),
              };
            });
            const subtotal = items.reduce((sum, item) => sum + item.total, 0);
            const vatTotal = items.reduce((sum, item) => sum + item.vat, 0);
            const buyer =
              customer === undefined || customers.length === 0
                ? undefined
                : customers[customer % customers.length];
            return {
              ...s,
              ticketNumber: `A-${String(n).padStart(6, '0')}`,
              items,
              subtotal,
              vat: vatTotal,
              discount: 0,
              total: subtotal + vatTotal,
              paymentMethod: 'cash',
              shared: false,
              ...(buyer ? { customerId: buyer.id } : {}),
            };
          });
    return {
      products,
      sales,
      customers,
      creditTransactions,
      stockMovements,
      settings: { ...DEFAULT_SETTINGS, storeName },
      photos,
    };
  });

describe('backup round trip (property)', () => {
  it('any valid shop is read back unchanged, with nothing rejected or added', () => {
    fc.assert(
      fc.property(shopArb, (shop) => {
        const { backup, report } = roundTrip(shop);
        expectSameShop(backup, shop);
        expect(report.rejectedCount).toBe(0);
        expect(report.added).toEqual({ stockMovements: 0, creditTransactions: 0 });
      }),
      { numRuns: 60 },
    );
  });

  it('importing the same file twice gives the same plan', () => {
    fc.assert(
      fc.property(shopArb, (shop) => {
        const text = JSON.stringify(exportBackup(shop, T0));
        expect(parseBackupText(text)).toEqual(parseBackupText(text));
      }),
      { numRuns: 20 },
    );
  });
});

/** Cuts a list into chunks of the given sizes (cycling), as a Worker reading pages would. */
function chunked<T>(records: readonly T[], sizes: readonly number[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0, i = 0; start < records.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1);
    chunks.push(records.slice(start, start + size));
    start += size;
  }
  return chunks;
}

describe('streamed backup text', () => {
  it('gives exactly the compact file, whatever the chunks, and it reads back unchanged', () => {
    fc.assert(
      fc.property(shopArb, fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1 }), (shop, sizes) => {
        const parts = backupFileParts(
          {
            ...shop,
            sales: chunked(shop.sales, sizes).map((c) => backupChunkText('sales', c)),
            creditTransactions: chunked(shop.creditTransactions, sizes).map((c) =>
              backupChunkText('creditTransactions', c),
            ),
            stockMovements: chunked(shop.stockMovements, sizes).map((c) =>
              backupChunkText('stockMovements', c),
            ),
          },
          T0,
        );
        const text = parts.join('');
        expect(text).toBe(JSON.stringify(exportBackup(shop, T0)));
        expect(text).toBe(backupFileText(shop, T0));
        const result = parseBackupText(text);
        if (!result.ok) throw new Error(result.error);
        expectSameShop(result.backup, shop);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps chunks as given (a Blob per page in the browser) and writes no indentation', () => {
    const shop = smallShop();
    const marker = { chunk: 'sales' };
    const parts = backupFileParts(
      { ...shop, sales: [marker], creditTransactions: [], stockMovements: [] },
      T0,
    );
    expect(parts.filter((part) => part === marker)).toHaveLength(1);
    const text = backupFileText(shop, T0);
    expect(text).not.toMatch(/\n|": /);
    expect(backupChunkText('sales', [])).toBe('');
  });
});
