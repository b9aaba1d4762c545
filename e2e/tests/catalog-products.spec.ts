// The catalogue in French and Arabic at 360×740: validation, gallery photo, edit, delete, bulk delete, search, filter.
import { expect, test } from '@playwright/test';
import { generatedPng, LABELS, LANGS, openApp, SAMPLE, shot } from '../support/catalog';
import { expectToastShown, recordToasts } from '../support/toasts';

/** A number as a person types it: in Arabic, with the Arabic keyboard's digits and decimal separator. */
const typedNumber = (lang: (typeof LANGS)[number], text: string) =>
  lang === 'ar'
    ? text.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit).replace(',', '٫')
    : text;

for (const lang of LANGS) {
  const L = LABELS[lang];

  test.describe(`${lang}: catalogue`, () => {
    test('bad input gets a clear message and saves nothing', async ({ page }) => {
      await openApp(page, lang);
      await expect(page.getByRole('article')).toHaveCount(4);
      await page.getByRole('button', { name: L.add, exact: true }).click();
      const form = page.getByRole('dialog', { name: L.addProduct });
      await form.getByLabel(L.salePrice).fill('12,5abc');
      await form.getByLabel(L.stock, { exact: true }).fill('-3');
      await page.getByRole('button', { name: L.save, exact: true }).click();
      await expect(form.getByText(L.becameZero('12,5abc'))).toBeVisible();
      await expect(form.getByLabel(L.salePrice)).toHaveValue('0');
      await page.getByRole('button', { name: L.save, exact: true }).click();
      await expect(form.getByText(L.nameRequired)).toBeVisible();
      await expect(form.getByText(L.categoryRequired)).toBeVisible();
      await expect(form.getByText(L.stockNegative)).toBeVisible();
      await form.getByText(L.nameRequired).scrollIntoViewIfNeeded();
      await shot(page, lang, 'product-form-validation');

      // The gallery refuses what is not an image, and images over 5 MB.
      await form.getByLabel(L.gallery).setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('pas une image'),
      });
      await expect(form.getByText(L.imageRequired)).toBeVisible();
      await form.getByLabel(L.gallery).setInputFiles({
        name: 'enorme.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff),
      });
      await expect(form.getByText(L.imageTooLarge)).toBeVisible();
      await form.getByText(L.imageTooLarge).scrollIntoViewIfNeeded();
      await shot(page, lang, 'product-form-image-refused');
      await page.getByRole('button', { name: L.cancel, exact: true }).click();
      await expect(page.getByRole('article')).toHaveCount(4);
    });

    test('a product with a photo from the gallery, then edited and deleted', async ({ page }) => {
      await recordToasts(page);
      await openApp(page, lang);
      await page.getByRole('button', { name: L.add, exact: true }).click();
      const form = page.getByRole('dialog', { name: L.addProduct });
      await form.getByLabel(L.gallery).setInputFiles({
        name: 'savon.png',
        mimeType: 'image/png',
        buffer: await generatedPng(page),
      });
      await expect(form.locator('img').first()).toBeVisible();
      await form.getByLabel(L.name).fill('Savon Taous');
      await form.getByLabel(L.category).selectOption({ label: L.newCategory });
      await form.getByLabel(L.category).fill('Hygiène');
      // In Arabic, typed as an Arabic keyboard types numbers (٤, ٥٫٥, ٣): the same product.
      await form.getByLabel(L.purchasePrice).fill(typedNumber(lang, '4'));
      await form.getByLabel(L.salePrice).fill(typedNumber(lang, '5,5'));
      await form.getByLabel(L.stock, { exact: true }).fill(typedNumber(lang, '3'));
      await shot(page, lang, 'product-form-gallery-photo');
      await page.getByRole('button', { name: L.save, exact: true }).click();
      await expect(form).toBeHidden();

      const card = page.getByRole('article', { name: 'Savon Taous' });
      await expect(card.getByRole('img', { name: L.photoOf('Savon Taous') })).toBeVisible();
      // Stock 3 is at or below the default threshold 5: red, with the warning.
      await expect(card.getByText(L.lowBadge)).toBeVisible();
      await expect(card).toContainText('5,50');
      await shot(page, lang, 'catalog-product-from-gallery');

      await card.getByRole('button', { name: L.edit('Savon Taous') }).click();
      const edit = page.getByRole('dialog', { name: L.editProduct });
      await expect(edit.getByLabel(L.category)).toHaveValue('Hygiène');
      await edit.getByLabel(L.salePrice).fill('6,25');
      await edit.getByLabel(L.stock, { exact: true }).fill('40');
      await page.getByRole('button', { name: L.save, exact: true }).click();
      await expect(edit).toBeHidden();
      await expect(card).toContainText('6,25');
      await expect(card.getByText(L.lowBadge)).toHaveCount(0);
      await shot(page, lang, 'catalog-product-edited');

      await card.getByRole('button', { name: L.deleteCard('Savon Taous') }).click();
      const confirm = page.getByRole('dialog', { name: L.deleteOneTitle });
      await shot(page, lang, 'catalog-delete-confirm');
      await confirm.getByRole('button', { name: L.delete, exact: true }).click();
      await expectToastShown(page, L.deleted(1));
      await expect(card).toHaveCount(0);
      await expect(page.getByRole('article')).toHaveCount(4);
    });

    test('search on name or brand, and the category chips', async ({ page }) => {
      await openApp(page, lang);
      await page.getByRole('searchbox', { name: L.search }).fill('lesieur');
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name: SAMPLE.oil })).toBeVisible();
      await shot(page, lang, 'catalog-search');
      await page.getByRole('searchbox', { name: L.search }).fill('introuvable');
      await expect(page.getByText(L.noProductFound)).toBeVisible();
      await shot(page, lang, 'catalog-no-result');
      await page.getByRole('searchbox', { name: L.search }).fill('');
      await page.getByRole('button', { name: 'Produits laitiers' }).click();
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name: SAMPLE.milk })).toBeVisible();
      await shot(page, lang, 'catalog-category-filter');
      await page.getByRole('button', { name: L.all, exact: true }).click();
      await expect(page.getByRole('article')).toHaveCount(4);
    });

    test('bulk delete with select-all, then the empty catalogue', async ({ page }) => {
      await recordToasts(page);
      await openApp(page, lang);
      await expect(page.getByRole('article')).toHaveCount(4);
      await page.getByRole('button', { name: L.delete, exact: true }).click();
      const toolbar = page.getByRole('toolbar');
      await expect(toolbar.getByRole('button', { name: L.delete, exact: true })).toBeDisabled();
      await expect(toolbar.getByText(L.selected(0))).toBeVisible();
      await page.getByRole('checkbox', { name: L.select(SAMPLE.tea) }).click();
      await expect(toolbar.getByText(L.selected(1))).toBeVisible();
      await shot(page, lang, 'catalog-bulk-one-selected');
      // The back arrow leaves the mode and clears the selection.
      await toolbar.getByRole('button', { name: L.leave }).click();
      await expect(toolbar).toHaveCount(0);
      await page.getByRole('button', { name: L.delete, exact: true }).click();
      await expect(toolbar.getByText(L.selected(0))).toBeVisible();

      await toolbar.getByRole('checkbox', { name: L.selectAll }).click();
      await expect(toolbar.getByText(L.selected(4))).toBeVisible();
      await shot(page, lang, 'catalog-bulk-all-selected');
      await toolbar.getByRole('button', { name: L.delete, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: L.confirmBulk(4) });
      await expect(confirm).toBeVisible();
      await shot(page, lang, 'catalog-bulk-confirm');
      await confirm.getByRole('button', { name: L.delete, exact: true }).click();
      await expectToastShown(page, L.deleted(4));
      await expect(page.getByText(L.emptyCatalog)).toBeVisible();
      await expect(page.getByRole('button', { name: L.addFirst })).toBeVisible();
      await shot(page, lang, 'catalog-empty');
      await page.getByRole('button', { name: L.addFirst }).click();
      await expect(page.getByRole('dialog', { name: L.addProduct })).toBeVisible();
    });

    test('the camera without permission says so and offers Réessayer', async ({ page }) => {
      await openApp(page, lang);
      await page.getByRole('button', { name: L.add, exact: true }).click();
      await page.getByRole('button', { name: L.takePhoto }).click();
      const camera = page.getByRole('dialog', { name: L.cameraTitle });
      await camera.getByRole('button', { name: L.enableCamera }).click();
      await expect(camera.getByRole('alert')).toContainText(L.cameraUnavailable);
      await expect(camera.getByRole('button', { name: L.retry })).toBeVisible();
      await shot(page, lang, 'camera-error');
      await camera.getByRole('button', { name: L.cancel, exact: true }).first().click();
      await expect(camera).toBeHidden();
      await expect(page.getByRole('dialog', { name: L.addProduct })).toBeVisible();
    });
  });
}
