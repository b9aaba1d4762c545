// Money in integer centimes and quantities in units or kg: parsing, exact multiplication, display.
import type { Centimes, Currency } from './entities.js';
import { KG_DECIMALS } from './constants.js';
import { AmountError, MAX_AMOUNT_CENTIMES, MAX_QUANTITY, MAX_STOCK } from './limits.js';
import { latinNumberText } from './digits.js';

export type MoneyLocale = 'fr-MA' | 'ar-MA';

/**
 * What a typed amount became: invalid input becomes 0 (spec §5), and the form can say so. `tooLarge`: a number
 * was typed, but beyond what the app holds (MAX_AMOUNT_CENTIMES, MAX_QUANTITY), so that the form can say that.
 */
export type ParsedInput = { value: number; invalid: boolean; tooLarge?: true };

const TOO_LARGE: ParsedInput = { value: 0, invalid: true, tooLarge: true };

const MILLI = 10 ** KG_DECIMALS;
// Spaces (incl. the narrow no-break space of fr formatting) are tolerated as thousands separators.
const SPACES = /[\s\u00a0\u202f]/g;
const DECIMAL = /^(\d*)(?:[.,](\d*))?$/;

/** n / d rounded half away from zero, exactly, for integers n and d > 0 (half-up for amounts ≥ 0). */
export function divideRoundHalfUp(n: number, d: number): number {
  // BigInt(NaN) and BigInt(Infinity) throw a RangeError: such a value is refused with a typed error instead.
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new AmountError('not-finite', 'dividend');
  if (typeof d !== 'number' || !Number.isFinite(d) || d < 1) throw new AmountError('out-of-range', 'divisor');
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d) || d <= 0) {
    return Number(divideRoundHalfUpBig(BigInt(Math.trunc(n)), BigInt(Math.trunc(d))));
  }
  const magnitude = Math.abs(n);
  const remainder = magnitude % d;
  const quotient = (magnitude - remainder) / d + (remainder * 2 >= d ? 1 : 0);
  return n < 0 && quotient !== 0 ? -quotient : quotient;
}

function divideRoundHalfUpBig(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new AmountError('out-of-range', 'divisor');
  const magnitude = n < 0n ? -n : n;
  const quotient = magnitude / d + ((magnitude % d) * 2n >= d ? 1n : 0n);
  return n < 0n ? -quotient : quotient;
}

/** Digits of a non-negative decimal string as an integer count of 10^-scale, rounded half-up. */
function scaledFromDecimalText(whole: string, fraction: string, scale: number): number {
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const roundUp = (fraction[scale] ?? '0') >= '5' ? 1 : 0;
  return Number(`${whole || '0'}${kept}`) + roundUp;
}

/**
 * Reads a typed amount in MAD ("12,5", "12.50", "1 234,5", or in Arabic digits "١٢٫٥") as centimes; anything
 * else, or more than MAX_AMOUNT_CENTIMES, is 0 and invalid.
 */
export function parseMadInput(text: string): ParsedInput {
  const compact = latinNumberText(text).replace(SPACES, '');
  if (compact === '') return { value: 0, invalid: false };
  const match = DECIMAL.exec(compact);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { value: 0, invalid: true };
  const value = scaledFromDecimalText(whole, fraction, 2);
  return Number.isSafeInteger(value) && value <= MAX_AMOUNT_CENTIMES ? { value, invalid: false } : TOO_LARGE;
}

/** Why a typed amount that must be above 0 is refused: not a number or not above 0, or beyond MAX_AMOUNT_CENTIMES. */
export type PositiveAmountProblem = 'not-positive' | 'too-large';

/** A typed amount that must be above 0 (a carnet entry, a debt, a limit): its centimes, or why it is refused. */
export function readPositiveMad(
  text: string,
): { ok: true; value: Centimes } | { ok: false; problem: PositiveAmountProblem } {
  const parsed = parseMadInput(text);
  if (parsed.tooLarge) return { ok: false, problem: 'too-large' };
  return parsed.invalid || parsed.value <= 0
    ? { ok: false, problem: 'not-positive' }
    : { ok: true, value: parsed.value };
}

/**
 * Reads a typed quantity: whole units, or kg with up to 3 decimals for bulk products.
 * Invalid input becomes 0; a non-whole count of units is invalid rather than silently rounded, and so is
 * more than MAX_QUANTITY.
 */
export function parseQuantityInput(text: string, isBulk: boolean): ParsedInput {
  const compact = latinNumberText(text).replace(SPACES, '');
  if (compact === '') return { value: 0, invalid: false };
  const match = DECIMAL.exec(compact);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { value: 0, invalid: true };
  if (!isBulk) {
    if (/[1-9]/.test(fraction)) return { value: 0, invalid: true };
    const units = Number(whole || '0');
    return Number.isSafeInteger(units) && units <= MAX_QUANTITY
      ? { value: units, invalid: false }
      : TOO_LARGE;
  }
  const milli = scaledFromDecimalText(whole, fraction, KG_DECIMALS);
  return Number.isSafeInteger(milli) && milli <= MAX_QUANTITY * MILLI
    ? { value: milli / MILLI, invalid: false }
    : TOO_LARGE;
}

/**
 * A decimal MAD amount (backup files, the spec's REST) as centimes, rounded half-up on its decimal digits.
 * Throws AmountError for what is not a finite number or does not fit a safe integer of centimes.
 */
export function centimesFromMad(mad: number): Centimes {
  if (typeof mad !== 'number') throw new AmountError('not-a-number', 'amount');
  if (!Number.isFinite(mad)) throw new AmountError('not-finite', 'amount');
  // Whole dirhams (most amounts of a backup file) need no rounding at all.
  if (mad === 0) return 0;
  if (Number.isSafeInteger(mad) && Number.isSafeInteger(mad * 100)) return mad * 100;
  // The shortest decimal text of a number is what was written (1.005 stays "1.005"), so rounding it
  // avoids the binary error of mad * 100 (100.49999…).
  const text = String(Math.abs(mad));
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const magnitude = match
    ? scaledFromDecimalText(match[1] ?? '0', match[2] ?? '', 2)
    : Math.round(Math.abs(mad) * 100);
  if (!Number.isSafeInteger(magnitude)) throw new AmountError('out-of-range', 'amount');
  return mad < 0 ? -magnitude : magnitude;
}

/** Centimes as a decimal MAD number, for files and APIs in the spec's format; never for arithmetic. */
export function madFromCentimes(amount: Centimes): number {
  return amount / 100;
}

/** A quantity as an integer count of grams (or thousandths of a unit); |quantity| ≤ MAX_STOCK. */
function milliFromQuantity(quantity: number): number {
  if (typeof quantity !== 'number') throw new AmountError('not-a-number', 'quantity');
  if (!Number.isFinite(quantity)) throw new AmountError('not-finite', 'quantity');
  if (Math.abs(quantity) > MAX_STOCK) throw new AmountError('out-of-range', 'quantity');
  return Math.round(quantity * MILLI);
}

/**
 * unit price × quantity in centimes, half-up, computed on integers (1.235 kg × 19,99 MAD = 24,69 MAD).
 * Throws AmountError when the price is not a whole number of centimes or the quantity not a finite number
 * within MAX_STOCK; a product beyond a safe integer comes back unsafe for the caller's schema to refuse.
 */
export function multiplyPrice(unitPrice: Centimes, quantity: number): Centimes {
  if (typeof unitPrice !== 'number') throw new AmountError('not-a-number', 'price');
  if (!Number.isSafeInteger(unitPrice)) {
    throw new AmountError(Number.isFinite(unitPrice) ? 'not-whole' : 'not-finite', 'price');
  }
  const milli = milliFromQuantity(quantity);
  const product = unitPrice * milli;
  if (Number.isSafeInteger(product)) return divideRoundHalfUp(product, MILLI);
  return Number(divideRoundHalfUpBig(BigInt(unitPrice) * BigInt(milli), BigInt(MILLI)));
}

/** A weight in kg to the gram, half-up. */
export function roundKg(kg: number): number {
  return milliFromQuantity(kg) / MILLI || 0;
}

/** A quantity as stored for the product: kg to the gram for bulk, whole units otherwise. */
export function roundQuantity(quantity: number, isBulk: boolean): number {
  // `|| 0` turns -0 into 0: it survives structured clone and surprises comparisons.
  return (isBulk ? roundKg(quantity) : Math.round(quantity)) || 0;
}

/** Sum of quantities without float drift (0.1 + 0.2 kg = 0.3 kg). */
export function sumQuantities(quantities: Iterable<number>): number {
  let milli = 0;
  for (const quantity of quantities) milli += milliFromQuantity(quantity);
  return milli === 0 ? 0 : milli / MILLI;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount for display with two decimals in the shop's language ("12,50 MAD", "12,50 د.م.‏"). */
export function formatMoney(amount: Centimes, currency: Currency, locale: MoneyLocale): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount / 100);
}
