import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, SCHEMA_VERSIONS } from './schema';
import { SYNCED_TABLES } from './syncedTables';

// Every released version as a phone's database holds it: a phone opens its database only when the app declares
// the same tables with the same indexes at each version, so none of these lines may change.
const RELEASED = [
  {
    version: 1,
    stores: {
      products: 'id, name, category, barcode, updatedAt',
      photos: 'id',
      sales: 'id, date, customerId, ticketNumber',
      stockMovements: 'id, productId, at, saleId',
      customers: 'id, name, phone',
      creditTransactions: 'id, customerId, date',
      settings: 'id',
      outbox: 'seq, &opId, status',
      meta: 'key',
      dailyTotals: 'day',
      productSales: 'productId, quantity',
    },
    upgrade: false,
  },
  { version: 2, stores: { products: 'id, name, category, barcode, updatedAt, lowStock' }, upgrade: true },
  { version: 3, stores: { referenceFeatures: 'id, productId, photoId, createdAt' }, upgrade: false },
  { version: 4, stores: { sales: 'id, date, customerId', stockMovements: 'id, productId' }, upgrade: false },
  { version: 5, stores: { sales: 'id, date, customerId, *productIds' }, upgrade: true },
  {
    version: 6,
    stores: {
      saleArchive: 'key, *saleIds, *customerIds',
      archivedMovements: 'productId, *otherIds',
      archivedCredits: 'customerId, *entryIds',
    },
    upgrade: false,
  },
  { version: 7, stores: {}, upgrade: true },
  { version: 8, stores: {}, upgrade: true },
  { version: 9, stores: { suppliers: 'id, name', supplierEntries: 'id, supplierId' }, upgrade: false },
];

describe('the schema versions', () => {
  it('declare every released version exactly as phones hold it', () => {
    const declared = SCHEMA_VERSIONS.filter(({ version }) => version <= RELEASED.length).map(
      ({ version, stores, upgrade }) => ({ version, stores, upgrade: upgrade !== undefined }),
    );
    expect(declared).toEqual(RELEASED);
  });

  it('follow each other from 1 to the current version', () => {
    expect(SCHEMA_VERSIONS.map(({ version }) => version)).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, index) => index + 1),
    );
  });

  it("give each synced table its descriptor's line last (no later version changes it behind its back)", () => {
    for (const { table, indexes, version } of Object.values(SYNCED_TABLES)) {
      const lines = SCHEMA_VERSIONS.flatMap((entry) =>
        entry.stores[table] === undefined ? [] : [{ version: entry.version, line: entry.stores[table] }],
      );
      expect(lines.at(-1)).toEqual({ version, line: indexes });
    }
  });
});
