// Applies a page of pulled changes and the cursor advance in ONE local transaction (Actual's applyMessages).
import {
  balanceFromLedger,
  customerAfterPull,
  pendingClocks,
  pendingPurchases,
  unprocessedOperations,
  productAfterPull,
  pulledChangeWins,
  type Customer,
  type Sale,
  type SyncChange,
} from '@hanouti/core';
import { tx } from './db';
import { writeOutArchivedSaleOperations } from './archivedSaleOperations';
import { customerEntries, deleteEntries, findEntry, LEDGER_TABLES, putEntries } from './creditArchive';
import { expandOutboxEntry } from './outbox';
import { deleteMovement, findMovement, productMovements } from './movements';
import { deleteSalesKeepingMovements, putSalesAndMovements, SALE_TABLES, storedSale } from './sales';
import { AGGREGATE_TABLES, applySalesToAggregates } from './salesAggregates';
import { observeStamps, writeCursor } from './syncBookkeeping';
import { refreshSupplierBalances, SUPPLIER_TABLES } from './suppliersRepository';

const PULL_TABLES = [
  'products',
  'customers',
  'settings',
  ...SALE_TABLES,
  ...LEDGER_TABLES,
  ...SUPPLIER_TABLES,
  'outbox',
  'meta',
  ...AGGREGATE_TABLES,
] as const;

/**
 * Writes the server's versions, keeping local edits still on their way when they are later (HLC), then
 * recomputes the caches of what was touched from the local records: stock = Σ movements, balance = the
 * ledger, purchases = the server's plus this phone's unsent sales. The cursor moves in the same
 * transaction, so a crash either keeps the whole page or pulls it again.
 */
export async function applyPulledChanges(
  changes: readonly SyncChange[],
  cursor: string,
  acknowledgedSeq = 0,
): Promise<void> {
  // Pending operations are read below: an import's, kept by reference, are written out first.
  await writeOutArchivedSaleOperations();
  return tx('rw', PULL_TABLES, async (t) => {
    // Operations the server already processed (their push answer may have been lost) are in its figures.
    const pending = unprocessedOperations(
      (await t.outbox.where('status').equals('pending').toArray()).flatMap(expandOutboxEntry),
      acknowledgedSeq,
    );
    const clocks = pendingClocks(pending);
    const purchases = pendingPurchases(pending);
    const touchedProducts = new Set<string>();
    const touchedCustomers = new Set<string>();
    const touchedSuppliers = new Set<string>();
    const serverCounters = new Map<string, Pick<Customer, 'totalPurchases' | 'lastPurchase'>>();
    const stamps: string[] = [];

    for (const change of changes) {
      if ('hlc' in change && change.hlc) stamps.push(change.hlc);
      if (change.entity === 'customer' && !change.deleted) {
        serverCounters.set(change.id, change.record);
        touchedCustomers.add(change.id);
      }
      if (!pulledChangeWins(change, clocks)) continue;
      switch (change.entity) {
        case 'product':
          if (change.deleted) await t.products.delete(change.id);
          else await t.products.put(change.record);
          touchedProducts.add(change.id);
          break;
        case 'customer':
          if (change.deleted) await t.customers.delete(change.id);
          else await t.customers.put(change.record);
          break;
        case 'settings':
          if (!change.deleted) await t.settings.put(change.record);
          break;
        case 'sale': {
          const before = await storedSale(t, change.id);
          if (before) await applySalesToAggregates(t, [before], -1);
          if (change.deleted) {
            await deleteSalesKeepingMovements(t, [change.id]);
          } else {
            // printed/shared describe this phone's receipt: a sale it made keeps its own marks.
            const sale: Sale = before
              ? { ...change.record, printed: before.printed, shared: before.shared }
              : change.record;
            // The movements kept inside the stored record stay with it (saleRecords.ts).
            await putSalesAndMovements(t, [sale], []);
            await applySalesToAggregates(t, [sale], 1);
          }
          break;
        }
        case 'stockMovement': {
          const saleId = change.deleted ? undefined : change.record.saleId;
          const before = await findMovement(t, change.id, saleId);
          if (before) touchedProducts.add(before.productId);
          if (change.deleted) await deleteMovement(t, change.id, before?.saleId);
          else {
            await putSalesAndMovements(t, [], [change.record]);
            touchedProducts.add(change.record.productId);
          }
          break;
        }
        case 'creditTransaction': {
          const before = await findEntry(t, change.id);
          if (before) touchedCustomers.add(before.customerId);
          if (change.deleted) await deleteEntries(t, [change.id]);
          else {
            await putEntries(t, [change.record]);
            touchedCustomers.add(change.record.customerId);
          }
          break;
        }
        case 'supplier':
          // Name and phone from the winning version; the balance is the local entries' sum (below).
          if (change.deleted) await t.suppliers.delete(change.id);
          else await t.suppliers.put(change.record);
          touchedSuppliers.add(change.id);
          break;
        case 'supplierEntry': {
          const before = await t.supplierEntries.get(change.id);
          if (before) touchedSuppliers.add(before.supplierId);
          if (change.deleted) await t.supplierEntries.delete(change.id);
          else {
            await t.supplierEntries.put(change.record);
            touchedSuppliers.add(change.record.supplierId);
          }
          break;
        }
      }
    }

    for (const id of touchedProducts) {
      const product = await t.products.get(id);
      if (!product) continue;
      const movements = await productMovements(t, id);
      await t.products.put(productAfterPull(product, movements));
    }
    for (const id of touchedCustomers) {
      const customer = await t.customers.get(id);
      if (!customer) continue;
      const entries = await customerEntries(t, id);
      const server = serverCounters.get(id);
      await t.customers.put(
        server
          ? customerAfterPull(customer, server, entries, purchases.get(id))
          : { ...customer, creditBalance: balanceFromLedger(entries) },
      );
    }
    await refreshSupplierBalances(t, touchedSuppliers);
    await observeStamps(t, stamps);
    await writeCursor(t, cursor);
  });
}
