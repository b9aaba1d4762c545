import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { isInStoreCode, prepareBarcodeReader, readRetailBarcodes } from './barcode.js';
import { buildIndex } from './referenceIndex.js';
import { recogniseProduct } from './recognise.js';
import { createImage, resizeImage, rotateQuarter, type RgbaImage } from './image.js';
import { loadZxingReaderWasm, provideOpenCvFromNodeModules } from './nodeAssets.js';

async function renderBarcode(bcid: string, text: string, scale = 3, includetext = true): Promise<RgbaImage> {
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    scale,
    height: 18,
    includetext,
    paddingwidth: 12,
    paddingheight: 12,
    backgroundcolor: 'FFFFFF',
  });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

provideOpenCvFromNodeModules();

beforeAll(async () => {
  await prepareBarcodeReader({ wasmBinary: await loadZxingReaderWasm() });
});

describe('retail barcode reader', () => {
  it('reads an EAN-13 rendered by bwip-js', async () => {
    const reads = await readRetailBarcodes(await renderBarcode('ean13', '9780764544200'));
    expect(reads.map((r) => r.gtin)).toEqual(['9780764544200']);
  });
  it('reads a UPC-A and returns it as GTIN-13', async () => {
    const reads = await readRetailBarcodes(await renderBarcode('upca', '036000291452'));
    expect(reads.map((r) => r.gtin)).toEqual(['0036000291452']);
  });
  it('reads a barcode turned 90°', async () => {
    const reads = await readRetailBarcodes(rotateQuarter(await renderBarcode('ean13', '5449000000996')));
    expect(reads.map((r) => r.gtin)).toEqual(['5449000000996']);
  });
  it('reads an EAN-8', async () => {
    const reads = await readRetailBarcodes(await renderBarcode('ean8', '96385074'));
    expect(reads.map((r) => r.gtin)).toEqual(['96385074']);
  });
  it('finds nothing on a blank image', async () => {
    const blank = createImage(200, 120);
    blank.data.fill(255);
    expect(await readRetailBarcodes(blank)).toEqual([]);
  });
});

describe('the slower passes (second binariser, pyramid, ×2, sharpened)', () => {
  it('read a code with bars too thin for one pass, at its own size and in a photo 3× larger', async () => {
    const full = await renderBarcode('ean13', '9780764544200', 2, false);
    const thin = resizeImage(full, full.width * 0.7, full.height * 0.7);
    expect(await readRetailBarcodes(thin, { effort: 'live' })).toEqual([]);
    expect((await readRetailBarcodes(thin, { effort: 'photo' })).map((r) => r.gtin)).toEqual([
      '9780764544200',
    ]);
    const products = new Map([['book', { id: 'book', name: 'Livre', barcode: '9780764544200' }]]);
    const recognised = await recogniseProduct(thin, {
      index: buildIndex([]),
      products,
      disable: ['visual', 'colour', 'shape'],
    });
    expect(recognised.barcodes).toEqual(['9780764544200']);
    expect(recognised.candidates[0]?.product_id).toBe('book');
    expect(recognised.possiblyUnknown).toBe(false);
    // The same code in a large photo (a phone's 4000-px camera gives such sizes) is read through the pyramid.
    const large = createImage(thin.width * 4, thin.height * 4);
    large.data.fill(255);
    const big = resizeImage(thin, thin.width * 3, thin.height * 3);
    for (let y = 0; y < big.height; y++)
      large.data.set(
        big.data.subarray(y * big.width * 4, (y + 1) * big.width * 4),
        (y * large.width + 10) * 4,
      );
    expect((await readRetailBarcodes(large, { effort: 'photo' })).map((r) => r.gtin)).toEqual([
      '9780764544200',
    ]);
  });

  it('an unknown code is kept only when two passes read it; a known one after one', async () => {
    const code = await renderBarcode('ean13', '5449000000996');
    // A clean code: every pass reads it, so it is accepted as unknown too.
    expect((await readRetailBarcodes(code)).map((r) => r.gtin)).toEqual(['5449000000996']);
    expect((await readRetailBarcodes(code, { known: () => true })).map((r) => r.gtin)).toEqual([
      '5449000000996',
    ]);
  });

  it("puts a shop's price label after the maker's code", async () => {
    const maker = await renderBarcode('ean13', '5449000000996');
    const price = await renderBarcode('ean13', '2012345000018');
    const both = createImage(Math.max(maker.width, price.width), maker.height + price.height + 40);
    both.data.fill(255);
    const put = (image: RgbaImage, top: number) => {
      for (let y = 0; y < image.height; y++)
        both.data.set(
          image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4),
          (top + y) * both.width * 4,
        );
    };
    put(price, 0);
    put(maker, price.height + 40);
    expect(isInStoreCode('2012345000018')).toBe(true);
    expect(isInStoreCode('0212345000014')).toBe(true);
    expect(isInStoreCode('5449000000996')).toBe(false);
    expect((await readRetailBarcodes(both)).map((r) => r.gtin)).toEqual(['5449000000996', '2012345000018']);
  });
});
