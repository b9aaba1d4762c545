import { describe, expect, it } from 'vitest';
import {
  importedId,
  isImageDataUrl,
  normaliseDate,
  readMoney,
  readQuantity,
  RecordRejected,
} from './backupConvert.js';
import { newId } from './ids.js';

describe('readMoney', () => {
  it('turns decimal MAD into centimes, half-up on the written digits', () => {
    expect(readMoney({ p: 12.5 }, 'p')).toBe(1250);
    expect(readMoney({ p: 1.005 }, 'p')).toBe(101);
    expect(readMoney({ p: 0.125 }, 'p')).toBe(13);
    expect(readMoney({ p: 19.99 }, 'p')).toBe(1999);
    expect(readMoney({ p: 0 }, 'p')).toBe(0);
  });

  it('reads the snake_case column of the original app', () => {
    expect(readMoney({ sale_price: 3 }, 'salePrice')).toBe(300);
  });

  it('uses the fallback only for a missing field', () => {
    expect(readMoney({}, 'p', 0)).toBe(0);
    expect(() => readMoney({ p: null }, 'p', 0)).toThrow(RecordRejected);
  });

  it.each([['12'], [-1], [1e308], [Number.NaN], [Infinity], [true], [{}]])('refuses %s', (value) => {
    expect(() => readMoney({ p: value }, 'p')).toThrow(
      expect.objectContaining({ code: 'invalid-money', field: 'p' }),
    );
  });
});

describe('readQuantity', () => {
  it('accepts units and kg, refuses absurd or non-numbers', () => {
    expect(readQuantity({ q: 1.25 }, 'q')).toBe(1.25);
    expect(readQuantity({ q: -3 }, 'q')).toBe(-3);
    for (const value of [1e308, '3', null, Number.NaN]) {
      expect(() => readQuantity({ q: value }, 'q')).toThrow(
        expect.objectContaining({ code: 'invalid-quantity' }),
      );
    }
  });
});

describe('normaliseDate', () => {
  it('keeps valid ISO timestamps as written', () => {
    expect(normaliseDate('2025-01-02T10:00:00.000Z')).toBe('2025-01-02T10:00:00.000Z');
    expect(normaliseDate('2025-01-02T10:00:00+01:00')).toBe('2025-01-02T10:00:00+01:00');
  });

  it('reads dates without a zone as UTC, and epoch milliseconds', () => {
    expect(normaliseDate('2025-01-02T10:00:00')).toBe('2025-01-02T10:00:00.000Z');
    expect(normaliseDate('2025-01-02 10:00')).toBe('2025-01-02T10:00:00.000Z');
    expect(normaliseDate('2025-01-02')).toBe('2025-01-02T00:00:00.000Z');
    expect(normaliseDate(Date.UTC(2025, 0, 2))).toBe('2025-01-02T00:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const value of ['hier', '2025-13-45T10:00:00Z', '02/01/2025', null, {}, Number.NaN]) {
      expect(normaliseDate(value)).toBeUndefined();
    }
  });
});

describe('importedId', () => {
  it('keeps UUIDs (in lower case) and derives the same UUID for the same old id', () => {
    const id = newId();
    expect(importedId('product', id.toUpperCase())).toEqual({ id, regenerated: false });
    const first = importedId('product', 'p1');
    expect(first?.regenerated).toBe(true);
    expect(importedId('product', 'p1')).toEqual(first);
    expect(importedId('customer', 'p1')?.id).not.toBe(first?.id);
    expect(importedId('sale', 1699999999999)?.id).toBe(importedId('sale', '1699999999999')?.id);
  });

  it('has no id for empty or non-scalar values', () => {
    for (const value of ['', '  ', null, undefined, {}, [], Number.NaN])
      expect(importedId('sale', value)).toBeUndefined();
  });
});

describe('isImageDataUrl', () => {
  it('accepts base64 image data URLs within the limit only', () => {
    expect(isImageDataUrl('data:image/jpeg;base64,/9j/4AAQ', 100)).toBe(true);
    expect(isImageDataUrl('data:image/jpeg;base64,/9j/4AAQ', 10)).toBe(false);
    expect(isImageDataUrl('https://example.com/a.jpg', 100)).toBe(false);
    expect(isImageDataUrl('data:text/html;base64,PGI+', 100)).toBe(false);
  });
});
