// How one pulled change lands in the local stores: a record kept whole by the applier its synced table's line
// describes (syncedTables.ts), a record that may live in an import's archive by its store's, written beside the
// store (sales.ts, movements.ts, ledger.ts) and listed in applyPulledChanges.ts.
import type { SyncChange, SyncEntity } from '@hanouti/core';
import type { TableName, Tables } from './records';
import type { PulledBy, Touched } from './syncedTables';

export type { Touched } from './syncedTables';

/** A pulled change of one entity: its server version, or its deletion. */
export type PulledChange<E extends SyncEntity> =
  | Extract<SyncChange, { entity: E; deleted: false }>
  | (Extract<SyncChange, { deleted: true }> & { entity: E });

/** Writes a pulled change that won over this phone's pending edits, within the tables it names. */
export type PulledChangeApplier<E extends SyncEntity, N extends TableName = TableName> = {
  tables: readonly N[];
  apply: (t: Pick<Tables, N>, change: PulledChange<E>, touched: Touched) => Promise<void>;
};

/** An applier over `tables` (a function so that the entity and the tables are inferred together). */
export function pulledChangeApplier<E extends SyncEntity, N extends TableName>(
  tables: readonly N[],
  apply: PulledChangeApplier<E, N>['apply'],
): PulledChangeApplier<E, N> {
  return { tables, apply };
}

type RecordOf<N extends TableName> = Tables[N] extends { put(record: infer R): unknown } ? R : never;

/**
 * The applier of an entity kept as one record by id in one table, with nothing derived from it but the caches
 * `pulled` names (syncedTables.ts): the server's version replaces the stored one, a deletion removes it.
 */
export function recordApplier<E extends SyncEntity, N extends TableName>(
  table: N,
  // Each table's fields are checked in syncedTables.ts.
  pulled: Exclude<PulledBy<Record<string, string>>, 'its store'>,
): PulledChangeApplier<E, N> {
  const { touches, through, deletions } = pulled;
  return pulledChangeApplier<E, N>([table], async (t, change, touched) => {
    const store = t[table] as unknown as {
      get(id: string): Promise<Record<string, unknown> | undefined>;
      delete(id: string): Promise<void>;
      put(record: RecordOf<N>): Promise<unknown>;
    };
    // What the record named before the change loses it (an entry moved to another supplier).
    if (touches && through) {
      const before = await store.get(change.id);
      if (before) touched[touches].add(before[through] as string);
    }
    if (change.deleted) {
      if (deletions !== 'ignored') await store.delete(change.id);
    } else {
      await store.put(change.record as RecordOf<N>);
      if (touches && through)
        touched[touches].add((change.record as Record<string, unknown>)[through] as string);
    }
    if (touches && !through) touched[touches].add(change.id);
  });
}
