// Live barcode reading of a blurred code (held closer than the camera focuses): the library reads nothing on
// the frames; the blurred templates read the code because it is the catalogue's, and two frames confirm it.
import { expect, test } from '@playwright/test';
import { LABELS, SAMPLE } from '../support/catalog';
import { LANGS, fill, openApp, openCapture, screenshotPath, words } from '../support/sale';
import { FILMED_BARCODE } from '../support/recognition';

for (const lang of LANGS) {
  const W = words[lang];
  const L = LABELS[lang];
  const capture = W.sale.capture;

  test(`${lang}: a blurred EAN-13 of the catalogue is read while the preview runs`, async ({ page }) => {
    test.setTimeout(120_000);
    await openApp(page, lang, '#/catalog');
    await page.getByRole('button', { name: L.edit(SAMPLE.oil) }).click();
    const form = page.getByRole('dialog', { name: L.editProduct });
    await form
      .getByLabel(lang === 'fr' ? 'Code-barres' : 'الرمز الشريطي', { exact: true })
      .fill(FILMED_BARCODE);
    await page.getByRole('button', { name: L.save, exact: true }).click();
    await expect(form).toBeHidden();

    const flow = await openCapture(page, lang);
    await expect(page.getByText(fill(capture.scanned, { name: SAMPLE.oil })).first()).toBeVisible({
      timeout: 60_000,
    });
    await page.screenshot({ path: screenshotPath(lang, 'recognition-live-blurred-barcode') });
    await flow.getByRole('button', { name: capture.close }).click();
    const cart = page.getByRole('list', { name: W.shell.sale.cart });
    await expect(cart.getByText(SAMPLE.oil)).toBeVisible();
    await expect(cart.getByRole('listitem')).toHaveCount(1);
  });
}
