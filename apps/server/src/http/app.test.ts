import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import type { DatabaseHandle } from '../db/database.js';
import { serverVersion } from '../version.js';
import { bodyLimitBytes, buildApp } from './app.js';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A web root shaped like Vite's output, written for this test run. */
function writeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'hanouti-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Hanouti</title>');
  writeFileSync(join(root, 'assets', 'index-B3x9aQ.js'), 'console.log("hanouti");');
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(root, 'registerSW.js'), '/* register */');
  writeFileSync(join(root, 'workbox-5ffe50d4.js'), '/* workbox */');
  writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"Hanouti"}');
  writeFileSync(join(root, 'pwa-192x192.png'), 'not really a png, only bytes to serve');
  return root;
}

describe('HTTP server on PGlite', () => {
  let database: DatabaseHandle;
  let webRoot: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    webRoot = writeWebRoot();
    app = await buildApp({ database, webRoot });
    // Routes only the tests need: a body-accepting endpoint and one that fails like a bug would.
    app.post('/api/test/accept', () => ({ accepted: true }));
    app.get('/api/test/bug', () => {
      throw new Error('connection string postgres://secret@db leaked in a bug');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('reports health after a real query on the embedded database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: serverVersion, database: 'pglite' });
    expect(serverVersion).toBe('1.0.0');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers with a CSP that lets the PWA run', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']).split(';');
    expect(csp).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self' blob:",
        "img-src 'self' data: blob:",
        "media-src 'self' blob: mediastream:",
        "connect-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self' data:",
        "manifest-src 'self'",
        "object-src 'none'",
      ]),
    );
    expect(csp.some((directive) => directive.startsWith('upgrade-insecure-requests'))).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('serves index.html at / without letting it be cached stale', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>Hanouti</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeDefined();
  });

  it.each([
    ['/assets/index-B3x9aQ.js', 'public, max-age=31536000, immutable'],
    ['/index.html', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/registerSW.js', 'no-cache'],
    ['/workbox-5ffe50d4.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
    ['/pwa-192x192.png', 'public, max-age=3600'],
  ])('serves %s with Cache-Control: %s', async (url, cacheControl) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it('answers a revalidation of index.html with 304', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/sync/nothing-here'],
    ['GET', '/api'],
  ] as const)('answers %s %s with a JSON 404', async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Ressource introuvable' });
  });

  it('answers a missing static file with the same JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Ressource introuvable' });
  });

  it('refuses a 2 MiB body with a JSON 413 and accepts one under the limit', async () => {
    const big = JSON.stringify({ note: 'x'.repeat(2 * 1024 * 1024) });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/test/accept',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: 'payload_too_large', message: 'Requête trop volumineuse' });

    const small = JSON.stringify({ note: 'x'.repeat(bodyLimitBytes - 100) });
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/test/accept',
      headers: { 'content-type': 'application/json' },
      payload: small,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/accept',
      headers: { 'content-type': 'application/json' },
      payload: '{"note":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: 'Requête invalide' });
  });

  it('never leaks a stack trace or an internal message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', message: 'Erreur interne du serveur' });
    expect(response.body).not.toMatch(/secret|stack|at .*\.ts/);
  });
});

describe('HTTP server without a built web app', () => {
  it('still answers the API, and / is a JSON 404', async () => {
    const emptyRoot = mkdtempSync(join(tmpdir(), 'hanouti-empty-'));
    const database = await openDatabase({});
    const app = await buildApp({ database, webRoot: emptyRoot });
    let databaseClosed = false;
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(404);
      expect(home.json()).toEqual({ error: 'not_found', message: 'Ressource introuvable' });

      // When the database stops answering, health says so instead of "ok".
      await database.close();
      databaseClosed = true;
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ error: 'database_unavailable', message: 'Base de données indisponible' });
    } finally {
      await app.close();
      if (!databaseClosed) await database.close();
      rmSync(emptyRoot, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDatabaseUrl)('HTTP server on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('reports health after a real query on PostgreSQL', async () => {
    const database = await openDatabase({ databaseUrl: testDatabaseUrl });
    const app = await buildApp({ database });
    try {
      await database.migrate();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', version: serverVersion, database: 'postgresql' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
