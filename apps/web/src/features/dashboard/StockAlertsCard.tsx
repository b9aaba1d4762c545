// The alert panel: the first 3 products at or below their threshold, and how many more wait in the stock page.
import { clsx } from 'clsx';
import { ChevronRight, TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StockAlert } from '@hanouti/core';
import { pageHash } from '../../app/navigation';
import { useShopFormat } from '../../app/useShopFormat';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';

export function StockAlertsCard({ alerts, total }: { alerts: readonly StockAlert[]; total: number }) {
  const { t } = useTranslation('dashboard');
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const others = total - alerts.length;
  return (
    <Card
      title={t('alertsTitle')}
      icon={<TriangleExclamationPoint />}
      action={
        total > 0 ? (
          <a
            href={pageHash('inventory')}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700"
          >
            {tApp('dashboard.seeInventory')}
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </a>
        ) : null
      }
    >
      {alerts.length === 0 ? (
        <p className="text-muted">{t('noAlerts')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" aria-label={t('alertsTitle')}>
          {alerts.map((alert) => {
            const out = alert.currentStock <= 0;
            return (
              <li key={alert.productId} className="flex min-h-12 items-center gap-3 py-1.5">
                <span
                  aria-hidden="true"
                  className={clsx('size-2.5 shrink-0 rounded-full', out ? 'bg-red-600' : 'bg-saffron-500')}
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{alert.productName}</p>
                  <p className="text-sm text-muted tabular-nums">
                    {t('alertStock', {
                      stock: format.quantity(alert.currentStock),
                      threshold: format.quantity(alert.threshold),
                    })}
                  </p>
                </div>
                <Badge tone={out ? 'danger' : 'warning'}>{out ? t('alertOut') : t('alertLow')}</Badge>
              </li>
            );
          })}
        </ul>
      )}
      {others > 0 ? (
        <p className="mt-2 text-sm text-muted">
          {t('moreAlerts', { count: others, replace: { count: format.count(others) } })}
        </p>
      ) : null}
    </Card>
  );
}
