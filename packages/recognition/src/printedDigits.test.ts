import { normaliseGtin } from '@hanouti/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideWithPrintedDigits, type BarcodeVote } from './barcode.js';
import type { TextLine } from './ocr.js';
import { printedDigitRuns, printedDigitsRead } from './printedDigits.js';

/** A line read at x..x+width, y..y+height. */
const line = (text: string, x: number, y: number, width = 60, height = 16): TextLine => ({
  text,
  confidence: 0.9,
  box: [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ],
});

/** The body with its GS1 check digit. */
function withCheckDigit(body: string): string {
  const sum = [...body].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const box = { x: 100, y: 50, width: 190, height: 80 };
const read = (gtin: string, at = box): BarcodeVote => ({ gtin, format: 'EAN13', box: at });

describe('the digits printed under a code', () => {
  it('joins the groups of one row left to right, and not those of another row', () => {
    // An EAN-13's 1 + 6 + 6 digits read as three lines, given in any order, and a price above them.
    const runs = printedDigitRuns([
      line('310054', 200, 300),
      line('9', 80, 302, 10),
      line('780201', 110, 299),
      line('$44.99 1234', 100, 200),
    ]);
    expect(runs).toContain('9780201310054');
    expect(runs.some((run) => run.includes('4499'))).toBe(true);
    expect(runs.some((run) => run.includes('4499') && run.includes('780201'))).toBe(false);
  });

  it('reads a line’s digits through the marks the OCR puts between its groups', () => {
    expect(printedDigitRuns([line('12547"70131', 0, 0)])).toEqual(['1254770131']);
    expect(printedDigitsRead('0312547701310', ['1254770131'])).toBe(true);
  });

  it('confirms a code only by ten digits of it in a row, or a whole EAN-8', () => {
    expect(printedDigitsRead('9780201310054', ['780201310054'])).toBe(true);
    expect(printedDigitsRead('9780201310054', ['780201310'])).toBe(false);
    expect(printedDigitsRead('9780201336054', ['780201310054'])).toBe(false);
    expect(printedDigitsRead('48512343', ['48512343'])).toBe(true);
    expect(printedDigitsRead('48512343', ['4851234'])).toBe(false);
    expect(printedDigitsRead('9780201310054', [])).toBe(false);
  });

  it('never confirms a misread: any digit moved in a code is not its printed digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{12}$/),
        fc.nat(12),
        fc.integer({ min: 1, max: 9 }),
        (body, at, shift) => {
          const code = withCheckDigit(body);
          const misread = `${code.slice(0, at)}${(Number(code[at]) + shift) % 10}${code.slice(at + 1)}`;
          // What the OCR reads of the true code: its digits after the first (EAN-13), or all of them.
          expect(printedDigitsRead(misread, [code.slice(1)])).toBe(at === 0);
          expect(printedDigitsRead(misread, [code])).toBe(false);
        },
      ),
    );
  });

  it('confirms a UPC-E by its own eight printed digits, not by its UPC-A’s nor by six of them', () => {
    // 0 123456 5 under the bars; zxing gives its UPC-A's GTIN-13.
    const upcE = normaliseGtin('01234565', true)!;
    expect(upcE).toBe('0012345000065');
    expect(printedDigitsRead(upcE, ['01234565'], 'UPCE')).toBe(true);
    expect(printedDigitsRead(upcE, ['001234565'], 'UPCE')).toBe(false);
    // The small outer digits missed: the six between the guards are what a UPC-E reader takes from the left
    // half of an EAN-13, whose own digits are printed under it.
    expect(printedDigitsRead(upcE, ['0123456'], 'UPCE')).toBe(false);
    expect(printedDigitsRead(upcE, ['123456'], 'UPCE')).toBe(false);
    // Its UPC-A's digits are not what is printed under a UPC-E (as an EAN-13's reader, they would be).
    expect(printedDigitsRead(upcE, ['012345000065'], 'UPCE')).toBe(false);
    expect(printedDigitsRead(upcE, ['012345000065'], 'UPCA')).toBe(true);
    expect(decideWithPrintedDigits({ views: [[{ ...read(upcE), format: 'UPCE' }]] }, ['01234565'])).toEqual([
      { gtin: upcE, format: 'UPCE', box },
    ]);
  });

  it('never confirms a UPC-E read in the left half of an EAN-13 by the EAN-13’s printed digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{12}$/), (body) => {
        const ean13 = withCheckDigit(body);
        // The six digits of its left half, with any number system and check digit that make a UPC-E.
        for (const ns of ['0', '1'])
          for (let check = 0; check <= 9; check++) {
            const upcE = normaliseGtin(`${ns}${ean13.slice(1, 7)}${check}`, true);
            if (!upcE) continue;
            // What the OCR reads of the EAN-13's line: the row, without its small first digit, its groups.
            const runs = [ean13, ean13.slice(1), ean13.slice(1, 7), ean13.slice(0, 7), ean13.slice(7)];
            expect(printedDigitsRead(upcE, runs, 'UPCE')).toBe(false);
          }
      }),
    );
  });

  it('takes any lines: no throw, only runs of digits', () => {
    const point = fc.record({ x: fc.double(), y: fc.double() });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ text: fc.string(), confidence: fc.double(), box: fc.array(point, { maxLength: 5 }) }),
          { maxLength: 8 },
        ),
        (lines) => {
          for (const run of printedDigitRuns(lines)) expect(run).toMatch(/^[0-9]{8,}$/);
        },
      ),
    );
  });

  it('is one more view: a code the templates alone read stands when its digits were read, a rival there still weighs', () => {
    const template = { views: [[read('5901234123457')]] };
    expect(decideWithPrintedDigits(template, []).map((r) => r.gtin)).toEqual([]);
    expect(decideWithPrintedDigits(template, ['901234123457']).map((r) => r.gtin)).toEqual(['5901234123457']);
    // Digits of another code (a misread of the bars is not confirmed).
    expect(decideWithPrintedDigits(template, ['901234123450']).map((r) => r.gtin)).toEqual([]);
    // A rival read at the same place by another view: 2 against 1 is not more than twice.
    const rival = { views: [[read('5901234123457')], [read('5901234128457')]] };
    expect(decideWithPrintedDigits(rival, ['901234123457']).map((r) => r.gtin)).toEqual([]);
  });

  it('reads the template view left for the digits only when a run could confirm a code', () => {
    let reads = 0;
    const left = {
      views: [[]],
      templateView: () => {
        reads++;
        return [read('5901234123457')];
      },
    };
    expect(decideWithPrintedDigits(left, [])).toEqual([]);
    expect(decideWithPrintedDigits(left, ['1234567'])).toEqual([]);
    expect(reads).toBe(0);
    expect(decideWithPrintedDigits(left, ['901234123457']).map((r) => r.gtin)).toEqual(['5901234123457']);
    expect(reads).toBe(1);
    // An EAN-8's eight digits are enough to look.
    expect(decideWithPrintedDigits(left, ['12345670'])).toEqual([]);
    expect(reads).toBe(2);
  });
});
