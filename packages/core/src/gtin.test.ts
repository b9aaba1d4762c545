import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barcodeIdentity,
  compressToUpcE,
  expandUpcE,
  gtinCheckDigit,
  gtinsOfPrintedCode,
  hasValidCheckDigit,
  normaliseGtin,
  sameBarcode,
} from './gtin.js';

describe('GTIN normalisation', () => {
  it('computes GS1 check digits', () => {
    expect(gtinCheckDigit('978076454420')).toBe(0);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(hasValidCheckDigit('9780764544200')).toBe(true);
    expect(hasValidCheckDigit('9780764544201')).toBe(false);
  });
  it('turns UPC-A into GTIN-13 and keeps EAN-13 / EAN-8', () => {
    expect(normaliseGtin('036000291452')).toBe('0036000291452');
    expect(normaliseGtin('9780764544200')).toBe('9780764544200');
    expect(normaliseGtin('96385074')).toBe('96385074');
    expect(normaliseGtin('00036000291452')).toBe('0036000291452');
  });
  it('expands UPC-E to its UPC-A, then GTIN-13', () => {
    expect(expandUpcE('04252614')).toBe('042100005264');
    expect(normaliseGtin('04252614', true)).toBe('0042100005264');
    // zxing-wasm gives a UPC-E as its UPC-A's GTIN-13 already.
    expect(normaliseGtin('0042100005264', true)).toBe('0042100005264');
    expect(normaliseGtin('0042100005265', true)).toBeUndefined();
  });
  it('rejects wrong check digits and non-digits', () => {
    expect(normaliseGtin('036000291453')).toBeUndefined();
    expect(normaliseGtin('12345abc')).toBeUndefined();
    expect(normaliseGtin('04252615', true)).toBeUndefined();
  });
  it('spells a UPC-A as the UPC-E digits that expand to it, when it has any', () => {
    expect(compressToUpcE('042100005264')).toEqual(['04252614']);
    expect(compressToUpcE('0042100005264')).toEqual(['04252614']);
    expect(compressToUpcE('036000291452')).toEqual([]);
    expect(compressToUpcE('9780764544200')).toEqual([]);
    fc.assert(
      fc.property(fc.constantFrom('0', '1'), fc.stringMatching(/^\d{6}$/), (ns, body) => {
        const upcA = expandUpcE(`${ns}${body}0`)!;
        const upcE = `${ns}${body}${gtinCheckDigit(upcA.slice(0, 11))}`;
        const spellings = compressToUpcE(expandUpcE(upcE)!);
        expect(spellings).toContain(upcE);
        for (const spelling of spellings) expect(expandUpcE(spelling)).toBe(expandUpcE(upcE));
      }),
    );
  });
  it('reads 8 printed digits as an EAN-8 and, when they spell one, a UPC-E', () => {
    expect(gtinsOfPrintedCode('04252614')).toEqual(['0042100005264']);
    expect(gtinsOfPrintedCode('96385074')).toEqual(['96385074']);
    expect(gtinsOfPrintedCode('036000291452')).toEqual(['0036000291452']);
    expect(gtinsOfPrintedCode('12345abc')).toEqual([]);
    // 01234565: a valid EAN-8 and a valid UPC-E (of 012345000065).
    expect(gtinsOfPrintedCode('01234565')).toEqual(['01234565', '0012345000065']);
  });
  it('takes any text without failing: only valid GTINs out, and a code always among its own', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^\s?\d{6,15}\s?$/)),
        fc.boolean(),
        (code, upcE) => {
          const gtin = normaliseGtin(code, upcE);
          if (gtin !== undefined) expect(hasValidCheckDigit(gtin)).toBe(true);
          for (const key of gtinsOfPrintedCode(code)) expect(hasValidCheckDigit(key)).toBe(true);
          if (!upcE && gtin !== undefined) expect(gtinsOfPrintedCode(code)).toContain(gtin);
          for (const spelling of compressToUpcE(code)) expect(spelling).toMatch(/^[01]\d{7}$/);
        },
      ),
    );
  });
});

describe("one product's code in its spellings (barcodeIdentity, sameBarcode)", () => {
  it('a UPC-A with 12 or 13 digits, the digits under a UPC-E and its UPC-A are one code; a shop code is its text', () => {
    expect(sameBarcode('036000291452', '0036000291452')).toBe(true);
    expect(sameBarcode('04252614', '0042100005264')).toBe(true);
    expect(sameBarcode(' 6111245100012', '6111245100012 ')).toBe(true);
    expect(sameBarcode('6111245100012', '6111245100029')).toBe(false);
    expect(barcodeIdentity('P-12')).toEqual(['P-12']);
    expect(sameBarcode('P-12', 'P12')).toBe(false);
    // A shop's code is never taken for a GTIN whose digits it holds.
    expect(sameBarcode('A036000291452', '036000291452')).toBe(false);
  });
  it('on any text a code is its own and the answer is the same both ways; every spelling of a UPC-A agrees', () => {
    const upcA = fc
      .stringMatching(/^0[01]\d{10}$/)
      .map((body) => `${body.slice(1)}${gtinCheckDigit(body.slice(1))}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{8,13}$/)), fc.string(), (a, b) => {
        expect(sameBarcode(a, a)).toBe(true);
        expect(sameBarcode(a, b)).toBe(sameBarcode(b, a));
      }),
    );
    fc.assert(
      fc.property(upcA, (code) => {
        const spellings = [code, `0${code}`, ...compressToUpcE(`0${code}`)];
        for (const x of spellings) for (const y of spellings) expect(sameBarcode(x, y)).toBe(true);
      }),
    );
  });
});
