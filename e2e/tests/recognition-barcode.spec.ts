// Live barcode reading in the capture screen: a code read in two frames adds its product at once.
import { test } from '@playwright/test';
import { LANGS } from '../support/sale';
import { expectFilmedBarcodeAdded } from '../support/recognition';

for (const lang of LANGS) {
  test(`${lang}: the filmed EAN-13 adds its product to the cart while the preview runs`, async ({ page }) => {
    test.setTimeout(120_000);
    await expectFilmedBarcodeAdded(page, lang, 'recognition-live-barcode');
  });
}
