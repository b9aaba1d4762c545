// Live barcode reading in the capture screen: a code read in two frames adds its product at once. A code no
// product has is offered for creation, live and on a photo's review.
import { expect, test } from '@playwright/test';
import { LABELS } from '../support/catalog';
import { LANGS, fill, openApp, openCapture, screenshotPath, tapCentre, words } from '../support/sale';
import { expectFilmedBarcodeAdded, FILMED_BARCODE, photographOnce } from '../support/recognition';

for (const lang of LANGS) {
  test(`${lang}: the filmed EAN-13 adds its product to the cart while the preview runs`, async ({ page }) => {
    test.setTimeout(120_000);
    await expectFilmedBarcodeAdded(page, lang, 'recognition-live-barcode');
  });

  test(`${lang}: a photographed pack whose code no product has is created with that code from the review`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const W = words[lang];
    const L = LABELS[lang];
    const capture = W.sale.capture;
    await openApp(page, lang, '#/catalog');
    const flow = await openCapture(page, lang);
    // The live reader says so first; the shopkeeper goes on with a photo instead.
    const alert = flow
      .getByRole('alert')
      .filter({ hasText: fill(capture.unknownCode, { code: FILMED_BARCODE }) });
    await expect(alert).toBeVisible({ timeout: 60_000 });
    await tapCentre(page, alert.getByRole('button', { name: capture.ignore }));
    await expect(alert).toBeHidden();

    // Nothing in the catalogue is chosen for it; the row offers to create the product.
    const { row } = await photographOnce(page, lang, flow);
    await expect(row).toHaveAttribute('aria-label', capture.noChoice);
    // The card says which code was read.
    await expect(row.getByText(FILMED_BARCODE)).toBeVisible();
    await page.screenshot({ path: screenshotPath(lang, 'recognition-unknown-code-review') });
    await tapCentre(page, row.getByRole('button', { name: capture.unknownProduct }));

    // The product form starts with the crop as its photo and the code read on it.
    const form = page.getByRole('dialog', { name: L.addProduct });
    await expect(form).toBeVisible();
    await expect(
      form.getByLabel(lang === 'fr' ? 'Code-barres' : 'الرمز الشريطي', { exact: true }),
    ).toHaveValue(FILMED_BARCODE);
    await expect(form.getByRole('img', { name: W.ui.product.references.mainPhoto })).toBeVisible();
    await page.screenshot({ path: screenshotPath(lang, 'recognition-unknown-code-form') });
  });
}
