import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, moneyParts } from './useShopFormat';

describe('moneyParts', () => {
  it('cuts an amount into its figure and its currency, in the locale order, without bidi marks', () => {
    expect(moneyParts(119_275_531, 'MAD', 'fr-MA')).toEqual({
      figure: '1.192.755,31',
      currency: 'MAD',
      currencyFirst: false,
    });
    const arabic = moneyParts(999_999_999, 'MAD', 'ar-MA');
    expect(arabic.figure).toBe('9.999.999,99');
    expect(arabic.currency).toBe('د.م.');
    expect(arabic.currencyFirst).toBe(false);
    expect(moneyParts(0, 'MAD', 'fr-MA').figure).toBe('0,00');
    expect(moneyParts(1250, 'MAD', 'ar-MA').figure).toBe('12,50');
  });

  it('keeps the figure free of any breakable space', () => {
    for (const amount of [0, 1250, 4_248_736, 119_275_531, 999_999_999]) {
      for (const locale of ['fr-MA', 'ar-MA'] as const) {
        for (const currency of ['MAD', 'EUR', 'USD'] as const) {
          expect(moneyParts(amount, currency, locale).figure).not.toMatch(/\s/);
        }
      }
    }
  });
});

describe('formatDateTime', () => {
  it('writes an ISO instant in the shop format and leaves any other text as it is', () => {
    expect(formatDateTime('2026-11-10T18:00:00.000Z', 'fr-MA')).toMatch(/^\d{2}\/11\/2026 \d{2}:\d{2}$/);
    expect(formatDateTime('Dette ancienne', 'fr-MA')).toBe('Dette ancienne');
  });
});

describe('formatCount', () => {
  it('groups counts by thousands in both languages, with Western digits', () => {
    expect(formatCount(10004, 'fr-MA')).toBe('10.004');
    expect(formatCount(10004, 'ar-MA')).toBe('10.004');
    expect(formatCount(999, 'fr-MA')).toBe('999');
  });
});
