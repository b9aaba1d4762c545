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
});
