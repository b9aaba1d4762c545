// The catalogue card's height follows the phone's text size: with the text set larger, a name that fitted on one
// line takes two and the row grows with it (before, its lines were measured in 16-px text and the card was cut).
import { afterEach, expect, it } from 'vitest';
import { phoneWithText, resetPhone, shelfProduct } from '../../test/phoneText';
import { PRODUCT_CARD_HEIGHT_REM, productCardHeightRem, viewsBadgeFits } from './ProductCard';

afterEach(resetPhone);

it('gives a catalogue card a second name line when the larger text no longer fits one', () => {
  const tea = shelfProduct('Thé vert Sultan');
  phoneWithText(100);
  expect(productCardHeightRem(tea)).toBe(PRODUCT_CARD_HEIGHT_REM);
  phoneWithText(115);
  expect(productCardHeightRem(tea)).toBe(PRODUCT_CARD_HEIGHT_REM + 1.5);
});

it('keeps the few-views badge whole beside a short price, and shows its number alone where the words would be cut', () => {
  // jsdom has no canvas: a letter is 0.62 of the text's size wide (textLines.ts); the browser's own widths are
  // checked by the e2e small-screens spec.
  const at360 = 360 - 2 * 16 - 9.5 * 16; // the text column at 360 px: 176 px
  const at320 = 320 - 2 * 16 - 9.5 * 16; // 136 px
  expect(viewsBadgeFits('9,50 MAD', '0 vue', 16, at360)).toBe(true);
  expect(viewsBadgeFits('9,50 MAD', '0 vue', 16, at320)).toBe(false);
  // A price per kilogram takes the line's width: the number alone.
  expect(viewsBadgeFits('1.250,00 MAD / kg', '2 vues', 16, at360)).toBe(false);
  // The larger text: the same words need more width.
  expect(viewsBadgeFits('9,50 MAD', '0 vue', 18.4, at360)).toBe(false);
});
