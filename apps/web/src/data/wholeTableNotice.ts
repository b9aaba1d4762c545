// Large writes (an import) tell live queries "the whole table changed" instead of listing a million keys.
import { RangeSet, type DBCore, type IndexableType, type Middleware } from 'dexie';

/** From this many records in one write, the change notice names the whole table. */
export const LARGE_WRITE = 1000;

/**
 * Dexie's change notice for a bulk put lists every key written; for an import of 800,000 records that list
 * is a tree of 800,000 nodes, built in the Worker and then copied to the page (BroadcastChannel), which froze
 * the page at the end of the import. Marking the table, its deletions and its indexes as wholly changed
 * first keeps the notice one range per index: every live query over the table runs again, which a write of
 * that size calls for anyway.
 */
export const wholeTableNotice: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'wholeTableNotice',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name);
      const parts = ['', ':dels', ...table.schema.indexes.map((index) => index.name ?? '')].map(
        (part) => `idb://${down.schema.name}/${name}/${part}`,
      );
      return {
        ...table,
        mutate: (request) => {
          if ((request.type !== 'put' && request.type !== 'add') || request.values.length < LARGE_WRITE) {
            return table.mutate(request);
          }
          const mutatedParts = { ...request.mutatedParts };
          const [min, max] = [down.MIN_KEY as IndexableType, down.MAX_KEY as IndexableType];
          for (const part of parts) mutatedParts[part] = new RangeSet(min, max);
          return table.mutate({ ...request, mutatedParts });
        },
      };
    },
  }),
};
