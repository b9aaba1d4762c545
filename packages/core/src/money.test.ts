import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centimesFromMad,
  divideRoundHalfUp,
  formatMoney,
  madFromCentimes,
  multiplyPrice,
  parseMadInput,
  parseQuantityInput,
  roundKg,
  roundQuantity,
  sumQuantities,
} from './money.js';
import { AmountError } from './limits.js';

describe('parseMadInput', () => {
  it('accepts a comma or a dot as decimal separator', () => {
    expect(parseMadInput('12,5')).toEqual({ value: 1250, invalid: false });
    expect(parseMadInput('12.50')).toEqual({ value: 1250, invalid: false });
    expect(parseMadInput(' 1 234,05 ')).toEqual({ value: 123405, invalid: false });
    expect(parseMadInput('0,07')).toEqual({ value: 7, invalid: false });
    expect(parseMadInput(',5')).toEqual({ value: 50, invalid: false });
    expect(parseMadInput('7.')).toEqual({ value: 700, invalid: false });
  });

  it('rounds a third decimal half-up', () => {
    expect(parseMadInput('1,005').value).toBe(101);
    expect(parseMadInput('1,004').value).toBe(100);
  });

  it('turns invalid input into 0 and says so (spec §5)', () => {
    for (const text of ['abc', '12a', '-5', '1,2,3', '1.234,5', '.', '1e3']) {
      expect(parseMadInput(text)).toEqual({ value: 0, invalid: true });
    }
    // A number past what the app holds is invalid too, and said to be too large.
    expect(parseMadInput('99999999999999999999')).toEqual({ value: 0, invalid: true, tooLarge: true });
    expect(parseMadInput('')).toEqual({ value: 0, invalid: false });
  });
});

describe('parseQuantityInput', () => {
  it('reads whole units, or kg to the gram for bulk products', () => {
    expect(parseQuantityInput('12', false)).toEqual({ value: 12, invalid: false });
    expect(parseQuantityInput('12,0', false)).toEqual({ value: 12, invalid: false });
    expect(parseQuantityInput('1,5', false)).toEqual({ value: 0, invalid: true });
    expect(parseQuantityInput('1,2355', true)).toEqual({ value: 1.236, invalid: false });
    expect(parseQuantityInput('0.25', true)).toEqual({ value: 0.25, invalid: false });
    expect(parseQuantityInput('x', true)).toEqual({ value: 0, invalid: true });
  });
});

describe('centimesFromMad / madFromCentimes', () => {
  it('rounds on the written decimals, not the binary value', () => {
    expect(centimesFromMad(1.005)).toBe(101);
    expect(centimesFromMad(8.5)).toBe(850);
    expect(centimesFromMad(0.1 + 0.2)).toBe(30);
    expect(centimesFromMad(-2.345)).toBe(-235);
    expect(centimesFromMad(1e-7)).toBe(0);
    expect(madFromCentimes(1250)).toBe(12.5);
  });

  it('refuses what is not an amount', () => {
    expect(() => centimesFromMad(Number.NaN)).toThrow(AmountError);
    expect(() => centimesFromMad(Infinity)).toThrow(AmountError);
    expect(() => centimesFromMad(1e308)).toThrow(AmountError);
  });

  it('round-trips every centime amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (amount) => {
        expect(centimesFromMad(madFromCentimes(amount))).toBe(amount);
      }),
    );
  });
});

describe('multiplyPrice', () => {
  it('multiplies exactly and rounds half-up to the centime', () => {
    expect(multiplyPrice(1999, 1.235)).toBe(2469); // 2468.765
    expect(multiplyPrice(1000, 0.0005)).toBe(1); // 0.5 → 1
    expect(multiplyPrice(1000, 0.0004)).toBe(0);
    expect(multiplyPrice(850, 3)).toBe(2550);
    expect(multiplyPrice(333, 0.5)).toBe(167); // 166.5 → 167
  });

  it('stays exact beyond 2^53 intermediate values', () => {
    expect(multiplyPrice(9_000_000_000_000, 1.001)).toBe(9_009_000_000_000);
  });

  it('equals the exact rational result rounded half-up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (price, grams) => {
          const exact = BigInt(price) * BigInt(grams);
          const expected = Number((exact + 500n) / 1000n);
          expect(multiplyPrice(price, grams / 1000)).toBe(expected);
        },
      ),
    );
  });
});

describe('divideRoundHalfUp', () => {
  it('rounds halves away from zero', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(-5, 10)).toBe(-1);
    expect(divideRoundHalfUp(-4, 10)).toBe(0);
  });
});

describe('quantities', () => {
  it('keeps kg to the gram and units whole', () => {
    expect(roundKg(1.23456)).toBe(1.235);
    expect(roundKg(0.0004)).toBe(0);
    expect(Object.is(roundKg(-0.0001), 0)).toBe(true);
    expect(roundQuantity(2.6, false)).toBe(3);
    expect(roundQuantity(2.6, true)).toBe(2.6);
  });

  it('sums kg without float drift', () => {
    expect(sumQuantities([0.1, 0.2])).toBe(0.3);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100_000, max: 100_000 })), (grams) => {
        const total = grams.reduce((a, b) => a + b, 0);
        expect(sumQuantities(grams.map((g) => g / 1000))).toBe(total / 1000 || 0);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('shows two decimals in the shop language', () => {
    expect(formatMoney(1250, 'MAD', 'fr-MA')).toMatch(/^12,50\sMAD$/);
    expect(formatMoney(123400, 'EUR', 'fr-MA')).toMatch(/^1.234,00\s€$/);
    expect(formatMoney(5, 'MAD', 'ar-MA')).toContain('0,05');
    expect(formatMoney(5, 'MAD', 'ar-MA')).toContain('د.م.');
  });
});
