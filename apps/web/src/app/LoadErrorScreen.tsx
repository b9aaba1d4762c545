// The full-screen "Erreur de Chargement" shown when the app cannot start, with a way to try again.
import { CircleExclamationPoint, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

export function LoadErrorScreen() {
  const { t } = useTranslation();
  return (
    <main
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas p-6 text-center"
    >
      <span
        className="inline-flex size-20 items-center justify-center rounded-full bg-red-100"
        aria-hidden="true"
      >
        <CircleExclamationPoint className="size-10 text-red-600" />
      </span>
      <h1 className="text-2xl font-bold text-ink">{t('app.loadErrorTitle')}</h1>
      <p className="text-lg text-ink">{t('app.loadError')}</p>
      <p className="max-w-xs text-muted">{t('app.loadErrorHint')}</p>
      <Button size="lg" icon={<RefreshCw />} onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </main>
  );
}
