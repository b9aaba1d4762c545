// How one pulled change lands in the local stores: each synced entity's applier, written beside its store and
// listed once in applyPulledChanges.ts (a table keyed by core's SYNC_ENTITIES, so a new entity does not compile
// until it has one).
import type { SyncChange, SyncEntity } from '@hanouti/core';
import type { TableName, Tables } from './records';

/** What a page changed: the caches recomputed from the local records once the whole page is written. */
export type Touched = { products: Set<string>; customers: Set<string>; suppliers: Set<string> };

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
 * The applier of an entity kept as one record by id in one table, with nothing derived from it: the server's
 * version replaces the stored one, a deletion removes it. `touches` names the cache recomputed afterwards.
 */
export function plainApplier<E extends SyncEntity, N extends TableName>(
  table: N,
  touches?: keyof Touched,
): PulledChangeApplier<E, N> {
  return pulledChangeApplier<E, N>([table], async (t, change, touched) => {
    const store = t[table] as unknown as {
      delete(id: string): Promise<void>;
      put(record: RecordOf<N>): Promise<unknown>;
    };
    if (change.deleted) await store.delete(change.id);
    else await store.put(change.record as RecordOf<N>);
    if (touches) touched[touches].add(change.id);
  });
}
