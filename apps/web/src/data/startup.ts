// App start (spec §4): open and migrate the database, remove corrupt entries, seed the sample shop once.
import { newId, sampleShopData, type Settings } from '@hanouti/core';
import { backgroundWorkAllowed } from './backgroundWork';
import { openDatabase, tx } from './db';
import {
  removeCorruptEntries,
  sweepLargeTables,
  TABLES_CHECKED_AT_START,
  type CorruptRemoval,
  type SweepPosition,
  type SweepStore,
} from './corruptEntries';
import { ensureDeviceIdentity } from './device';
import { META, readMetaFlag, readMetaString, writeMeta } from './meta';
import { OUTBOX_TABLES, recordOperations } from './outbox';
import { AGGREGATE_TABLES, rebuildSalesAggregates } from './salesAggregates';
import { ARCHIVE_TABLES } from './saleArchive';
import { loadSettings } from './settingsRepository';

export type LocalDataReady = { settings: Settings; removedCorrupt: number; seeded: boolean };

/**
 * Seeds the spec's four products and two customers on the very first start with an empty catalogue.
 * A flag remembers it was done, so a shopkeeper who empties the catalogue does not get them back.
 */
async function seedSampleDataOnce(): Promise<boolean> {
  const now = new Date().toISOString();
  return tx('rw', ['products', 'customers', 'stockMovements', ...OUTBOX_TABLES], async (t) => {
    if (await readMetaFlag(t, META.sampleDataSeeded)) return false;
    await writeMeta(t, META.sampleDataSeeded, true);
    if ((await t.products.count()) > 0) return false;
    const { products, customers, movements } = sampleShopData({ now, newId });
    await t.products.bulkAdd(products);
    await t.customers.bulkAdd(customers);
    await t.stockMovements.bulkAdd(movements);
    await recordOperations(
      t,
      [
        ...products.map((payload) => ({ type: 'product.upsert' as const, payload })),
        ...customers.map((payload) => ({ type: 'customer.upsert' as const, payload })),
        ...movements.map((payload) => ({ type: 'stock.move' as const, payload })),
      ],
      now,
    );
    return true;
  });
}

/** The background check of the large tables starts this long after the first screen. */
export const SWEEP_DELAY_MS = 3000;
/** A full check of the large tables runs at most once a day: they are only written by checked code. */
export const SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The sweep's position, kept in the meta table so that a check cut short by closing the app goes on next time. */
const sweepStore: SweepStore = {
  async load() {
    const saved = await tx('r', ['meta'], (t) => readMetaString(t, META.corruptSweepPosition));
    if (!saved) return undefined;
    try {
      const position = JSON.parse(saved) as SweepPosition;
      return Number.isInteger(position.table) ? position : undefined;
    } catch {
      return undefined;
    }
  },
  async save(position) {
    await tx('rw', ['meta'], async (t) => {
      if (position) await writeMeta(t, META.corruptSweepPosition, JSON.stringify(position));
      else await t.meta.delete(META.corruptSweepPosition);
    });
  },
};

function reportRemoval(removal: CorruptRemoval): void {
  if (removal.total > 0) {
    console.warn(`Données locales : ${removal.total} entrée(s) corrompue(s) supprimée(s)`, removal.byTable);
  }
}

async function rebuildAggregatesIfNeeded(removal: CorruptRemoval): Promise<void> {
  const { sales, saleArchive, dailyTotals, productSales } = removal.byTable;
  if (sales || saleArchive || dailyTotals || productSales) {
    // The dashboard totals must again be the sum of the sales that remain.
    await tx('rw', ['sales', ...ARCHIVE_TABLES, ...AGGREGATE_TABLES], rebuildSalesAggregates);
  }
}

// Between two pages: the next task, and never while a sale is being rung up or its ticket shown (backgroundWork.ts).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0)).then(backgroundWorkAllowed);

/**
 * Checks the tables that grow with the shop (catalogue, customers, photos, sales, movements, credit
 * entries, outbox) for corrupt records, page by page with a pause between pages, going on from where the last check stopped; a finished check is not redone
 * for a day. Resolves to what was removed (nothing when no check was due).
 */
export async function sweepLargeTablesNow(
  options: { now?: Date; pause?: () => Promise<void> } = {},
): Promise<CorruptRemoval> {
  const now = options.now ?? new Date();
  const doneAt = await tx('r', ['meta'], (t) => readMetaString(t, META.corruptSweepDoneAt));
  const resuming = (await sweepStore.load()) !== undefined;
  if (!resuming && doneAt && now.getTime() - Date.parse(doneAt) < SWEEP_INTERVAL_MS) {
    return { total: 0, byTable: {} };
  }
  const removal = await sweepLargeTables(sweepStore, options.pause ?? nextTask);
  await tx('rw', ['meta'], (t) => writeMeta(t, META.corruptSweepDoneAt, now.toISOString()));
  reportRemoval(removal);
  await rebuildAggregatesIfNeeded(removal);
  return removal;
}

let scheduledSweep: ReturnType<typeof setTimeout> | undefined;
let runningSweep: Promise<void> | undefined;

/** Starts the background check a little after the first screen (once per app start). */
function scheduleBackgroundSweep(): void {
  if (scheduledSweep !== undefined) return;
  scheduledSweep = setTimeout(() => {
    runningSweep = sweepLargeTablesNow().then(
      () => undefined,
      (error: unknown) => console.warn('Vérification des données locales interrompue', error),
    );
  }, SWEEP_DELAY_MS);
}

/**
 * The background check started by prepareLocalData, once it has begun (undefined before its delay has passed):
 * resolves when it has finished, whatever it found. Lets a test wait for it instead of polling with a deadline.
 */
export function backgroundSweepFinished(): Promise<void> | undefined {
  return runningSweep;
}

/** Cancels a background check not yet started (tests, or a harness that measures without it). */
export function cancelBackgroundSweep(): void {
  if (scheduledSweep !== undefined) clearTimeout(scheduledSweep);
  scheduledSweep = undefined;
  runningSweep = undefined;
}

/** Each step of the start in the browser's performance timeline (DevTools; `e2e/bench/coldStart.mjs` prints them). */
function markStartup(step: string): void {
  performance.mark(`hanouti:start:${step}`);
}

export type PrepareOptions = {
  /** When to check the large tables: in the background after the first screen (default), now, or not. */
  sweep?: 'background' | 'now' | 'off';
};

/**
 * Everything the app needs before its first screen; throws only if IndexedDB cannot be opened. Corrupt
 * settings, counters and day totals are removed here; the tables that grow with the shop, which would hold
 * up the start of a shop with a million records, are checked in the background (sweepLargeTablesNow).
 */
export async function prepareLocalData(options: PrepareOptions = {}): Promise<LocalDataReady> {
  const sweep = options.sweep ?? 'background';
  await openDatabase();
  markStartup('database-open');
  const removal = await removeCorruptEntries(TABLES_CHECKED_AT_START);
  markStartup('small-tables-checked');
  if (sweep === 'now') {
    const large = await sweepLargeTables(sweepStore, () => Promise.resolve());
    removal.total += large.total;
    Object.assign(removal.byTable, large.byTable);
  }
  reportRemoval(removal);
  await rebuildAggregatesIfNeeded(removal);
  await tx('rw', ['meta'], ensureDeviceIdentity);
  markStartup('device-ready');
  const seeded = await seedSampleDataOnce();
  const settings = await loadSettings();
  markStartup('settings-read');
  if (sweep === 'background') scheduleBackgroundSweep();
  return { settings, removedCorrupt: removal.total, seeded };
}
