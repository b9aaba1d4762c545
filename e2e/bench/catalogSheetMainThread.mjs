// The main thread while a 2,000-line catalogue CSV is read and planned against the large shop's 10,000 products:
// long tasks (≥ 50 ms) from choosing the file to the report on screen, with the planning in its Worker and, for
// comparison, in the page (`window.Worker` removed: the dialog's planner then runs the same session in the page).
// Run from e2e/ after building apps/web (dist) and the harness (dist-harness), with a browser profile that holds
// the large shop (checkoutUi.mjs --browser-data DIR makes one):
//   npx tsx bench/catalogSheetMainThread.mjs --browser-data DIR [--runs 5]
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { serveAppAndHarness } from './sameOriginServer.mjs';

const web = fileURLToPath(new URL('../../apps/web/', import.meta.url));
const APP_DIR = process.env.BENCH_APP_DIR ?? join(web, 'dist');
const HARNESS_DIR = process.env.BENCH_HARNESS_DIR ?? join(web, 'dist-harness');

const { values: args } = parseArgs({
  options: {
    'browser-data': { type: 'string' },
    runs: { type: 'string', default: '5' },
    lines: { type: 'string', default: '2000' },
  },
});

/** A supplier's price list: new products, prices written every way, a few bad lines. */
function sheetCsv(lines) {
  const rows = [['Désignation', 'Marque', 'Famille', 'Code EAN', 'Prix de vente (DH)', 'Qté', 'TVA']];
  const prices = ['12,50', '12.50', '1 234,50 DH', '7', '0,95', 'douze'];
  for (let i = 1; i <= lines; i++) {
    rows.push([
      `Produit ${String(i).padStart(4, '0')}`,
      `Marque ${i % 17}`,
      i % 3 === 0 ? '' : 'Épicerie',
      String(6_120_000_000_000 + i),
      prices[i % prices.length],
      String(i % 40),
      '20',
    ]);
  }
  return rows.map((row) => row.join(';')).join('\r\n');
}

/** Choose the file, wait for the report; the long tasks of the page meanwhile. */
async function oneRead(page, text) {
  await page.goto('/#/catalog');
  // A fresh page each time (the same hash would keep the last dialog open).
  await page.reload();
  // The catalogue of 10,000 products is read before its toolbar shows: long on a loaded machine.
  const open = page.getByRole('button', { name: 'Importer ou exporter le catalogue' });
  await open.waitFor({ timeout: 180_000 });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Importer ou exporter le catalogue' });
  await dialog.getByRole('button', { name: 'Choisir un fichier' }).waitFor();
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
    window.__chosenAt = undefined;
    document.addEventListener('change', () => (window.__chosenAt = performance.now()), {
      capture: true,
      once: true,
    });
  });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choisir un fichier' }).click();
  await (
    await chooser
  ).setFiles({ name: 'fournisseur.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await dialog.getByText("Ce que l'importation va faire").waitFor({ timeout: 120_000 });
  return page.evaluate(() => {
    const shownAt = performance.now();
    const tasks = window.__longTasks.filter(([start]) => start >= window.__chosenAt - 1);
    return {
      reportMs: shownAt - window.__chosenAt,
      longTasks: tasks.length,
      longTaskMs: tasks.reduce((sum, [, duration]) => sum + duration, 0),
      longestTaskMs: Math.max(0, ...tasks.map(([, duration]) => duration)),
    };
  });
}

const round = (n) => Math.round(n * 10) / 10;
const median = (values) => round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN);

async function main() {
  for (const dir of [APP_DIR, HARNESS_DIR]) {
    if (!existsSync(join(dir, 'index.html')))
      throw new Error(`${dir} is missing: build apps/web and its harness first`);
  }
  if (!args['browser-data'])
    throw new Error('--browser-data DIR (a profile holding the large shop) is needed');
  const server = await serveAppAndHarness({
    appDir: APP_DIR,
    harnessDir: HARNESS_DIR,
    shopText: () => {
      throw new Error('no shop file here: use a profile that holds one');
    },
    port: Number(process.env.E2E_PORT ?? 4409),
  });
  const context = await chromium.launchPersistentContext(args['browser-data'], {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    baseURL: `http://127.0.0.1:${server.address().port}`,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-MA',
    serviceWorkers: 'block',
  });
  try {
    const text = sheetCsv(Number(args.lines));
    const results = { worker: [], page: [] };
    const inPage = await context.newPage();
    await inPage.addInitScript(() => {
      delete window.Worker;
    });
    const inWorker = await context.newPage();
    await inWorker.goto('/harness/');
    await inWorker.waitForFunction(() => typeof window.hanoutiHarness === 'object');
    const products = (await inWorker.evaluate(() => window.hanoutiHarness.counts())).products;
    // Alternately, so that both see the same load.
    for (let run = 0; run < Number(args.runs) + 1; run++) {
      const worker = await oneRead(inWorker, text);
      const page = await oneRead(inPage, text);
      if (run === 0) continue; // the first of each loads the dialog's code
      results.worker.push(worker);
      results.page.push(page);
    }
    const summary = (list) => ({
      runs: list.length,
      reportMsP50: median(list.map((r) => r.reportMs)),
      longTaskMsP50: median(list.map((r) => r.longTaskMs)),
      longestTaskMsP50: median(list.map((r) => r.longestTaskMs)),
      longestTaskMsMax: round(Math.max(...list.map((r) => r.longestTaskMs))),
    });
    console.log(
      JSON.stringify(
        {
          bench: 'catalogSheetMainThread',
          what: `choose a ${args.lines}-line CSV → report on screen: the page's long tasks meanwhile`,
          catalogue: products,
          planningInWorker: summary(results.worker),
          planningInPage: summary(results.page),
        },
        null,
        2,
      ),
    );
  } finally {
    await context.close();
    server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
