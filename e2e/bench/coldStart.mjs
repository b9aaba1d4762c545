// A phone's first and second visit: the built app served by the real server (compression, cache headers), opened in
// Chromium at 360×740 on a slow network (CDP: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency) with the CPU slowed 4×,
// timed until the dashboard's revenue card shows its figure. The second visit is served by the service worker.
// Also the initial JS the index.html loads (entry + modulepreload), raw / gzip / brotli, read from the build.
// Run from e2e/ after `npm run build`: `node bench/coldStart.mjs [--runs 3]`; prints one JSON document.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const repo = fileURLToPath(new URL('../../', import.meta.url));
// BENCH_APP_DIR: a build of one's own (the server then serves it), as in the other benches.
const webDist = process.env.BENCH_APP_DIR ?? join(repo, 'apps/web/dist');
const serverMain = join(repo, 'apps/server/dist/main.js');

/** The slow network of the issue: 1.6 Mbit/s down, 150 ms round trip latency; CPU 4× slower. */
export const SLOW_3G = {
  latency: 150,
  downloadThroughput: (1.6e6 / 8) | 0,
  uploadThroughput: (750e3 / 8) | 0,
};
export const CPU_SLOWDOWN = 4;
/** Budgets: initial JS ≤ 250 KB gzip (goal 150 KB); the second visit (service worker) under 1.5 s. */
export const INITIAL_JS_GZIP_BUDGET = 250 * 1024;
export const SECOND_VISIT_BUDGET_MS = 1500;

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } }, strict: false });
const runs = Math.max(1, Number(args.runs));

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/** Sizes of the JS (and CSS) index.html makes the browser fetch before anything runs. */
function initialAssets() {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\.\/([^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  const size = (file) => {
    const path = join(webDist, file);
    const raw = readFileSync(path);
    const gzip = existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(raw, { level: 9 }).length;
    const brotli = existsSync(`${path}.br`)
      ? statSync(`${path}.br`).size
      : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    return { file, raw: raw.length, gzip, brotli };
  };
  const files = refs.map(size);
  const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
  const js = files.filter((file) => file.file.endsWith('.js'));
  const css = files.filter((file) => file.file.endsWith('.css'));
  return {
    files,
    js: {
      count: js.length,
      rawKB: kb(sum(js, 'raw')),
      gzipKB: kb(sum(js, 'gzip')),
      gzipBudgetKB: kb(INITIAL_JS_GZIP_BUDGET),
      brotliKB: kb(sum(js, 'brotli')),
    },
    css: { rawKB: kb(sum(css, 'raw')), gzipKB: kb(sum(css, 'gzip')), brotliKB: kb(sum(css, 'brotli')) },
    jsGzipWithinBudget: sum(js, 'gzip') <= INITIAL_JS_GZIP_BUDGET,
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hanouti-bench-cold-'));
  const server = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_ROOT: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 600 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Installed before the app runs: records (performance.now(), from the navigation's start) the frame after the
 * dashboard's revenue card first shows a figure (digits, not the '…' placeholder), and resolves
 * `window.__revenuePainted` then.
 */
function watchRevenueCard() {
  let painted;
  window.__revenuePainted = new Promise((resolve) => (painted = resolve));
  const shown = () => /\d/.test(document.querySelector('[data-testid="revenue-today"]')?.textContent ?? '');
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__revenuePaintedAt = performance.now();
        painted();
      }),
    );
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Slows the page's network and CPU, and counts the bytes received on the wire (headers included). */
async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_3G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const received = { bytes: 0, requests: 0, fromServiceWorker: 0 };
  cdp.on('Network.loadingFinished', (event) => {
    received.bytes += event.encodedDataLength;
    received.requests += 1;
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromServiceWorker) received.fromServiceWorker += 1;
  });
  return { cdp, received };
}

async function visit(context, url, profileAs) {
  const page = await context.newPage();
  const { cdp, received } = await throttle(context, page);
  await page.addInitScript(watchRevenueCard);
  if (profileAs) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  // Waits through the DevTools protocol, not page.waitForFunction: Playwright's helper script (≈ 300 KB) would be
  // compiled on the page's main thread in the middle of the start it measures (≈ 160 ms at CPU 4x).
  const { exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: 'window.__revenuePainted.then(() => true)',
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`the revenue card was not painted: ${exceptionDetails.text}`);
  const atPaint = { ...received };
  if (profileAs) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profileAs, JSON.stringify(profile));
  }
  const { paintedMs, html, domContentLoaded, font, marks } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation');
    const fontEntry = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2'));
    return {
      paintedMs: window.__revenuePaintedAt,
      html: navigation?.responseEnd ?? 0,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? 0,
      // The first font file asked for, and when it had arrived (the text is laid out again then).
      font: fontEntry ? [fontEntry.startTime, fontEntry.responseEnd] : undefined,
      // The app's own steps (main.tsx, data/startup.ts, app/App.tsx): `hanouti:start:<step>`.
      marks: performance
        .getEntriesByType('mark')
        .filter((mark) => mark.name.startsWith('hanouti:start:'))
        .map((mark) => [mark.name.slice('hanouti:start:'.length), mark.startTime]),
    };
  });
  // Where the time goes: the HTML received, the initial scripts run (DOMContentLoaded), each step of the app's
  // start (the modules run, the database open, the small tables checked, the device, the settings, the language,
  // the dashboard's figures read before the first render), the figure painted.
  const steps = {
    htmlMs: Math.round(html),
    scriptsRunMs: Math.round(domContentLoaded),
    ...(font ? { fontAskedMs: Math.round(font[0]), fontReceivedMs: Math.round(font[1]) } : {}),
    startMs: Object.fromEntries(marks.map(([step, at]) => [step, Math.round(at)])),
  };
  return { page, paintedMs: Math.round(paintedMs), steps, atPaint, received };
}

const assets = initialAssets();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    // Desktop Chromium's headless mode loads the address bar's popup (a WebUI page in its own renderer) for each new
    // window, on the same two cores as the page it measures; a phone's browser does nothing of the kind.
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
    ...(process.env.BENCH_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []),
  ],
});
const visits = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'fr-MA',
      serviceWorkers: 'allow',
    });
    const first = await visit(context, `${server.url}/`);
    // The service worker precaches the shell in the background; the second visit waits until it is active.
    await first.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (registration.active?.state !== 'activated') {
        await new Promise((resolve) => registration.active?.addEventListener('statechange', resolve));
      }
    });
    await first.page.waitForLoadState('networkidle');
    const totalFirst = { ...first.received };
    await first.page.close();
    // BENCH_PROFILE=<dir>: a V8 CPU profile of each second visit (<dir>/second-visit-<run>.cpuprofile), for
    // DevTools; the profiler's own cost makes that run's figure slower.
    const profileDir = process.env.BENCH_PROFILE;
    const second = await visit(
      context,
      `${server.url}/`,
      profileDir ? join(profileDir, `second-visit-${run}.cpuprofile`) : undefined,
    );
    await second.page.close();
    await context.close();
    visits.push({
      firstVisit: {
        revenueCardMs: first.paintedMs,
        ...first.steps,
        bytesUntilRevenueCard: first.atPaint.bytes,
        requestsUntilRevenueCard: first.atPaint.requests,
        bytesOfThePageAfterLoad: totalFirst.bytes,
      },
      secondVisit: {
        revenueCardMs: second.paintedMs,
        ...second.steps,
        bytesOverTheNetwork: second.atPaint.bytes,
        answersFromServiceWorker: second.atPaint.fromServiceWorker,
      },
    });
  }
} finally {
  await browser.close();
  await server.stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const firstMs = median(visits.map((v) => v.firstVisit.revenueCardMs));
const secondMs = median(visits.map((v) => v.secondVisit.revenueCardMs));
process.stdout.write(
  `${JSON.stringify(
    {
      conditions: { ...SLOW_3G, cpuSlowdown: CPU_SLOWDOWN, viewport: '360x740' },
      initialAssets: assets,
      firstVisit: {
        revenueCardMedianMs: firstMs,
        bytesUntilRevenueCardKB: kb(median(visits.map((v) => v.firstVisit.bytesUntilRevenueCard))),
      },
      secondVisit: {
        revenueCardMedianMs: secondMs,
        budgetMs: SECOND_VISIT_BUDGET_MS,
        withinBudget: secondMs < SECOND_VISIT_BUDGET_MS,
      },
      runs: visits,
      load: (await import('node:os')).loadavg().map((value) => Math.round(value * 10) / 10),
    },
    null,
    2,
  )}\n`,
);
