// Tableau de Bord after a few sales placed on chosen days (Playwright's clock): figures match a hand computation.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  LANGS,
  backupText,
  fill,
  importBackup,
  money,
  openApp,
  plain,
  plural,
  productRecord,
  saleRecord,
  shoot,
  uuid,
  words,
  type FileProduct,
  type Lang,
} from '../support/customers';

// Casablanca is UTC+1 in May 2025 (UTC+0 only during Ramadan, which ended on 30 March).
const NOW = new Date('2025-05-20T12:00:00+01:00');

const product = (tag: number, name: string, salePrice: number, stock: number): FileProduct => ({
  id: uuid(tag),
  name,
  brand: 'Test',
  category: 'Épicerie',
  salePrice,
  stock,
});
const tea = product(1, 'Thé Menthe', 10, 50);
const coffee = product(2, 'Café Moulu', 25, 40);
const biscuits = product(3, 'Biscuits Henry', 5, 0); // Rupture
const soap = product(4, 'Savon Taous', 7.5, 2); // Stock Faible, 2/5
const rice = product(5, 'Riz Rond', 12.5, 3); // Stock Faible, 3/5

const SALES = [
  // today, 20 May: 20,00 + 25,00 — the second at 00:20 local, still 19 May in UTC
  saleRecord(uuid(101), 'T-101', '2025-05-20T09:15:00+01:00', [{ product: tea, quantity: 2 }]),
  saleRecord(uuid(102), 'T-102', '2025-05-20T00:20:00+01:00', [{ product: coffee, quantity: 1 }]),
  // 14 May: the 7-day window is today and the 6 days before, so it counts in the week
  saleRecord(uuid(103), 'T-103', '2025-05-14T18:00:00+01:00', [{ product: tea, quantity: 3 }]),
  // 13 May: 7 days before, out of the week, in the month
  saleRecord(uuid(104), 'T-104', '2025-05-13T20:00:00+01:00', [{ product: rice, quantity: 2 }]),
  // 1 May at 00:30 local (30 April in UTC): in the month, which starts on the 1st
  saleRecord(uuid(105), 'T-105', '2025-05-01T00:30:00+01:00', [{ product: soap, quantity: 4 }]),
  // 30 April at 23:30 local: out of the month although within 30 days
  saleRecord(uuid(106), 'T-106', '2025-04-30T23:30:00+01:00', [{ product: coffee, quantity: 2 }]),
  // 10 April: out of the 30-day chart, still counted in the best sellers
  saleRecord(uuid(107), 'T-107', '2025-04-10T10:00:00+01:00', [{ product: tea, quantity: 10 }]),
];

// Hand computation, in centimes.
const TODAY = 2000 + 2500;
const WEEK = TODAY + 3000;
const MONTH = WEEK + 2500 + 3000;
const THIRTY_DAYS = MONTH + 5000;

async function shows(locator: Locator, expected: string) {
  await expect.poll(async () => plain(await locator.innerText())).toContain(expected);
}

function card(page: Page, title: string) {
  return page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) });
}

async function seedSales(page: Page, lang: Lang) {
  const text = backupText({
    products: [tea, coffee, biscuits, soap, rice].map(productRecord),
    sales: SALES,
  });
  await importBackup(page, lang, { name: 'ventes-test.json', text }, (summary) => {
    expect(summary).toMatch(/5\D+7/); // 5 products, then 7 sales
  });
}

for (const lang of LANGS) {
  const w = words[lang];

  test(`[${lang}] the dashboard adds up the sales by day, week from today, and month from the 1st`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(NOW);
    await openApp(page, lang, '#/dashboard');
    await seedSales(page, lang);
    await page.goto('/#/dashboard');

    // The three cards, labelled as the spec says: the third reads "30 jours" but counts from the 1st.
    await shows(page.getByTestId('revenue-today'), w.shell.dashboard.today);
    await shows(page.getByTestId('revenue-today'), await money(page, lang, TODAY));
    await shows(page.getByTestId('revenue-today'), plural(w.shell.dashboard, 'salesCount', 2, lang));
    await shows(page.getByTestId('revenue-week'), w.shell.dashboard.week);
    await shows(page.getByTestId('revenue-week'), await money(page, lang, WEEK));
    await shows(page.getByTestId('revenue-month'), w.shell.dashboard.month);
    await shows(page.getByTestId('revenue-month'), await money(page, lang, MONTH));
    expect(plain(await page.getByTestId('revenue-month').innerText())).not.toContain(
      await money(page, lang, THIRTY_DAYS),
    );

    // Best sellers by quantity: tea 15, soap 4, coffee 3 (rice 2 is fourth).
    const top = card(page, w.shell.dashboard.topProducts).getByRole('listitem');
    await expect(top).toHaveCount(3);
    await expect(top.nth(0)).toContainText(tea.name);
    await expect(top.nth(1)).toContainText(soap.name);
    await expect(top.nth(2)).toContainText(coffee.name);

    // Counters: 4 sample products + 5 imported, 2 sample customers, 4 alerts (milk of the sample shop too).
    const counters = plain(await card(page, w.shell.dashboard.counters).innerText());
    expect(counters).toMatch(new RegExp(`${w.shell.dashboard.products}\\s*9`));
    expect(counters).toMatch(new RegExp(`${w.shell.dashboard.customers}\\s*2`));
    expect(counters).toMatch(new RegExp(`${w.shell.dashboard.alerts}\\s*4`));

    // The alert panel shows 3 alerts, most urgent first, and says how many more there are.
    const alerts = card(page, w.dashboard.alertsTitle);
    await expect(alerts.getByRole('listitem')).toHaveCount(3);
    await expect(alerts.getByRole('listitem').nth(0)).toContainText(biscuits.name);
    await expect(alerts.getByRole('listitem').nth(1)).toContainText(soap.name);
    await expect(alerts.getByRole('listitem').nth(2)).toContainText(rice.name);
    await expect(alerts).toContainText(plural(w.dashboard, 'moreAlerts', 1, lang));

    // The 30-day chart: its summary in words, and the drawn chart itself.
    await shows(
      page.getByTestId('chart-summary'),
      fill(w.dashboard.chartSummary, {
        total: await money(page, lang, THIRTY_DAYS),
        bestDay: '30/04',
        bestTotal: await money(page, lang, 5000),
      }),
    );
    await expect(page.locator('.uplot canvas')).toBeVisible();
    await shoot(page, lang, 'dashboard');
    await page.getByTestId('chart-summary').scrollIntoViewIfNeeded();
    await shoot(page, lang, 'dashboard-chart');

    // The red low-stock alert leads to the inventory.
    await page.getByRole('link', { name: plural(w.shell.dashboard, 'lowStockAlert', 4, lang) }).click();
    await expect(page).toHaveURL(/#\/inventory$/);
  });
}
