import { describe, expect, it } from 'vitest';
import { confidenceLevel, MAX_IMAGE_BYTES, QUICK_STOCK_STEPS } from './constants.js';
import { isUuid, newId } from './ids.js';

describe('confidenceLevel', () => {
  it('is Sûr at 0.7 or more, Moyen at 0.5 or more, otherwise Incertain', () => {
    expect(confidenceLevel(0.7)).toBe('high');
    expect(confidenceLevel(0.95)).toBe('high');
    expect(confidenceLevel(0.69)).toBe('medium');
    expect(confidenceLevel(0.5)).toBe('medium');
    expect(confidenceLevel(0.49)).toBe('low');
  });

  it('names the spec limits', () => {
    expect(MAX_IMAGE_BYTES).toBe(5_242_880);
    expect(QUICK_STOCK_STEPS).toEqual([-1, 1, 10]);
  });
});

describe('ids', () => {
  it('makes distinct UUIDv7 that sort by creation', () => {
    const ids = Array.from({ length: 100 }, () => newId());
    expect(new Set(ids).size).toBe(100);
    expect(ids.every((id) => isUuid(id) && id[14] === '7')).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
