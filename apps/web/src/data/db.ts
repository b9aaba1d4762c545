// The one gateway to IndexedDB: the database, its opening, and the single transaction helper.
//
// It imports nothing above it: the stored shapes come from records.ts, the versions from schema.ts, and the
// two middlewares are plain functions of Dexie's. Stores (sales, movements, ledger, catalogue, outbox) build on it.
import { Dexie, type Transaction } from 'dexie';
import { lowStockMarker } from './lowStockMarker';
import type { TableName, Tables } from './records';
import { SCHEMA_VERSIONS } from './schema';
import { wholeTableNotice } from './wholeTableNotice';

export type {
  DailyTotal,
  MetaRecord,
  OutboxEntry,
  OutboxStatus,
  PhotoRecord,
  ProductSalesTotal,
  TableName,
  Tables,
} from './records';
export { OUTBOX_STATUSES } from './records';
export { SCHEMA_VERSION, TABLE_NAMES } from './schema';

export const DATABASE_NAME = 'hanouti';

// Dexie switches its debug mode on by itself when the page comes from localhost or 127.0.0.1 (a console task per
// table operation, warnings about indexes). A phone opens the app by the shop's LAN address and never gets it, so the
// app turns it off everywhere: the browser tests and the cold-start bench, served on 127.0.0.1, run a phone's path.
Dexie.debug = false;

class HanoutiDatabase extends Dexie {
  constructor(name: string) {
    // 'strict' makes Chromium flush a committed transaction to disk before reporting success, so a
    // sale the shopkeeper saw complete survives a power cut (other browsers are strict already).
    super(name, { chromeTransactionDurability: 'strict' });
    // The marker middleware is in place before any migration runs, so upgrades write it too.
    this.use(lowStockMarker);
    this.use(wholeTableNotice);
    for (const { version, stores, upgrade } of SCHEMA_VERSIONS) {
      const schema = this.version(version).stores(stores);
      if (upgrade) schema.upgrade(upgrade);
    }
  }
}

/** The app's database. Only the modules of this folder use it, and only through `tx`. */
export const db = new HanoutiDatabase(DATABASE_NAME);

// Dexie's own typing of `transaction` infers the tables from properties declared on the class; the tables'
// types come from `Tables` here instead (one list, records.ts), so the call is typed by hand.
type RunTransaction = (
  mode: 'r' | 'rw',
  tables: string[],
  scope: (transaction: Transaction) => Promise<unknown>,
) => Promise<unknown>;
const runTransaction = db.transaction.bind(db) as unknown as RunTransaction;

/** Opens the database, running any pending migration. Safe to call more than once. */
export async function openDatabase(): Promise<void> {
  if (!db.isOpen()) await db.open();
}

/**
 * Runs `work` in one IndexedDB transaction over the named tables: everything it writes commits
 * together or not at all. Inside, await only the given tables (no fetch, no timers), or the
 * transaction commits early. The callback sees only the tables it asked for.
 */
export function tx<N extends TableName, T>(
  mode: 'r' | 'rw',
  tables: readonly N[],
  work: (t: Pick<Tables, N>) => Promise<T>,
): Promise<T> {
  // The scope must itself be an async function: Dexie keeps the transaction across native awaits
  // (in nested helpers too) only for scopes it recognises as async.
  return runTransaction(
    mode,
    [...tables],
    async (transaction) => await work(boundTables(transaction, tables)),
  ) as Promise<T>;
}

/**
 * The tables bound to `transaction` itself: their reads and writes belong to it however the work awaits.
 * Dexie's ambient transaction (its "zone") does not survive every chain of native awaits (an async helper
 * that returns early without a Dexie call, an `await` of a plain value in a loop); through `db`, the work's
 * next writes then ran in transactions of their own, and the large shop's cleanup failed with
 * PrematureCommitError (largeCleanup.test.ts).
 */
function boundTables<N extends TableName>(transaction: Transaction, tables: readonly N[]): Pick<Tables, N> {
  const bound = {} as Record<N, unknown>;
  for (const name of tables) bound[name] = transaction.table(name);
  return bound as Pick<Tables, N>;
}
