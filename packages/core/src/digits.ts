// Numbers as a phone's Arabic keyboard types them: Arabic-Indic digits (٠١٢…٩), the Persian ones some keyboards
// give (۰۱۲…۹), the Arabic decimal (٫), thousands (٬) and comma (،) signs, and the invisible direction marks a
// number copied from a message in Arabic carries. Every rule and record reads Latin digits.
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
// LRM, RLM, ALM, the embeddings and overrides, the isolates.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with its Arabic-Indic and Persian digits as Latin ones ("٠٦١٢" → "0612"); nothing else changes. */
export function latinDigits(text: string): string {
  // U+0660 and U+06F0 are both multiples of 16: a digit's value is its code point modulo 16.
  return text.replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) % 16));
}

/** `text` without the invisible marks that set its direction ("\u200e12,50" → "12,50"). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * A typed number with Latin digits and no direction marks, the Arabic decimal separator as a point, the Arabic
 * comma as a comma and the Arabic thousands separator as a space ("١٢٫٥" → "12.5", "١٢،٥" → "12,5",
 * "١٬٢٣٤" → "1 234"), as the amount and quantity readers take them.
 */
export function latinNumberText(text: string): string {
  return withoutBidiControls(latinDigits(text))
    .replace(/\u066b/g, '.')
    .replace(/\u060c/g, ',')
    .replace(/\u066c/g, ' ');
}
