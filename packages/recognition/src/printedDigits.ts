// The digits printed under a barcode (its human-readable line), read by the OCR: a view of the code on other
// pixels than its bars. A blur that spreads the bars into grey, so that only one view of them (the templates)
// reads the code, often leaves the larger digits legible; and a blur that moves a bar's digit (a misread the
// check digit let through) does not move the printed one alike. They never read a code alone (the groups of
// digits are read apart and partly, the outer digits often not at all): they confirm a code some view of the
// bars read (`decideWithPrintedDigits` in barcode.ts).
import { compressToUpcE } from '@hanouti/core';
import type { TextLine } from './ocr.js';

/**
 * The fewest printed digits that confirm a code: a UPC-A's ten between its guards (its outer two digits are
 * printed small, outside the bars, and often not read), an EAN-13's twelve after its first digit. A run of ten
 * digits met by chance inside another code of the pack is one chance in 10^10 per place.
 */
export const MIN_PRINTED_RUN = 10;

/**
 * The runs of digits read on the lines, each line's digits taken together (the OCR reads a line's groups with
 * spaces or stray marks between them), and those of the lines of one row joined left to right (a code's
 * groups read as lines of their own). Rows: lines whose vertical centres are within half the taller's height.
 */
export function printedDigitRuns(lines: readonly TextLine[]): string[] {
  const placed = lines
    .map(({ text, box }) => {
      const ys = box.map((p) => p.y);
      const top = Math.min(...ys);
      const bottom = Math.max(...ys);
      return {
        digits: text.replace(/[^0-9]/g, ''),
        centre: (top + bottom) / 2,
        height: bottom - top,
        left: Math.min(...box.map((p) => p.x)),
      };
    })
    .filter((line) => line.digits.length > 0 && Number.isFinite(line.centre) && Number.isFinite(line.left));
  const runs = new Set(placed.map((line) => line.digits));
  for (const line of placed) {
    const row = placed
      .filter((other) => Math.abs(other.centre - line.centre) <= Math.max(line.height, other.height) / 2)
      .sort((a, b) => a.left - b.left || a.centre - b.centre);
    runs.add(row.map((other) => other.digits).join(''));
  }
  return [...runs].filter(mayConfirmACode);
}

/** True when the run is long enough to confirm some code (`printedDigitsRead`): the digits of a whole EAN-8. */
export function mayConfirmACode(run: string): boolean {
  return run.length >= Math.min(MIN_PRINTED_RUN, 8);
}

/**
 * True when a run of printed digits is part of the code's digits: at least MIN_PRINTED_RUN of them in a row
 * (the whole code, for an EAN-8). A UPC-A's GTIN-13 is its twelve digits after a 0, so its printed digits are
 * part of it too. A UPC-E (`format` 'UPCE') prints its own eight digits, not its UPC-A's: all eight, as an
 * EAN-8's — its six between the guards are not enough, being what a UPC-E reader takes from the left half of
 * an EAN-13 whose own digits are printed under it.
 */
export function printedDigitsRead(gtin: string, runs: readonly string[], format?: string): boolean {
  const printed = format === 'UPCE' ? compressToUpcE(gtin) : [gtin];
  return printed.some((digits) => {
    const needed = Math.min(MIN_PRINTED_RUN, digits.length);
    return runs.some((run) => run.length >= needed && digits.includes(run));
  });
}
