// The 30-day chart in French and Arabic: the touched day and its takings, today's by default, in the shop's format.
import { expect, test } from '@playwright/test';
import {
  LANGS,
  backupText,
  importBackup,
  money,
  openApp,
  plain,
  productRecord,
  saleRecord,
  shoot,
  uuid,
  words,
  type FileProduct,
} from '../support/customers';

const NOW = new Date('2025-11-05T12:00:00+01:00');

const tea: FileProduct = {
  id: uuid(1),
  name: 'Thé Menthe',
  brand: 'Sultan',
  category: 'Thé',
  salePrice: 1234.5,
  stock: 500,
};
// Today (5 Nov) 2 × 1.234,50; 29 Oct 10 × 1.234,50 (the best day); 1 Nov 1 × 1.234,50.
const SALES = [
  saleRecord(uuid(101), 'T-101', '2025-11-05T09:00:00+01:00', [{ product: tea, quantity: 2 }]),
  saleRecord(uuid(102), 'T-102', '2025-10-29T18:00:00+01:00', [{ product: tea, quantity: 10 }]),
  saleRecord(uuid(103), 'T-103', '2025-11-01T11:00:00+01:00', [{ product: tea, quantity: 1 }]),
];

for (const lang of LANGS) {
  const w = words[lang];
  test(`[${lang}] the chart shows the touched day and its takings, today's first`, async ({ page }) => {
    await page.clock.setFixedTime(NOW);
    await openApp(page, lang, '#/dashboard');
    await importBackup(page, lang, {
      name: 'graphique.json',
      text: backupText({ products: [productRecord(tea)], sales: SALES }),
    });
    await page.goto('/#/dashboard');
    const readout = page.getByTestId('chart-readout');
    await readout.scrollIntoViewIfNeeded();
    await expect(page.locator('.uplot canvas')).toBeVisible();
    const day = (iso: string) =>
      page.evaluate(
        ([locale, date]) =>
          new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
            new Date(date),
          ),
        [lang === 'ar' ? 'ar-MA' : 'fr-MA', iso] as const,
      );

    // Today by default, with its amount (no empty "Jour: / Recettes:" legend).
    await expect
      .poll(async () => plain(await readout.innerText()))
      .toBe(
        `${w.dashboard.day} ${plain(await day('2025-11-05T12:00:00Z'))} ${w.dashboard.revenue} ${await money(page, lang, 246_900)}`,
      );
    await page.locator('figure').scrollIntoViewIfNeeded();
    await shoot(page, lang, 'dashboard-chart-today');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/chart-${lang}.png` });

    // A finger on the tallest bar (29 Oct, 8 days before the last bar, which is today) shows that day.
    const plot = await page.locator('.uplot .u-over').boundingBox();
    if (!plot) throw new Error('no plot area');
    // 30 bars, today's at index 29; the x scale runs from -0.6 to 29.4 (RevenueChart's range).
    const slot = plot.width / 30;
    await page.touchscreen.tap(plot.x + (22 + 0.6) * slot, plot.y + plot.height - 10);
    await expect
      .poll(async () => plain(await readout.innerText()))
      .toBe(
        `${w.dashboard.day} ${plain(await day('2025-10-29T12:00:00Z'))} ${w.dashboard.revenue} ${await money(page, lang, 1_234_500)}`,
      );
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/chart-touched-${lang}.png` });
  });
}
