// The app's root: prepares the local data, then shows the shell; a load failure gets its own screen.
import { Direction } from 'radix-ui';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@hanouti/core';
import { prefetchDashboard } from '../data/dashboardRepository';
import { prepareLocalData } from '../data/startup';
import { syncEngine } from '../sync/syncEngine';
import { applyLanguage } from '../i18n/i18n';
import { AppShell } from './AppShell';
import { parsePageHash } from './navigation';
import { LoadErrorScreen } from './LoadErrorScreen';
import { LoadingScreen } from './LoadingScreen';

// The toasts' layer and the service worker's registration ("Mettre à jour") are their own chunk, mounted once the
// first screen is up: neither has anything to show before it (a toast published earlier waits in toastStore), and
// their code (Radix Toast, workbox-window) is not run before the dashboard. A chunk that cannot load shows nothing.
const nothing: { default: ComponentType } = { default: () => null };
const Toaster = lazy(() =>
  import('../ui/Toaster').then(
    ({ Toaster }) => ({ default: Toaster }),
    () => nothing,
  ),
);
const UpdatePrompt = lazy(() =>
  import('../pwa/UpdatePrompt').then(
    ({ UpdatePrompt }) => ({ default: UpdatePrompt }),
    () => nothing,
  ),
);

/** The longest the idle work below waits for an idle moment (a busy page still gets it). */
const IDLE_TIMEOUT_MS = 2000;

/** Runs `work` when the page is next idle (at most IDLE_TIMEOUT_MS later); returns how to cancel it. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}

/** True once the page has been idle after `ready` became true (the first screen is painted by then). */
function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    return whenIdle(() => setIdle(true));
  }, [ready, idle]);
  return idle;
}

type Startup = { status: 'loading' } | { status: 'ready'; settings: Settings } | { status: 'failed' };

export type PrepareApp = () => Promise<{ settings: Settings }>;

// One start per page load even when React runs effects twice (StrictMode): seeding must not race itself.
const startups = new WeakMap<PrepareApp, Promise<Settings>>();

/**
 * Starts the app's preparation (database, checks, settings, language) once per page load; main.tsx calls it before
 * the first render, so that the database opens while the modules' last work and the splash are done.
 */
export function startOnce(prepare: PrepareApp = prepareLocalData): Promise<Settings> {
  let startup = startups.get(prepare);
  if (!startup) {
    startup = prepare().then(async ({ settings }) => {
      // The first screen is the dashboard: its figures are read now, with the language's catalogue, so that it is
      // drawn once, with them (data/dashboardRepository.ts).
      const figures =
        parsePageHash(window.location.hash).page === 'dashboard' ? prefetchDashboard() : undefined;
      await applyLanguage(settings.language);
      performance.mark('hanouti:start:language-applied');
      await figures;
      performance.mark('hanouti:start:dashboard-read');
      // Sync is optional: without a cloud account start() does nothing, and a failure never blocks selling. It
      // starts once the first screen is drawn, so that its reads do not wait in line before the dashboard's.
      whenIdle(() => {
        syncEngine.start().catch((error: unknown) => console.warn('Sync could not start', error));
      });
      return settings;
    });
    startups.set(prepare, startup);
  }
  return startup;
}

export type AppProps = {
  prepare?: PrepareApp;
  /** The settings of a start already finished (main.tsx waits for it): the shell is drawn at once. */
  ready?: Settings;
};

export function App({ prepare = prepareLocalData, ready }: AppProps) {
  const { i18n } = useTranslation();
  const [startup, setStartup] = useState<Startup>(
    ready ? { status: 'ready', settings: ready } : { status: 'loading' },
  );
  const extrasShown = useIdleAfter(startup.status !== 'loading');

  useEffect(() => {
    let current = true;
    startOnce(prepare).then(
      (settings) => {
        // The same settings as `ready`: the state stays as it is, so the shell is not drawn again.
        if (current) {
          setStartup((shown) =>
            shown.status === 'ready' && shown.settings === settings ? shown : { status: 'ready', settings },
          );
        }
      },
      (error: unknown) => {
        console.error('Hanouti failed to start', error);
        if (current) setStartup({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [prepare]);

  return (
    <Direction.Provider dir={i18n.dir()}>
      {startup.status === 'loading' ? <LoadingScreen /> : null}
      {startup.status === 'failed' ? <LoadErrorScreen /> : null}
      {startup.status === 'ready' ? <AppShell initialSettings={startup.settings} /> : null}
      {extrasShown ? (
        <Suspense fallback={null}>
          <Toaster />
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </Direction.Provider>
  );
}
