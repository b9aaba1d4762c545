// The root text size in pixels, which the virtual lists' card heights follow.
import { afterEach, expect, it } from 'vitest';
import { phoneWithText, resetPhone } from '../../test/phoneText';
import { contentWidth, remPx } from './textLines';

afterEach(resetPhone);

it('reads the root text size in pixels, and the content column in it', () => {
  phoneWithText(115);
  expect(remPx()).toBeCloseTo(18.4, 5);
  expect(contentWidth()).toBeCloseTo(360 - 2 * 18.4, 5);
  phoneWithText(100);
  expect(remPx()).toBe(16);
  expect(contentWidth()).toBe(328);
});
