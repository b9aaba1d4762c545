// Sale by photo with the fake camera filming a pack whose photo is in the catalogue: capture → review → cart.
// In Arabic the product is also named in Arabic: only then does the app download the Arabic reader (tesseract).
import { expect, test } from '@playwright/test';
import { LABELS, SAMPLE } from '../support/catalog';
import { LANGS, fill, openApp, screenshotPath, words } from '../support/sale';
import { packPng } from '../support/recognition';

for (const lang of LANGS) {
  const W = words[lang];
  const L = LABELS[lang];
  const capture = W.sale.capture;

  test(`${lang}: a photographed pack is recognised, reviewed with its badge and added to the cart`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const arabicReader: string[] = [];
    page.on('request', (request) => {
      if (/\/models\/tesseract-/.test(request.url())) arabicReader.push(request.url());
    });
    await openApp(page, lang, '#/catalog');
    // The French shop names its products in French; the Arabic one names this one in Arabic.
    const product = lang === 'ar' ? 'أتاي سلطان' : SAMPLE.tea;

    // The catalogue photo is the reference recognition learns the product from.
    await page.getByRole('button', { name: L.edit(SAMPLE.tea) }).click();
    const form = page.getByRole('dialog', { name: L.editProduct });
    await form
      .locator('input[type=file][accept="image/*"]')
      .first()
      .setInputFiles({
        name: 'pack.png',
        mimeType: 'image/png',
        buffer: await packPng(page),
      });
    await expect(form.locator('img').first()).toBeVisible();
    await form.getByLabel(L.name).fill(product);
    await page.getByRole('button', { name: L.save, exact: true }).click();
    await expect(form).toBeHidden();

    await page.goto('/#/sale');
    await page.getByRole('button', { name: W.sale.aiPhoto }).click();
    const flow = page.getByRole('dialog', { name: W.shell.sale.capture });
    const shutter = flow.getByRole('button', { name: capture.shutter });
    await expect(shutter).toBeEnabled({ timeout: 30_000 });
    // The model files are downloaded from the app itself, then the live barcode reading starts.
    await expect(flow.getByText(capture.liveHint)).toBeVisible({ timeout: 60_000 });
    await expect(flow.getByText(fill(capture.counter, { count: 0, max: 3 }))).toBeVisible();

    await flow.getByRole('button', { name: W.shell.sale.analyse }).click();
    await expect(flow.getByRole('alert').filter({ hasText: W.shell.sale.takeAtLeastOnePhoto })).toBeVisible();

    await shutter.click();
    await expect(flow.getByText(fill(capture.counter, { count: 1, max: 3 }))).toBeVisible();
    await expect(flow.getByRole('img', { name: fill(capture.photoAlt, { number: 1 }) })).toBeVisible();
    await page.screenshot({ path: screenshotPath(lang, 'recognition-capture') });

    await flow.getByRole('button', { name: W.shell.sale.analyse }).click();
    const review = page.getByRole('dialog', { name: W.shell.sale.review });
    await expect(review.getByText(W.shell.sale.analysing).or(review.getByRole('list'))).toBeVisible();
    const detections = review.getByRole('list', { name: W.shell.sale.review });
    const tea = detections.getByRole('listitem', { name: product });
    await expect(tea).toBeVisible({ timeout: 90_000 });
    await expect(tea.getByText(capture.level.high, { exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath(lang, 'recognition-review') });

    await review.getByRole('button', { name: capture.confirm }).click();
    await expect(review).toBeHidden();
    const cart = page.getByRole('list', { name: W.shell.sale.cart });
    await expect(cart.getByText(product)).toBeVisible();
    // The Arabic reader's files (worker, core, .wasm, `ara` data) came from the app itself, and only for the
    // catalogue with an Arabic name.
    if (lang === 'ar') {
      expect(arabicReader.some((url) => url.endsWith('/ara.traineddata.gz'))).toBe(true);
      expect(arabicReader.every((url) => new URL(url).origin === new URL(page.url()).origin)).toBe(true);
    } else expect(arabicReader).toEqual([]);
  });
}
