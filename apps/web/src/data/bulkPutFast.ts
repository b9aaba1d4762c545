// The one place that writes past Dexie's public API: an import's large puts, with IndexedDB's own `put`.
//
// Why: Dexie's bulkPut keeps bookkeeping per record, which made a whole-shop import's sales about 45 % slower
// (bench `import.writeThroughput`, docs/benchmarks.md). Dexie offers no public handle on the IDBTransaction,
// so this reads its `idbtrans`; if a Dexie version stops exposing it, the write falls back to `bulkPut`.
import { Dexie, type Table } from 'dexie';
import type { Product } from '@hanouti/core';
import { withLowStockMarker } from './lowStockMarker';
import { LARGE_WRITE } from './wholeTableNotice';

/** What the middlewares make of a record of `table` on its way to storage. */
function storedForm(table: string): (record: unknown) => unknown {
  return table === 'products' ? (record) => withLowStockMarker(record as Product) : (record) => record;
}

/**
 * Puts many records into `table` inside the current transaction (from `tx`): the same all-or-nothing as
 * `bulkPut` (a failed put aborts the transaction). Only the last `LARGE_WRITE` records go through Dexie, so
 * that its change notice still tells live queries the whole table changed (wholeTableNotice.ts). IndexedDB's
 * own put passes by no Dexie middleware, so the records are given here the form the middlewares would have
 * stored (the products' low-stock marker, lowStockMarker.ts).
 */
export async function bulkPutFast<T>(table: Table<T, string>, records: readonly T[]): Promise<void> {
  const split = Math.max(0, records.length - LARGE_WRITE);
  // The table's own transaction (tables from `tx` are bound to it), else the ambient one.
  const transaction = ((table as unknown as { _tx?: unknown })._tx ?? Dexie.currentTransaction) as {
    idbtrans?: IDBTransaction;
  } | null;
  const store = split > 0 ? transaction?.idbtrans?.objectStore(table.name) : undefined;
  if (!store) {
    await table.bulkPut([...records]);
    return;
  }
  const stored = storedForm(table.name);
  const direct = new Promise<void>((resolve, reject) => {
    let last: IDBRequest | undefined;
    for (let i = 0; i < split; i++) last = store.put(stored(records[i]));
    if (!last) return resolve();
    const request = last;
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('put failed'));
  });
  // Dexie's part is placed at once, not after the direct puts are written: this thread copies it while
  // IndexedDB writes the others.
  await Promise.all([direct, table.bulkPut(records.slice(split))]);
}
