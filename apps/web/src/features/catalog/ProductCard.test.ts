// The catalogue card's height follows the phone's text size: with the text set larger, a name that fitted on one
// line takes two and the row grows with it (before, its lines were measured in 16-px text and the card was cut).
import { afterEach, expect, it } from 'vitest';
import { phoneWithText, resetPhone, shelfProduct } from '../../test/phoneText';
import { PRODUCT_CARD_HEIGHT_REM, productCardHeightRem } from './ProductCard';

afterEach(resetPhone);

it('gives a catalogue card a second name line when the larger text no longer fits one', () => {
  const tea = shelfProduct('Thé vert Sultan');
  phoneWithText(100);
  expect(productCardHeightRem(tea)).toBe(PRODUCT_CARD_HEIGHT_REM);
  phoneWithText(115);
  expect(productCardHeightRem(tea)).toBe(PRODUCT_CARD_HEIGHT_REM + 1.5);
});
