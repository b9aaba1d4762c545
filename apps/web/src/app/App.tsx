// The app's root: prepares the local data, then shows the shell; a load failure gets its own screen.
import { Direction } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@hanouti/core';
import { prepareLocalData } from '../data/startup';
import { syncEngine } from '../sync/syncEngine';
import { applyLanguage } from '../i18n/i18n';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { Toaster } from '../ui/Toaster';
import { AppShell } from './AppShell';
import { LoadErrorScreen } from './LoadErrorScreen';
import { LoadingScreen } from './LoadingScreen';

type Startup = { status: 'loading' } | { status: 'ready'; settings: Settings } | { status: 'failed' };

export type PrepareApp = () => Promise<{ settings: Settings }>;

// One start per page load even when React runs effects twice (StrictMode): seeding must not race itself.
const startups = new WeakMap<PrepareApp, Promise<Settings>>();

function startOnce(prepare: PrepareApp): Promise<Settings> {
  let startup = startups.get(prepare);
  if (!startup) {
    startup = prepare().then(async ({ settings }) => {
      await applyLanguage(settings.language);
      performance.mark('hanouti:start:language-applied');
      // Sync is optional: without a cloud account start() does nothing, and a failure never blocks selling.
      syncEngine.start().catch((error: unknown) => console.warn('Sync could not start', error));
      return settings;
    });
    startups.set(prepare, startup);
  }
  return startup;
}

export function App({ prepare = prepareLocalData }: { prepare?: PrepareApp }) {
  const { i18n } = useTranslation();
  const [startup, setStartup] = useState<Startup>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    startOnce(prepare).then(
      (settings) => {
        if (current) setStartup({ status: 'ready', settings });
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
      <Toaster />
      <UpdatePrompt />
    </Direction.Provider>
  );
}
