// The stock alerts at a glance: the three most urgent products, then how many others need attention.
import { TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ALERT_PANEL_SIZE, type StockAlert } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { StockBadge } from './StockBadge';
import { useStockStatusLabels } from '../../ui/product/useStockStatusLabels';
import { USER_TEXT } from '../../ui/bidi';

export interface AlertPanelProps {
  alerts: readonly StockAlert[];
  isBulk: (productId: string) => boolean;
}

export function AlertPanel({ alerts, isBulk }: AlertPanelProps) {
  const { t } = useTranslation('inventory');
  const format = useShopFormat();
  const statusLabels = useStockStatusLabels();
  if (alerts.length === 0) return null;
  const others = alerts.length - ALERT_PANEL_SIZE;
  return (
    <section aria-labelledby="stock-alerts-title" className="rounded-2xl bg-red-50 p-3 ring-1 ring-red-200">
      <h2 id="stock-alerts-title" className="flex items-center gap-2 font-semibold text-red-800">
        <TriangleExclamationPoint className="size-5" aria-hidden="true" />
        {t('alerts.title')}
      </h2>
      <ul className="mt-2 flex flex-col gap-1.5">
        {alerts.slice(0, ALERT_PANEL_SIZE).map((alert) => {
          const bulk = isBulk(alert.productId);
          return (
            // The badge goes under the name where the two do not fit side by side (a larger text): the name
            // keeps at least 8 rem rather than be broken inside its words.
            <li
              key={alert.productId}
              className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-white px-3 py-2"
            >
              <span className="min-w-0 grow basis-32">
                <span {...USER_TEXT} className="block font-medium break-words text-ink">
                  {alert.productName}
                </span>
                <span className="block text-sm text-muted tabular-nums">
                  {t('alerts.level', {
                    stock: format.quantity(alert.currentStock, bulk),
                    threshold: format.quantity(alert.threshold, bulk),
                  })}
                </span>
              </span>
              <StockBadge
                product={{ stock: alert.currentStock, reorderThreshold: alert.threshold }}
                labels={statusLabels}
              />
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <p className="mt-2 text-sm font-semibold text-red-800">{t('alerts.others', { count: others })}</p>
      ) : null}
    </section>
  );
}
