// Dashboard figures (today, 7 days, month, top products, counters, alerts) from small daily aggregates.
import type { Centimes, Product } from './entities.js';
import { ALERT_PANEL_SIZE, REVENUE_CHART_DAYS, TOP_PRODUCTS, WEEK_DAYS } from './constants.js';
import { stockAlerts, type StockAlert } from './stock.js';

/** A calendar day in the shop's time zone, 'YYYY-MM-DD'. */
export type DayKey = string;
export type DailyTotal = { day: DayKey; total: Centimes; count: number };
export type ProductSales = { productId: string; productName: string; quantity: number };
export type Revenue = { total: Centimes; count: number };

export type DashboardInput = {
  now: string;
  timeZone: string;
  dailyTotals: readonly DailyTotal[];
  productSales: readonly ProductSales[];
  products: readonly Product[];
  customerCount: number;
};

export type DashboardFigures = {
  today: Revenue;
  week: Revenue;
  month: Revenue;
  topProducts: ProductSales[];
  counters: { products: number; customers: number; alerts: number };
  alerts: StockAlert[];
};

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone (Morocco: Africa/Casablanca). */
export function dayKey(iso: string, timeZone: string): DayKey {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day `days` calendar days after (or before, if negative) a day key; no time zone is involved. */
export function addDays(day: DayKey, days: number): DayKey {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function revenueBetween(dailyTotals: readonly DailyTotal[], first: DayKey, last: DayKey): Revenue {
  let total = 0;
  let count = 0;
  for (const day of dailyTotals) {
    if (day.day >= first && day.day <= last) {
      total += day.total;
      count += day.count;
    }
  }
  return { total, count };
}

/** Best sellers by quantity sold; ties go to the name, in French order. */
export function topProducts(productSales: readonly ProductSales[], limit = TOP_PRODUCTS): ProductSales[] {
  return productSales
    .filter((p) => p.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || a.productName.localeCompare(b.productName, 'fr'))
    .slice(0, limit);
}

/**
 * The dashboard: today, the last 7 calendar days (today and the 6 before), and the month from the 1st
 * (the spec labels it "30 jours" but counts from the start of the calendar month).
 */
export function dashboardFigures(input: DashboardInput): DashboardFigures {
  const today = dayKey(input.now, input.timeZone);
  const alerts = stockAlerts(input.products);
  return {
    today: revenueBetween(input.dailyTotals, today, today),
    week: revenueBetween(input.dailyTotals, addDays(today, 1 - WEEK_DAYS), today),
    month: revenueBetween(input.dailyTotals, `${today.slice(0, 8)}01`, today),
    topProducts: topProducts(input.productSales),
    counters: { products: input.products.length, customers: input.customerCount, alerts: alerts.length },
    alerts: alerts.slice(0, ALERT_PANEL_SIZE),
  };
}

/** One point per calendar day, oldest first and ending today, days without sales at 0 (for the chart). */
export function revenueSeries(
  dailyTotals: readonly DailyTotal[],
  now: string,
  timeZone: string,
  days = REVENUE_CHART_DAYS,
): DailyTotal[] {
  const today = dayKey(now, timeZone);
  const series = new Map<DayKey, DailyTotal>();
  for (let offset = days - 1; offset >= 0; offset--) {
    const day = addDays(today, -offset);
    series.set(day, { day, total: 0, count: 0 });
  }
  for (const entry of dailyTotals) {
    const point = series.get(entry.day);
    if (point) {
      point.total += entry.total;
      point.count += entry.count;
    }
  }
  return [...series.values()];
}
