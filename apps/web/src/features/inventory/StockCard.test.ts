// The stock card's height follows the phone's text size, as the catalogue card's (ProductCard.test.ts).
import { afterEach, expect, it } from 'vitest';
import { phoneWithText, resetPhone, shelfProduct } from '../../test/phoneText';
import { STOCK_CARD_HEIGHT_REM, stockCardHeightRem } from './StockCard';

afterEach(resetPhone);

it('gives a stock card a second brand line when the larger text no longer fits one', () => {
  const sugar = shelfProduct('Sucre', 'Cosumar');
  phoneWithText(100);
  expect(stockCardHeightRem(sugar)).toBe(STOCK_CARD_HEIGHT_REM);
  phoneWithText(130);
  expect(stockCardHeightRem(sugar)).toBeGreaterThan(STOCK_CARD_HEIGHT_REM);
});
