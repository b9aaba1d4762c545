// Test helpers: a fresh local database per test, sample records, and a fault injector for transactions.
import { newId, type Customer, type Product } from '@hanouti/core';
import type { DBCore, Middleware } from 'dexie';
import { Blob as NodeBlob } from 'node:buffer';
import { vi } from 'vitest';
import { db, openDatabase, tx } from './db';
import { cancelBackgroundSweep } from './startup';

export async function resetDatabase(): Promise<void> {
  // A check scheduled by an earlier test's start must not run in the middle of the next test.
  cancelBackgroundSweep();
  db.close({ disableAutoOpen: false });
  await db.delete();
  await openDatabase();
}

const T0 = '2025-03-01T10:00:00.000Z';

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: newId(),
    name: 'Thé vert',
    brand: 'Sultan',
    category: 'Épicerie',
    purchasePrice: 1000,
    salePrice: 1500,
    vat: 20,
    stock: 10,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: newId(),
    name: 'Fatima Zahra',
    phone: '0612345678',
    creditBalance: 0,
    totalPurchases: 0,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

/** Writes records straight into the tables, as if an earlier version of the app had left them. */
export async function storeRecords(records: { products?: Product[]; customers?: Customer[] }): Promise<void> {
  await tx('rw', ['products', 'customers'], async (t) => {
    await t.products.bulkPut(records.products ?? []);
    await t.customers.bulkPut(records.customers ?? []);
  });
}

const FAULT = 'faultInjector';

/**
 * Makes the n-th write request (0-based, counted across all tables) fail, as a full disk or a killed
 * tab would, until `clearFault`. Returns a counter of the write requests seen so far.
 */
export async function failAtWrite(n: number): Promise<{ writes: number }> {
  const seen = { writes: 0 };
  const injector: Middleware<DBCore> = {
    stack: 'dbcore',
    name: FAULT,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          mutate: (request) => {
            const index = seen.writes++;
            if (index === n) return Promise.reject(new Error(`injected failure at write ${n} (${name})`));
            return table.mutate(request);
          },
        };
      },
    }),
  };
  db.close({ disableAutoOpen: false });
  db.use(injector);
  await openDatabase();
  return seen;
}

export async function clearFault(): Promise<void> {
  db.close({ disableAutoOpen: false });
  db.unuse({ stack: 'dbcore', name: FAULT });
  await openDatabase();
}

/**
 * happy-dom's Blob does not survive IndexedDB's structured clone in Node (a browser's does); Node's own
 * Blob does, so tests that store photos use it as the global Blob, as a browser would have.
 */
export function useStorableBlobs(): void {
  vi.stubGlobal('Blob', NodeBlob);
}
