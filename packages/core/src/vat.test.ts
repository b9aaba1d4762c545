import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { VAT_RATES } from './entities.js';
import { cartTotals, lineVat } from './vat.js';

describe('lineVat', () => {
  it('is round(line total × rate / 100), half-up in centimes', () => {
    expect(lineVat(1000, 20)).toBe(200);
    expect(lineVat(1250, 7)).toBe(88); // 87.5
    expect(lineVat(1249, 7)).toBe(87); // 87.43
    expect(lineVat(999, 0)).toBe(0);
    expect(lineVat(105, 14)).toBe(15); // 14.7
  });
});

describe('cartTotals', () => {
  it('sums the lines: total = subtotal + VAT', () => {
    expect(
      cartTotals([
        { total: 1000, vatRate: 20 },
        { total: 1250, vatRate: 7 },
      ]),
    ).toEqual({ subtotal: 2250, vat: 288, total: 2538 });
    expect(cartTotals([])).toEqual({ subtotal: 0, vat: 0, total: 0 });
  });

  it('VAT is the sum of the line VATs, totals are whole centimes', () => {
    const line = fc.record({
      total: fc.integer({ min: 0, max: 100_000_000 }),
      vatRate: fc.constantFrom(...VAT_RATES),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const totals = cartTotals(lines);
        expect(totals.vat).toBe(lines.reduce((sum, l) => sum + lineVat(l.total, l.vatRate), 0));
        expect(totals.subtotal).toBe(lines.reduce((sum, l) => sum + l.total, 0));
        expect(totals.total).toBe(totals.subtotal + totals.vat);
        expect(Number.isSafeInteger(totals.total)).toBe(true);
        // Each line's VAT is within half a centime of the exact value.
        for (const l of lines)
          expect(Math.abs(lineVat(l.total, l.vatRate) - (l.total * l.vatRate) / 100)).toBeLessThanOrEqual(
            0.5,
          );
      }),
    );
  });
});
