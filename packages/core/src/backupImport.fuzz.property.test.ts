// A backup file nobody wrote a test for: a real file of this app changed at random places (a value replaced by any
// JSON, a field deleted, a record repeated, a number written as text, the version removed so that the original app's
// rules apply). Whatever the change, reading it never throws, and what it accepts is a shop the app can hold: every
// record valid for its table, ids that are UUIDs and unique, stock = Σ movements, balance = Σ entries — and the app's
// own export of it reads back as the same shop, with nothing more to reconcile.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportBackup, type BackupSource } from './backup.js';
import { parseBackupText, type ImportPlan } from './backupImport.js';
import {
  creditTransactionSchema,
  customerSchema,
  DEFAULT_SETTINGS,
  productSchema,
  saleSchema,
  settingsSchema,
  stockMovementSchema,
  supplierEntrySchema,
  supplierSchema,
  type CreditTransaction,
  type Supplier,
  type SupplierEntry,
} from './entities.js';
import { isUuid, newId } from './ids.js';
import { balanceFromLedger } from './ledger.js';
import { stockFromMovements } from './stock.js';
import { supplierIssues } from './integrity.js';
import { smallShop, T0 } from './testing/backupShops.js';

const EXPORT = '2025-02-01T12:00:00.000Z';
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const CHANGES = Number(process.env.FUZZ_CHANGES ?? 6);

/** Something in every list: the small shop, a payment on its karne, a supplier with a delivery and a payment. */
function everyListShop(): BackupSource {
  const shop = smallShop();
  const owing = shop.customers.find((customer) => customer.creditBalance > 2000)!;
  const payment: CreditTransaction = {
    id: newId(),
    customerId: owing.id,
    type: 'payment',
    amount: 2000,
    description: '',
    date: '2025-01-11T10:00:00.000Z',
  };
  const dairy: Supplier = {
    id: newId(),
    name: 'Centrale',
    phone: '0612345678',
    balance: 75_050,
    createdAt: T0,
    updatedAt: T0,
  };
  const supplierEntries: SupplierEntry[] = [
    { id: newId(), supplierId: dairy.id, type: 'delivery', amount: 125_050, description: 'Lait', date: T0 },
    {
      id: newId(),
      supplierId: dairy.id,
      type: 'payment',
      amount: 50_000,
      description: '',
      date: '2025-01-12T08:00:00.000Z',
    },
  ];
  return {
    ...shop,
    customers: shop.customers.map((customer) =>
      customer === owing ? { ...customer, creditBalance: customer.creditBalance - payment.amount } : customer,
    ),
    creditTransactions: [...shop.creditTransactions, payment],
    suppliers: [dairy],
    supplierEntries,
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Every place of a JSON value, root first, in a fixed order. */
function placesOf(value: Json, path: Path = [], places: Path[] = []): Path[] {
  places.push(path);
  if (Array.isArray(value)) value.forEach((child, i) => placesOf(child, [...path, i], places));
  else if (value !== null && typeof value === 'object')
    for (const key of Object.keys(value)) placesOf(value[key]!, [...path, key], places);
  return places;
}

type Change =
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'delete'; at: number }
  | { kind: 'repeat'; at: number }
  | { kind: 'as-text'; at: number }
  | { kind: 'scale'; at: number; by: number };

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('replace' as const),
    at: fc.nat(),
    value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('as-text' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('scale' as const),
    at: fc.nat(),
    by: fc.constantFrom(-1, 0, 0.001, 0.5, 1.0000001, 3, 1e6, 1e300),
  }),
);

/** Applies one change to a place of the file (the root only by replacing it). */
function applyChange(root: Json, change: Change): Json {
  const places = placesOf(root);
  const path = places[change.at % places.length]!;
  if (path.length === 0) return change.kind === 'replace' ? change.value : root;
  let parent: Json = root;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[key]!;
  const key = path[path.length - 1]!;
  const holder = parent as Record<string | number, Json>;
  const current = holder[key]!;
  switch (change.kind) {
    case 'replace':
      holder[key] = change.value;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete (parent as Record<string, Json>)[key as string];
      break;
    case 'repeat':
      if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(current));
      break;
    case 'as-text':
      if (typeof current === 'number' || typeof current === 'boolean') holder[key] = String(current);
      break;
    case 'scale':
      if (typeof current === 'number') holder[key] = current * change.by;
      break;
  }
  return root;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The same shop as the original app wrote it: no version, snake_case columns, ids of its own (every UUID replaced
 * by a short name, the same one everywhere it is referred to).
 */
function asOriginalApp(file: Json): Json {
  const names = new Map<string, string>();
  const rewrite = (value: Json, depth: number): Json => {
    if (typeof value === 'string' && isUuid(value)) {
      if (!names.has(value)) names.set(value, `r${names.size + 1}`);
      return names.get(value)!;
    }
    if (Array.isArray(value)) return value.map((child) => rewrite(child, depth + 1));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !(depth === 0 && key === 'formatVersion'))
        .map(([key, child]) => [depth === 0 ? key : snakeCase(key), rewrite(child, depth + 1)]),
    );
  };
  return rewrite(file, 0);
}

const ids = (records: readonly { id: string }[]) => records.map((record) => record.id);

/** What the app relies on in a shop it imported. */
function expectSoundShop(plan: ImportPlan): void {
  expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
  for (const product of plan.products) productSchema.parse(product);
  for (const sale of plan.sales) saleSchema.parse(sale);
  for (const customer of plan.customers) customerSchema.parse(customer);
  for (const entry of plan.creditTransactions) creditTransactionSchema.parse(entry);
  for (const movement of plan.stockMovements) stockMovementSchema.parse(movement);
  for (const supplier of plan.suppliers) supplierSchema.parse(supplier);
  for (const entry of plan.supplierEntries) supplierEntrySchema.parse(entry);
  if (plan.settings) settingsSchema.parse(plan.settings);
  for (const list of [
    plan.products,
    plan.sales,
    plan.customers,
    plan.creditTransactions,
    plan.stockMovements,
    plan.photos,
    plan.suppliers,
    plan.supplierEntries,
  ]) {
    expect(list.every((record) => isUuid(record.id))).toBe(true);
    expect(new Set(ids(list)).size).toBe(list.length);
  }
  for (const product of plan.products) {
    const own = plan.stockMovements.filter((movement) => movement.productId === product.id);
    expect(product.stock).toBeCloseTo(stockFromMovements(own), 9);
  }
  for (const customer of plan.customers) {
    const own = plan.creditTransactions.filter((entry) => entry.customerId === customer.id);
    expect(customer.creditBalance).toBe(balanceFromLedger(own));
  }
  expect(supplierIssues(plan.suppliers, plan.supplierEntries)).toEqual([]);
}

/** The plan as the app would write it back to a file (its photos by id, as in IndexedDB). */
const asSource = (plan: ImportPlan): BackupSource => ({
  ...plan,
  settings: plan.settings ?? DEFAULT_SETTINGS,
});

const byId = <T extends { id: string }>(records: readonly T[]) =>
  [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('a backup file changed at random places (property)', () => {
  const own = JSON.parse(JSON.stringify(exportBackup(everyListShop(), EXPORT))) as Json;
  const bases = { 'this app': own, 'the original app': asOriginalApp(own) };

  it.each(Object.entries(bases))(
    'the file of %s unchanged is a sound shop with nothing refused',
    (_, base) => {
      const result = parseBackupText(JSON.stringify(base));
      if (!result.ok) throw new Error(result.error);
      expectSoundShop(result.backup);
      expect(result.report.rejectedCount).toBe(0);
      expect(result.report.reasonCount).toBe(0);
      expect(result.backup.customers.length).toBeGreaterThan(0);
      expect(result.backup.creditTransactions.length).toBeGreaterThan(0);
      expect(result.backup.suppliers.length).toBeGreaterThan(0);
    },
  );

  it.each(Object.entries(bases))(
    'a file of %s: never throws; what it accepts holds together and reads back as itself',
    (_, base) => {
      fc.assert(
        fc.property(fc.array(changeArb, { minLength: 1, maxLength: CHANGES }), (changes) => {
          let file = structuredClone(base);
          for (const change of changes) file = applyChange(file, change);
          const result = parseBackupText(JSON.stringify(file));
          if (!result.ok) {
            expect([
              'invalid-json',
              'too-deep',
              'forbidden-key',
              'not-a-backup',
              'unsupported-version',
            ]).toContain(result.error);
            return;
          }
          const plan = result.backup;
          expectSoundShop(plan);
          const again = parseBackupText(JSON.stringify(exportBackup(asSource(plan), EXPORT)));
          if (!again.ok) throw new Error(`its own export refused: ${again.error}`);
          expect(again.report.rejectedCount).toBe(0);
          expect(again.report.reasonCount).toBe(0);
          expect(again.report.added).toEqual({ stockMovements: 0, creditTransactions: 0 });
          expect(byId(again.backup.products)).toEqual(byId(plan.products));
          expect(byId(again.backup.sales)).toEqual(byId(plan.sales));
          expect(byId(again.backup.customers)).toEqual(byId(plan.customers));
          expect(byId(again.backup.creditTransactions)).toEqual(byId(plan.creditTransactions));
          expect(byId(again.backup.stockMovements)).toEqual(byId(plan.stockMovements));
          expect(byId(again.backup.suppliers)).toEqual(byId(plan.suppliers));
          expect(byId(again.backup.supplierEntries)).toEqual(byId(plan.supplierEntries));
        }),
        { numRuns: RUNS },
      );
    },
  );
});
