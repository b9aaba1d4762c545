// The ledger store: the customers' carnet entries, read and written by id whether an entry lives alone in
// `creditTransactions` or in its customer's record of an import's archive (creditArchive.ts).
//
// Callers name an entry or a customer; where an entry is kept stays inside this module and creditArchive.ts. A
// change to an archived entry takes it out of the archive first, so each entry is kept in exactly one place.
import type { CreditTransaction } from '@hanouti/core';
import {
  archivedCustomerEntries,
  archivedEntriesBetween,
  deleteArchivedCustomer,
  findArchivedEntry,
  takeEntriesOutOfArchive,
} from './creditArchive';
import { pulledChangeApplier } from './pulledChange';
import type { Tables } from './records';

/** Where credit entries are kept: the table, and the archive. */
export const LEDGER_TABLES = ['creditTransactions', 'archivedCredits'] as const;
export type LedgerTables = Pick<Tables, (typeof LEDGER_TABLES)[number]>;

/** A customer's entries, wherever they are kept (unordered). */
export async function customerEntries(t: LedgerTables, customerId: string): Promise<CreditTransaction[]> {
  const [live, archived] = await Promise.all([
    t.creditTransactions.where('customerId').equals(customerId).toArray(),
    archivedCustomerEntries(t, customerId),
  ]);
  return [...live, ...archived];
}

/** Every entry of the shop, wherever it is kept (unordered): what is owed is computed from all of them. */
export async function everyEntry(t: LedgerTables): Promise<CreditTransaction[]> {
  const [live, archived] = await Promise.all([t.creditTransactions.toArray(), t.archivedCredits.toArray()]);
  return [...live, ...archived.flatMap((record) => record.entries)];
}

/** The entries dated from `from` to `to` (ISO times, both included), wherever they are kept (unordered). */
export async function entriesBetween(
  t: LedgerTables,
  from: string,
  to: string,
): Promise<CreditTransaction[]> {
  const [live, archived] = await Promise.all([
    t.creditTransactions.where('date').between(from, to, true, true).toArray(),
    archivedEntriesBetween(t, from, to),
  ]);
  return [...live, ...archived];
}

/** One entry, wherever it is kept. */
export async function findEntry(t: LedgerTables, id: string): Promise<CreditTransaction | undefined> {
  return (await t.creditTransactions.get(id)) ?? (await findArchivedEntry(t, id));
}

/** A new entry (its id never stored before): into the table. */
export async function addEntry(
  t: Pick<Tables, 'creditTransactions'>,
  entry: CreditTransaction,
): Promise<void> {
  await t.creditTransactions.add(entry);
}

/** Writes entries (upserts) to the table; an archived version of one is taken out first. */
export async function putEntries(t: LedgerTables, entries: readonly CreditTransaction[]): Promise<void> {
  await takeEntriesOutOfArchive(
    t,
    entries.map((entry) => entry.id),
  );
  await t.creditTransactions.bulkPut([...entries]);
}

/** Deletes entries wherever they are kept. */
export async function deleteEntries(t: LedgerTables, ids: readonly string[]): Promise<void> {
  await t.creditTransactions.bulkDelete([...ids]);
  await takeEntriesOutOfArchive(t, ids);
}

/** Deletes every entry of a customer (the customer is being deleted). */
export async function deleteCustomerEntries(t: LedgerTables, customerId: string): Promise<void> {
  await t.creditTransactions.where('customerId').equals(customerId).delete();
  await deleteArchivedCustomer(t, customerId);
}

/** A pulled entry: written or deleted wherever it is kept; its customer's balance is recomputed after the page. */
export const creditEntryApplier = pulledChangeApplier<'creditTransaction', (typeof LEDGER_TABLES)[number]>(
  LEDGER_TABLES,
  async (t, change, touched) => {
    const before = await findEntry(t, change.id);
    if (before) touched.customers.add(before.customerId);
    if (change.deleted) await deleteEntries(t, [change.id]);
    else {
      await putEntries(t, [change.record]);
      touched.customers.add(change.record.customerId);
    }
  },
);
