// A shopkeeper whose phone is set to Arabic types ١٢٫٥٠ for a price and ٠٦١٢٣٤٥٦٧٨ for a number: the same
// values as with Latin digits, everywhere a number is typed (before, every such field said "invalid").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainContext } from './context.js';
import { latinDigits, latinNumberText } from './digits.js';
import { parseMadInput, parseQuantityInput } from './money.js';
import { internationalMoroccanPhone } from './reminders.js';
import { normalizeForSearch } from './search.js';
import { supplierFields } from './suppliers.js';
import { moroccanPhone, newCustomer, productDraftSchema } from './validation.js';

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const inArabic = (text: string, digits = ARABIC_INDIC) =>
  text.replace(/\d/g, (digit) => digits[Number(digit)] ?? digit);

const ctx: DomainContext = { now: '2025-01-15T10:00:00.000Z', deviceId: 'd1', newId: () => 'c1' };

/** What a person may type in a number field: digits, separators, spaces, and now and then anything else. */
const typedNumber = fc.stringMatching(/^[0-9 .,]{0,12}$|^[0-9a-z+ .,-]{0,8}$/);

describe('latinDigits', () => {
  it('reads each Arabic-Indic and Persian digit as its Latin digit, and changes nothing else', () => {
    expect(latinDigits(ARABIC_INDIC)).toBe('0123456789');
    expect(latinDigits(PERSIAN)).toBe('0123456789');
    expect(latinDigits('Lait ١ L — 12,5 درهم')).toBe('Lait 1 L — 12,5 درهم');
    expect(latinNumberText('١٬٢٣٤٫٥')).toBe('1 234.5');
  });
});

describe('numbers typed on an Arabic keyboard', () => {
  it('give the same amount and quantity as in Latin digits, or the same refusal', () => {
    fc.assert(
      fc.property(
        typedNumber,
        fc.constantFrom(ARABIC_INDIC, PERSIAN),
        fc.boolean(),
        (typed, digits, bulk) => {
          expect(parseMadInput(inArabic(typed, digits))).toEqual(parseMadInput(typed));
          expect(parseQuantityInput(inArabic(typed, digits), bulk)).toEqual(parseQuantityInput(typed, bulk));
        },
      ),
    );
  });

  it('read a number copied with direction marks, and the Arabic comma as a comma', () => {
    expect(parseMadInput('\u200e12,50')).toEqual({ value: 1250, invalid: false });
    expect(parseMadInput('\u2066١٢٫٥٠\u2069')).toEqual({ value: 1250, invalid: false });
    expect(parseMadInput('١٢،٥')).toEqual({ value: 1250, invalid: false });
    expect(parseQuantityInput('\u200f٣', false)).toEqual({ value: 3, invalid: false });
    expect(moroccanPhone('\u200e+212 6 12 34 56 78\u200e')).toEqual({ ok: true, phone: '06 12 34 56 78' });
    const abroad = newCustomer({ name: 'Karim', phone: '\u2066+33 6 12 34 56 78\u2069' }, ctx);
    expect(abroad.ok && abroad.customer.phone).toBe('+33 6 12 34 56 78');
    // A mark alone is no number: empty, as an empty field.
    expect(parseMadInput('\u200e')).toEqual({ value: 0, invalid: false });
  });

  it('read the Arabic decimal and thousands separators', () => {
    expect(parseMadInput('١٢٫٥')).toEqual({ value: 1250, invalid: false });
    expect(parseMadInput('١٬٢٣٤٫٥٠')).toEqual({ value: 123_450, invalid: false });
    expect(parseQuantityInput('٠٫٧٥٠', true)).toEqual({ value: 0.75, invalid: false });
    expect(parseQuantityInput('٢٫٥', false)).toEqual({ value: 0, invalid: true });
  });

  it('give a Moroccan phone number, a customer and a supplier their number in Latin digits', () => {
    expect(moroccanPhone('٠٦١٢٣٤٥٦٧٨')).toEqual({ ok: true, phone: '06 12 34 56 78' });
    expect(moroccanPhone('+٢١٢ ٧٠٠ ١١ ٢٢ ٣٣')).toEqual({ ok: true, phone: '07 00 11 22 33' });
    expect(internationalMoroccanPhone('۰۶۱۲۳۴۵۶۷۸')).toEqual({ ok: true, phone: '+212612345678' });
    const customer = newCustomer({ name: 'Fatima', phone: '٠٦ ١٢ ٣٤ ٥٦ ٧٨' }, ctx);
    expect(customer.ok && customer.customer.phone).toBe('06 12 34 56 78');
    // A number from abroad is kept as typed, in Latin digits.
    const abroad = newCustomer({ name: 'Karim', phone: '+٣٣ ٦ ١٢ ٣٤ ٥٦ ٧٨' }, ctx);
    expect(abroad.ok && abroad.customer.phone).toBe('+33 6 12 34 56 78');
    expect(supplierFields({ name: 'Centrale', phone: '٠٥٢٢١٢٣٤٥٦' })).toEqual({
      ok: true,
      name: 'Centrale',
      phone: '05 22 12 34 56',
    });
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9+ .-]{0,16}$/), (typed) => {
        expect(moroccanPhone(inArabic(typed))).toEqual(moroccanPhone(typed));
        expect(internationalMoroccanPhone(inArabic(typed))).toEqual(internationalMoroccanPhone(typed));
      }),
    );
  });

  it('store a barcode in Latin digits, as a scan gives it, and find it either way', () => {
    const draft = productDraftSchema.parse({ name: 'Lait', category: 'Laitiers', barcode: '٦١١١٢٤٥٥٩١٠٣٩' });
    expect(draft.barcode).toBe('6111245591039');
    expect(normalizeForSearch('٦١١١٢٤٥٥٩١٠٣٩')).toBe(normalizeForSearch('6111245591039'));
  });
});
