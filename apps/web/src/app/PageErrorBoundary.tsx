// Catches a page that fails to render, so one broken screen never takes the whole till down.
import { CircleExclamationPoint, RefreshCw } from 'lucide-react';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

function PageErrorFallback() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-10 text-center shadow-card"
    >
      <CircleExclamationPoint className="size-12 text-red-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-ink">{t('app.pageError')}</p>
      <p className="max-w-xs text-muted">{t('app.pageErrorHint')}</p>
      <Button icon={<RefreshCw />} onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}

interface PageErrorBoundaryState {
  failed: boolean;
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): PageErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageErrorFallback /> : this.props.children;
  }
}
