// Sale by photo with the fake camera filming a pack whose photo is in the catalogue: capture → review → cart.
// In Arabic the product is also named in Arabic: only then does the app download the Arabic reader (tesseract).
import { expect, test, type Page } from '@playwright/test';
import { LABELS, SAMPLE } from '../support/catalog';
import { expectControlsInside } from '../support/layout';
import { mkdirSync } from 'node:fs';
import {
  LANGS,
  fill,
  openApp,
  openCapture,
  screenshotPath,
  settledBox,
  tapCentre,
  topmostIsWithin,
  words,
  type Lang,
} from '../support/sale';
import { packPng, photographOnce } from '../support/recognition';

const SHOTS = '/tmp/shots-27';
mkdirSync(SHOTS, { recursive: true });

/** The pack photo as the catalogue photo of the tea (the reference recognition learns it from). */
async function teaWithPackPhoto(page: Page, lang: Lang, name: string, seed?: number): Promise<void> {
  const L = LABELS[lang];
  await page.getByRole('button', { name: L.edit(SAMPLE.tea) }).click();
  const form = page.getByRole('dialog', { name: L.editProduct });
  await form
    .locator('input[type=file][accept="image/*"]')
    .first()
    .setInputFiles({ name: 'pack.png', mimeType: 'image/png', buffer: await packPng(page, seed) });
  await expect(form.locator('img').first()).toBeVisible();
  await form.getByLabel(L.name).fill(name);
  await page.getByRole('button', { name: L.save, exact: true }).click();
  await expect(form).toBeHidden();
}

for (const lang of LANGS) {
  const W = words[lang];
  const capture = W.sale.capture;

  test(`${lang}: a photographed pack is recognised, reviewed with its badge and added to the cart`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const arabicReader: string[] = [];
    const ocrWorker: string[] = [];
    page.on('request', (request) => {
      if (/\/models\/tesseract-/.test(request.url())) arabicReader.push(request.url());
      if (/\/assets\/ocrWorker-[\w-]+\.js$/.test(request.url())) ocrWorker.push(request.url());
    });
    await openApp(page, lang, '#/catalog');
    // The French shop names its products in French; the Arabic one names this one in Arabic.
    const product = lang === 'ar' ? 'أتاي سلطان' : SAMPLE.tea;

    // The catalogue photo is the reference recognition learns the product from.
    await teaWithPackPhoto(page, lang, product);

    const flow = await openCapture(page, lang);
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
    const rows = detections.getByRole('listitem');
    await expect(rows.first()).toBeVisible({ timeout: 90_000 });
    await expect(rows).toHaveCount(1);
    // The pack carries no word and the tea's brand has no other product: the open-set rule (docs/recognition.md)
    // may leave it unchosen, the tea then first of the one-tap suggestions beside "Aucun produit choisi". Either
    // way the tea is one tap from the cart, and its row's badge then describes it.
    if ((await rows.first().getAttribute('aria-label')) !== product) {
      await expect(rows.first()).toHaveAttribute('aria-label', capture.noChoice);
      await tapCentre(page, rows.first().getByRole('button', { name: new RegExp(product) }));
    }
    const tea = detections.getByRole('listitem', { name: product });
    await expect(tea).toBeVisible();
    const levels = Object.values(capture.level).map((level) => tea.getByText(level, { exact: true }));
    await expect(levels[0]!.or(levels[1]!).or(levels[2]!)).toBeVisible();
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
    // PP-OCR read in its own Worker, started by the recognition Worker (docs/recognition-app.md).
    expect(ocrWorker).toHaveLength(1);
  });
}

for (const lang of LANGS) {
  const W = words[lang];
  const capture = W.sale.capture;

  test(`${lang}: the first suggestion is wrong; the shopkeeper changes it in the visible picker and sells the right product`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openApp(page, lang, '#/catalog');
    // The counter shows the sugar, but the shop's tea wears this pack's photo: the recogniser says tea.
    await teaWithPackPhoto(page, lang, SAMPLE.tea);

    const flow = await openCapture(page, lang);
    const shutter = flow.getByRole('button', { name: capture.shutter });
    await expect(shutter).toBeEnabled({ timeout: 30_000 });
    await expect(flow.getByText(capture.liveHint)).toBeVisible({ timeout: 60_000 });
    await tapCentre(page, shutter);
    await expect(flow.getByText(fill(capture.counter, { count: 1, max: 3 }))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-capture.png` });
    await expectControlsInside(page, `${lang} capture`);
    await tapCentre(page, flow.getByRole('button', { name: W.shell.sale.analyse }));

    const review = page.getByRole('dialog', { name: W.shell.sale.review });
    const rows = review.getByRole('list', { name: W.shell.sale.review }).getByRole('listitem');
    await expect(rows.first()).toBeVisible({ timeout: 90_000 });
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    // The recogniser offers the tea: chosen for the shopkeeper with its badge, or — when its evidence does not
    // separate it from a product missing from the catalogue — as the first one-tap suggestion beside "Aucun
    // produit choisi", with no badge there.
    const levels = Object.values(capture.level).map((level) => row.getByText(level, { exact: true }));
    if ((await row.getAttribute('aria-label')) === SAMPLE.tea) {
      await expect(levels[0]!.or(levels[1]!).or(levels[2]!)).toBeVisible();
    } else {
      await expect(row).toHaveAttribute('aria-label', capture.noChoice);
      await expect(row.getByText(capture.pickOne)).toBeVisible();
      await expect(row.getByRole('button', { name: new RegExp(SAMPLE.tea) })).toBeVisible();
      for (const level of levels) await expect(level).toHaveCount(0);
    }
    await page.screenshot({ path: `${SHOTS}/${lang}-review-first-suggestion.png` });
    await expectControlsInside(page, `${lang} review-first-suggestion`);

    // Changer (Choisir without a product): the picker opens ABOVE the full-screen review, where the finger goes.
    await tapCentre(
      page,
      row.getByRole('button', { name: new RegExp(`^(${capture.change}|${capture.choose})$`) }),
    );
    const picker = page.getByRole('dialog', { name: capture.pickerTitle });
    await expect(picker).toBeVisible();
    const search = picker.getByRole('searchbox', { name: capture.pickerSearch });
    const box = await settledBox(picker);
    expect(await topmostIsWithin(page, picker, box.x + box.width / 2, box.y + box.height / 2)).toBe(true);
    await tapCentre(page, search);
    await page.keyboard.type('cosumar');
    const sugar = picker.getByRole('button', { name: new RegExp(SAMPLE.sugar) });
    await expect(sugar).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-review-picker.png` });
    await expectControlsInside(page, `${lang} review-picker`);
    await tapCentre(page, sugar);
    await expect(picker).toBeHidden();

    // The row now names the sugar; its badge says it is the shopkeeper's choice (the recogniser did not score
    // it), no longer "Sûr"; the tea is one tap away again.
    const sugarRow = review.getByRole('listitem', { name: SAMPLE.sugar });
    await expect(sugarRow).toBeVisible();
    await expect(review.getByRole('listitem', { name: SAMPLE.tea })).toHaveCount(0);
    await expect(sugarRow.getByText(capture.yourChoice, { exact: true })).toBeVisible();
    for (const level of Object.values(capture.level))
      await expect(sugarRow.getByText(level, { exact: true })).toHaveCount(0);
    await expect(sugarRow.getByRole('button', { name: new RegExp(SAMPLE.tea) })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-review-changed.png` });
    await expectControlsInside(page, `${lang} review-changed`);

    await tapCentre(page, review.getByRole('button', { name: capture.confirm }));
    await expect(review).toBeHidden();
    const cart = page.getByRole('list', { name: W.shell.sale.cart });
    await expect(cart.getByRole('listitem', { name: SAMPLE.sugar })).toBeVisible();
    await expect(cart.getByRole('listitem', { name: SAMPLE.tea })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${lang}-cart-after-photo-sale.png` });
    await expectControlsInside(page, `${lang} cart-after-photo-sale`);
  });
}

for (const lang of LANGS) {
  const W = words[lang];
  const L = LABELS[lang];
  const capture = W.sale.capture;

  test(`${lang}: a pack the catalogue does not have is never chosen; "Produit inconnu ?" creates it from the crop and sells it`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // No product wears the filmed pack's photo; the tea wears another pack of the same style: whatever the
    // recogniser says of the filmed one is at most a guess, never chosen for the shopkeeper.
    await openApp(page, lang, '#/catalog');
    await teaWithPackPhoto(page, lang, SAMPLE.tea, 11);
    const flow = await openCapture(page, lang);
    await expect(flow.getByText(capture.liveHint)).toBeVisible({ timeout: 60_000 });
    const { review, row } = await photographOnce(page, lang, flow);
    await expect(row).toHaveAttribute('aria-label', capture.noChoice);
    await expect(review.getByRole('button', { name: capture.confirm })).toBeDisabled();
    const create = row.getByRole('button', { name: capture.unknownProduct });
    await expect(create).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-review-unknown.png` });
    await expectControlsInside(page, `${lang} review-unknown`);
    await tapCentre(page, create);

    // The product form opens above the review, the crop as its photo and view 1.
    const form = page.getByRole('dialog', { name: L.addProduct });
    await expect(form).toBeVisible();
    const box = await settledBox(form);
    expect(await topmostIsWithin(page, form, box.x + box.width / 2, box.y + box.height / 2)).toBe(true);
    await expect(form.getByRole('img', { name: W.ui.product.references.mainPhoto })).toBeVisible();
    await expect(form.getByText(fill(W.ui.product.references.count_one, { count: 1 }))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-unknown-form.png` });
    await expectControlsInside(page, `${lang} unknown-form`);
    const name = lang === 'ar' ? 'علبة جديدة' : 'Boîte nouvelle';
    await form.getByLabel(L.name).fill(name);
    await form.getByLabel(L.category).selectOption({ index: 1 });
    await form.getByLabel(L.salePrice).fill('12');
    await tapCentre(page, page.getByRole('button', { name: L.save, exact: true }));
    await expect(form).toBeHidden();

    // The new product is the row's choice; the offer is gone; Confirmer sells it.
    const chosen = review.getByRole('listitem', { name });
    await expect(chosen).toBeVisible();
    await expect(chosen.getByText(capture.yourChoice, { exact: true })).toBeVisible();
    await expect(chosen.getByRole('button', { name: capture.unknownProduct })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${lang}-review-created.png` });
    await expectControlsInside(page, `${lang} review-created`);
    await tapCentre(page, review.getByRole('button', { name: capture.confirm }));
    await expect(review).toBeHidden();
    const cart = page.getByRole('list', { name: W.shell.sale.cart });
    await expect(cart.getByRole('listitem', { name })).toBeVisible();

    // The crop is the new product's reference: the next photo of the pack names it (chosen or first suggestion).
    await tapCentre(page, page.getByRole('button', { name: W.sale.aiPhoto }));
    const again = page.getByRole('dialog', { name: W.shell.sale.capture });
    await expect(again.getByText(capture.liveHint)).toBeVisible({ timeout: 60_000 });
    await tapCentre(page, again.getByRole('button', { name: capture.shutter }));
    await expect(again.getByText(fill(capture.counter, { count: 1, max: 3 }))).toBeVisible();
    await tapCentre(page, again.getByRole('button', { name: W.shell.sale.analyse }));
    const second = page.getByRole('dialog', { name: W.shell.sale.review });
    const secondRow = second.getByRole('list', { name: W.shell.sale.review }).getByRole('listitem').first();
    await expect(secondRow).toBeVisible({ timeout: 90_000 });
    const named = (await secondRow.getAttribute('aria-label')) === name;
    if (!named) await expect(secondRow.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-review-recognised-after-create.png` });
    await expectControlsInside(page, `${lang} review-recognised-after-create`);
  });
}
