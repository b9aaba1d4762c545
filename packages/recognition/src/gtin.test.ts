import { describe, expect, it } from 'vitest';
import { expandUpcE, gtinCheckDigit, hasValidCheckDigit, normaliseGtin } from './gtin.js';

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
  });
  it('rejects wrong check digits and non-digits', () => {
    expect(normaliseGtin('036000291453')).toBeUndefined();
    expect(normaliseGtin('12345abc')).toBeUndefined();
    expect(normaliseGtin('04252615', true)).toBeUndefined();
  });
});
