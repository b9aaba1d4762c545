// Gestion des Stocks in French and Arabic at 360×740: quick buttons, a count, a delivery, alerts, negative refused.
import { expect, test } from '@playwright/test';
import { LABELS, LANGS, openApp, SAMPLE, shot } from '../support/catalog';
import { afterOfflineReady } from '../support/sale';

for (const lang of LANGS) {
  const L = LABELS[lang];

  test.describe(`${lang}: stock`, () => {
    test('quick buttons and a count change the stock and the alerts; negative stock is refused', async ({
      page,
    }) => {
      await openApp(page, lang, '#/inventory');
      const alerts = page.getByRole('region', { name: L.alertsTitle });
      // Sample shop: only the milk (4 ≤ 5) is low.
      await expect(alerts.getByRole('listitem')).toHaveCount(1);
      await expect(alerts).toContainText(SAMPLE.milk);
      await shot(page, lang, 'inventory');

      const milk = page.getByRole('article', { name: SAMPLE.milk });
      await milk.getByRole('button', { name: L.adjust('+10', SAMPLE.milk) }).click();
      await expect(milk).toContainText(L.stockLine('14'));
      await expect(alerts).toHaveCount(0);
      await milk.getByRole('button', { name: L.adjust('−1', SAMPLE.milk) }).click();
      await expect(milk).toContainText(L.stockLine('13'));

      // A count: the shelf really holds 0 packs of oil.
      const oil = page.getByRole('article', { name: SAMPLE.oil });
      await oil.getByRole('button', { name: L.countFor(SAMPLE.oil) }).click();
      const count = page.getByRole('dialog');
      await count.getByLabel(L.countedQuantity).fill('-2');
      await count.getByRole('button', { name: L.saveCount }).click();
      await expect(count.getByText(L.stockNegative)).toBeVisible();
      await shot(page, lang, 'inventory-count-negative');
      await count.getByLabel(L.countedQuantity).fill('0');
      await count.getByRole('button', { name: L.saveCount }).click();
      await expect(count).toBeHidden();
      await expect(oil).toContainText(L.stockLine('0'));
      await expect(oil.getByText(L.outBadge)).toBeVisible();
      await expect(alerts).toContainText(SAMPLE.oil);

      // −1 on an empty shelf is refused and changes nothing. Its toast is checked once the one-time "works offline"
      // toast has come and gone: one toast at a time, a later one replaces it (CI, 29 November: the refusal's toast
      // was not found, most likely replaced by that one when the service worker finished precaching).
      await afterOfflineReady(page);
      await oil.getByRole('button', { name: L.adjust('−1', SAMPLE.oil) }).click();
      await expect(page.getByText(L.stockNegative).first()).toBeVisible();
      await expect(oil).toContainText(L.stockLine('0'));
      await shot(page, lang, 'inventory-negative-refused');

      await page.getByRole('tab', { name: L.tabOut }).click();
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name: SAMPLE.oil })).toBeVisible();
      await shot(page, lang, 'inventory-tab-out');
    });

    test('a delivery adds to the stock and shows in the history; search by category', async ({ page }) => {
      await openApp(page, lang, '#/inventory');
      await page.getByRole('searchbox', { name: L.inventorySearch }).fill('laitiers');
      await expect(page.getByRole('article')).toHaveCount(1);
      const milk = page.getByRole('article', { name: SAMPLE.milk });
      await milk.getByRole('button', { name: L.restockFor(SAMPLE.milk) }).click();
      const delivery = page.getByRole('dialog');
      await delivery.getByLabel(L.receivedQuantity).fill('24');
      await delivery.getByLabel(L.restockNote).fill('BL 1042 Centrale');
      await shot(page, lang, 'inventory-restock');
      await delivery.getByRole('button', { name: L.saveRestock }).click();
      await expect(delivery).toBeHidden();
      await expect(milk).toContainText(L.stockLine('28'));
      await expect(page.getByRole('region', { name: L.alertsTitle })).toHaveCount(0);

      await milk.getByRole('button', { name: L.historyFor(SAMPLE.milk) }).click();
      const history = page.getByRole('list', { name: L.movementsList });
      await expect(history.getByRole('listitem')).toHaveCount(2);
      await expect(history.getByRole('listitem').first()).toContainText('+24');
      await expect(history.getByRole('listitem').first()).toContainText('BL 1042 Centrale');
      await shot(page, lang, 'inventory-history');
    });
  });
}
