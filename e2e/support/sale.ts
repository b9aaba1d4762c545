// Helpers of the sale and receipt specs: the app in French or Arabic, products seeded for weighing and scanning.
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp as openShop } from './customers';

// Read from disk rather than imported: nothing imports from apps/ (lint), only their texts are needed here.
const web = (path: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../apps/web/src/${path}`, import.meta.url)), 'utf8'));
// The texts' types come from the French JSON; a type query is not an import of apps/ code.
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type ShellWords = typeof import('../../apps/web/src/i18n/locales/fr.json');
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type SaleWords = typeof import('../../apps/web/src/features/sale/locales/fr.json');
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type ReceiptWords = typeof import('../../apps/web/src/features/receipt/locales/fr.json');
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type UiWords = typeof import('../../apps/web/src/ui/locales/fr.json');
type Words = { shell: ShellWords; sale: SaleWords; receipt: ReceiptWords; ui: UiWords };
const wordsOf = (lang: string): Words => ({
  shell: web(`i18n/locales/${lang}.json`) as ShellWords,
  sale: web(`features/sale/locales/${lang}.json`) as SaleWords,
  receipt: web(`features/receipt/locales/${lang}.json`) as ReceiptWords,
  ui: web(`ui/locales/${lang}.json`) as UiWords,
});

export type Lang = 'fr' | 'ar';
export const LANGS: Lang[] = ['fr', 'ar'];

export const words: Record<Lang, Words> = { fr: wordsOf('fr'), ar: wordsOf('ar') };

/** i18next-style interpolation of `{{name}}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const here = dirname(fileURLToPath(import.meta.url));
export function screenshotPath(lang: Lang, name: string): string {
  const dir = join(here, '..', 'artifacts', 'screenshots', lang);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

/** Money as the app writes it (Intl, fr-MA or ar-MA), with every kind of space made plain for comparisons. */
export function mad(lang: Lang, centimes: number): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-MA' : 'fr-MA', { style: 'currency', currency: 'MAD' })
    .format(centimes / 100)
    .replace(/[\s\u00a0\u202f]/g, ' ');
}

export const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]/g, ' ').trim();

/** Opens the app (first start seeds the sample shop), in Arabic through the settings' language choice when asked. */
export function openApp(page: Page, lang: Lang, hash = '#/sale'): Promise<void> {
  return openShop(page, lang, hash);
}

export const BULK_PRODUCT = {
  id: '0190a1b2-0000-7000-8000-00000000b001',
  name: 'Lentilles vertes vrac',
  salePrice: 1600,
  stock: 50,
};
export const SCANNED_PRODUCT = {
  id: '0190a1b2-0000-7000-8000-00000000b002',
  name: 'Sardines Titus 125 g',
  barcode: '6111245591056',
  salePrice: 650,
  stock: 30,
};

/**
 * Adds a bulk product and a product with a barcode (the sample shop has neither), written straight
 * into the app's IndexedDB as the catalogue would store them, then reloads so the app reads them.
 */
export async function seedSaleProducts(page: Page): Promise<void> {
  await page.evaluate(
    async ({ bulk, scanned }) => {
      const now = new Date().toISOString();
      const base = {
        category: 'Épicerie',
        purchasePrice: 500,
        reorderThreshold: 5,
        createdAt: now,
        updatedAt: now,
      };
      const products = [
        {
          ...base,
          id: bulk.id,
          name: bulk.name,
          brand: '',
          salePrice: bulk.salePrice,
          vat: 0,
          stock: bulk.stock,
          isBulk: true,
        },
        {
          ...base,
          id: scanned.id,
          name: scanned.name,
          brand: 'Titus',
          barcode: scanned.barcode,
          salePrice: scanned.salePrice,
          vat: 20,
          stock: scanned.stock,
          isBulk: false,
        },
      ];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('hanouti');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction(['products', 'stockMovements'], 'readwrite');
        for (const product of products) {
          transaction.objectStore('products').put(product);
          transaction.objectStore('stockMovements').put({
            id: product.id.replace(/b00(\d)$/, 'c00$1'),
            productId: product.id,
            kind: 'import',
            delta: product.stock,
            at: now,
          });
        }
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
      });
      db.close();
    },
    { bulk: BULK_PRODUCT, scanned: SCANNED_PRODUCT },
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The cart's list and one of its lines, by product name. */
export function cartLine(page: Page, lang: Lang, productName: string) {
  return page
    .getByRole('list', { name: words[lang].shell.sale.cart })
    .getByRole('listitem', { name: productName });
}

/** Opens the add-product sheet, searches and taps the product. */
export async function addBySearch(page: Page, lang: Lang, query: string, productName: string): Promise<void> {
  const w = words[lang].sale;
  await page.getByRole('button', { name: w.addSearch }).click();
  const sheet = page.getByRole('dialog', { name: w.sheet.title });
  await sheet.getByRole('searchbox', { name: w.sheet.search }).fill(query);
  await sheet
    .getByRole('button', { name: new RegExp(productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .click();
  await sheet.getByRole('button', { name: w.sheet.done }).click();
  await expect(sheet).toBeHidden();
}

/** The toast on screen (one at a time). */
export const toastOnScreen = (page: Page) => page.getByTestId('toasts').locator('li');

/** Taps the centre of what a locator shows, with the finger (page.mouse), after checking nothing lies on top. */
export async function tapCentre(page: Page, target: Locator): Promise<void> {
  // Brought to the middle of the screen, as a thumb scrolls it there (not under the bottom bar).
  await target.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
  const box = await settledBox(target);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  expect(await topmostIsWithin(page, target, x, y), 'what lies under the finger belongs to the target').toBe(
    true,
  );
  await page.mouse.click(x, y);
}

/** Whether document.elementFromPoint(x, y) is the target or inside it. */
export async function topmostIsWithin(page: Page, target: Locator, x: number, y: number): Promise<boolean> {
  const handle = await target.elementHandle();
  if (!handle) return false;
  return page.evaluate(
    ({ element, x, y }) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (top === element || element.contains(top));
    },
    { element: handle, x, y },
  );
}

/** The locator's box once it stops moving (a sheet sliding up, a list scrolling). */
export async function settledBox(target: Locator) {
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await target.boundingBox());
        const same = now === previous && now !== 'null';
        previous = now;
        return same;
      },
      { intervals: [100] },
    )
    .toBe(true);
  const box = await target.boundingBox();
  if (!box) throw new Error('the target has no box');
  return box;
}

/**
 * Waits until the page is served by the app's service worker: from then on it opens every page, and reloads, with
 * no network (the worker takes over the first visit's page once it has precached the app: clientsClaim).
 */
export async function servedOffline(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Waits until the app works offline and its one-time "works offline" toast is gone: a later toast replaces the one
 * on screen (one at a time), so a test that reads a toast starts once that one has passed.
 */
export async function afterOfflineReady(page: Page): Promise<void> {
  // The toast is published from the service worker's 'installed' event, which can reach the page just after
  // `ready` resolves: two frames and a task let React draw it before the check, so that the check waits for it to
  // go instead of passing before it comes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
    await new Promise((done) => setTimeout(done, 0));
  });
  await expect(toastOnScreen(page).filter({ hasText: words.fr.shell.pwa.offlineReady })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(toastOnScreen(page).filter({ hasText: words.ar.shell.pwa.offlineReady })).toHaveCount(0, {
    timeout: 15_000,
  });
}

/**
 * A keyboard-wedge scanner typing `code` then Enter, a key every 5 ms. The keys go through Chromium's
 * input pipeline (CDP Input.dispatchKeyEvent) with the scanner's own timestamps, so the app sees a
 * scanner's rhythm however late a busy machine delivers them (event.timeStamp comes from `timestamp`).
 */
export async function scanWithWedge(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code, 'Enter'];
  for (const [i, key] of keys.entries()) {
    const timestamp = start + i * 0.005;
    const enter = key === 'Enter';
    const virtualKey = enter ? 13 : key.toUpperCase().charCodeAt(0);
    const common = {
      key,
      code: enter ? 'Enter' : /\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`,
    };
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      ...common,
      text: enter ? '\r' : key,
      windowsVirtualKeyCode: virtualKey,
      timestamp,
    });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      ...common,
      windowsVirtualKeyCode: virtualKey,
      timestamp,
    });
  }
  await cdp.detach();
}

/**
 * Opens the photo flow from the sale. A new sale opens on the camera by itself once the camera is allowed
 * (docs/decisions.md); before that the shopkeeper taps IA photo.
 */
export async function openCapture(page: Page, lang: Lang): Promise<Locator> {
  const W = words[lang];
  const allowed = await page.evaluate(async () => {
    const status = await navigator.permissions.query({ name: 'camera' });
    return status.state === 'granted';
  });
  await page.goto('/#/sale');
  const flow = page.getByRole('dialog', { name: W.shell.sale.capture });
  if (allowed) await expect(flow).toBeVisible();
  else {
    await expect(flow).toBeHidden();
    await tapCentre(page, page.getByRole('button', { name: W.sale.aiPhoto }));
  }
  return flow;
}
