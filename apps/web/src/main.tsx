// Entry point: applies the 24-hour cache rule, then mounts the app.
import './ui/theme.css';
import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { resetCachesIfBuildIsStale } from './pwa/buildAgeReset';

// Every module of the first download has run (the start's steps follow: data/startup.ts).
performance.mark('hanouti:start:scripts-run');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

void resetCachesIfBuildIsStale().then((reloading) => {
  if (!reloading) {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
