// Paints a ticket document on a 2D canvas at the printer's width in dots; the canvas shapes Arabic and lays out RTL.
import type { TicketDocument, TicketLine } from './ticketDocument';

/** The part of a 2D context the ticket needs: the browser's and @napi-rs/canvas's (Node tests) both fit. */
export interface TicketPainter {
  fillStyle: unknown;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  direction: CanvasDirection;
  fillRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
}

/** An image already decoded (the shop's logo) and how to draw it on this painter. */
export type TicketLogo = {
  width: number;
  height: number;
  draw: (x: number, y: number, width: number, height: number) => void;
};

export type TicketFonts = { family: string };

/** Latin first for digits and French, Arabic for Arabic letters; both are bundled with the app. */
export const TICKET_FONT_FAMILY = "'Inter Variable', 'Noto Sans Arabic Variable', sans-serif";

// Sizes in printer dots (8 per mm): about 3 mm tall body text, the same on 58 and 80 mm paper.
const MARGIN = 8;
const BODY = 24;
const TITLE = 34;
const TOTAL = 30;
const LEADING = 1.3;
const LOGO_MAX_HEIGHT = 120;

function font(size: number, bold: boolean, family: string): string {
  return `${bold ? 700 : 400} ${size}px ${family}`;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A word wider than `maxWidth` cut between its graphemes (never inside a letter and its marks) into pieces that
 * fit, each holding one grapheme at least.
 */
function cutWord(painter: Pick<TicketPainter, 'measureText'>, word: string, maxWidth: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const { segment } of graphemes.segment(word)) {
    if (current !== '' && painter.measureText(current + segment).width > maxWidth) {
      pieces.push(current);
      current = segment;
    } else {
      current += segment;
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/**
 * Splits text into lines no wider than `maxWidth`, between words; a word wider than a line on its own (a name
 * of one long word) is cut into pieces that fit: the paper is as wide as it is, and what passes it is not printed.
 */
export function wrapText(
  painter: Pick<TicketPainter, 'measureText'>,
  text: string,
  maxWidth: number,
): string[] {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const lines: string[] = [];
  let current = '';
  for (const whole of words) {
    const pieces = painter.measureText(whole).width > maxWidth ? cutWord(painter, whole, maxWidth) : [whole];
    for (const [index, word] of pieces.entries()) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (current !== '' && (index > 0 || painter.measureText(candidate).width > maxWidth)) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
  }
  if (current !== '') lines.push(current);
  return lines.length > 0 ? lines : [''];
}

/**
 * The direction of a text by its first strong letter, as HTML's `dir="auto"` decides it: the shop's address
 * written in French on an Arabic ticket reads left to right ("Avenue Mohammed V, Marrakech", not ",Avenue…").
 * Undefined when the text has no letter (a date, an amount): the document's direction applies.
 */
export function firstStrongDirection(text: string): CanvasDirection | undefined {
  const letter = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]|\p{L}/u.exec(text);
  if (!letter) return undefined;
  return /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(letter[0])
    ? 'rtl'
    : 'ltr';
}

type Geometry = { width: number; start: number; end: number; rtl: boolean };

/**
 * Draws the document (or only measures it, when `paint` is false) and returns its height in dots.
 * Measuring first lets the caller size the canvas exactly, since a canvas is cleared when resized.
 */
export function drawTicket(
  painter: TicketPainter,
  document: TicketDocument,
  width: number,
  options: { paint: boolean; logo?: TicketLogo; family?: string },
): number {
  const family = options.family ?? TICKET_FONT_FAMILY;
  const rtl = document.direction === 'rtl';
  const geometry: Geometry = {
    width,
    start: rtl ? width - MARGIN : MARGIN,
    end: rtl ? MARGIN : width - MARGIN,
    rtl,
  };
  const usable = width - 2 * MARGIN;
  painter.direction = document.direction;
  painter.textBaseline = 'top';
  if (options.paint) {
    painter.fillStyle = '#ffffff';
    painter.fillRect(0, 0, width, 1e5);
    painter.fillStyle = '#000000';
  }
  let y = MARGIN;

  const text = (value: string, x: number, align: CanvasTextAlign) => {
    if (!options.paint) return;
    painter.textAlign = align;
    painter.fillText(value, x, y);
  };
  const startAlign: CanvasTextAlign = rtl ? 'right' : 'left';
  const endAlign: CanvasTextAlign = rtl ? 'left' : 'right';

  const paragraph = (value: string, size: number, bold: boolean, centred: boolean) => {
    painter.font = font(size, bold, family);
    for (const row of wrapText(painter, value, usable)) {
      text(row, centred ? width / 2 : geometry.start, centred ? 'center' : startAlign);
      y += Math.round(size * LEADING);
    }
  };

  /** Label at the start, amount at the end; the label wraps when both do not fit on one row. */
  const pair = (label: string, amount: string, size: number, bold: boolean) => {
    painter.font = font(size, bold, family);
    const amountWidth = painter.measureText(amount).width;
    const rows = wrapText(painter, label, usable - amountWidth - BODY / 2);
    rows.forEach((row, index) => {
      text(row, geometry.start, startAlign);
      if (index === rows.length - 1) text(amount, geometry.end, endAlign);
      y += Math.round(size * LEADING);
    });
  };

  const drawLine = (line: TicketLine) => {
    switch (line.kind) {
      case 'logo': {
        const logo = options.logo;
        if (!logo || logo.width <= 0 || logo.height <= 0) return;
        const scale = Math.min(1, LOGO_MAX_HEIGHT / logo.height, usable / logo.width);
        const w = Math.round(logo.width * scale);
        const h = Math.round(logo.height * scale);
        if (options.paint) logo.draw(Math.round((width - w) / 2), y, w, h);
        y += h + BODY / 2;
        return;
      }
      case 'title':
        paragraph(line.text, TITLE, true, true);
        return;
      case 'text':
        painter.direction = line.ltr ? 'ltr' : (firstStrongDirection(line.text) ?? document.direction);
        paragraph(line.text, BODY, line.strong === true, true);
        painter.direction = document.direction;
        return;
      case 'item':
        painter.font = font(BODY, true, family);
        for (const row of wrapText(painter, line.name, usable)) {
          text(row, geometry.start, startAlign);
          y += Math.round(BODY * LEADING);
        }
        pair(line.detail, line.amount, BODY, false);
        y += 4;
        return;
      case 'amount':
        pair(line.label, line.amount, line.strong ? TOTAL : BODY, line.strong === true);
        return;
      case 'rule': {
        y += 6;
        if (options.paint) for (let x = MARGIN; x < width - MARGIN; x += 12) painter.fillRect(x, y, 7, 2);
        y += 12;
        return;
      }
      case 'gap':
        y += BODY / 2;
        return;
    }
  };

  for (const line of document.lines) drawLine(line);
  return Math.ceil(y + MARGIN);
}
