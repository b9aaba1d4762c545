// GTIN arithmetic: check digits and the normalisation of EAN-8 / UPC-A / UPC-E / EAN-13 to one comparable key.

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
  if (isUpcE) {
    const upcA = digits.length === 8 ? expandUpcE(digits) : undefined;
    return upcA && hasValidCheckDigit(upcA) ? `0${upcA}` : undefined;
  }
  if (digits.length === 12) return hasValidCheckDigit(digits) ? `0${digits}` : undefined;
  if (digits.length === 13 || digits.length === 8) return hasValidCheckDigit(digits) ? digits : undefined;
  if (digits.length === 14 && digits.startsWith('0')) return normaliseGtin(digits.slice(1));
  return undefined;
}
