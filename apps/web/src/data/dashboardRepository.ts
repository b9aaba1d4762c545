// The dashboard's figures from the small aggregates kept at each sale, plus the catalogue for alerts.
import {
  addDays,
  dashboardFigures,
  dayKey,
  revenueSeries,
  REVENUE_CHART_DAYS,
  TOP_PRODUCTS,
} from '@hanouti/core';
import type { DailyTotal as DayRevenue, DashboardFigures } from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx } from './db';
import { SHOP_TIME_ZONE } from './salesAggregates';

export type DashboardData = DashboardFigures & { revenueSeries: DayRevenue[] };

/**
 * Reads only what the figures need: the days since the start of the month or of the chart window,
 * the best sellers (every product tied with the third place, so ties break by name as in core),
 * the products (for alerts and counters) and the customer count.
 */
export function loadDashboard(now: Date = new Date()): Promise<DashboardData> {
  const nowIso = now.toISOString();
  const today = dayKey(nowIso, SHOP_TIME_ZONE);
  const chartStart = addDays(today, 1 - REVENUE_CHART_DAYS);
  const monthStart = `${today.slice(0, 8)}01`;
  const from = chartStart < monthStart ? chartStart : monthStart;
  return tx('r', ['dailyTotals', 'productSales', 'products', 'customers'], async (t) => {
    const [dailyTotals, leaders, products, customerCount] = await Promise.all([
      t.dailyTotals.where('day').aboveOrEqual(from).toArray(),
      t.productSales.orderBy('quantity').reverse().limit(TOP_PRODUCTS).toArray(),
      t.products.toArray(),
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
      products,
      customerCount,
    });
    return { ...figures, revenueSeries: revenueSeries(dailyTotals, nowIso, SHOP_TIME_ZONE) };
  });
}

/** Live dashboard: recomputed when a sale, a product or a customer changes. */
export function useDashboard(): DashboardData | undefined {
  return useLiveQuery(() => loadDashboard());
}
