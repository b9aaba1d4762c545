// The supplier notebook's writes, inside a shop's transaction (ShopWriter): suppliers by last writer wins,
// entries append-only, and each supplier's stored balance kept equal to Σ of its live entries.
import {
  canonicalJson,
  compareHlc,
  supplierBalance,
  supplierEntryEffect,
  type CheckedOperation,
  type Supplier,
  type SupplierEntry,
  type SupplierRecordPayload,
} from '@hanouti/core';
import { and, eq, sql } from 'drizzle-orm';
import { supplierEntries, suppliers } from '../db/schema.js';
import { OperationRefused, serverStampAfter, type ShopWriter } from './shopWriter.js';

type SupplierOperation = Extract<
  CheckedOperation,
  { type: 'supplier.upsert' | 'supplier.delete' | 'supplier.record' }
>;

/** Is this one of the supplier notebook's operations? */
export function isSupplierOperation(operation: CheckedOperation): operation is SupplierOperation {
  return (
    operation.type === 'supplier.upsert' ||
    operation.type === 'supplier.delete' ||
    operation.type === 'supplier.record'
  );
}

/** The effect of a supplier operation on the shop's records (see applyCheckedOperation). */
export async function applySupplierOperation(
  writer: ShopWriter,
  operation: SupplierOperation,
  hlc: string | undefined,
): Promise<void> {
  switch (operation.type) {
    case 'supplier.upsert':
      await upsertSupplier(writer, operation.payload, hlc);
      return;
    case 'supplier.delete':
      await deleteSupplier(writer, operation.payload.id, hlc);
      return;
    case 'supplier.record':
      await recordSupplierEntry(writer, operation.payload);
      return;
  }
}

async function storedSupplier(writer: ShopWriter, id: string) {
  const [row] = await writer.tx
    .select({ hlc: suppliers.hlc, deleted: suppliers.deleted })
    .from(suppliers)
    .where(and(eq(suppliers.shopId, writer.shopId), eq(suppliers.id, id)));
  return row;
}

/**
 * Name and phone follow the latest stamp; the balance does not (it is the entries' sum). A supplier new to
 * the server starts from the entries that arrived before it (another phone's).
 */
export async function upsertSupplier(
  writer: ShopWriter,
  supplier: Supplier,
  stamp: string | undefined,
): Promise<boolean> {
  const existing = await storedSupplier(writer, supplier.id);
  const hlc = stamp ?? serverStampAfter(existing?.hlc);
  if (existing !== undefined && compareHlc(existing.hlc, hlc) >= 0) return false;
  const { balance: _cache, ...data } = supplier;
  const serverSeq = writer.nextSeq();
  const createdAt = new Date(supplier.createdAt);
  if (existing) {
    await writer.tx
      .update(suppliers)
      .set({ data, hlc, deleted: false, createdAt, serverSeq })
      .where(and(eq(suppliers.shopId, writer.shopId), eq(suppliers.id, supplier.id)));
    return true;
  }
  await writer.tx.insert(suppliers).values({
    shopId: writer.shopId,
    id: supplier.id,
    data,
    hlc,
    balance: await balanceOfSupplier(writer, supplier.id),
    createdAt,
    serverSeq,
  });
  return true;
}

/** Removes the supplier and, first, their entries (as a customer's carnet goes with the customer). */
export async function deleteSupplier(
  writer: ShopWriter,
  id: string,
  stamp: string | undefined,
): Promise<boolean> {
  const existing = await storedSupplier(writer, id);
  const hlc = stamp ?? serverStampAfter(existing?.hlc);
  if (existing !== undefined && compareHlc(existing.hlc, hlc) >= 0) return false;
  const entries = await writer.tx
    .select({ id: supplierEntries.id })
    .from(supplierEntries)
    .where(
      and(
        eq(supplierEntries.shopId, writer.shopId),
        eq(supplierEntries.supplierId, id),
        eq(supplierEntries.deleted, false),
      ),
    );
  for (const entry of entries) {
    await writer.tx
      .update(supplierEntries)
      .set({ deleted: true, serverSeq: writer.nextSeq() })
      .where(and(eq(supplierEntries.shopId, writer.shopId), eq(supplierEntries.id, entry.id)));
  }
  const tombstone = { hlc, deleted: true, balance: 0, serverSeq: writer.nextSeq() };
  await writer.tx
    .insert(suppliers)
    .values({ shopId: writer.shopId, id, data: null, createdAt: new Date(), ...tombstone })
    .onConflictDoUpdate({ target: [suppliers.shopId, suppliers.id], set: tombstone });
  return true;
}

/**
 * Adds an entry and the stock movements of its reception, together. The same entry sent again changes
 * nothing; another entry under the same id is refused (record-conflict). An entry for a supplier already
 * removed is kept removed: it must not bring a balance back.
 */
export async function recordSupplierEntry(writer: ShopWriter, payload: SupplierRecordPayload): Promise<void> {
  const { entry, movements } = payload;
  for (const movement of movements) await writer.recordMovement(movement);
  const [supplier] = await writer.tx
    .select({ deleted: suppliers.deleted })
    .from(suppliers)
    .where(and(eq(suppliers.shopId, writer.shopId), eq(suppliers.id, entry.supplierId)));
  const inserted = await writer.tx
    .insert(supplierEntries)
    .values({
      shopId: writer.shopId,
      id: entry.id,
      supplierId: entry.supplierId,
      type: entry.type,
      amount: entry.amount,
      date: new Date(entry.date),
      data: entry,
      deleted: supplier?.deleted === true,
      serverSeq: writer.nextSeq(),
    })
    .onConflictDoNothing()
    .returning({ id: supplierEntries.id });
  if (inserted.length === 0) {
    await sameEntryAsStored(writer, entry);
    return;
  }
  if (supplier === undefined || supplier.deleted) return;
  // The balance is a plain sum: adding the entry's effect is the same as summing again, in any order.
  await writer.tx
    .update(suppliers)
    .set({
      balance: sql`${suppliers.balance} + ${supplierEntryEffect(entry)}`,
      serverSeq: writer.nextSeq(),
    })
    .where(and(eq(suppliers.shopId, writer.shopId), eq(suppliers.id, entry.supplierId)));
}

/** Σ of the supplier's live entries (deliveries − payments). */
export async function balanceOfSupplier(writer: ShopWriter, supplierId: string): Promise<number> {
  const rows = await writer.tx
    .select({ data: supplierEntries.data })
    .from(supplierEntries)
    .where(
      and(
        eq(supplierEntries.shopId, writer.shopId),
        eq(supplierEntries.supplierId, supplierId),
        eq(supplierEntries.deleted, false),
      ),
    );
  return supplierBalance(rows.map((row) => row.data as SupplierEntry));
}

async function sameEntryAsStored(writer: ShopWriter, entry: SupplierEntry): Promise<void> {
  const [row] = await writer.tx
    .select({ data: supplierEntries.data })
    .from(supplierEntries)
    .where(and(eq(supplierEntries.shopId, writer.shopId), eq(supplierEntries.id, entry.id)));
  if (!row || canonicalJson(row.data) !== canonicalJson(entry)) throw new OperationRefused('record-conflict');
}
