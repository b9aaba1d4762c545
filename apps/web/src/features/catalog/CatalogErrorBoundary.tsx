// When the catalogue cannot be drawn: "Erreur lors du chargement du catalogue" and a way to reload.
import { CircleExclamationPoint, RefreshCw } from 'lucide-react';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

export function CatalogLoadError() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('catalog');
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-10 text-center shadow-card"
    >
      <CircleExclamationPoint className="size-12 text-red-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-ink">{t('catalog.loadFailed')}</p>
      <p className="max-w-xs text-muted">{tc('loadFailedHint')}</p>
      <Button icon={<RefreshCw />} onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}

export class CatalogErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Catalogue failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CatalogLoadError /> : this.props.children;
  }
}
