// A loopback static server for the screen benchmarks: the app at /, the data harness at /harness/ and the generated
// shop at /bench/shop.json on ONE origin, so the harness seeds the very IndexedDB the app then reads.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
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

/** Starts the server on a loopback port (a free one by default); the shop is `shopPath` streamed, or `shopText()` read per request; resolves to the node:http server. */
export function serveAppAndHarness({ appDir, harnessDir, shopText, shopPath, port = 0 }) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === '/bench/shop.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      // A file on disk (the bench cache) is streamed; otherwise the text is made on demand.
      if (shopPath) createReadStream(shopPath).pipe(response);
      else response.end(shopText());
      return;
    }
    const [root, rest] = path.startsWith('/harness/')
      ? [harnessDir, path.slice('/harness/'.length)]
      : [appDir, path.slice(1)];
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
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}
