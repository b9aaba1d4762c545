// The app shell: every page reachable from the bottom bar, unknown pages, offline after one visit, Arabic RTL.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import fr from '../../apps/web/src/i18n/locales/fr.json' with { type: 'json' };
import { expectControlsInside } from '../support/layout';
import { servedOffline } from '../support/sale';

const here = dirname(fileURLToPath(import.meta.url));
const shots = (lang: string) => {
  const dir = join(here, '..', 'artifacts', 'screenshots', lang);
  mkdirSync(dir, { recursive: true });
  return dir;
};

type Catalogue = {
  app: { mainNavigation: string; loading: string };
  pages: Record<string, { title: string; nav?: string }>;
};
const NAV: { page: string; label: (c: Catalogue) => string; title: (c: Catalogue) => string }[] = [
  {
    page: 'dashboard',
    label: (c) => c.pages.dashboard?.nav ?? '',
    title: (c) => c.pages.dashboard?.title ?? '',
  },
  { page: 'catalog', label: (c) => c.pages.catalog?.nav ?? '', title: (c) => c.pages.catalog?.title ?? '' },
  { page: 'sale', label: (c) => c.pages.sale?.nav ?? '', title: (c) => c.pages.sale?.title ?? '' },
  {
    page: 'customers',
    label: (c) => c.pages.customers?.nav ?? '',
    title: (c) => c.pages.customers?.title ?? '',
  },
  {
    page: 'inventory',
    label: (c) => c.pages.inventory?.nav ?? '',
    title: (c) => c.pages.inventory?.title ?? '',
  },
  {
    page: 'settings',
    label: (c) => c.pages.settings?.nav ?? '',
    title: (c) => c.pages.settings?.title ?? '',
  },
];

async function openApp(page: Page, hash = '#/dashboard') {
  await page.goto(`/${hash}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

function bottomBar(page: Page, catalogue: Catalogue) {
  return page.getByRole('navigation', { name: catalogue.app.mainNavigation });
}

/** The bottom bar's labels cut short (their words wider than their column), with the width they lack. */
function cutNavLabels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('nav a[data-page] [data-nav-label]')]
      .filter((label) => label.scrollWidth > label.clientWidth)
      .map((label) => `${label.textContent} (${label.scrollWidth - label.clientWidth} px)`),
  );
}

async function visitEveryPage(page: Page, catalogue: Catalogue, lang: string) {
  const bar = bottomBar(page, catalogue);
  for (const entry of NAV) {
    await bar.getByRole('link', { name: entry.label(catalogue) }).click();
    await expect(page).toHaveURL(new RegExp(`#/${entry.page}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.title(catalogue));
    await expect(bar.getByRole('link', { name: entry.label(catalogue) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The screenshot shows the page, not its code still loading (the page is fetched on its first visit).
    await expect(page.getByText(catalogue.app.loading)).toHaveCount(0);
    // At 360 px every label is whole, the current page's in bold too (the spec cuts them on narrower phones).
    expect(await cutNavLabels(page), `${lang} ${entry.page}`).toEqual([]);
    await page.screenshot({ path: join(shots(lang), `${entry.page}.png`) });
    // No control reaches past its card or the screen at 360 px (but those of a row that scrolls sideways).
    await expectControlsInside(page, `${lang} ${entry.page}`);
  }
}

test('every page is reachable from the bottom bar, in spec order', async ({ page }) => {
  await openApp(page);
  const labels = await bottomBar(page, fr).getByRole('link').allInnerTexts();
  expect(labels.map((label) => label.trim())).toEqual(NAV.map((entry) => entry.label(fr)));
  await visitEveryPage(page, fr, 'fr');
  await page.goto('/#/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.about.title);
  await expect(page.getByTestId('app-version')).toContainText('1.0.0');
  await page.screenshot({ path: join(shots('fr'), 'about.png') });
  await page.getByRole('link', { name: fr.app.backToDashboard }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.dashboard.title);
});

test('an unknown page lands on the dashboard', async ({ page }) => {
  await page.goto('/#/nonexistent');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.dashboard.title);
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('the Android back button and a reload keep the page', async ({ page }) => {
  await openApp(page);
  const bar = bottomBar(page, fr);
  await bar.getByRole('link', { name: fr.pages.catalog.nav }).click();
  await bar.getByRole('link', { name: fr.pages.customers.nav }).click();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.catalog.title);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.catalog.title);
});

test('once ready offline, the first visit opens pages it has not loaded yet and reloads with no network', async ({
  page,
  context,
}) => {
  await openApp(page);
  // No reload: the worker takes over the page it was installed from.
  await servedOffline(page);

  await context.setOffline(true);
  try {
    // Pages whose code this visit never fetched: it comes from the precache.
    await bottomBar(page, fr).getByRole('link', { name: fr.pages.inventory.nav }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.inventory.title);
    await page.goto('/#/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.settings.title);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.settings.title);
    await page.goto('/#/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.dashboard.title);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  } finally {
    await context.setOffline(false);
  }
});

test('switching to Arabic sets dir=rtl and shows Arabic labels on every page', async ({ page }) => {
  await openApp(page, '#/settings');
  await page.getByRole('radio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.pages.settings.title);
  await page.goto('/#/dashboard');
  const labels = await bottomBar(page, ar).getByRole('link').allInnerTexts();
  expect(labels.map((label) => label.trim())).toEqual(NAV.map((entry) => entry.label(ar)));
  await visitEveryPage(page, ar, 'ar');
  await page.goto('/#/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.pages.about.title);
  await page.screenshot({ path: join(shots('ar'), 'about.png') });

  // The choice is kept: a reload stays in Arabic, and switching back restores French and ltr.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/#/settings');
  await page.getByRole('radio', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.pages.settings.title);
});

test('the server answers its health check', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ status: 'ok', version: '1.0.0', database: 'pglite' });
});
