// Applies a page of pulled changes and the cursor advance in ONE local transaction (Actual's applyMessages).
import {
  balanceFromLedger,
  customerAfterPull,
  pendingClocks,
  pendingPurchases,
  unprocessedOperations,
  pulledChangeWins,
  SYNC_ENTITIES,
  type Customer,
  type SyncChange,
  type SyncEntity,
} from '@hanouti/core';
import { writeOutArchivedSaleOperations } from './archivedSaleOperations';
import { refreshProductStocks } from './catalogue';
import { tx } from './db';
import { creditEntryApplier, customerEntries, LEDGER_TABLES } from './ledger';
import { movementApplier } from './movements';
import { OUTBOX_TABLES, pendingOperationsIn } from './outbox';
import { recordApplier, type PulledChange, type PulledChangeApplier, type Touched } from './pulledChange';
import type { TableName } from './records';
import { saleApplier, SALE_TABLES } from './sales';
import { observeStamps, writeCursor } from './syncBookkeeping';
import { SYNCED_TABLES, type AppliedByStore } from './syncedTables';
import { refreshSupplierBalances, SUPPLIER_TABLES } from './suppliersRepository';

/**
 * The appliers of the entities whose records may live in an import's archive, written beside their store
 * (`pulled: 'its store'` in syncedTables.ts: the table does not compile without each, nor with another).
 */
const STORE_APPLIERS: { [E in AppliedByStore]: PulledChangeApplier<E> } = {
  sale: saleApplier,
  stockMovement: movementApplier,
  creditTransaction: creditEntryApplier,
};

/** The applier of an entity: its store's, or the one its line in syncedTables.ts describes. */
function applierFor<E extends SyncEntity>(entity: E): PulledChangeApplier<E> {
  const { table, pulled } = SYNCED_TABLES[entity];
  if (pulled === 'its store') return STORE_APPLIERS[entity as AppliedByStore] as PulledChangeApplier<E>;
  return recordApplier<E, typeof table>(table, pulled);
}

/** How each synced entity lands, one applier per entity. */
const APPLIERS = new Map(SYNC_ENTITIES.map((entity) => [entity, applierFor(entity)]));

/** The appliers' tables, and what is read and recomputed once the page is written. */
const PULL_TABLES: readonly TableName[] = [
  ...new Set<TableName>([
    ...[...APPLIERS.values()].flatMap((applier) => applier.tables),
    'products',
    ...SALE_TABLES,
    'customers',
    ...LEDGER_TABLES,
    ...SUPPLIER_TABLES,
    ...OUTBOX_TABLES,
  ]),
];

/** The applier of a change's entity. */
function applierOf<E extends SyncEntity>(change: PulledChange<E>): PulledChangeApplier<E> {
  return APPLIERS.get(change.entity) as PulledChangeApplier<E>;
}

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
    const pending = unprocessedOperations(await pendingOperationsIn(t), acknowledgedSeq);
    const clocks = pendingClocks(pending);
    const purchases = pendingPurchases(pending);
    const touched: Touched = { products: new Set(), customers: new Set(), suppliers: new Set() };
    const serverCounters = new Map<string, Pick<Customer, 'totalPurchases' | 'lastPurchase'>>();
    const stamps: string[] = [];

    for (const change of changes) {
      if ('hlc' in change && change.hlc) stamps.push(change.hlc);
      if (change.entity === 'customer' && !change.deleted) {
        serverCounters.set(change.id, change.record);
        touched.customers.add(change.id);
      }
      if (!pulledChangeWins(change, clocks)) continue;
      await applierOf(change).apply(t, change, touched);
    }

    await refreshProductStocks(t, touched.products);
    for (const id of touched.customers) {
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
    await refreshSupplierBalances(t, touched.suppliers);
    await observeStamps(t, stamps);
    await writeCursor(t, cursor);
  });
}
