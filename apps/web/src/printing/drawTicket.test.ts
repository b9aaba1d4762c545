import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstStrongDirection, wrapText } from './drawTicket';

/** A painter whose text is as wide as its UTF-16 length × 10 (a monospace font). */
const monospace = { measureText: (text: string) => ({ width: text.length * 10 }) };

describe('firstStrongDirection', () => {
  it('reads a line by its first letter, as dir="auto" does', () => {
    expect(firstStrongDirection('Avenue Mohammed V, Marrakech')).toBe('ltr');
    expect(firstStrongDirection('شارع محمد الخامس، مراكش')).toBe('rtl');
    expect(firstStrongDirection('12, شارع الحسن الثاني')).toBe('rtl');
    expect(firstStrongDirection('12 rue de Fès, فاس')).toBe('ltr');
  });

  it('leaves a line without letters to the document', () => {
    expect(firstStrongDirection('14/03/2025 10:30')).toBeUndefined();
    expect(firstStrongDirection('+212 6 00 00 00 00')).toBeUndefined();
    expect(firstStrongDirection('')).toBeUndefined();
  });
});

describe('wrapText', () => {
  it('breaks between words, and cuts a word wider than the paper into pieces that fit', () => {
    expect(wrapText(monospace, 'Huile Lesieur 1L', 100)).toEqual(['Huile', 'Lesieur 1L']);
    expect(wrapText(monospace, "Pain Huiled'olivevierge x2", 100)).toEqual([
      'Pain',
      "Huiled'oli",
      'vevierge',
      'x2',
    ]);
    expect(wrapText(monospace, '', 100)).toEqual(['']);
  });

  it('never cuts a letter from its marks (one grapheme at least on a line)', () => {
    const vowelled = 'بِسْمِ'.repeat(4);
    const lines = wrapText(monospace, vowelled, 25);
    expect(lines.join('')).toBe(vowelled);
    for (const line of lines) expect(/^[\u064b-\u065f]/u.test(line)).toBe(false);
  });

  it('any text: every line fits the paper, and the words are all there, in order', () => {
    const word = fc.string({
      unit: fc.constantFrom('a', 'é', 'ز', 'W', "'", '1'),
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), fc.integer({ min: 10, max: 300 }), (words, maxWidth) => {
        const lines = wrapText(monospace, words.join(' '), maxWidth);
        for (const line of lines) expect(monospace.measureText(line).width).toBeLessThanOrEqual(maxWidth);
        expect(lines.join('').replace(/ /g, '')).toBe(words.join(''));
      }),
    );
  });
});
