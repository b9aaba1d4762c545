import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  ARABIC_LINE_HEIGHT,
  arabicLine,
  arabicLineImage,
  createArabicLineReader,
  MIN_ARABIC_WORD_CONFIDENCE,
  startTesseractArabic,
  type LineRecogniser,
} from './arabicText.js';
import { prepareBarcodeReader } from './barcode.js';
import type { RgbaImage } from './image.js';
import {
  arabicModelFiles,
  createNodeArabicLineReader,
  loadOcrModels,
  loadZxingReaderWasm,
  provideOpenCvFromNodeModules,
} from './nodeAssets.js';
import { createTextReader, type Point } from './ocr.js';
import { recogniseProduct } from './recognise.js';
import type { CatalogueProduct } from './strategies/strategy.js';
import { buildIndex } from './referenceIndex.js';
import { texturedPack } from './testImages.js';
import { buildTextIndex, normaliseText } from './textMatch.js';
import { renderSvg } from '../bench/decode.js';

provideOpenCvFromNodeModules();

/** A textured pack with a white band carrying an Arabic `word` at the bottom. */
async function packWithArabic(seed: number, word: string): Promise<RgbaImage> {
  const pack = texturedPack(seed);
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="90">
    <rect width="320" height="90" fill="#ffffff"/>
    <text x="160" y="62" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#111">${word}</text></svg>`;
  const { data } = await sharp(Buffer.from(pack.data), { raw: { width: 320, height: 400, channels: 4 } })
    .composite([{ input: Buffer.from(band), top: 310, left: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: 320, height: 400, data: new Uint8ClampedArray(data) };
}

const box: Point[] = [
  { x: 10, y: 10 },
  { x: 110, y: 10 },
  { x: 110, y: 50 },
  { x: 10, y: 50 },
];

describe('Arabic lines (pure parts)', () => {
  it('keeps the Arabic words read surely enough, with their mean confidence', () => {
    const line = arabicLine(
      [
        { text: 'زيت', confidence: 0.9 },
        { text: 'الزيتون', confidence: 0.7 },
        { text: '500', confidence: 0.95 },
        { text: 'Lait', confidence: 0.9 },
        { text: 'قطنم', confidence: MIN_ARABIC_WORD_CONFIDENCE - 0.05 },
      ],
      box,
    );
    expect(line?.text).toBe('زيت الزيتون');
    expect(line?.confidence).toBeCloseTo(0.8, 5);
    expect(line?.box).toBe(box);
    expect(arabicLine([{ text: '٣٠٠', confidence: 0.9 }], box)).toBeNull();
    expect(arabicLine([], box)).toBeNull();
  });

  it('cuts a line as a grey PGM of the line height, dark text staying dark', async () => {
    const image = await renderSvg(
      '<rect width="200" height="80" fill="#fff"/><rect x="30" y="25" width="60" height="20" fill="#000"/>',
      200,
      80,
    );
    const pgm = arabicLineImage(image, box);
    const header = new TextDecoder().decode(pgm.subarray(0, 20)).split('\n');
    expect(header[0]).toBe('P5');
    const [width, height] = header[1]!.split(' ').map(Number) as [number, number];
    expect(height).toBe(ARABIC_LINE_HEIGHT);
    expect(width).toBeGreaterThan(height);
    const pixels = pgm.subarray(pgm.length - width * height);
    expect(Math.min(...pixels)).toBeLessThan(20);
    expect(Math.max(...pixels)).toBeGreaterThan(235);
  });

  it('starts tesseract on the first read only, once, and again after release', async () => {
    const terminate = vi.fn(() => Promise.resolve());
    const recogniser: LineRecogniser = {
      recognise: () => Promise.resolve([{ text: 'سكر', confidence: 0.9 }]),
      terminate,
    };
    const start = vi.fn(() => Promise.resolve(recogniser));
    const reader = createArabicLineReader(start);
    const image = await renderSvg('<rect width="200" height="80" fill="#fff"/>', 200, 80);
    expect(await reader.read(image, [])).toEqual([]);
    expect(reader.started).toBe(false);
    const lines = await reader.read(image, [box, box]);
    expect(lines.map((line) => line.text)).toEqual(['سكر', 'سكر']);
    await reader.read(image, [box]);
    expect(start).toHaveBeenCalledTimes(1);
    await reader.release();
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(reader.started).toBe(false);
  });
});

describe('tesseract ara on the lines PP-OCR finds', () => {
  it('reads rendered Arabic product labels', async () => {
    const ocr = await createTextReader(await loadOcrModels());
    const arabic = createNodeArabicLineReader();
    const words = ['حليب', 'زيت الزيتون', 'سكر'];
    const image = await renderSvg(
      `<rect width="420" height="300" fill="#f4e9c8"/>
       ${words.map((word, i) => `<text x="210" y="${70 + i * 90}" text-anchor="middle" font-family="DejaVu Sans" font-size="44" fill="#1a2a5a">${word}</text>`).join('')}`,
      420,
      300,
    );
    const boxes = await ocr.detect(image, { detectorSide: 640 });
    // PP-OCR's detector finds the Arabic lines even though its recogniser cannot read them.
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    const lines = await arabic.read(image, boxes);
    // "زيت الزيتون" may come as two boxes (DB splits Arabic words): the words are what counts.
    const read = lines.flatMap((line) => normaliseText(line.text).split(' '));
    for (const word of words.flatMap((w) => normaliseText(w).split(' '))) expect(read).toContain(word);
    for (const line of lines) expect(line.confidence).toBeGreaterThanOrEqual(MIN_ARABIC_WORD_CONFIDENCE);
    await arabic.release();
    await ocr.release();
  });
});

describe('Arabic names in the text strategy', () => {
  const arabicCatalogue = new Map<string, CatalogueProduct>([
    ['milk', { id: 'milk', name: 'حليب', brand: 'جودة' }],
    ['oil', { id: 'oil', name: 'زيت الزيتون' }],
    ['sugar', { id: 'sugar', name: 'سكر قالب' }],
    ['tea', { id: 'tea', name: 'شاي أخضر' }],
  ]);
  const latinCatalogue = new Map<string, CatalogueProduct>([
    ['valio', { id: 'valio', name: 'Valio Vanilla Yoghurt', brand: 'Valio' }],
    ['arla', { id: 'arla', name: 'Arla Standard Milk', brand: 'Arla' }],
  ]);

  it('ranks the product whose Arabic name is on the pack first; a catalogue without Arabic never starts tesseract', async () => {
    await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
    const reader = await createTextReader(await loadOcrModels());
    // The real tesseract, started through a spy.
    const started = vi.fn(() => startTesseractArabic(arabicModelFiles()));
    const arabic = createArabicLineReader(started);

    // Latin catalogue: the same Arabic pack is read by PP-OCR alone, tesseract is never started.
    const oilPack = await packWithArabic(11, 'زيت الزيتون');
    const latin = await recogniseProduct(oilPack, {
      index: buildIndex([]),
      products: latinCatalogue,
      text: { reader, index: buildTextIndex(latinCatalogue.values()), arabic },
    });
    expect(latin.candidates).toEqual([]);
    expect(arabic.started).toBe(false);
    expect(started).not.toHaveBeenCalled();

    // Arabic catalogue: the name read by tesseract picks the product out of four.
    const text = { reader, index: buildTextIndex(arabicCatalogue.values()), arabic };
    for (const [word, expected] of [
      ['زيت الزيتون', 'oil'],
      // PP-OCR's detector misses "حليب" alone in this bold band (see the bench: it finds 80 % of Arabic
      // names); the pack's brand is printed beside it.
      ['حليب جودة', 'milk'],
      ['سكر', 'sugar'],
    ] as const) {
      const pack = await packWithArabic(word.length, word);
      const found = await recogniseProduct(pack, { index: buildIndex([]), products: arabicCatalogue, text });
      const read = found.textLines.flatMap((line) => normaliseText(line.text).split(' '));
      // At least one word of the name read exactly (tesseract misreads a short word now and then).
      expect(
        normaliseText(word)
          .split(' ')
          .some((part) => read.includes(part)),
      ).toBe(true);
      expect(found.candidates[0]?.product_id).toBe(expected);
      expect(found.candidates[0]!.strategies.text).toBeGreaterThan(0.3);
    }
    expect(started).toHaveBeenCalledTimes(1);

    // Without the Arabic reader the Arabic catalogue finds nothing on the same pack: PP-OCR reads no Arabic.
    const without = await recogniseProduct(oilPack, {
      index: buildIndex([]),
      products: arabicCatalogue,
      text: { reader, index: text.index },
    });
    expect(without.candidates).toEqual([]);
    await arabic.release();
    await reader.release();
  });
});
