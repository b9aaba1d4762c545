// Live barcode reading of a UPC-E printed light on a dark pack, stored as the 8 digits printed under it: the
// library's one pass reads nothing on the frames (its inversion does not apply to linear codes); the inverted
// frame reads the UPC-E, which the reader gives as its UPC-A's GTIN-13, and the product stored with the 8
// digits is found and added.
import { test } from '@playwright/test';
import { LANGS } from '../support/sale';
import { expectFilmedBarcodeAdded, FILMED_UPC_E } from '../support/recognition';

for (const lang of LANGS) {
  test(`${lang}: a UPC-E light on a dark pack, stored as its 8 digits, is read while the preview runs`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await expectFilmedBarcodeAdded(page, lang, 'recognition-live-dark-upce', FILMED_UPC_E);
  });
}
