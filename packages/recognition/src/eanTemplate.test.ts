import bwipjs from 'bwip-js/node';
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBarcodes } from 'zxing-wasm/reader';
import {
  decideWithPrintedDigits,
  prepareBarcodeReader,
  readRetailBarcodes,
  readRetailBarcodeViews,
} from './barcode.js';
import { readByTemplates } from './eanTemplate.js';
import { createImage, toGrey, type RgbaImage } from './image.js';
import { loadOcrModels, loadZxingReaderWasm, provideOpenCvFromNodeModules } from './nodeAssets.js';
import { createTextReader, type TextReader } from './ocr.js';
import { readPhotoBarcodes } from './photoBarcodes.js';
import { printedDigitRuns } from './printedDigits.js';
import { recogniseProduct } from './recognise.js';
import { buildIndex } from './referenceIndex.js';
import { buildTextIndex } from './textMatch.js';
import { seededRandom } from './random.js';

/**
 * A code as a phone's blurred photo of it: drawn by bwip-js at 4 px a module, resized to `pixelsPerModule`,
 * blurred by a Gaussian of `sigma` pixels, turned by `quarterTurns` quarters; its bars `barHeight` mm high.
 */
async function blurredCode(
  bcid: 'ean13' | 'upca' | 'ean8',
  text: string,
  pixelsPerModule: number,
  sigma: number,
  quarterTurns = 0,
  barHeight = 18,
): Promise<RgbaImage> {
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    scale: 4,
    height: barHeight,
    includetext: true,
    paddingwidth: 12,
    paddingheight: 12,
    backgroundcolor: 'FFFFFF',
  });
  const { width } = await sharp(png).metadata();
  const resized = await sharp(png)
    .resize(Math.round((width * pixelsPerModule) / 4))
    .png()
    .toBuffer();
  let image = sharp(resized);
  if (sigma >= 0.3) image = image.blur(sigma);
  if (quarterTurns % 4) image = sharp(await image.png().toBuffer()).rotate(90 * (quarterTurns % 4));
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

/** The image turned `degrees` clockwise on white (sharp grows the canvas to hold it). */
async function turnedOnWhite(image: RgbaImage, degrees: number): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(image.data), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .rotate(degrees, { background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

const templateCodes = (image: RgbaImage) =>
  readByTemplates(toGrey(image), image.width, image.height).map((read) => read.code);

/** The body with its GS1 check digit. */
function withCheckDigit(body: string): string {
  // GS1: weights 3, 1, 3, … from the digit before the check digit (EAN-13's twelve, EAN-8's seven).
  const sum = [...body]
    .reverse()
    .reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

beforeAll(async () => {
  await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
});

describe('barcodes read by blurred templates', () => {
  it('reads an EAN-13 blurred to grey at a pixel and a bit a module, which the binarisers lose', async () => {
    const image = await blurredCode('ean13', '5901234123457', 1.2, 1);
    for (const binarizer of ['LocalAverage', 'GlobalHistogram', 'FixedThreshold'] as const) {
      const reads = await readBarcodes(image, {
        formats: ['EAN13', 'UPCA'],
        tryHarder: true,
        tryRotate: true,
        tryDownscale: true,
        binarizer,
      });
      expect(reads.filter((read) => read.isValid)).toEqual([]);
    }
    const [read] = readByTemplates(toGrey(image), image.width, image.height);
    expect(read?.code).toBe('5901234123457');
    // Its box spans the code's 95 modules, within a module.
    expect(Math.abs(read!.box.width - 95 * 1.2)).toBeLessThan(1.2);
  });

  it('reads a code outside the catalogue when the digits printed under it agree with the templates', async () => {
    provideOpenCvFromNodeModules();
    const image = await blurredCode('ean13', '5901234123457', 1.8, 1.6);
    // The bars: no pass of the library reads it; the template view is left for the printed digits (alone, one
    // view, what it reads would not be accepted), and reads it.
    const bars = await readRetailBarcodeViews(image, { effort: 'photo', digitsFollow: true });
    expect(bars.reads).toEqual([]);
    expect(bars.views.flat()).toEqual([]);
    expect(bars.templateView?.().map((read) => read.gtin)).toContain('5901234123457');
    let templateReads = 0;
    const views = {
      views: bars.views,
      templateView: () => {
        templateReads++;
        return bars.templateView!();
      },
    };
    const reader = await createTextReader(await loadOcrModels());
    try {
      const lines = await reader.read(image, { detectorSide: 960, maxLines: 10 });
      const runs = printedDigitRuns(lines);
      expect(decideWithPrintedDigits(views, runs).map((read) => read.gtin)).toEqual(['5901234123457']);
      // Digits of another code do not confirm it.
      expect(decideWithPrintedDigits(views, ['590123412349', '901234123450'])).toEqual([]);
      expect(templateReads).toBe(2);
      // Too few digits to confirm any code: the templates are not read.
      expect(decideWithPrintedDigits(views, ['1234567'])).toEqual([]);
      expect(templateReads).toBe(2);
      // In recogniseProduct: read with the text, a code no product has (the shopkeeper may create it).
      const products = new Map([['p', { id: 'p', name: 'Lait', brand: 'Jaouda', barcode: '6111234567892' }]]);
      const recognition = await recogniseProduct(image, {
        index: buildIndex([]),
        products,
        text: { reader, index: buildTextIndex(products.values()) },
        disable: ['visual', 'colour', 'shape'],
      });
      expect(recognition.barcodes).toEqual(['5901234123457']);
      const without = await recogniseProduct(image, {
        index: buildIndex([]),
        products,
        disable: ['visual', 'colour', 'shape'],
      });
      expect(without.barcodes).toEqual([]);
      // For a caller that wants the codes alone (the server's /api/ai/barcode): the same decision, the text
      // read only when the bars gave no maker's code.
      let textReads = 0;
      const counting = {
        read: (...read: Parameters<TextReader['read']>) => {
          textReads++;
          return reader.read(...read);
        },
      };
      expect(await readPhotoBarcodes(image, { reader: counting })).toMatchObject({
        reads: [{ gtin: '5901234123457' }],
        textRead: true,
        byPrintedDigits: true,
      });
      expect((await readPhotoBarcodes(image)).reads).toEqual([]);
      const sharpCode = await blurredCode('ean13', '5901234123457', 3, 0);
      expect(await readPhotoBarcodes(sharpCode, { reader: counting })).toMatchObject({
        reads: [{ gtin: '5901234123457' }],
        textRead: false,
        byPrintedDigits: false,
      });
      expect(textReads).toBe(1);
    } finally {
      await reader.release();
    }
  });

  it('counts as one view: a catalogue code is read, a code outside it needs another view', async () => {
    const image = await blurredCode('ean13', '5901234123457', 1.2, 1);
    const known = await readRetailBarcodes(image, {
      effort: 'photo',
      known: (gtin) => gtin === '5901234123457',
    });
    expect(known.map((read) => read.gtin)).toEqual(['5901234123457']);
    expect(await readRetailBarcodes(image, { effort: 'photo' })).toEqual([]);
  });

  it('reads a live frame by templates when asked, keeping only a catalogue code', async () => {
    const image = await blurredCode('ean13', '5901234123457', 1.2, 1);
    const known = (gtin: string) => gtin === '5901234123457';
    const live = await readRetailBarcodes(image, { effort: 'live', moreViews: true, known });
    expect(live.map((read) => read.gtin)).toEqual(['5901234123457']);
    // The library's one pass alone, a code outside the catalogue, or templates not asked for: nothing.
    expect(await readRetailBarcodes(image, { effort: 'live', known })).toEqual([]);
    expect(await readRetailBarcodes(image, { effort: 'live', moreViews: true })).toEqual([]);
    const other = (gtin: string) => gtin === '5901234123464';
    expect(await readRetailBarcodes(image, { effort: 'live', moreViews: true, known: other })).toEqual([]);
    // A sharp code is the library's: the same read with or without templates.
    const sharpCode = await blurredCode('ean13', '5901234123457', 3, 0);
    const plain = await readRetailBarcodes(sharpCode, { effort: 'live' });
    expect(plain.map((read) => read.gtin)).toEqual(['5901234123457']);
    expect(await readRetailBarcodes(sharpCode, { effort: 'live', moreViews: true, known })).toEqual(plain);
  });

  it('reads a live frame of a code held at a slant, turned upright from its bars (any code)', async () => {
    // A short code (bars cut to 10 mm, as many packs have them): rows of the frame cross all its bars only
    // near upright.
    for (const angle of [20, 30, 45]) {
      const frame = await turnedOnWhite(await blurredCode('ean13', '5901234123457', 2.5, 0.5, 0, 10), angle);
      expect(await readRetailBarcodes(frame, { effort: 'live' })).toEqual([]);
      const reads = await readRetailBarcodes(frame, { effort: 'live', moreViews: true });
      expect(reads.map((read) => read.gtin)).toEqual(['5901234123457']);
    }
    // A tall code at 20° is the one pass's; read obliquely, it stands when the frame turned upright reads it too.
    const frame = await turnedOnWhite(await blurredCode('ean13', '5901234123457', 2.5, 0.5), 20);
    const plain = await readRetailBarcodes(frame, { effort: 'live' });
    expect(plain.map((read) => read.gtin)).toEqual(['5901234123457']);
    expect(await readRetailBarcodes(frame, { effort: 'live', moreViews: true })).toEqual(plain);
  });

  it('reads a live frame of light bars on a dark pack, upright and at a slant (any code)', async () => {
    const inverted = (image: RgbaImage): RgbaImage => ({
      ...image,
      data: image.data.map((v, i) => (i % 4 === 3 ? v : 255 - v)),
    });
    const code = await blurredCode('ean13', '5901234123457', 2.5, 0.5, 0, 10);
    const upright = inverted(code);
    expect(await readRetailBarcodes(upright, { effort: 'live' })).toEqual([]);
    const reads = await readRetailBarcodes(upright, { effort: 'live', moreViews: true });
    expect(reads.map((read) => read.gtin)).toEqual(['5901234123457']);
    // The same box as the code's upright read: inverting moves nothing.
    expect(reads[0]!.box).toEqual((await readRetailBarcodes(code, { effort: 'live' }))[0]!.box);
    const slanted = inverted(await turnedOnWhite(code, 30));
    expect(await readRetailBarcodes(slanted, { effort: 'live' })).toEqual([]);
    const slantedReads = await readRetailBarcodes(slanted, { effort: 'live', moreViews: true });
    expect(slantedReads.map((read) => read.gtin)).toEqual(['5901234123457']);
  });

  it('reads a blurred code turned 30°, on the photo turned upright from its bars', async () => {
    const code = await blurredCode('ean13', '5901234123457', 1.5, 1.2);
    const png = await sharp(Buffer.from(code.data), {
      raw: { width: code.width, height: code.height, channels: 4 },
    })
      .png()
      .toBuffer();
    const { data, info } = await sharp(png)
      .rotate(30, { background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const turned = { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
    expect(templateCodes(turned)).toEqual([]);
    const reads = await readRetailBarcodes(turned, {
      effort: 'photo',
      known: (gtin) => gtin === '5901234123457',
    });
    expect(reads.map((read) => read.gtin)).toEqual(['5901234123457']);
    // Its box is the turned code's, in the photo's pixels.
    expect(reads[0]!.box.width).toBeGreaterThan(0.7 * 95 * 1.5);
    expect(reads[0]!.box.height).toBeGreaterThan(0.4 * 95 * 1.5);
  });

  it('reads a UPC-A as its GTIN-13, upside down and standing up', async () => {
    for (const turns of [0, 1, 2, 3])
      expect(templateCodes(await blurredCode('upca', '036000291452', 1.5, 0.8, turns))).toEqual([
        '0036000291452',
      ]);
  });

  it('never reads a wrong code, at any sampling and blur (generated codes, EAN-13 and EAN-8)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.stringMatching(/^[0-9]{12}$/).map((twelve) => ['ean13', withCheckDigit(twelve)] as const),
          fc.stringMatching(/^[0-9]{7}$/).map((seven) => ['ean8', withCheckDigit(seven)] as const),
        ),
        fc.double({ min: 0.8, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 1.8, noNaN: true }),
        fc.integer({ min: 0, max: 3 }),
        async ([bcid, code], pixelsPerModule, sigma, turns) => {
          const codes = templateCodes(await blurredCode(bcid, code, pixelsPerModule, sigma, turns));
          // Nothing, or the code (a blur too wide for the templates reads nothing).
          expect(codes.filter((read) => read !== code)).toEqual([]);
        },
      ),
      { numRuns: 30, seed: 28 },
    );
  });

  it('reads an EAN-8 blurred to grey, which the library loses; live, when it is the catalogue’s', async () => {
    const image = await blurredCode('ean8', '96385074', 1.5, 1.2, 0, 12);
    const library = await readBarcodes(image, { formats: ['EAN8'], tryHarder: true, tryDownscale: true });
    expect(library.filter((read) => read.isValid)).toEqual([]);
    const [read] = readByTemplates(toGrey(image), image.width, image.height);
    expect(read?.code).toBe('96385074');
    // Its box spans the code's 67 modules, within a module.
    expect(Math.abs(read!.box.width - 67 * 1.5)).toBeLessThan(1.5);
    const known = (gtin: string) => gtin === '96385074';
    const live = await readRetailBarcodes(image, { effort: 'live', moreViews: true, known });
    expect(live.map((r) => [r.gtin, r.format])).toEqual([['96385074', 'EAN8']]);
    expect(await readRetailBarcodes(image, { effort: 'live', moreViews: true })).toEqual([]);
    expect((await readRetailBarcodes(image, { effort: 'photo', known })).map((r) => r.gtin)).toEqual([
      '96385074',
    ]);
    // A catalogue without an EAN-8 (knownEan8: false) has the templates look for EAN-13 / UPC-A only.
    expect(
      await readRetailBarcodes(image, { effort: 'live', moreViews: true, known, knownEan8: false }),
    ).toEqual([]);
    expect(readByTemplates(toGrey(image), image.width, image.height, { ean8: false })).toEqual([]);
  });

  it('takes any grey image (any size, any content): codes only of 13 or 8 digits with their check digit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 160 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.boolean(),
        (width, height, seed, stripes) => {
          const random = seededRandom(seed);
          const columns = Array.from({ length: width }, () => Math.floor(random() * 256));
          const grey = Uint8Array.from({ length: width * height }, (_, i) =>
            stripes ? columns[i % width]! : Math.floor(random() * 256),
          );
          for (const read of readByTemplates(grey, width, height)) {
            expect(read.code).toMatch(/^(\d{13}|\d{8})$/);
            expect(read.code).toBe(withCheckDigit(read.code.slice(0, -1)));
            expect([read.box.x, read.box.y, read.box.width, read.box.height].every(Number.isFinite)).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 60, seed: 28 },
    );
  });

  it('reads any live frame (any size, any content) without failing: only the catalogue code it shows', async () => {
    const shown = await blurredCode('ean13', '5901234123457', 1.5, 1);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom('noise', 'stripes', 'code'),
        async (width, height, seed, content) => {
          const random = seededRandom(seed);
          const columns = Array.from({ length: width }, () => Math.floor(random() * 256));
          const frame = createImage(width, height);
          for (let i = 0; i < width * height; i++) {
            const [x, y] = [i % width, Math.floor(i / width)];
            const value =
              content === 'code'
                ? (shown.data[
                    (Math.min(y, shown.height - 1) * shown.width + Math.min(x, shown.width - 1)) * 4
                  ] ?? 0)
                : content === 'stripes'
                  ? columns[x]!
                  : Math.floor(random() * 256);
            frame.data.set([value, value, value, 255], i * 4);
          }
          const reads = await readRetailBarcodes(frame, {
            effort: 'live',
            moreViews: true,
            known: (gtin) => gtin === '5901234123457' || gtin === '4006381333931',
          });
          // A frame cut from the code may read it; nothing else is ever read.
          for (const read of reads) expect(read.gtin).toBe('5901234123457');
        },
      ),
      { numRuns: 40, seed: 28 },
    );
  });

  it('reads nothing on bars that are not a code, nor on a blank page', () => {
    const random = seededRandom(7);
    const image = createImage(320, 160);
    // Random bars of one to four modules (2 px each) across a white page: edges like a code's, no digits.
    let x = 20;
    let dark = true;
    const columns = new Uint8Array(image.width).fill(255);
    while (x < 300) {
      const width = 2 * (1 + Math.floor(random() * 4));
      columns.fill(dark ? 20 : 235, x, Math.min(300, x + width));
      x += width;
      dark = !dark;
    }
    for (let y = 0; y < image.height; y++)
      for (let i = 0; i < image.width; i++) {
        const v = y > 20 && y < 140 ? columns[i]! : 255;
        image.data.set([v, v, v, 255], (y * image.width + i) * 4);
      }
    expect(templateCodes(image)).toEqual([]);
    const blank = createImage(200, 100);
    blank.data.fill(255);
    expect(templateCodes(blank)).toEqual([]);
  });
});
