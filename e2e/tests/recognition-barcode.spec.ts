// Live barcode reading in the capture screen: a code read in two frames adds its product at once.
import { expect, test } from '@playwright/test';
import { LABELS, SAMPLE } from '../support/catalog';
import { LANGS, fill, openApp, openCapture, screenshotPath, words } from '../support/sale';
import { FILMED_BARCODE } from '../support/recognition';

for (const lang of LANGS) {
  const W = words[lang];
  const L = LABELS[lang];
  const capture = W.sale.capture;

  test(`${lang}: the filmed EAN-13 adds its product to the cart while the preview runs`, async ({ page }) => {
    test.setTimeout(120_000);
    await openApp(page, lang, '#/catalog');
    await page.getByRole('button', { name: L.edit(SAMPLE.oil) }).click();
    const form = page.getByRole('dialog', { name: L.editProduct });
    await form
      .getByLabel(lang === 'fr' ? 'Code-barres' : 'الرمز الشريطي', { exact: true })
      .fill(FILMED_BARCODE);
    await page.getByRole('button', { name: L.save, exact: true }).click();
    await expect(form).toBeHidden();

    // A new sale opens on the camera by itself once it is allowed; before that, IA photo is tapped.
    const flow = await openCapture(page, lang);
    await expect(page.getByText(fill(capture.scanned, { name: SAMPLE.oil })).first()).toBeVisible({
      timeout: 60_000,
    });
    await page.screenshot({ path: screenshotPath(lang, 'recognition-live-barcode') });
    await flow.getByRole('button', { name: capture.close }).click();
    const cart = page.getByRole('list', { name: W.shell.sale.cart });
    // Held still in front of the camera, the pack is added once, not once per frame.
    await expect(cart.getByText(SAMPLE.oil)).toBeVisible();
    await expect(cart.getByRole('listitem')).toHaveCount(1);
  });
}
