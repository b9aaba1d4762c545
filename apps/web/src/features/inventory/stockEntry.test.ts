import { describe, expect, it } from 'vitest';
import { problemOfResult, readStockEntry } from './stockEntry';

describe('a typed stock count or delivery', () => {
  it('reads whole units, or kg to the gram for bulk products', () => {
    expect(readStockEntry('count', '12', false)).toEqual({ ok: true, quantity: 12 });
    expect(readStockEntry('restock', '2,5', true)).toEqual({ ok: true, quantity: 2.5 });
    expect(readStockEntry('count', '0', false)).toEqual({ ok: true, quantity: 0 });
  });

  it('refuses a negative count with the spec reason', () => {
    expect(readStockEntry('count', '-3', false)).toEqual({ ok: false, problem: 'negative' });
  });

  it('refuses an empty, unreadable or non-positive delivery instead of writing 0', () => {
    expect(readStockEntry('restock', '', false)).toEqual({ ok: false, problem: 'empty' });
    expect(readStockEntry('restock', 'douze', false)).toEqual({ ok: false, problem: 'invalid' });
    expect(readStockEntry('restock', '0', false)).toEqual({ ok: false, problem: 'not-positive' });
    expect(readStockEntry('restock', '-2', false)).toEqual({ ok: false, problem: 'not-positive' });
  });

  it('says a quantity past what one entry holds (1,000,000 units or kg) is too large', () => {
    expect(readStockEntry('restock', '1000000', false)).toEqual({ ok: true, quantity: 1_000_000 });
    expect(readStockEntry('restock', '1000001', false)).toEqual({ ok: false, problem: 'too-large' });
    expect(readStockEntry('count', '1000000,001', true)).toEqual({ ok: false, problem: 'too-large' });
  });

  it('asks for whole units when a unit product gets decimals', () => {
    expect(readStockEntry('count', '2,5', false)).toEqual({ ok: false, problem: 'whole-units' });
  });

  it('maps the data layer refusals', () => {
    expect(problemOfResult({ ok: false, error: 'negative-stock' })).toBe('negative');
    expect(problemOfResult({ ok: true, stockAfter: 3, movement: undefined })).toBeUndefined();
  });
});
