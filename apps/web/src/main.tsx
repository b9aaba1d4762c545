// Entry point: starts the app (database, checks, settings), applies the 24-hour cache rule, then mounts the app.
import './ui/theme.css';
import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Settings } from '@hanouti/core';
import { App, startOnce } from './app/App';
import { resetCachesIfBuildIsStale } from './pwa/buildAgeReset';

// Every module of the first download has run (the start's steps follow: data/startup.ts).
performance.mark('hanouti:start:scripts-run');
// The database opens and the start's checks run at once, while index.html's splash is on screen. React draws
// nothing until the start is done (the shell then comes in one go, with no loading screen drawn, laid out and thrown
// away) or SPLASH_ALONE_MS have passed (a long start, e.g. a migration: App's own loading screen, in the shop's
// language, then takes the splash's place).
const SPLASH_ALONE_MS = 1000;
let ready: Settings | undefined;
// A failure is App's to show (LoadErrorScreen): here it only ends the wait.
const started = startOnce().then(
  (settings) => {
    ready = settings;
  },
  () => undefined,
);
const splashTimeUp = new Promise<void>((resolve) => setTimeout(resolve, SPLASH_ALONE_MS));
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

void Promise.all([resetCachesIfBuildIsStale(), Promise.race([started, splashTimeUp])]).then(([reloading]) => {
  if (!reloading) {
    root.render(
      <StrictMode>
        <App ready={ready} />
      </StrictMode>,
    );
  }
});
