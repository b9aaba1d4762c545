// @vitest-environment node
// Printer bytes: a known bitmap and a known ticket (rendered with a real canvas) encoded for 58 and 80 mm, against golden files.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawTicket } from './drawTicket';
import { BAND_ROWS, encodeTicketBitmap, type TicketBitmap } from './escposTicket';
import { PAPER, PAPER_WIDTHS, type PaperWidth } from './paper';
import { knownTicket } from './ticketFixture';

const GOLDEN = new URL('./__golden__/', import.meta.url);
const ARTIFACTS = new URL('../../../../e2e/artifacts/screenshots/', import.meta.url);
const FONTS = new URL('../../../../node_modules/@fontsource-variable/', import.meta.url);
// UPDATE_GOLDEN=1 rewrites the files after a deliberate change of the ticket's look; review the PNGs then.
const update = process.env.UPDATE_GOLDEN === '1';

function golden(name: string, bytes: Uint8Array): void {
  const file = new URL(name, GOLDEN);
  if (update || !existsSync(file)) writeFileSync(file, bytes);
  const expected = new Uint8Array(readFileSync(file));
  expect(bytes.length, name).toBe(expected.length);
  expect(createHash('sha256').update(bytes).digest('hex'), name).toBe(
    createHash('sha256').update(expected).digest('hex'),
  );
}

/** Two black stripes and a black square in a white field: every pixel's expected dot is known. */
function knownBitmap(width: number, height: number): TicketBitmap {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const black = (x: number, y: number) => data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  for (let x = 0; x < width; x++) {
    black(x, 0);
    black(x, height - 1);
  }
  for (let y = 10; y < 40; y++) for (let x = 16; x < 46; x++) black(x, y);
  return { data, width, height };
}

GlobalFonts.registerFromPath(
  new URL('inter/files/inter-latin-wght-normal.woff2', FONTS).pathname,
  'Inter Variable',
);
GlobalFonts.registerFromPath(
  new URL('noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2', FONTS).pathname,
  'Noto Sans Arabic Variable',
);

function renderKnownTicket(language: 'fr' | 'ar', paper: PaperWidth) {
  const width = PAPER[paper].dots;
  const document = knownTicket(language);
  const height = drawTicket(createCanvas(width, 1).getContext('2d'), document, width, { paint: false });
  const canvas = createCanvas(width, height);
  drawTicket(canvas.getContext('2d'), document, width, { paint: true });
  return canvas;
}

describe('ESC/POS encoding of a ticket bitmap', () => {
  it.each(PAPER_WIDTHS)('writes raster bands of the whole width at %i mm', (paper) => {
    const { dots } = PAPER[paper];
    const bitmap = knownBitmap(dots, 300);
    const bytes = encodeTicketBitmap(bitmap, paper);
    golden(`bitmap-${paper}mm.bin`, bytes);

    // ESC @ first; then GS v 0 with the width in bytes and 240 then 64 (60 padded to 8) rows.
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    const rasters: number[] = [];
    for (let i = 0; i + 3 < bytes.length; i++) {
      if (bytes[i] === 0x1d && bytes[i + 1] === 0x76 && bytes[i + 2] === 0x30) rasters.push(i);
    }
    expect(rasters).toHaveLength(2);
    const header = (at: number) => ({
      widthBytes: (bytes[at + 4] ?? 0) + (bytes[at + 5] ?? 0) * 256,
      rows: (bytes[at + 6] ?? 0) + (bytes[at + 7] ?? 0) * 256,
    });
    expect(header(rasters[0] ?? 0)).toEqual({ widthBytes: dots / 8, rows: BAND_ROWS });
    expect(header(rasters[1] ?? 0)).toEqual({ widthBytes: dots / 8, rows: 64 });
    // First row all black, second row: white except nothing; row 10 has dots 16..45 black.
    const pixels = (rasters[0] ?? 0) + 8;
    expect([...bytes.slice(pixels, pixels + dots / 8)].every((b) => b === 0xff)).toBe(true);
    expect([...bytes.slice(pixels + dots / 8, pixels + dots / 4)].every((b) => b === 0)).toBe(true);
    const row10 = pixels + 10 * (dots / 8);
    expect([...bytes.slice(row10, row10 + 6)]).toEqual([0x00, 0x00, 0xff, 0xff, 0xff, 0xfc]);
    // Ends with a partial cut (GS V 1).
    expect(bytes.findLastIndex((_, i) => bytes[i] === 0x1d && bytes[i + 1] === 0x56)).toBeGreaterThan(
      rasters[1] ?? 0,
    );
  });

  it('refuses a bitmap that is not the width of the paper', () => {
    expect(() => encodeTicketBitmap(knownBitmap(400, 10), 58)).toThrow(RangeError);
  });

  it.each([
    ['fr', 58],
    ['fr', 80],
    ['ar', 58],
    ['ar', 80],
  ] as const)('encodes the known %s ticket at %i mm as in the golden file', (language, paper) => {
    const canvas = renderKnownTicket(language, paper);
    const image = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const bytes = encodeTicketBitmap({ data: image.data, width: image.width, height: image.height }, paper);
    const png = canvas.toBuffer('image/png');
    mkdirSync(new URL(`${language}/`, ARTIFACTS), { recursive: true });
    writeFileSync(new URL(`${language}/ticket-raster-${paper}mm.png`, ARTIFACTS), png);
    if (update || !existsSync(new URL(`ticket-${language}-${paper}mm.png`, GOLDEN))) {
      writeFileSync(new URL(`ticket-${language}-${paper}mm.png`, GOLDEN), png);
    }
    golden(`ticket-${language}-${paper}mm.bin`, bytes);
    // Text was drawn: a good share of the ticket's dots are black, and it is taller than a few lines.
    expect(canvas.height).toBeGreaterThan(400);
  });
});
