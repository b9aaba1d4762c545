import { beforeEach, describe, expect, it } from 'vitest';
import { aProduct, resetDatabase, storeRecords } from '../../data/testDatabase';
import { productForBarcode } from './productForBarcode';

describe('productForBarcode', () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it('finds a product whatever spelling of its code was stored or scanned', async () => {
    const sardines = aProduct({ name: 'Sardines', barcode: '6111245591056' });
    const cereal = aProduct({ name: 'Céréales', barcode: '036000291452' });
    await storeRecords({ products: [sardines, cereal] });
    expect((await productForBarcode('6111245591056'))?.id).toBe(sardines.id);
    expect((await productForBarcode(' 06111245591056 '))?.id).toBe(sardines.id);
    // UPC-A stored with 12 digits, scanned as EAN-13 with its leading 0, and the other way round.
    expect((await productForBarcode('0036000291452'))?.id).toBe(cereal.id);
    expect((await productForBarcode('036000291452'))?.id).toBe(cereal.id);
    expect(await productForBarcode('4006381333931')).toBeUndefined();
    expect(await productForBarcode('   ')).toBeUndefined();
  });

  it('finds a UPC-E whether its 8 printed digits or its UPC-A were stored or scanned', async () => {
    const chips = aProduct({ name: 'Chips', barcode: '04252614' });
    const gum = aProduct({ name: 'Chewing-gum', barcode: '0012345000065' });
    await storeRecords({ products: [chips, gum] });
    // The camera's reader gives a UPC-E as the GTIN-13 of its UPC-A; a hand scanner may send the 8 digits.
    expect((await productForBarcode('0042100005264'))?.id).toBe(chips.id);
    expect((await productForBarcode('04252614'))?.id).toBe(chips.id);
    expect((await productForBarcode('01234565'))?.id).toBe(gum.id);
    expect(await productForBarcode('0042100005271')).toBeUndefined();
  });
});
