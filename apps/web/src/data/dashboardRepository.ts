// The dashboard's figures from the small aggregates kept at each sale and the products marked in alert.
import {
  addDays,
  ALERT_PANEL_SIZE,
  dashboardFigures,
  dayKey,
  revenueSeries,
  REVENUE_CHART_DAYS,
  TOP_PRODUCTS,
} from '@hanouti/core';
import type { DailyTotal as DayRevenue, DashboardFigures, Product } from '@hanouti/core';
import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx } from './db';
import { LOW_STOCK_FIELD } from './lowStockMarker';
import { SHOP_TIME_ZONE } from './salesAggregates';

export type DashboardData = DashboardFigures & { revenueSeries: DayRevenue[] };

// The same order as core's localeCompare(…, 'fr'), without building a collator at each comparison.
const byFrenchName = new Intl.Collator('fr').compare;

/** The first `n` items in `compare` order; equal items keep their order, as a stable sort would. */
function firstInOrder<T>(items: readonly T[], n: number, compare: (a: T, b: T) => number): T[] {
  const first: T[] = [];
  for (const item of items) {
    if (first.length === n && compare(item, first[n - 1]!) >= 0) continue;
    let at = first.length;
    while (at > 0 && compare(item, first[at - 1]!) < 0) at--;
    first.splice(at, 0, item);
    if (first.length > n) first.pop();
  }
  return first;
}

/**
 * The products that can be among the dashboard's first alerts in core's order (out of stock by name, then
 * low by stock/threshold and name), read by the marker's index (lowStockMarker.ts): the out-of-stock ones,
 * and, when fewer than the panel, the lowest ratios with every product tied with the last. A big shop can
 * have thousands of products in alert; they are counted, not read.
 */
async function alertPanelCandidates(products: Table<Product, string>): Promise<Product[]> {
  const marker = () => products.where(LOW_STOCK_FIELD);
  const out = await marker().equals(0).toArray();
  if (out.length >= ALERT_PANEL_SIZE) {
    return firstInOrder(out, ALERT_PANEL_SIZE, (a, b) => byFrenchName(a.name, b.name));
  }
  const lowest = await marker()
    .above(0)
    .limit(ALERT_PANEL_SIZE - out.length)
    .toArray();
  const last = lowest[lowest.length - 1];
  if (!last) return out;
  const ratio = last.stock / last.reorderThreshold;
  return [...out, ...(await marker().between(0, ratio, false, true).toArray())];
}

/**
 * Reads only what the figures need, by index: the days since the start of the month or of the chart
 * window, the best sellers (every product tied with the third place, so ties break by name as in core),
 * the products marked in alert (lowStockMarker.ts) and two counts. Nothing scans the catalogue or the sales.
 */
export function loadDashboard(now: Date = new Date()): Promise<DashboardData> {
  const nowIso = now.toISOString();
  const today = dayKey(nowIso, SHOP_TIME_ZONE);
  const chartStart = addDays(today, 1 - REVENUE_CHART_DAYS);
  const monthStart = `${today.slice(0, 8)}01`;
  const from = chartStart < monthStart ? chartStart : monthStart;
  return tx('r', ['dailyTotals', 'productSales', 'products', 'customers'], async (t) => {
    const [dailyTotals, leaders, candidates, alerts, productCount, customerCount] = await Promise.all([
      t.dailyTotals.where('day').aboveOrEqual(from).toArray(),
      t.productSales.orderBy('quantity').reverse().limit(TOP_PRODUCTS).toArray(),
      alertPanelCandidates(t.products),
      t.products.where(LOW_STOCK_FIELD).between(0, 1, true, true).count(),
      t.products.count(),
      t.customers.count(),
    ]);
    const third = leaders[leaders.length - 1];
    const productSales = third
      ? await t.productSales.where('quantity').aboveOrEqual(third.quantity).toArray()
      : [];
    const figures = dashboardFigures({
      now: nowIso,
      timeZone: SHOP_TIME_ZONE,
      dailyTotals,
      productSales,
      products: candidates,
      customerCount,
    });
    return {
      ...figures,
      counters: { ...figures.counters, products: productCount, alerts },
      revenueSeries: revenueSeries(dailyTotals, nowIso, SHOP_TIME_ZONE),
    };
  });
}

/** The figures read during the app's start, shown by the first render until the live query's first answer. */
let prefetched: DashboardData | undefined;

/**
 * Reads the dashboard's figures during the app's start (app/App.tsx), so that the first screen is drawn with them
 * instead of '…' then a second render once its live query has answered. Used only until the first live answer
 * (then dropped: a later visit of the dashboard never shows them). A failure leaves the live query to answer.
 */
export async function prefetchDashboard(now: Date = new Date()): Promise<void> {
  try {
    prefetched = await loadDashboard(now);
  } catch (error) {
    console.warn('Dashboard figures not read ahead', error);
  }
}

/** Live dashboard: recomputed when a sale, a product or a customer changes. */
export function useDashboard(): DashboardData | undefined {
  return useLiveQuery(
    () =>
      loadDashboard().then((figures) => {
        prefetched = undefined;
        return figures;
      }),
    [],
    prefetched,
  );
}
