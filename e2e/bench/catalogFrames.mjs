// Frame times of Catalogue Produits and Gestion des Stocks with the large shop's 10,000 products, as JSON.
// Run from e2e/ after building apps/web (dist) and the harness (dist-harness): `npx tsx bench/catalogFrames.mjs`.
// --app-dir / --harness-dir measure another build; --profile DIR also records a Chromium CPU profile of each
// scroll and search (in a second pass, as the sampler slows the page) and prints where the time went.
// The functions given to page.evaluate run in the browser (browser globals are declared for e2e/ in eslint.config.js).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { backupText, generateShop, LARGE_SHOP } from './generateShop.ts';
import { serveAppAndHarness } from './sameOriginServer.mjs';

const web = fileURLToPath(new URL('../../apps/web/', import.meta.url));

const { values: args } = parseArgs({
  options: {
    'app-dir': { type: 'string', default: process.env.BENCH_APP_DIR ?? join(web, 'dist') },
    'harness-dir': { type: 'string', default: process.env.BENCH_HARNESS_DIR ?? join(web, 'dist-harness') },
    profile: { type: 'string' },
    // Saves a 360×740 screenshot of each screen, at the top and mid-list, to see the cards the bench measured.
    screenshots: { type: 'string' },
    // Slows the page's CPU N times (Chromium's own throttling), as on the shop's entry-level phone.
    'cpu-throttle': { type: 'string', default: '1' },
    products: { type: 'string', default: String(LARGE_SHOP.products) },
    // Sales do not change what these two screens read; the full 200,000 can be asked for with --sales.
    sales: { type: 'string', default: '2000' },
    customers: { type: 'string', default: '100' },
    // Products that carry a photo (spread evenly), so the cards read and show real thumbnails while scrolling.
    photos: { type: 'string', default: '2000' },
  },
});
const APP_DIR = resolve(args['app-dir']);
const HARNESS_DIR = resolve(args['harness-dir']);

/**
 * Photos as the app stores them from a backup (the JPEG stands in for its thumbnail): 256 px squares at the
 * pipeline's quality 0.7, drawn in the browser, a few distinct pictures shared out over the products.
 */
async function drawPhotos(page, distinct) {
  return page.evaluate(async (count) => {
    const urls = [];
    for (let i = 0; i < count; i++) {
      const canvas = new OffscreenCanvas(256, 256);
      const g = canvas.getContext('2d');
      g.fillStyle = `hsl(${(i * 47) % 360} 55% 45%)`;
      g.fillRect(0, 0, 256, 256);
      g.fillStyle = `hsl(${(i * 47 + 180) % 360} 70% 85%)`;
      g.fillRect(48, 32 + (i % 5) * 8, 160, 192 - (i % 5) * 16);
      g.fillStyle = '#1c2624';
      g.font = 'bold 56px sans-serif';
      g.fillText(String(i + 1), 80, 150);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 });
      urls.push(
        await new Promise((done) => {
          const reader = new FileReader();
          reader.onload = () => done(reader.result);
          reader.readAsDataURL(blob);
        }),
      );
    }
    return urls;
  }, distinct);
}

/** Gives every n-th product of the backup file its own photo (inline, as the app's export writes it). */
function withPhotos(file, pictures, count) {
  if (count <= 0) return file;
  const step = Math.max(1, Math.floor(file.products.length / count));
  let given = 0;
  const products = file.products.map((product, index) => {
    if (index % step !== 0 || given >= count) return product;
    const photo = pictures[given % pictures.length];
    given++;
    return { ...product, photoId: `bench-photo-${index}`, photo };
  });
  return { ...file, products };
}

/** Starts recording frame gaps (rAF deltas) and long tasks in the page. */
async function startRecording(page) {
  await page.evaluate(() => {
    const state = { deltas: [], longTasks: [], running: true, last: performance.now() };
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const tick = (now) => {
      state.deltas.push(now - state.last);
      state.last = now;
      if (state.running) requestAnimationFrame(tick);
      else observer.disconnect();
    };
    requestAnimationFrame((now) => {
      state.last = now;
      requestAnimationFrame(tick);
    });
    window.__frames = state;
  });
}

async function stopRecording(page) {
  const { deltas, longTasks } = await page.evaluate(() => {
    window.__frames.running = false;
    return { deltas: window.__frames.deltas, longTasks: window.__frames.longTasks };
  });
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (p) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  const round = (n) => Math.round(n * 10) / 10;
  return {
    frames: deltas.length,
    p50Ms: round(at(50)),
    p95Ms: round(at(95)),
    maxMs: round(sorted.at(-1) ?? 0),
    /** Frames longer than two 60 Hz frames: what the eye sees as a hitch. */
    framesOver33Ms: deltas.filter((d) => d > 33.4).length,
    longTasks: longTasks.length,
    longestTaskMs: round(Math.max(0, ...longTasks)),
    longTaskTotalMs: round(longTasks.reduce((sum, d) => sum + d, 0)),
  };
}

/** Flings down the list with the mouse wheel, as a shopkeeper scrolls through the shelf. */
async function scrollThrough(page) {
  await page.mouse.move(180, 500);
  await startRecording(page);
  for (let i = 0; i < 80; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(16);
  }
  for (let i = 0; i < 20; i++) {
    await page.mouse.wheel(0, -1500);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(300);
  const frames = await stopRecording(page);
  const scrolledTo = await page.evaluate(() => Math.round(window.scrollY));
  return { ...frames, scrolledToPx: scrolledTo };
}

const SEARCH_WORDS = ['sucre', 'huile', 'lait'];

/** Types a search letter by letter at a quick thumb's pace, then clears it. */
async function typeSearch(page, words) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = page.getByRole('searchbox');
  await startRecording(page);
  for (const word of words) {
    await box.pressSequentially(word, { delay: 90 });
    await page.waitForTimeout(150);
    await box.fill('');
    await page.waitForTimeout(150);
  }
  return stopRecording(page);
}

/** Where a CPU profile's time went: the heaviest functions by self and by total time (ms). */
export function summariseProfile(profile, top = 15) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = ({ callFrame: f }) =>
    f.url
      ? `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}`
      : f.functionName || '(native)';
  const self = new Map();
  const total = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    add(self, nameOf(node), ms);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = nameOf(byId.get(at));
      if (!seen.has(key)) add(total, key, ms);
      seen.add(key);
    }
  });
  const idle = new Set(['(idle)', '(root)', '(program)']);
  const heaviest = (map) =>
    [...map]
      .filter(([key]) => !idle.has(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, ms: Math.round(ms) }));
  const busy = [...self].filter(([key]) => key !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0);
  return {
    busyMs: Math.round(busy),
    gcMs: Math.round(self.get('(garbage collector)') ?? 0),
    self: heaviest(self),
    total: heaviest(total),
  };
}

/** Runs one phase again under the CPU sampler, writes DIR/<name>.cpuprofile and returns its summary. */
async function profilePhase(page, hash, cardSelector, name, phase, before = async () => undefined) {
  await page.goto(`/${hash}`);
  await page.locator(cardSelector).first().waitFor();
  await page.waitForTimeout(500);
  await before();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const frames = await phase();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  mkdirSync(args.profile, { recursive: true });
  const file = join(args.profile, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return { file, framesUnderProfiler: frames, ...summariseProfile(profile) };
}

/** The cards' heights and how many cut their own content: a fixed-height row must fit its card. */
async function cardHeights(page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll('li > article')];
    const heights = [...new Set(cards.map((card) => card.offsetHeight))].sort((a, b) => a - b);
    const overflowing = cards.filter((card) => card.scrollHeight > card.clientHeight + 1).length;
    return { heightsPx: heights, overflowing };
  });
}

async function screenshots(page, name) {
  mkdirSync(args.screenshots, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(args.screenshots, `${name}-top.png`) });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(args.screenshots, `${name}-middle.png`) });
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function measureScreen(page, hash, cardSelector) {
  const start = Date.now();
  await page.goto(`/${hash}`);
  await page.locator(cardSelector).first().waitFor();
  const firstCardMs = Date.now() - start;
  await page.waitForTimeout(500);
  const scroll = await scrollThrough(page);
  const typing = await typeSearch(page, SEARCH_WORDS);
  const rendered = await page.locator('article').count();
  const cards = await cardHeights(page);
  if (args.screenshots) await screenshots(page, hash.replace(/\W/g, ''));
  if (!args.profile) return { firstCardMs, renderedCards: rendered, cards, scroll, typing };
  const name = hash.replace(/\W/g, '');
  const profile = {
    scroll: await profilePhase(page, hash, cardSelector, `${name}-scroll`, () => scrollThrough(page)),
    // The search is measured after the fling, so it is profiled after one too.
    typing: await profilePhase(
      page,
      hash,
      cardSelector,
      `${name}-typing`,
      () => typeSearch(page, SEARCH_WORDS),
      () => scrollThrough(page),
    ),
  };
  return { firstCardMs, renderedCards: rendered, cards, scroll, typing, profile };
}

export async function measureCatalogFrames() {
  for (const dir of [APP_DIR, HARNESS_DIR]) {
    if (!existsSync(join(dir, 'index.html')))
      throw new Error(`${dir} is missing: build apps/web and its harness first`);
  }
  const size = {
    ...LARGE_SHOP,
    products: Number(args.products),
    sales: Number(args.sales),
    customers: Number(args.customers),
    credits: Math.round((LARGE_SHOP.credits * Number(args.sales)) / LARGE_SHOP.sales),
  };
  const shop = generateShop(size);
  const served = { text: '' };
  const server = await serveAppAndHarness({
    appDir: APP_DIR,
    harnessDir: HARNESS_DIR,
    shopText: () => served.text,
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      locale: 'fr-MA',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/harness/');
    await page.waitForFunction(() => typeof window.hanoutiHarness === 'object');
    await page.evaluate(() => window.hanoutiHarness.prepare());
    const photoCount = Math.min(Number(args.photos), shop.file.products.length);
    const pictures = photoCount > 0 ? await drawPhotos(page, 24) : [];
    served.text = backupText(withPhotos(shop.file, pictures, photoCount));
    const imported = await page.evaluate(() => window.hanoutiHarness.importUrl('/bench/shop.json'));
    if (!imported.ok) throw new Error(`import refused: ${imported.error ?? imported.reason}`);
    const { products, photos } = await page.evaluate(() => window.hanoutiHarness.counts());
    const throttle = Number(args['cpu-throttle']);
    if (throttle > 1) {
      // Set after the import, which is not what is measured; the session stays open so the rate holds.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    }
    const catalog = await measureScreen(page, '#/catalog', 'article');
    const inventory = await measureScreen(page, '#/inventory', 'article');
    return {
      bench: 'catalogFrames',
      shop: {
        products,
        photos,
        generated: shop.counts.products,
        sales: shop.counts.sales,
        importMs: Math.round(imported.ms),
      },
      viewport: '360x740@2x',
      cpuThrottle: Number(args['cpu-throttle']),
      catalog,
      inventory,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await measureCatalogFrames(), null, 2));
}
