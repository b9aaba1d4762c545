// Live barcode reading of a blurred code (held closer than the camera focuses): the library reads nothing on
// the frames; the blurred templates read the code because it is the catalogue's, and two frames confirm it.
import { test } from '@playwright/test';
import { LANGS } from '../support/sale';
import { expectFilmedBarcodeAdded } from '../support/recognition';

for (const lang of LANGS) {
  test(`${lang}: a blurred EAN-13 of the catalogue is read while the preview runs`, async ({ page }) => {
    test.setTimeout(120_000);
    await expectFilmedBarcodeAdded(page, lang, 'recognition-live-blurred-barcode');
  });
}
