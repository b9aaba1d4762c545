// GTIN arithmetic for scanned codes, typed codes and the recognition's reads: check digits, and the
// normalisation of EAN-8 / UPC-A / UPC-E / EAN-13 to one comparable key.

/** GS1 mod-10 check digit of the digits before it. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function hasValidCheckDigit(code: string): boolean {
  if (!/^\d{8,14}$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** Expands an 8-digit UPC-E (number system 0 or 1) to its 12-digit UPC-A. */
export function expandUpcE(upcE: string): string | undefined {
  if (!/^[01]\d{7}$/.test(upcE)) return undefined;
  const ns = upcE[0]!;
  const d = upcE.slice(1, 7);
  const check = upcE[7]!;
  const last = d[5]!;
  let body: string;
  if (last <= '2') body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  else if (last === '3') body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  else if (last === '4') body = `${d.slice(0, 4)}00000${d[4]}`;
  else body = `${d.slice(0, 5)}0000${last}`;
  return `${ns}${body}${check}`;
}

/**
 * The GTIN-13 a scanned or typed code stands for: UPC-A gains a leading 0, UPC-E (say so with `isUpcE`,
 * since 8 digits are otherwise EAN-8) is expanded first, EAN-8 stays 8 digits (its own number space).
 * Undefined when the check digit is wrong, so a misread never reaches the catalogue.
 */
export function normaliseGtin(code: string, isUpcE = false): string | undefined {
  const digits = code.replace(/\s+/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  // zxing-wasm gives a UPC-E already as its UPC-A's GTIN-13: only its 8 digits need expanding.
  if (isUpcE && digits.length === 8) {
    const upcA = expandUpcE(digits);
    return upcA && hasValidCheckDigit(upcA) ? `0${upcA}` : undefined;
  }
  if (digits.length === 12) return hasValidCheckDigit(digits) ? `0${digits}` : undefined;
  if (digits.length === 13 || digits.length === 8) return hasValidCheckDigit(digits) ? digits : undefined;
  if (digits.length === 14 && digits.startsWith('0')) return normaliseGtin(digits.slice(1));
  return undefined;
}

/** The 8-digit UPC-E spellings of a UPC-A (12 digits, or 13 with a leading 0), those that expand to it. */
export function compressToUpcE(code: string): string[] {
  const upcA = code.length === 13 && code.startsWith('0') ? code.slice(1) : code;
  if (!/^[01]\d{11}$/.test(upcA)) return [];
  const [ns, m, p, check] = [upcA[0]!, upcA.slice(1, 6), upcA.slice(6, 11), upcA[11]!];
  const bodies = [
    `${m.slice(0, 2)}${p.slice(2, 5)}${m[2]}`,
    `${m.slice(0, 3)}${p.slice(3, 5)}3`,
    `${m.slice(0, 4)}${p[4]}4`,
    `${m}${p[4]}`,
  ];
  const spellings = bodies.map((body) => `${ns}${body}${check}`).filter((e) => expandUpcE(e) === upcA);
  return [...new Set(spellings)];
}

/**
 * Every GTIN-13 a code printed or typed as text may stand for: its own (`normaliseGtin`) and, for 8 digits of
 * number system 0 or 1, the one of the UPC-E those digits spell (the digits under a UPC-E symbol are 8, as an
 * EAN-8's; only a reader's format says which symbol carried them).
 */
export function gtinsOfPrintedCode(code: string): string[] {
  const digits = code.replace(/\s+/g, '');
  return [normaliseGtin(digits), digits.length === 8 ? normaliseGtin(digits, true) : undefined].filter(
    (gtin): gtin is string => gtin !== undefined,
  );
}

/**
 * What a product's code is known by, to tell whether two codes typed or imported are one product's: the GTINs
 * its text spells (a UPC-A written with 12 or 13 digits, the 8 digits under a UPC-E and its UPC-A) or, for a
 * shop's own code that spells no GTIN, its text as it is (without spaces).
 */
export function barcodeIdentity(code: string): string[] {
  const gtins = gtinsOfPrintedCode(code);
  return gtins.length > 0 ? gtins : [code.replace(/\s+/g, '')];
}

/** True when two codes are one product's (`barcodeIdentity`). */
export function sameBarcode(a: string, b: string): boolean {
  const keys = new Set(barcodeIdentity(a));
  return barcodeIdentity(b).some((key) => keys.has(key));
}
