// The small running totals the dashboard reads (per day, per product), kept in the same transaction as the sales.
import { DEFAULT_TIME_ZONE, dayKey, sumQuantities, type Sale } from '@hanouti/core';
import type { Table } from 'dexie';
import { bulkPutFast } from './bulkPutFast';
import type { DailyTotal, ProductSalesTotal, Tables } from './records';
import { eachArchivePage, type ARCHIVE_TABLES } from './saleArchive';

/** The shop's days are Moroccan calendar days, whatever the phone's own time zone. */
export const SHOP_TIME_ZONE = DEFAULT_TIME_ZONE;

export const AGGREGATE_TABLES = ['dailyTotals', 'productSales'] as const;

type AggregateTables = Pick<Tables, 'dailyTotals' | 'productSales'>;

const HOUR_MS = 3_600_000;
const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The shop day of each sale, working out the day once per UTC hour: an import of 200,000 sales would
 * otherwise spend seconds in Intl. An hour is shared only when its first and last instants fall on the same
 * day (a change of offset inside it could move the day), else each sale's day is computed on its own.
 */
export function shopDays(sales: readonly Sale[]): string[] {
  const byHour = new Map<string, string | null>();
  return sales.map(({ date }) => {
    if (!UTC_ISO.test(date)) return dayKey(date, SHOP_TIME_ZONE);
    const hour = date.slice(0, 13);
    let day = byHour.get(hour);
    if (day === undefined) {
      const start = Date.parse(`${hour}:00:00.000Z`);
      const first = dayKey(new Date(start).toISOString(), SHOP_TIME_ZONE);
      const last = dayKey(new Date(start + HOUR_MS - 1).toISOString(), SHOP_TIME_ZONE);
      day = first === last ? first : null;
      byHour.set(hour, day);
    }
    return day ?? dayKey(date, SHOP_TIME_ZONE);
  });
}

// From this many keys, a count first: an import's first totals would otherwise ask an empty table for each.
const MANY_KEYS = 1000;

/** The stored totals of these keys; an empty table is not asked for each (a sale's few keys are just read). */
async function storedTotals<T>(table: Table<T, string>, keys: string[]): Promise<(T | undefined)[]> {
  if (keys.length >= MANY_KEYS && (await table.count()) === 0) return [];
  return table.bulkGet(keys);
}

/**
 * Adds (sign 1) or takes back (sign −1) the sales' figures in the aggregates, so that replacing a sale
 * by a new version is "−old, +new" and the totals never count a sale twice.
 */
export async function applySalesToAggregates(
  t: AggregateTables,
  sales: readonly Sale[],
  sign: 1 | -1,
): Promise<void> {
  if (sales.length === 0) return;
  const days = new Map<string, DailyTotal>();
  const products = new Map<string, ProductSalesTotal>();
  const dayKeys = shopDays(sales);
  const productIds = [...new Set(sales.flatMap((sale) => sale.items.map((item) => item.productId)))];
  const [storedDays, storedProducts] = await Promise.all([
    storedTotals(t.dailyTotals, [...new Set(dayKeys)]),
    storedTotals(t.productSales, productIds),
  ]);
  for (const day of storedDays) if (day) days.set(day.day, day);
  for (const product of storedProducts) if (product) products.set(product.productId, product);

  sales.forEach((sale, index) => {
    const day = dayKeys[index] ?? dayKey(sale.date, SHOP_TIME_ZONE);
    const before = days.get(day) ?? { day, count: 0, subtotal: 0, vat: 0, total: 0 };
    days.set(day, {
      day,
      count: before.count + sign,
      subtotal: before.subtotal + sign * sale.subtotal,
      vat: before.vat + sign * sale.vat,
      total: before.total + sign * sale.total,
    });
    for (const item of sale.items) {
      const previous = products.get(item.productId);
      // The latest sale names the product, as the shopkeeper last knew it.
      const keepName = previous !== undefined && (sign < 0 || previous.lastSoldAt > sale.date);
      products.set(item.productId, {
        productId: item.productId,
        productName: keepName ? previous.productName : item.productName,
        quantity: sumQuantities([previous?.quantity ?? 0, sign * item.quantity]),
        revenue: (previous?.revenue ?? 0) + sign * item.total,
        lastSoldAt: keepName ? previous.lastSoldAt : sale.date,
      });
    }
  });

  const emptyDays = [...days.values()].filter((day) => day.count <= 0).map((day) => day.day);
  await bulkPutFast(
    t.dailyTotals,
    [...days.values()].filter((day) => day.count > 0),
  );
  if (emptyDays.length > 0) await t.dailyTotals.bulkDelete(emptyDays);
  const soldOut = [...products.values()].filter((p) => p.quantity <= 0).map((p) => p.productId);
  await bulkPutFast(
    t.productSales,
    [...products.values()].filter((p) => p.quantity > 0),
  );
  if (soldOut.length > 0) await t.productSales.bulkDelete(soldOut);
}

// Sales read at a time when rebuilding: each page is a short task, so the page stays responsive.
const REBUILD_PAGE = 2000;

/** Rebuilds both aggregates from every stored sale (after a repair removed sales or totals), page by page. */
export async function rebuildSalesAggregates(
  t: AggregateTables & Pick<Tables, 'sales' | (typeof ARCHIVE_TABLES)[number]>,
): Promise<void> {
  await t.dailyTotals.clear();
  await t.productSales.clear();
  let after: string | undefined;
  for (;;) {
    const from = after === undefined ? t.sales.orderBy(':id') : t.sales.where(':id').above(after);
    const page = await from.limit(REBUILD_PAGE).toArray();
    await applySalesToAggregates(t, page, 1);
    if (page.length < REBUILD_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  await eachArchivePage(t, (archived) => applySalesToAggregates(t, archived.sales, 1));
}
