import { dayKey, type Sale } from '@hanouti/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE, shopDays } from './salesAggregates';

const saleAt = (date: string) => ({ date }) as Sale;

describe('shop days of sales', () => {
  it('is the day of each sale in the shop’s time zone, across offset changes (Ramadan, summer time)', () => {
    const instant = fc.integer({ min: Date.UTC(2018, 0, 1), max: Date.UTC(2027, 11, 31) });
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 50 }), (times) => {
        const dates = times.map((t) => new Date(t).toISOString());
        expect(shopDays(dates.map(saleAt))).toEqual(dates.map((d) => dayKey(d, SHOP_TIME_ZONE)));
      }),
      { numRuns: 200 },
    );
  });

  it('handles every minute around midnight and dates that are not in UTC form', () => {
    const start = Date.UTC(2025, 2, 29, 22, 0);
    const dates = Array.from({ length: 180 }, (_, i) => new Date(start + i * 60_000).toISOString());
    dates.push('2025-03-30T00:30:00+01:00', '2025-03-30T00:30:00.000Z');
    expect(shopDays(dates.map(saleAt))).toEqual(dates.map((d) => dayKey(d, SHOP_TIME_ZONE)));
  });
});
