// Helpers of the customers, dashboard and settings specs: catalogues, money, language, backup files in and out.
import { expect, type Page } from '@playwright/test';
import { expectControlsInside } from './layout';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import shellAr from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import shellFr from '../../apps/web/src/i18n/locales/fr.json' with { type: 'json' };
import customersAr from '../../apps/web/src/features/customers/locales/ar.json' with { type: 'json' };
import customersFr from '../../apps/web/src/features/customers/locales/fr.json' with { type: 'json' };
import dashboardAr from '../../apps/web/src/features/dashboard/locales/ar.json' with { type: 'json' };
import dashboardFr from '../../apps/web/src/features/dashboard/locales/fr.json' with { type: 'json' };
import settingsAr from '../../apps/web/src/features/settings/locales/ar.json' with { type: 'json' };
import settingsFr from '../../apps/web/src/features/settings/locales/fr.json' with { type: 'json' };
import aboutAr from '../../apps/web/src/features/about/locales/ar.json' with { type: 'json' };
import aboutFr from '../../apps/web/src/features/about/locales/fr.json' with { type: 'json' };
import uiAr from '../../apps/web/src/ui/locales/ar.json' with { type: 'json' };
import uiFr from '../../apps/web/src/ui/locales/fr.json' with { type: 'json' };

export type Lang = 'fr' | 'ar';
export const LANGS: Lang[] = ['fr', 'ar'];

export const words = {
  fr: {
    shell: shellFr,
    customers: customersFr,
    dashboard: dashboardFr,
    settings: settingsFr,
    about: aboutFr,
    ui: uiFr,
  },
  ar: {
    shell: shellAr,
    customers: customersAr,
    dashboard: dashboardAr,
    settings: settingsAr,
    about: aboutAr,
    ui: uiAr,
  },
} as const;

/** i18next-style interpolation of `{{name}}` placeholders. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The plural form i18next picks (Intl.PluralRules), e.g. plural(w.customers, 'confirmDelete', 3, 'ar'), filled
 * with the count and `values` (a placeholder given in neither is left blank, as `fill` does).
 */
export function plural(
  catalogue: Record<string, unknown>,
  key: string,
  count: number,
  lang: Lang,
  values: Record<string, string | number> = {},
): string {
  const form = new Intl.PluralRules(lang).select(count);
  const text = catalogue[`${key}_${form}`] ?? catalogue[`${key}_other`];
  if (typeof text !== 'string') throw new Error(`no plural ${key}_${form}`);
  return fill(text, { ...values, count });
}

const here = dirname(fileURLToPath(import.meta.url));
export function screenshotPath(lang: Lang, name: string): string {
  const dir = join(here, '..', 'artifacts', 'screenshots', lang);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

/** Every kind of space and the bidi marks made plain, so texts compare whatever ICU wrote. */
export const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\s\u00a0\u202f]/g, ' ')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .trim();

/** Money as the app writes it, formatted by the browser itself (same ICU as the page). */
export async function money(page: Page, lang: Lang, centimes: number, currency = 'MAD'): Promise<string> {
  const text = await page.evaluate(
    ([locale, amount, code]) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(amount / 100),
    [lang === 'ar' ? 'ar-MA' : 'fr-MA', centimes, currency] as const,
  );
  return plain(text);
}

/** Opens the app (the first start seeds the sample shop), switching to Arabic in the settings when asked. */
export async function openApp(page: Page, lang: Lang, hash = '#/dashboard'): Promise<void> {
  await page.goto('/#/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shellFr.pages.dashboard.title);
  if (lang === 'ar') {
    await page.goto('/#/settings');
    await page.getByRole('radio', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
  await page.goto(`/${hash}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Empties every table but the device's own bookkeeping, so a fresh profile holds no sample shop. */
export async function emptyShop(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('hanouti');
        request.onerror = () => reject(request.error ?? new Error('open failed'));
        request.onsuccess = () => {
          const db = request.result;
          const stores = [...db.objectStoreNames].filter((name) => name !== 'meta');
          const transaction = db.transaction(stores, 'readwrite');
          for (const name of stores) transaction.objectStore(name).clear();
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error ?? new Error('clear failed'));
        };
      }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Clicks Exporter and returns the downloaded file's name and text. */
export async function exportBackup(page: Page, lang: Lang): Promise<{ name: string; text: string }> {
  await page.goto('/#/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: words[lang].settings.export }).click();
  const download = await downloading;
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

/**
 * Picks a backup file in the settings, checks the summary shown before anything is written, confirms,
 * and waits for "Données importées avec succès!", the reload, and the restore summary it shows.
 */
export async function importBackup(
  page: Page,
  lang: Lang,
  file: { name: string; text: string },
  expectSummary?: (summary: string) => void,
): Promise<void> {
  const w = words[lang];
  await page.goto('/#/settings');
  await page.getByLabel(w.settings.import, { exact: true }).setInputFiles({
    name: file.name,
    mimeType: 'application/json',
    buffer: Buffer.from(file.text, 'utf8'),
  });
  const dialog = page.getByRole('dialog', { name: w.settings.importTitle });
  await expect(dialog).toBeVisible();
  expectSummary?.(plain(await dialog.getByTestId('import-summary').innerText()));
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: w.settings.importApply }).click();
  // The toast lasts until the reload (1.2 s), which a busy machine may poll past; the reloaded settings page
  // says it again (the restore summary), so either one confirms the import.
  await expect(
    page.getByText(w.shell.settings.imported).first().or(page.getByTestId('restore-summary')),
  ).toBeVisible();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('restore-summary')).toBeVisible();
}

// ---------- backup files built by the tests (the spec's format: decimal MAD, ISO dates) ----------

let counter = 0;
/** A fresh UUID with a readable tail, so a failing test names the record. */
export function uuid(tag: number): string {
  counter++;
  return `0195f000-${String(counter).padStart(4, '0')}-7000-8000-${String(tag).padStart(12, '0')}`;
}

export type FileProduct = {
  id: string;
  name: string;
  brand: string;
  category: string;
  salePrice: number;
  stock: number;
  updatedAt?: string;
};

export function productRecord(p: FileProduct) {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    category: p.category,
    purchasePrice: Math.round(p.salePrice * 70) / 100,
    salePrice: p.salePrice,
    vat: 0,
    stock: p.stock,
    reorderThreshold: 5,
    is_bulk: false,
    createdAt: '2025-04-01T08:00:00.000Z',
    updatedAt: p.updatedAt ?? '2025-04-01T08:00:00.000Z',
  };
}

/** A cash sale of whole units at VAT 0 (subtotal = total), on a chosen instant. */
export function saleRecord(
  id: string,
  ticketNumber: string,
  date: string,
  lines: { product: FileProduct; quantity: number }[],
  customerId?: string,
) {
  const items = lines.map(({ product, quantity }) => ({
    productId: product.id,
    productName: product.name,
    quantity,
    unitPrice: product.salePrice,
    total: Math.round(product.salePrice * quantity * 100) / 100,
    vatRate: 0,
    vat: 0,
  }));
  const total = Math.round(items.reduce((sum, item) => sum + item.total * 100, 0)) / 100;
  return {
    id,
    ticketNumber,
    date,
    items,
    subtotal: total,
    vat: 0,
    discount: 0,
    total,
    paymentMethod: 'cash',
    printed: false,
    shared: false,
    ...(customerId ? { customerId } : {}),
  };
}

export function customerRecord(
  id: string,
  name: string,
  phone: string,
  createdAt = '2025-04-01T08:00:00.000Z',
) {
  return { id, name, phone, creditBalance: 0, totalPurchases: 0, createdAt, updatedAt: createdAt };
}

export function creditRecord(
  id: string,
  customerId: string,
  amount: number,
  description: string,
  date: string,
) {
  return { id, customerId, type: 'credit', amount, description, date };
}

export function backupText(
  lists: Record<string, unknown[]>,
  exportDate = '2025-05-20T12:00:00.000Z',
): string {
  return JSON.stringify({ formatVersion: 2, exportDate, ...lists });
}

/** Closes the toasts on screen, so a screenshot shows the page rather than the notifications over it. */
export async function dismissToasts(page: Page, lang: Lang): Promise<void> {
  const toasts = page.locator('li[role="status"]');
  for (let left = await toasts.count(); left > 0; left = await toasts.count()) {
    await toasts.first().getByRole('button', { name: words[lang].shell.app.close }).click();
    await expect(toasts).toHaveCount(left - 1);
  }
}

/** A screenshot of the page at 360×740 without the toasts. */
export async function shoot(page: Page, lang: Lang, name: string): Promise<void> {
  await dismissToasts(page, lang);
  await page.screenshot({ path: screenshotPath(lang, name) });
  // What is shot is also what a person sees whole: no control cut by its card, its dialog or the screen.
  await expectControlsInside(page, `${lang} ${name}`);
}
