// Adding a product photographed with the (fake) rear camera, in French and Arabic at 360×740.
import { expect, test } from '@playwright/test';
import { LABELS, LANGS, openApp, shot } from '../support/catalog';

for (const lang of LANGS) {
  const L = LABELS[lang];

  test(`${lang}: a product photographed with the camera gets its photo on its card`, async ({ page }) => {
    await openApp(page, lang);
    await page.getByRole('button', { name: L.add, exact: true }).click();
    const form = page.getByRole('dialog', { name: L.addProduct });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: L.takePhoto }).click();

    const camera = page.getByRole('dialog', { name: L.cameraTitle });
    await expect(camera.getByRole('button', { name: L.enableCamera })).toBeVisible();
    await expect(camera.getByRole('button', { name: L.shutter })).toBeDisabled();
    await shot(page, lang, 'camera-inactive');

    await camera.getByRole('button', { name: L.enableCamera }).click();
    const shutter = camera.getByRole('button', { name: L.shutter });
    await expect(shutter).toBeEnabled();
    // The preview really plays the generated video: 640×480 frames reach the page.
    const video = camera.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(640);
    await shot(page, lang, 'camera-active');

    await shutter.click();
    await expect(camera).toBeHidden();
    const preview = form.locator('img').first();
    await expect(preview).toBeVisible();
    // The stored photo is the camera frame, decoded by the browser: the box's saffron is in the middle.
    const centre = await preview.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      context?.drawImage(img, 0, 0);
      const pixel = context?.getImageData(
        Math.round(img.naturalWidth / 2),
        Math.round(img.naturalHeight * 0.8),
        1,
        1,
      ).data;
      return { width: img.naturalWidth, height: img.naturalHeight, rgb: pixel ? [...pixel].slice(0, 3) : [] };
    });
    expect(centre.width).toBe(256);
    expect(centre.height).toBe(192);
    const [r = 0, g = 0, b = 0] = centre.rgb;
    expect(r).toBeGreaterThan(200);
    expect(g).toBeGreaterThan(140);
    expect(b).toBeLessThan(120);

    const name = lang === 'fr' ? 'Biscuits Henry’s' : 'بسكويت هنريز';
    await form.getByLabel(L.name).fill(name);
    await form.getByLabel(L.category).selectOption({ label: L.newCategory });
    await form.getByLabel(L.category).fill(lang === 'fr' ? 'Biscuits' : 'بسكويت');
    await form.getByLabel(L.salePrice).fill('3,50');
    await form.getByLabel(L.stock, { exact: true }).fill('30');
    await shot(page, lang, 'product-form-with-photo');
    await page.getByRole('button', { name: L.save, exact: true }).click();
    await expect(form).toBeHidden();

    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    const thumbnail = card.getByRole('img', { name: L.photoOf(name) });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, lang, 'catalog-product-with-camera-photo');
  });
}
