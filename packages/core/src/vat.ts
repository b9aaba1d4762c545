// VAT per line and the cart's totals (ht, tva, ttc): catalogue prices are before VAT.
import type { Centimes, VatRate } from './entities.js';
import { AmountError } from './limits.js';
import { divideRoundHalfUp } from './money.js';

export type TaxedLine = { total: Centimes; vatRate: VatRate };
export type Totals = { subtotal: Centimes; vat: Centimes; total: Centimes };

/** VAT of one line: round(lineTotal × rate / 100), half-up, in centimes. Throws AmountError for a non-number. */
export function lineVat(lineTotal: Centimes, rate: VatRate): Centimes {
  if (typeof lineTotal !== 'number') throw new AmountError('not-a-number', 'line total');
  if (typeof rate !== 'number') throw new AmountError('not-a-number', 'VAT rate');
  return divideRoundHalfUp(lineTotal * rate, 100);
}

/** subtotal (ht) = Σ line totals, vat (tva) = Σ line VAT, total (ttc) = subtotal + vat. */
export function cartTotals(lines: readonly TaxedLine[]): Totals {
  let subtotal = 0;
  let vat = 0;
  for (const line of lines) {
    subtotal += line.total;
    vat += lineVat(line.total, line.vatRate);
  }
  return { subtotal, vat, total: subtotal + vat };
}
