import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountError,
  MAX_AMOUNT_CENTIMES,
  MAX_QUANTITY,
  MAX_STOCK,
  checkedCentimes,
  checkedQuantity,
  jsonProblem,
  textProblem,
} from './limits.js';
import {
  centimesFromMad,
  divideRoundHalfUp,
  multiplyPrice,
  parseMadInput,
  parseQuantityInput,
  readPositiveMad,
  roundKg,
  sumQuantities,
} from './money.js';
import { cartTotals, lineVat } from './vat.js';
import { VAT_RATES, saleItemSchema } from './entities.js';
import { checkOperationPayload, OPERATION_TYPES } from './index.js';

/** Anything a JSON body or a careless caller can put where a number is expected. */
const anything = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308, 2 ** 53, -(2 ** 53), 5e-324, -0),
  fc.integer(),
  fc.bigInt().map((n) => n as unknown),
  fc.string(),
  fc.constantFrom('deux', '', '1e308', null, undefined, true, {}, []),
);

/** Runs `work` and says whether it returned or threw an AmountError; any other throw fails the property. */
function settles(work: () => unknown): 'value' | 'refused' {
  try {
    work();
    return 'value';
  } catch (error) {
    expect(error).toBeInstanceOf(AmountError);
    return 'refused';
  }
}

describe('money and quantity refuse what they cannot compute, with a typed error', () => {
  it('multiplyPrice: any price and quantity give a number or an AmountError, never a RangeError', () => {
    fc.assert(
      fc.property(anything, anything, (price, quantity) => {
        const outcome = settles(() => multiplyPrice(price as number, quantity as number));
        if (outcome === 'value') {
          expect(Number.isSafeInteger(price)).toBe(true);
          expect(Number.isFinite(quantity)).toBe(true);
          expect(Math.abs(quantity as number)).toBeLessThanOrEqual(MAX_STOCK);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('lineVat, divideRoundHalfUp, centimesFromMad, roundKg, sumQuantities: a value or an AmountError', () => {
    fc.assert(
      fc.property(anything, fc.constantFrom(...VAT_RATES), (value, rate) => {
        settles(() => lineVat(value as number, rate));
        settles(() => divideRoundHalfUp(value as number, 100));
        settles(() => centimesFromMad(value as number));
        settles(() => roundKg(value as number));
        settles(() => sumQuantities([1, value as number]));
      }),
      { numRuns: 2000 },
    );
  });

  it('within the limits everything computes exactly, and the totals stay safe integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_AMOUNT_CENTIMES }),
        fc.integer({ min: 1, max: MAX_QUANTITY * 1000 }).map((milli) => milli / 1000),
        fc.constantFrom(...VAT_RATES),
        (price, quantity, rate) => {
          const total = multiplyPrice(price, quantity);
          expect(Number.isSafeInteger(total)).toBe(true);
          // Exact: the same product computed on BigInt, half-up.
          const exact = (BigInt(price) * BigInt(Math.round(quantity * 1000)) * 2n + 1000n) / 2000n;
          expect(BigInt(total)).toBe(exact);
          const vat = lineVat(total, rate);
          expect(Number.isSafeInteger(vat)).toBe(true);
          const totals = cartTotals([{ total, vatRate: rate }]);
          expect(totals.total).toBe(total + vat);
        },
      ),
    );
  });

  it('checkedCentimes and checkedQuantity accept exactly the numbers within the limits', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const amount = settles(() => checkedCentimes(value));
        const inRange =
          typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_AMOUNT_CENTIMES;
        expect(amount === 'value').toBe(inRange);
        const quantity = settles(() => checkedQuantity(value));
        const quantityInRange =
          typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_QUANTITY;
        expect(quantity === 'value').toBe(quantityInRange);
      }),
      { numRuns: 2000 },
    );
    expect(() => checkedQuantity('deux')).toThrow(expect.objectContaining({ code: 'not-a-number' }));
    expect(() => checkedQuantity(1e308)).toThrow(expect.objectContaining({ code: 'out-of-range' }));
    expect(() => checkedQuantity(Number.NaN)).toThrow(expect.objectContaining({ code: 'not-finite' }));
  });

  it('typed amounts and quantities beyond the limits are invalid, never a huge number', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (text, bulk) => {
        const money = parseMadInput(text);
        expect(Number.isSafeInteger(money.value)).toBe(true);
        expect(money.value).toBeLessThanOrEqual(MAX_AMOUNT_CENTIMES);
        const quantity = parseQuantityInput(text, bulk);
        expect(Number.isFinite(quantity.value)).toBe(true);
        expect(quantity.value).toBeLessThanOrEqual(MAX_QUANTITY);
      }),
    );
    expect(parseMadInput('10000000,01')).toEqual({ value: 0, invalid: true, tooLarge: true });
    expect(parseMadInput('10000000')).toEqual({ value: MAX_AMOUNT_CENTIMES, invalid: false });
    expect(parseQuantityInput('1000001', false)).toEqual({ value: 0, invalid: true, tooLarge: true });
    expect(parseQuantityInput('1000000,001', true)).toEqual({ value: 0, invalid: true, tooLarge: true });
    expect(parseQuantityInput('1e308', true)).toEqual({ value: 0, invalid: true });
  });

  it('a typed amount above 0 is read to the centime, or refused as not above 0 or as too large', () => {
    const typedCentimes = fc.bigInt({ min: 0n, max: 10n ** 30n });
    const asTyped = (centimes: bigint, comma: boolean) => {
      const text = centimes.toString().padStart(3, '0');
      return `${text.slice(0, -2)}${comma ? ',' : '.'}${text.slice(-2)}`;
    };
    fc.assert(
      fc.property(typedCentimes, fc.boolean(), (centimes, comma) => {
        const read = readPositiveMad(asTyped(centimes, comma));
        if (centimes === 0n) expect(read).toEqual({ ok: false, problem: 'not-positive' });
        else if (centimes > BigInt(MAX_AMOUNT_CENTIMES))
          expect(read).toEqual({ ok: false, problem: 'too-large' });
        else expect(read).toEqual({ ok: true, value: Number(centimes) });
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = readPositiveMad(text);
        // Whatever is typed: a valid amount, or a reason; too large only when digits were typed.
        if (read.ok) expect(checkedCentimes(read.value)).toBeGreaterThan(0);
        else if (read.problem === 'too-large') expect(text).toMatch(/\d/);
      }),
    );
    expect(readPositiveMad('-5')).toEqual({ ok: false, problem: 'not-positive' });
    expect(readPositiveMad('20 000 000')).toEqual({ ok: false, problem: 'too-large' });
    expect(readPositiveMad('')).toEqual({ ok: false, problem: 'not-positive' });
  });

  it('a sale line beyond the limits is refused by its schema', () => {
    const line = {
      productId: '0190a0a0-0000-7000-8000-000000000001',
      productName: 'Thé',
      quantity: 1,
      unitPrice: 1500,
      total: 1500,
      vatRate: 20,
      vat: 300,
    };
    expect(saleItemSchema.safeParse(line).success).toBe(true);
    for (const quantity of [1e308, MAX_QUANTITY + 1, Number.NaN, Infinity, '2', 0, -1]) {
      expect(saleItemSchema.safeParse({ ...line, quantity }).success).toBe(false);
    }
    for (const unitPrice of [MAX_AMOUNT_CENTIMES + 1, 1.5, 2 ** 53, '1500']) {
      expect(saleItemSchema.safeParse({ ...line, unitPrice }).success).toBe(false);
    }
  });
});

describe('texts and JSON that cannot be stored', () => {
  it('finds NUL characters and lone surrogates, and nothing in well-formed text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(textProblem(text)).toBeUndefined();
        expect(textProblem(`${text}\u0000`)).toBe('nul-character');
        expect(textProblem(`\ud800${text}`)).toBe('lone-surrogate');
        expect(textProblem(`${text}\udfff`)).toBe('lone-surrogate');
      }),
    );
    expect(textProblem('thé 🍵 أتاي')).toBeUndefined();
  });

  it('walks any JSON value without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(jsonProblem(deep)).toBe('too-deep');
    expect(jsonProblem({ a: [{ b: 'x\u0000' }] })).toBe('nul-character');
    expect(jsonProblem({ ['\udc00']: 1 })).toBe('lone-surrogate');
    expect(jsonProblem({ a: [1, 'ok', null, true, { b: 'أتاي' }] })).toBeUndefined();
  });

  it('checkOperationPayload answers any payload of any type with ok or a reason, never a throw', () => {
    const payload = fc.oneof(
      fc.anything(),
      fc.record({ sale: fc.anything(), movements: fc.array(fc.anything()) }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(fc.constantFrom(...OPERATION_TYPES), payload, (type, value) => {
        const check = checkOperationPayload(type, value);
        expect(typeof check.ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });
});
