// A product's stock movements, newest first: sales, quick adjustments, deliveries, counts.
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { Product } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useStockMovements } from '../../data/stockRepository';
import { BottomSheet } from '../../ui/BottomSheet';
import { withIsolatedName } from '../../ui/IsolatedName';

export interface MovementHistorySheetProps {
  product: Product;
  onClose: () => void;
}

export function MovementHistorySheet({ product, onClose }: MovementHistorySheetProps) {
  const { t } = useTranslation('inventory');
  const format = useShopFormat();
  const movements = useStockMovements(product.id);
  const signed = (delta: number) =>
    `${delta > 0 ? '+' : delta < 0 ? '−' : ''}${format.quantity(Math.abs(delta), product.isBulk)}`;
  return (
    <BottomSheet
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={withIsolatedName((name) => t('history.title', { name }), product.name)}
      description={t('entry.current', { quantity: format.quantity(product.stock, product.isBulk) })}
    >
      {movements === undefined ? null : movements.length === 0 ? (
        <p className="py-6 text-center text-muted">{t('history.empty')}</p>
      ) : (
        <ol aria-label={t('history.list')} className="flex flex-col divide-y divide-line">
          {movements.map((movement) => (
            <li key={movement.id} className="flex items-start gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{t(`history.kind.${movement.kind}`)}</p>
                <p className="text-sm text-muted">{format.dateTime(movement.at)}</p>
                {movement.note ? <p className="text-sm break-words text-muted">{movement.note}</p> : null}
              </div>
              <span
                dir="ltr"
                className={clsx(
                  'shrink-0 font-bold tabular-nums',
                  movement.delta < 0 ? 'text-red-700' : 'text-brand-700',
                )}
              >
                {signed(movement.delta)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </BottomSheet>
  );
}
