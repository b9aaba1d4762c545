// The supplier notebook on the phone: suppliers, their entries and the cached balance change together,
// with their operations; a Réception à crédit writes the stock movement and the supplier entry as one.
import {
  newId,
  newSupplier,
  recordSupplierDelivery,
  recordSupplierPayment,
  restock,
  supplierBalance,
  supplierFields,
  supplierRecordPayload,
  supplierSchema,
  type Centimes,
  type NewSupplierError,
  type StockError,
  type StockMovement,
  type Supplier,
  type SupplierEntry,
  type SupplierEntryError,
} from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx, type Tables } from './db';
import { ensureDeviceIdentity } from './device';
import { OUTBOX_TABLES, recordOperation } from './outbox';

/** The tables the supplier notebook writes (with the outbox's). */
export const SUPPLIER_TABLES = ['suppliers', 'supplierEntries'] as const;

const byName = (a: Supplier, b: Supplier) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });

/** Every supplier, by name. */
export function listSuppliers(): Promise<Supplier[]> {
  return tx('r', ['suppliers'], async (t) => (await t.suppliers.toArray()).sort(byName));
}

export function getSupplier(id: string): Promise<Supplier | undefined> {
  return tx('r', ['suppliers'], (t) => t.suppliers.get(id));
}

export function useSuppliers(): Supplier[] | undefined {
  return useLiveQuery(listSuppliers);
}

export function useSupplier(id: string | undefined): Supplier | undefined {
  return useLiveQuery(() => (id ? getSupplier(id) : undefined), [id]);
}

/** A supplier's entries, newest first. */
export function listSupplierEntries(supplierId: string): Promise<SupplierEntry[]> {
  return tx('r', ['supplierEntries'], async (t) =>
    (await t.supplierEntries.where('supplierId').equals(supplierId).toArray()).sort((a, b) =>
      a.date < b.date ? 1 : a.date > b.date ? -1 : 0,
    ),
  );
}

export function useSupplierEntries(supplierId: string | undefined): SupplierEntry[] | undefined {
  return useLiveQuery(() => (supplierId ? listSupplierEntries(supplierId) : undefined), [supplierId]);
}

export type SupplierSaveResult = { ok: true; supplier: Supplier } | { ok: false; error: NewSupplierError };

/** A new supplier ("Nom *" required, phone optional), with its operation. */
export function addSupplier(fields: { name: string; phone?: string }): Promise<SupplierSaveResult> {
  const now = new Date().toISOString();
  const made = newSupplier(fields, { now, newId });
  if (!made.ok) return Promise.resolve(made);
  return tx('rw', ['suppliers', ...OUTBOX_TABLES], async (t) => {
    await t.suppliers.add(made.supplier);
    await recordOperation(t, 'supplier.upsert', made.supplier, now);
    return made;
  });
}

/** A supplier's new name and phone; the balance is kept (only entries change it). */
export function editSupplier(
  id: string,
  fields: { name: string; phone?: string },
): Promise<SupplierSaveResult | { ok: false; error: 'supplier-not-found' }> {
  const checked = supplierFields(fields);
  if (!checked.ok) return Promise.resolve(checked);
  const now = new Date().toISOString();
  return tx('rw', ['suppliers', ...OUTBOX_TABLES], async (t) => {
    const existing = await t.suppliers.get(id);
    if (!existing) return { ok: false, error: 'supplier-not-found' };
    const supplier = supplierSchema.parse({
      ...existing,
      name: checked.name,
      phone: checked.phone,
      updatedAt: now,
    });
    await t.suppliers.put(supplier);
    await recordOperation(t, 'supplier.upsert', supplier, now);
    return { ok: true, supplier };
  });
}

/** Removes the supplier and, first, their entries (owner's phone only: refused at sync otherwise). */
export function deleteSupplier(id: string): Promise<boolean> {
  const now = new Date().toISOString();
  return tx('rw', [...SUPPLIER_TABLES, ...OUTBOX_TABLES], async (t) => {
    const existing = await t.suppliers.get(id);
    if (!existing) return false;
    await t.supplierEntries.where('supplierId').equals(id).delete();
    await t.suppliers.delete(id);
    await recordOperation(t, 'supplier.delete', { id }, now);
    return true;
  });
}

export type SupplierEntryUpdate =
  | { ok: true; supplier: Supplier; entry: SupplierEntry }
  | { ok: false; error: SupplierEntryError | 'supplier-not-found' };

type Writable = Pick<Tables, 'suppliers' | 'supplierEntries' | 'meta' | 'outbox'>;

/** Writes the entry, the supplier's new balance and the 'supplier.record' operation (with the movements). */
async function writeEntry(
  t: Writable,
  supplier: Supplier,
  entry: SupplierEntry,
  movements: readonly StockMovement[],
  now: string,
): Promise<void> {
  await t.supplierEntries.add(entry);
  await t.suppliers.put(supplier);
  await recordOperation(t, 'supplier.record', supplierRecordPayload(entry, movements), now);
}

/** Goods received on credit without a stock reception (e.g. several products at once). */
export function recordDelivery(
  supplierId: string,
  amount: Centimes,
  description: string,
): Promise<SupplierEntryUpdate> {
  const now = new Date().toISOString();
  return tx('rw', [...SUPPLIER_TABLES, ...OUTBOX_TABLES], async (t) => {
    const supplier = await t.suppliers.get(supplierId);
    if (!supplier) return { ok: false, error: 'supplier-not-found' };
    const result = recordSupplierDelivery(supplier, amount, description, { now, newId });
    if (!result.ok) return result;
    await writeEntry(t, result.supplier, result.entry, [], now);
    return result;
  });
}

/** Money handed to the supplier: at most what the shop owes them. */
export function recordPayment(
  supplierId: string,
  amount: Centimes,
  description: string,
): Promise<SupplierEntryUpdate> {
  const now = new Date().toISOString();
  return tx('rw', [...SUPPLIER_TABLES, ...OUTBOX_TABLES], async (t) => {
    const supplier = await t.suppliers.get(supplierId);
    if (!supplier) return { ok: false, error: 'supplier-not-found' };
    const result = recordSupplierPayment(supplier, amount, description, { now, newId });
    if (!result.ok) return result;
    await writeEntry(t, result.supplier, result.entry, [], now);
    return result;
  });
}

export type CreditReceptionResult =
  | { ok: true; stockAfter: number; supplier: Supplier; entry: SupplierEntry; movement: StockMovement }
  | { ok: false; error: StockError | SupplierEntryError | 'product-not-found' | 'supplier-not-found' };

/**
 * A Réception à crédit: the goods enter the stock and what is owed to the supplier rises by `amount`, in
 * one transaction and one operation — the stock and the notebook never disagree, on the phone or the server.
 */
export function receiveOnCredit(
  productId: string,
  quantity: number,
  note: string | undefined,
  supplierId: string,
  amount: Centimes,
): Promise<CreditReceptionResult> {
  const now = new Date().toISOString();
  return tx('rw', ['products', 'stockMovements', ...SUPPLIER_TABLES, ...OUTBOX_TABLES], async (t) => {
    const product = await t.products.get(productId);
    if (!product) return { ok: false, error: 'product-not-found' };
    const supplier = await t.suppliers.get(supplierId);
    if (!supplier) return { ok: false, error: 'supplier-not-found' };
    const { deviceId } = await ensureDeviceIdentity(t);
    const stock = restock(product, quantity, { now, newId, deviceId }, note);
    if (!stock.ok) return stock;
    if (!stock.movement) return { ok: false, error: 'quantity-not-positive' };
    const description = `${product.name} × ${stock.movement.delta}`;
    const owed = recordSupplierDelivery(supplier, amount, description, { now, newId }, [stock.movement.id]);
    if (!owed.ok) return owed;
    await t.stockMovements.add(stock.movement);
    await t.products.put({ ...product, stock: stock.stockAfter });
    await writeEntry(t, owed.supplier, owed.entry, [stock.movement], now);
    return {
      ok: true,
      stockAfter: stock.stockAfter,
      supplier: owed.supplier,
      entry: owed.entry,
      movement: stock.movement,
    };
  });
}

/** Each supplier's balance recomputed from its entries (after a pull or an import). */
export async function refreshSupplierBalances(
  t: Pick<Tables, 'suppliers' | 'supplierEntries'>,
  supplierIds: Iterable<string>,
): Promise<void> {
  for (const id of new Set(supplierIds)) {
    const supplier = await t.suppliers.get(id);
    if (!supplier) continue;
    const entries = await t.supplierEntries.where('supplierId').equals(id).toArray();
    const balance = supplierBalance(entries);
    if (balance !== supplier.balance) await t.suppliers.put({ ...supplier, balance });
  }
}
