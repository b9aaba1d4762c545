import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareBarcodeReader, readRetailBarcodes, slowPassesFor } from './barcode.js';
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

describe('the slower passes (×2, sharpened)', () => {
  it('run on photos up to 1,000 px, and on crops of such photos only', () => {
    expect(slowPassesFor({ width: 1000, height: 600 })).toBe(true);
    expect(slowPassesFor({ width: 348, height: 348 })).toBe(true);
    expect(slowPassesFor({ width: 1280, height: 720 })).toBe(false);
    expect(slowPassesFor({ width: 600, height: 1001 })).toBe(false);
  });

  it('a code with bars too thin for the plain pass is read by them, unless it is a crop of a large photo', async () => {
    const full = await renderBarcode('ean13', '9780764544200', 2, false);
    const thin = resizeImage(full, full.width * 0.7, full.height * 0.7);
    expect(await readRetailBarcodes(thin, { effort: 'live' })).toEqual([]);
    expect((await readRetailBarcodes(thin, { effort: 'photo' })).map((r) => r.gtin)).toEqual([
      '9780764544200',
    ]);
    const products = new Map([['book', { id: 'book', name: 'Livre', barcode: '9780764544200' }]]);
    const recognise = (cropOf?: { width: number; height: number }) =>
      recogniseProduct(thin, {
        index: buildIndex([]),
        products,
        disable: ['visual', 'colour', 'shape'],
        ...(cropOf ? { cropOf } : {}),
      });
    expect((await recognise()).barcodes).toEqual(['9780764544200']);
    expect((await recognise({ width: 640, height: 480 })).barcodes).toEqual(['9780764544200']);
    expect((await recognise({ width: 1280, height: 720 })).barcodes).toEqual([]);
    // A sharp code in a crop of a large photo is still read by the plain pass.
    const sharp = await recogniseProduct(full, {
      index: buildIndex([]),
      products,
      disable: ['visual', 'colour', 'shape'],
      cropOf: { width: 1280, height: 720 },
    });
    expect(sharp.candidates[0]?.product_id).toBe('book');
  });
});
