import { describe, expect, it } from 'vitest';
import { cacheControlFor, immutable, revalidate, shortLived } from './webApp.js';

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
