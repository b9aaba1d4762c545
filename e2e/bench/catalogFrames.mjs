// Frame times of Catalogue Produits and Gestion des Stocks with the large shop's 10,000 products, as JSON.
// Run from e2e/ after building apps/web (dist) and the harness (dist-harness): `npx tsx bench/catalogFrames.mjs`.
// --app-dir / --harness-dir measure another build; --profile DIR also records a Chromium CPU profile of each
// scroll (in a second pass, as the sampler slows the page) and prints where the time went.
// The functions given to page.evaluate run in the browser (browser globals are declared for e2e/ in eslint.config.js).
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { backupText, generateShop, LARGE_SHOP } from './generateShop.ts';

const web = fileURLToPath(new URL('../../apps/web/', import.meta.url));

const { values: args } = parseArgs({
  options: {
    'app-dir': { type: 'string', default: join(web, 'dist') },
    'harness-dir': { type: 'string', default: join(web, 'dist-harness') },
    profile: { type: 'string' },
    products: { type: 'string', default: String(LARGE_SHOP.products) },
    // Sales do not change what these two screens read; the full 200,000 can be asked for with --sales.
    sales: { type: 'string', default: '2000' },
    customers: { type: 'string', default: '100' },
  },
});
const APP_DIR = resolve(args['app-dir']);
const HARNESS_DIR = resolve(args['harness-dir']);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/** The app at / and the harness at /harness/ on ONE loopback origin, so both see the same IndexedDB. */
function serve(shopText) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === '/bench/shop.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(shopText);
      return;
    }
    const [root, rest] = path.startsWith('/harness/')
      ? [HARNESS_DIR, path.slice('/harness/'.length)]
      : [APP_DIR, path.slice(1)];
    let file = resolve(root, normalize(rest || 'index.html'));
    if (!file.startsWith(root + sep) && file !== root) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
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

/** Scrolls again under the CPU sampler, writes DIR/<screen>-scroll.cpuprofile and returns its summary. */
async function profileScroll(page, hash, cardSelector, name) {
  await page.goto(`/${hash}`);
  await page.locator(cardSelector).first().waitFor();
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const frames = await scrollThrough(page);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  mkdirSync(args.profile, { recursive: true });
  const file = join(args.profile, `${name}-scroll.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return { file, framesUnderProfiler: frames, ...summariseProfile(profile) };
}

async function measureScreen(page, hash, cardSelector) {
  const start = Date.now();
  await page.goto(`/${hash}`);
  await page.locator(cardSelector).first().waitFor();
  const firstCardMs = Date.now() - start;
  await page.waitForTimeout(500);
  const scroll = await scrollThrough(page);
  const typing = await typeSearch(page, ['sucre', 'huile', 'lait']);
  const rendered = await page.locator('article').count();
  const profile = args.profile
    ? await profileScroll(page, hash, cardSelector, hash.replace(/\W/g, ''))
    : undefined;
  return { firstCardMs, renderedCards: rendered, scroll, typing, ...(profile ? { profile } : {}) };
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
  const server = await serve(backupText(shop.file));
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
    const imported = await page.evaluate(() => window.hanoutiHarness.importUrl('/bench/shop.json'));
    if (!imported.ok) throw new Error(`import refused: ${imported.error ?? imported.reason}`);
    const products = await page.evaluate(async () => (await window.hanoutiHarness.counts()).products);
    const catalog = await measureScreen(page, '#/catalog', 'article');
    const inventory = await measureScreen(page, '#/inventory', 'article');
    return {
      bench: 'catalogFrames',
      shop: {
        products,
        generated: shop.counts.products,
        sales: shop.counts.sales,
        importMs: Math.round(imported.ms),
      },
      viewport: '360x740@2x',
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
