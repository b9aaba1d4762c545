// Numbers as a phone's Arabic keyboard types them: Arabic-Indic digits (٠١٢…٩), the Persian ones some keyboards
// give (۰۱۲…۹), and the Arabic decimal (٫) and thousands (٬) separators. Every rule and record reads Latin digits.
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** `text` with its Arabic-Indic and Persian digits as Latin ones ("٠٦١٢" → "0612"); nothing else changes. */
export function latinDigits(text: string): string {
  // U+0660 and U+06F0 are both multiples of 16: a digit's value is its code point modulo 16.
  return text.replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) % 16));
}

/**
 * A typed number with Latin digits, the Arabic decimal separator as a point and the Arabic thousands separator as
 * a space ("١٢٫٥" → "12.5", "١٬٢٣٤" → "1 234"), as the amount and quantity readers take them.
 */
export function latinNumberText(text: string): string {
  return latinDigits(text)
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ' ');
}
