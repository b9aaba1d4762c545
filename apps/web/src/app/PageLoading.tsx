// Shown in place of a page while its code loads (pages other than the dashboard are fetched on first visit).
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-center text-muted">
      <LoaderCircle className="size-8 animate-spin text-brand-600" aria-hidden="true" />
      <p>{t('app.loading')}</p>
    </div>
  );
}
