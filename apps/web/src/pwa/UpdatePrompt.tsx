// Registers the service worker and offers "Mettre à jour" when a new version of the app is waiting.
import { RefreshCw } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../ui/Button';
import { toast } from '../ui/toastStore';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** A phone may keep the app open for days: look for a new version every hour while online. */
function checkForUpdatesHourly(registration: ServiceWorkerRegistration) {
  window.setInterval(() => {
    if (navigator.onLine) void registration.update().catch(() => undefined);
  }, UPDATE_CHECK_INTERVAL_MS);
}

export function UpdatePrompt() {
  const { t } = useTranslation();
  const titleId = useId();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) checkForUpdatesHourly(registration);
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    toast({ title: t('pwa.offlineReady'), tone: 'success' });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, t]);

  if (!needRefresh) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-20 z-50 mx-auto max-w-md rounded-2xl bg-brand-800 p-4 text-white shadow-xl"
    >
      <div className="flex items-start gap-3">
        <RefreshCw className="mt-0.5 size-6 shrink-0 text-saffron-300" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p id={titleId} className="font-semibold">
            {t('pwa.updateAvailable')}
          </p>
          <p className="text-sm text-brand-100">{t('pwa.updateHint')}</p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button
          variant="ghost"
          className="text-white hover:bg-white/10"
          onClick={() => setNeedRefresh(false)}
        >
          {t('pwa.later')}
        </Button>
        <Button variant="accent" onClick={() => void updateServiceWorker(true)}>
          {t('pwa.update')}
        </Button>
      </div>
    </div>
  );
}
