// Applies the 24-hour rule at start: clears Cache Storage only; IndexedDB and the cart in localStorage stay untouched.
import { decideBuildAge } from './buildAge';

export const BUILD_TIME_KEY = 'hanouti.buildTime';

export interface BuildAgeEnvironment {
  currentBuildTime: string;
  online: boolean;
  /** Only this one key is read and written; every other entry (the cart) is left alone. */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  cacheStorage?: Pick<CacheStorage, 'keys' | 'delete'>;
  serviceWorker?: { getRegistrations(): Promise<readonly Pick<ServiceWorkerRegistration, 'unregister'>[]> };
  reload: () => void;
}

function browserEnvironment(): BuildAgeEnvironment {
  return {
    currentBuildTime: __BUILD_TIME__,
    online: navigator.onLine,
    storage: window.localStorage,
    cacheStorage: 'caches' in window ? window.caches : undefined,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    reload: () => window.location.reload(),
  };
}

/**
 * Returns true when the page is about to reload. The service worker is unregistered with the caches so that, on the
 * reload, it installs again and precaches the running build: offline use comes back at once.
 */
export async function resetCachesIfBuildIsStale(
  env: BuildAgeEnvironment = browserEnvironment(),
): Promise<boolean> {
  try {
    const decision = decideBuildAge({
      storedBuildTime: env.storage.getItem(BUILD_TIME_KEY),
      currentBuildTime: env.currentBuildTime,
      online: env.online,
    });
    if (decision === 'keep' || decision === 'postpone') return false;
    if (decision === 'remember') {
      env.storage.setItem(BUILD_TIME_KEY, env.currentBuildTime);
      return false;
    }
    const { cacheStorage } = env;
    const cacheNames = cacheStorage ? await cacheStorage.keys() : [];
    if (cacheStorage) await Promise.all(cacheNames.map((name) => cacheStorage.delete(name)));
    const registrations = env.serviceWorker ? await env.serviceWorker.getRegistrations() : [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
    env.storage.setItem(BUILD_TIME_KEY, env.currentBuildTime);
    if (cacheNames.length === 0 && registrations.length === 0) return false;
    env.reload();
    return true;
  } catch (error) {
    // Storage can be unavailable (private mode, full disk); the app must still open.
    console.warn('Build-age check skipped', error);
    return false;
  }
}
