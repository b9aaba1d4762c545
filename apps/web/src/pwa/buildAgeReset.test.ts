import { describe, expect, it, vi } from 'vitest';
import { BUILD_MAX_AGE_MS } from './buildAge';
import { BUILD_TIME_KEY, resetCachesIfBuildIsStale } from './buildAgeReset';
import type { BuildAgeEnvironment } from './buildAgeReset';

const OLD_BUILD = '2025-06-01T00:00:00.000Z';
const NEW_BUILD = new Date(Date.parse(OLD_BUILD) + BUILD_MAX_AGE_MS * 2).toISOString();
const CART_KEY = 'hanouti.cart';

function environment(stored: string | null, online = true) {
  const storage = new Map<string, string>([[CART_KEY, '{"lines":[{"productId":"p1","qty":2}]}']]);
  if (stored) storage.set(BUILD_TIME_KEY, stored);
  const cacheNames = new Set(['workbox-precache-v2-https://shop.example/', 'images']);
  const unregister = vi.fn(() => Promise.resolve(true));
  const reload = vi.fn();
  const env: BuildAgeEnvironment = {
    currentBuildTime: NEW_BUILD,
    online,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
    cacheStorage: {
      keys: () => Promise.resolve([...cacheNames]),
      delete: (name) => Promise.resolve(cacheNames.delete(name)),
    },
    serviceWorker: { getRegistrations: () => Promise.resolve([{ unregister }]) },
    reload,
  };
  return { env, storage, cacheNames, unregister, reload };
}

describe('resetCachesIfBuildIsStale', () => {
  it('clears Cache Storage and reloads, leaving the cart in localStorage untouched', async () => {
    const { env, storage, cacheNames, unregister, reload } = environment(OLD_BUILD);
    const cartBefore = storage.get(CART_KEY);
    await expect(resetCachesIfBuildIsStale(env)).resolves.toBe(true);
    expect(cacheNames.size).toBe(0);
    expect(unregister).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.get(CART_KEY)).toBe(cartBefore);
    expect(storage.get(BUILD_TIME_KEY)).toBe(NEW_BUILD);
    expect([...storage.keys()].sort()).toEqual([BUILD_TIME_KEY, CART_KEY].sort());
  });

  it('keeps IndexedDB data', async () => {
    const request = indexedDB.open('hanouti-build-age-probe', 1);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onupgradeneeded = () =>
        request.result.createObjectStore('sales').put({ total: 1500 }, 'sale-1');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    await resetCachesIfBuildIsStale(environment(OLD_BUILD).env);
    const kept = await new Promise<unknown>((resolve, reject) => {
      const get = db.transaction('sales').objectStore('sales').get('sale-1');
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error ?? new Error('read failed'));
    });
    db.close();
    expect(kept).toEqual({ total: 1500 });
  });

  it('only records the build on a first visit', async () => {
    const { env, storage, cacheNames, reload } = environment(null);
    await expect(resetCachesIfBuildIsStale(env)).resolves.toBe(false);
    expect(storage.get(BUILD_TIME_KEY)).toBe(NEW_BUILD);
    expect(cacheNames.size).toBe(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('waits for the network before clearing anything', async () => {
    const { env, storage, cacheNames, reload } = environment(OLD_BUILD, false);
    await expect(resetCachesIfBuildIsStale(env)).resolves.toBe(false);
    expect(storage.get(BUILD_TIME_KEY)).toBe(OLD_BUILD);
    expect(cacheNames.size).toBe(2);
    expect(reload).not.toHaveBeenCalled();
  });
});
