import { describe, expect, it } from 'vitest';
import type { Product } from './entities.js';
import {
  addDays,
  dashboardFigures,
  dayKey,
  revenueSeries,
  topProducts,
  type DailyTotal,
} from './dashboard.js';

const TZ = 'Africa/Casablanca';

describe('dayKey', () => {
  it('is the calendar day in the shop time zone', () => {
    // Morocco is UTC+1 outside Ramadan: 23:30 UTC on 14 Jan is already the 15th in Casablanca.
    expect(dayKey('2025-01-14T23:30:00.000Z', TZ)).toBe('2025-01-15');
    expect(dayKey('2025-01-14T23:30:00.000Z', 'UTC')).toBe('2025-01-14');
  });

  it('counts calendar days, across months and years', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });
});

function product(name: string, stock: number): Product {
  return {
    id: `id-${name}`,
    name,
    brand: '',
    category: 'Épicerie',
    purchasePrice: 100,
    salePrice: 200,
    vat: 20,
    stock,
    reorderThreshold: 5,
    isBulk: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('dashboardFigures', () => {
  const now = '2025-03-03T12:00:00.000Z';
  const dailyTotals: DailyTotal[] = [
    { day: '2025-03-03', total: 1000, count: 2 },
    { day: '2025-03-03', total: 500, count: 1 }, // another device's aggregate for the same day
    { day: '2025-03-01', total: 2000, count: 3 },
    { day: '2025-02-25', total: 4000, count: 4 }, // 6 days before today: in the week, not in the month
    { day: '2025-02-24', total: 8000, count: 5 }, // 7 days before: outside the week
    { day: '2025-03-04', total: 9999, count: 9 }, // tomorrow (a clock ahead): ignored
  ];

  it('gives today, the last 7 calendar days and the month from the 1st', () => {
    const figures = dashboardFigures({
      now,
      timeZone: TZ,
      dailyTotals,
      productSales: [],
      products: [],
      customerCount: 0,
    });
    expect(figures.today).toEqual({ total: 1500, count: 3 });
    expect(figures.week).toEqual({ total: 7500, count: 10 });
    expect(figures.month).toEqual({ total: 3500, count: 6 });
  });

  it('gives the top 3 by quantity, counters and the first 3 alerts', () => {
    const products = [
      product('Lait', 0),
      product('Thé', 3),
      product('Sucre', 50),
      product('Pain', 1),
      product('Riz', 4),
    ];
    const figures = dashboardFigures({
      now,
      timeZone: TZ,
      dailyTotals: [],
      productSales: [
        { productId: '1', productName: 'Sucre', quantity: 10 },
        { productId: '2', productName: 'Beurre', quantity: 25 },
        { productId: '3', productName: 'Amandes', quantity: 10 },
        { productId: '4', productName: 'Café', quantity: 3 },
      ],
      products,
      customerCount: 7,
    });
    expect(figures.topProducts.map((p) => p.productName)).toEqual(['Beurre', 'Amandes', 'Sucre']);
    expect(figures.counters).toEqual({ products: 5, customers: 7, alerts: 4 });
    expect(figures.alerts.map((a) => a.productName)).toEqual(['Lait', 'Pain', 'Thé']);
  });

  it('leaves out products never sold', () => {
    expect(topProducts([{ productId: 'x', productName: 'X', quantity: 0 }])).toEqual([]);
  });
});

describe('revenueSeries', () => {
  it('has one zero-filled point per day, oldest first, ending today', () => {
    const series = revenueSeries(
      [
        { day: '2025-03-03', total: 100, count: 1 },
        { day: '2025-02-27', total: 50, count: 1 },
        { day: '2025-01-01', total: 999, count: 1 },
      ],
      '2025-03-03T12:00:00.000Z',
      TZ,
      5,
    );
    expect(series).toEqual([
      { day: '2025-02-27', total: 50, count: 1 },
      { day: '2025-02-28', total: 0, count: 0 },
      { day: '2025-03-01', total: 0, count: 0 },
      { day: '2025-03-02', total: 0, count: 0 },
      { day: '2025-03-03', total: 100, count: 1 },
    ]);
    expect(revenueSeries([], '2025-03-03T12:00:00.000Z', TZ)).toHaveLength(30);
  });
});
