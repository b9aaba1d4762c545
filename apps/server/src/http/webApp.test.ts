import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionThresholdBytes, registerCompression } from './compression.js';
import { cacheControlFor, immutable, registerWebApp, revalidate, shortLived } from './webApp.js';

describe('cacheControlFor', () => {
  it.each(['assets/index-B3x9aQ.js', 'assets/index-Cq1.css', 'assets/fonts/inter-latin.woff2'])(
    'keeps hashed %s for a year',
    (path) => expect(cacheControlFor(path)).toBe(immutable),
  );

  it.each(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest', 'workbox-5ffe50d4.js'])(
    'revalidates the entry point %s on every load',
    (path) => expect(cacheControlFor(path)).toBe(revalidate),
  );

  it.each(['favicon.ico', 'pwa-192x192.png', 'robots.txt', 'sw.js.map', 'workbox.js'])(
    'lets %s be cached briefly',
    (path) => expect(cacheControlFor(path)).toBe(shortLived),
  );

  it('accepts a leading slash', () => {
    expect(cacheControlFor('/assets/index-B3x9aQ.js')).toBe(immutable);
    expect(cacheControlFor('/index.html')).toBe(revalidate);
  });
});

describe('compressed answers', () => {
  const script = `console.log(${JSON.stringify('Hanouti '.repeat(400))});\n`;
  const brotliCopy = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzipCopy = gzipSync(script, { level: 1 });
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hanouti-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Hanouti</title>');
    writeFileSync(join(root, 'assets', 'index-B3x9aQ.js'), script);
    // Levels unlike the on-the-fly ones (brotli 4, gzip 6), so the bytes tell which copy was sent.
    writeFileSync(join(root, 'assets', 'index-B3x9aQ.js.br'), brotliCopy);
    writeFileSync(join(root, 'assets', 'index-B3x9aQ.js.gz'), gzipCopy);
    // A built file without precompressed copies (the service worker is written after the compression step).
    writeFileSync(join(root, 'sw.js'), script);
    app = Fastify();
    await registerCompression(app);
    app.get('/api/big', () => ({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: 'Thé vert' })),
    }));
    app.get('/api/small', () => ({ status: 'ok' }));
    await registerWebApp(app, root);
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy of a hashed asset, kept for a year', async () => {
    const response = await get('/assets/index-B3x9aQ.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.equals(brotliCopy)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to the gzip copy, and to the plain file for a client that accepts neither', async () => {
    const gzipped = await get('/assets/index-B3x9aQ.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(gzipCopy)).toBe(true);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-B3x9aQ.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses a file that has no precompressed copy', async () => {
    const response = await get('/sw.js', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(revalidate);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('compresses API JSON above the threshold only', async () => {
    const big = await get('/api/big', 'gzip, br');
    expect(big.headers['content-encoding']).toBe('br');
    const items = (JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { items: unknown[] }).items;
    expect(items).toHaveLength(200);
    expect(big.rawPayload.length).toBeLessThan(compressionThresholdBytes * 2);

    const small = await get('/api/small', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
