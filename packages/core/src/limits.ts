// What a shop's numbers and texts may be: the bounds every amount and quantity is checked against, the typed
// error for a value that cannot be computed, and the check that a JSON value can be stored as it is.

/**
 * The largest amount of money one price, line, sale or carnet entry may hold: 10,000,000 MAD in centimes.
 * No hanout sells anything near it, and every product of two such numbers still fits a float exactly.
 */
export const MAX_AMOUNT_CENTIMES = 1_000_000_000;
/** The largest quantity of one sale line or typed stock: a million units, or a million kg (1,000 t). */
export const MAX_QUANTITY = 1_000_000;
/** The largest stock (and stock movement) in magnitude: the sum of many movements, or an imported stock. */
export const MAX_STOCK = 1_000_000_000;
/** The longest note of a carnet or supplier entry, or of a stock movement, in UTF-16 code units (an input's maxLength). */
export const MAX_NOTE_LENGTH = 500;
/** How deep a JSON value (an operation's payload, a request body) may nest: records nest 3 levels. */
export const MAX_JSON_DEPTH = 32;

export type AmountErrorCode = 'not-a-number' | 'not-finite' | 'out-of-range' | 'not-whole';

/**
 * A value money or quantity arithmetic cannot take: text where a number was expected, NaN, Infinity, or
 * beyond the limits above. Thrown instead of the RangeError/TypeError that BigInt or the arithmetic would give.
 */
export class AmountError extends Error {
  override readonly name = 'AmountError';
  constructor(
    readonly code: AmountErrorCode,
    readonly what: string,
  ) {
    super(`${what}: ${code}`);
  }
}

/** A number given in JSON or a form as a finite number, or the AmountError saying why it is not one. */
function finiteNumber(value: unknown, what: string): number {
  if (typeof value !== 'number') throw new AmountError('not-a-number', what);
  if (!Number.isFinite(value)) throw new AmountError('not-finite', what);
  return value;
}

/** An amount in centimes: a whole number with |amount| ≤ MAX_AMOUNT_CENTIMES. Throws AmountError. */
export function checkedCentimes(value: unknown, what = 'amount'): number {
  const amount = finiteNumber(value, what);
  if (!Number.isInteger(amount)) throw new AmountError('not-whole', what);
  if (Math.abs(amount) > MAX_AMOUNT_CENTIMES) throw new AmountError('out-of-range', what);
  return amount;
}

/** A quantity (units, or kg for bulk products) with |quantity| ≤ `max` (MAX_QUANTITY). Throws AmountError. */
export function checkedQuantity(value: unknown, what = 'quantity', max: number = MAX_QUANTITY): number {
  const quantity = finiteNumber(value, what);
  if (Math.abs(quantity) > max) throw new AmountError('out-of-range', what);
  return quantity;
}

export type JsonProblem = 'nul-character' | 'lone-surrogate' | 'too-deep' | 'not-json';

// U+0000 (PostgreSQL refuses it in text and jsonb) and UTF-16 halves without their pair (not Unicode text:
// PostgreSQL refuses their \u escapes in jsonb and UTF-8 cannot encode them).
// eslint-disable-next-line no-control-regex
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text cannot be stored as it is, if it cannot. */
export function textProblem(text: string): JsonProblem | undefined {
  const match = UNSTORABLE_TEXT.exec(text);
  if (!match) return undefined;
  return match[0] === '\u0000' ? 'nul-character' : 'lone-surrogate';
}

/**
 * Why a parsed JSON value cannot be stored and hashed as it is, if it cannot: a NUL character or a lone
 * surrogate in any string or key, nesting deeper than `maxDepth`, or something JSON does not have.
 * Walks with its own stack, so a value nested a million deep is answered, not a stack overflow.
 */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return problem;
      continue;
    }
    if (current === null || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return 'not-json';
      continue;
    }
    if (typeof current !== 'object') return 'not-json';
    if (depth >= maxDepth) return 'too-deep';
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, field] of Object.entries(current)) {
      const problem = textProblem(key);
      if (problem) return problem;
      if (field !== undefined) stack.push({ value: field, depth: depth + 1 });
    }
  }
  return undefined;
}
