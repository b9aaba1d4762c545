// What a write transaction costs in this Chromium: 20 requests (10 gets, 10 puts) in one transaction, each awaited
// before the next ("sequential") or all sent together ("together"), with `strict` and `relaxed` durability, 30
// times each. Run from e2e/: `node bench/idbRoundTrips.mjs`. It told apart the durable commit (a few ms) from the
// round trips a sale's transaction awaited one by one (docs/benchmarks.md, tap → ticket, item 5).
import { createServer } from 'node:http';
import { chromium } from '@playwright/test';

const server = createServer((_request, response) => {
  response.setHeader('content-type', 'text/html');
  response.end('<!doctype html><title>idb</title>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const result = await page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('round-trips', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('meta');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const settled = (request) =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    async function transaction(durability, together) {
      const started = performance.now();
      const tx = db.transaction(['meta'], 'readwrite', { durability });
      const committed = new Promise((resolve) => (tx.oncomplete = resolve));
      const meta = tx.objectStore('meta');
      const requests = [];
      for (let i = 0; i < 10; i++) {
        const key = `k${i % 5}`;
        if (together) requests.push(settled(meta.get(key)), settled(meta.put({ value: i }, key)));
        else {
          await settled(meta.get(key));
          await settled(meta.put({ value: i }, key));
        }
      }
      await Promise.all(requests);
      await committed;
      return performance.now() - started;
    }
    const nearestRank = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
    const figures = {};
    for (const durability of ['strict', 'relaxed']) {
      for (const together of [false, true]) {
        const times = [];
        for (let run = 0; run < 30; run++) times.push(await transaction(durability, together));
        times.sort((a, b) => a - b);
        figures[`${durability} ${together ? 'together' : 'sequential'}`] = {
          p50Ms: Math.round(nearestRank(times, 50) * 10) / 10,
          p95Ms: Math.round(nearestRank(times, 95) * 10) / 10,
        };
      }
    }
    return figures;
  });
  console.log(JSON.stringify({ bench: 'idbRoundTrips', requestsPerTransaction: 20, ...result }, null, 2));
} finally {
  await browser.close();
  server.close();
}
