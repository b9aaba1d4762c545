// Shown while the local database opens and the settings load.
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../ui/Logo';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-canvas p-6 text-center"
    >
      <Logo className="size-20 rounded-3xl shadow-card" />
      <p className="text-2xl font-bold text-brand-800">{t('app.name')}</p>
      <LoaderCircle className="size-8 animate-spin text-brand-600" aria-hidden="true" />
      <p className="text-muted">{t('app.loading')}</p>
    </div>
  );
}
