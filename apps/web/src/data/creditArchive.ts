// The credit notebook's entries of a whole-shop import, kept in one record per customer (schema version 6): the
// pages under the ledger store (ledger.ts), which is what everything else reads and writes through.
//
// As for the sale archive (saleArchive.ts), IndexedDB's cost per record made 20,000 entry records a few seconds
// of a large import; 1,000 customer records are a fraction of it. Only an import writes here; any change to an
// archived entry first takes it out into the `creditTransactions` table (ledger.ts), and the ledger's readers look
// in both places, so each entry is kept in exactly one and balance = Σ entries still holds.
import type { CreditTransaction } from '@hanouti/core';
import { bulkPutFast } from './bulkPutFast';
import type { ArchivedCustomerCredits, Tables } from './records';

export type { ArchivedCustomerCredits } from './records';

type ArchiveTables = Pick<Tables, 'archivedCredits'>;

const byId = (a: CreditTransaction, b: CreditTransaction) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function customerRecord(
  customerId: string,
  entries: readonly CreditTransaction[],
): ArchivedCustomerCredits | undefined {
  if (entries.length === 0) return undefined;
  return { customerId, entries: [...entries], entryIds: entries.map((entry) => entry.id) };
}

async function archiveIsEmpty(t: ArchiveTables): Promise<boolean> {
  return (await t.archivedCredits.limit(1).primaryKeys()).length === 0;
}

/** Writes these customers' records, removing those now empty. */
async function putCustomerRecords(
  t: ArchiveTables,
  records: readonly { customerId: string; record: ArchivedCustomerCredits | undefined }[],
): Promise<void> {
  await t.archivedCredits.bulkDelete(records.filter((r) => !r.record).map((r) => r.customerId));
  await bulkPutFast(
    t.archivedCredits,
    records.flatMap((r) => (r.record ? [r.record] : [])),
  );
}

/** A customer's archived entries (none when the customer has no record). */
export async function archivedCustomerEntries(
  t: ArchiveTables,
  customerId: string,
): Promise<CreditTransaction[]> {
  return (await t.archivedCredits.get(customerId))?.entries ?? [];
}

/** One archived entry, by id. */
export async function findArchivedEntry(
  t: ArchiveTables,
  id: string,
): Promise<CreditTransaction | undefined> {
  if (await archiveIsEmpty(t)) return undefined;
  const record = await t.archivedCredits.where('entryIds').equals(id).first();
  return record?.entries.find((entry) => entry.id === id);
}

/** Removes a customer's record (the customer is being deleted). */
export async function deleteArchivedCustomer(t: ArchiveTables, customerId: string): Promise<void> {
  await t.archivedCredits.delete(customerId);
}

/** Takes these entries out of the archive and returns them (ids not archived are ignored). */
export async function takeEntriesOutOfArchive(
  t: ArchiveTables,
  ids: readonly string[],
): Promise<CreditTransaction[]> {
  if (ids.length === 0 || (await archiveIsEmpty(t))) return [];
  const wanted = new Set(ids);
  const records = await t.archivedCredits
    .where('entryIds')
    .anyOf([...ids])
    .distinct()
    .toArray();
  const taken: CreditTransaction[] = [];
  await putCustomerRecords(
    t,
    records.map((record) => {
      const kept = record.entries.filter((entry) => {
        if (!wanted.has(entry.id)) return true;
        taken.push(entry);
        return false;
      });
      return { customerId: record.customerId, record: customerRecord(record.customerId, kept) };
    }),
  );
  return taken;
}

/** Every archived entry, by id as the table lists them (export, data care). */
export async function everyArchivedEntry(t: ArchiveTables): Promise<CreditTransaction[]> {
  const entries: CreditTransaction[] = [];
  await t.archivedCredits.each((record) => {
    entries.push(...record.entries);
  });
  return entries.sort(byId);
}

/** The archived entries dated from `from` to `to` (ISO times, both included). */
export async function archivedEntriesBetween(
  t: ArchiveTables,
  from: string,
  to: string,
): Promise<CreditTransaction[]> {
  // The records have no index by date: a phone that imported reads them all, as for what is owed (everyEntry).
  if (await archiveIsEmpty(t)) return [];
  const entries: CreditTransaction[] = [];
  await t.archivedCredits.each((record) => {
    for (const entry of record.entries) if (entry.date >= from && entry.date <= to) entries.push(entry);
  });
  return entries;
}

/** The archived entries of these customers. */
export async function archivedEntriesOf(
  t: ArchiveTables,
  customerIds: readonly string[],
): Promise<CreditTransaction[]> {
  if (customerIds.length === 0 || (await archiveIsEmpty(t))) return [];
  return (await t.archivedCredits.bulkGet([...customerIds])).flatMap((record) => record?.entries ?? []);
}

/**
 * Archives an import's entries by customer, merged by id with what the archive holds (the import takes
 * them out of the table and, when their customer changed, out of the archive first).
 */
export async function archiveEntries(t: ArchiveTables, entries: readonly CreditTransaction[]): Promise<void> {
  if (entries.length === 0) return;
  const byCustomer = new Map<string, CreditTransaction[]>();
  for (const entry of entries) {
    const list = byCustomer.get(entry.customerId);
    if (list) list.push(entry);
    else byCustomer.set(entry.customerId, [entry]);
  }
  const customerIds = [...byCustomer.keys()];
  const stored = (await archiveIsEmpty(t)) ? [] : await t.archivedCredits.bulkGet(customerIds);
  await putCustomerRecords(
    t,
    customerIds.map((customerId, index) => {
      const added = byCustomer.get(customerId)!;
      const addedIds = new Set(added.map((entry) => entry.id));
      const before = (stored[index]?.entries ?? []).filter((entry) => !addedIds.has(entry.id));
      return { customerId, record: customerRecord(customerId, [...before, ...added]) };
    }),
  );
}
