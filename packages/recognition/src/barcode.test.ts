import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareBarcodeReader, readRetailBarcodes } from './barcode.js';
import { createImage, rotateQuarter, type RgbaImage } from './image.js';
import { loadZxingReaderWasm } from './nodeAssets.js';

async function renderBarcode(bcid: string, text: string): Promise<RgbaImage> {
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    scale: 3,
    height: 18,
    includetext: true,
    paddingwidth: 12,
    paddingheight: 12,
    backgroundcolor: 'FFFFFF',
  });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

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
