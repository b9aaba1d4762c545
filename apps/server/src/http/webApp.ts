// Serves the built PWA from WEB_ROOT: precompressed copies (brotli, gzip) and cache headers that let a phone
// update it safely.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const immutable = 'public, max-age=31536000, immutable';
export const revalidate = 'no-cache';
export const shortLived = 'public, max-age=3600';

// Files that name the current version of the app: a stale copy would pin the phone to an old build.
const entryPoints = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

/**
 * Cache-Control for a file of the web root, by its path relative to the root ("assets/index-3f2a.js").
 * Vite puts content-hashed files under assets/, so they never change; the entry points must be revalidated.
 */
export function cacheControlFor(pathInWebRoot: string): string {
  const path = pathInWebRoot.split(sep).join('/').replace(/^\/+/, '');
  if (path.startsWith('assets/')) return immutable;
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  if (entryPoints.has(fileName) || /^workbox-[\w-]+\.js$/.test(fileName)) return revalidate;
  return shortLived;
}

/** True when `webRoot` holds a built app (an index.html to serve at /). */
export function hasWebApp(webRoot: string): boolean {
  return existsSync(join(webRoot, 'index.html'));
}

/** Serves `webRoot` at /; without a built app the server keeps answering the API and says why / is missing. */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  if (!hasWebApp(webRoot)) {
    app.log.warn(
      { webRoot },
      'No index.html in WEB_ROOT: serving the API only (build the web app with npm run build)',
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: ['index.html'],
    // The build writes file.br and file.gz next to each text asset: sent as they are to a browser that accepts
    // them (brotli first), with Vary: accept-encoding; other files go through registerCompression.
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(relative(webRoot, filePath)));
    },
  });
}
