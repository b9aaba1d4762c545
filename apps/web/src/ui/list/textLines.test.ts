// The root text size in pixels, which the virtual lists' card heights follow, and the lines a name takes there:
// wrapped word by word as the browser does (jsdom has no canvas: a letter is 0.62 of the text size).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { phoneWithText, resetPhone } from '../../test/phoneText';
import { contentWidth, linesFor, remPx } from './textLines';

afterEach(resetPhone);

it('reads the root text size in pixels, and the content column in it', () => {
  phoneWithText(115);
  expect(remPx()).toBeCloseTo(18.4, 5);
  expect(contentWidth()).toBeCloseTo(360 - 2 * 18.4, 5);
  phoneWithText(100);
  expect(remPx()).toBe(16);
  expect(contentWidth()).toBe(328);
});

describe('linesFor', () => {
  it('wraps word by word: three lines where the whole width over the line said two', () => {
    // "Sucre en" / "morceaux Cosumar" / "1 kg" in 170 px of 16-px text.
    expect(linesFor('Sucre en morceaux Cosumar 1 kg', 600, 16, 170, 3)).toBe(3);
    expect(linesFor('Sucre en morceaux Cosumar 1 kg', 600, 16, 400, 3)).toBe(1);
  });

  it('breaks a word wider than the line over the lines it fills, up to the most lines asked', () => {
    const word = 'A'.repeat(50); // 50 letters of 10.5 px: 526 px
    expect(linesFor(word, 600, 16, 100, 10)).toBe(6);
    expect(linesFor(`De ${word}`, 600, 16, 100, 10)).toBe(7);
    expect(linesFor(word, 600, 16, 100, 3)).toBe(3);
  });

  it('counts one line for an empty text or a column of no width', () => {
    expect(linesFor('', 600, 16, 100)).toBe(1);
    expect(linesFor('   ', 600, 16, 100)).toBe(1);
    expect(linesFor('Thé', 600, 16, 0)).toBe(1);
  });

  it('never needs more lines in a wider column, and stays within 1..maxLines', () => {
    const word = fc
      .string({ minLength: 1, maxLength: 30, unit: 'grapheme-ascii' })
      .filter((w) => !/\s/.test(w));
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 6 }),
        (words, narrow, extra, maxLines) => {
          const text = words.join(' ');
          const inNarrow = linesFor(text, 400, 14, narrow, maxLines);
          const inWide = linesFor(text, 400, 14, narrow + extra, maxLines);
          expect(inWide).toBeLessThanOrEqual(inNarrow);
          expect(inNarrow).toBeGreaterThanOrEqual(1);
          expect(inNarrow).toBeLessThanOrEqual(maxLines);
        },
      ),
    );
  });
});
