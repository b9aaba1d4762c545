// One product in Gestion des Stocks: its level and threshold, −1 / +1 / +10, a count, a delivery, its history.
import { clsx } from 'clsx';
import { ClipboardCheck, ListClock, Truck } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_STOCK_STEPS, stockStatus, type Product, type QuickStockStep } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { PhotoThumbnail } from '../camera/PhotoThumbnail';
import { StockBadge } from './StockBadge';

export type StockAction = 'count' | 'restock' | 'history';

export interface StockCardProps {
  product: Product;
  onQuick: (product: Product, step: QuickStockStep) => void;
  onAction: (product: Product, action: StockAction) => void;
}

export function stepLabel(step: QuickStockStep) {
  return step > 0 ? `+${step}` : `−${Math.abs(step)}`;
}

const actionButton =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-line hover:bg-brand-50 active:bg-brand-100 [&>svg]:size-4 [&>svg]:shrink-0';

export const StockCard = memo(function StockCard({ product, onQuick, onAction }: StockCardProps) {
  const { t } = useTranslation();
  const { t: ti } = useTranslation('inventory');
  const format = useShopFormat();
  const alert = stockStatus(product) !== 'ok';
  return (
    <article aria-label={product.name} className="rounded-2xl bg-white p-3 shadow-card ring-1 ring-line/60">
      <div className="flex items-start gap-3">
        <PhotoThumbnail photoId={product.photoId} alt="" className="size-12 [&>svg]:size-6" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-ink">{product.name}</h2>
          <p className="truncate text-sm text-muted">
            {[product.brand, product.category].filter(Boolean).join(' · ')}
          </p>
        </div>
        <StockBadge product={product} />
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm tabular-nums">
        <span className={clsx(alert ? 'font-bold text-red-700' : 'font-semibold text-ink')}>
          {t('catalog.stock', { quantity: format.quantity(product.stock, product.isBulk) })}
        </span>
        <span className="text-muted">
          {t('inventory.threshold', { threshold: format.quantity(product.reorderThreshold, product.isBulk) })}
        </span>
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2" dir="ltr">
        {QUICK_STOCK_STEPS.map((step) => (
          <button
            key={step}
            type="button"
            aria-label={t('inventory.adjust', { step: stepLabel(step), name: product.name })}
            onClick={() => onQuick(product, step)}
            className={
              step < 0
                ? 'min-h-11 rounded-xl bg-red-50 font-bold text-red-700 tabular-nums hover:bg-red-100 active:bg-red-200'
                : 'min-h-11 rounded-xl bg-brand-50 font-bold text-brand-800 tabular-nums hover:bg-brand-100 active:bg-brand-200'
            }
          >
            {stepLabel(step)}
          </button>
        ))}
      </div>
      <div className="mt-2 grid grid-cols-3 gap-2">
        <button
          type="button"
          className={actionButton}
          aria-label={ti('card.countFor', { name: product.name })}
          onClick={() => onAction(product, 'count')}
        >
          <ClipboardCheck aria-hidden="true" />
          <span className="truncate">{ti('card.count')}</span>
        </button>
        <button
          type="button"
          className={actionButton}
          aria-label={ti('card.restockFor', { name: product.name })}
          onClick={() => onAction(product, 'restock')}
        >
          <Truck aria-hidden="true" />
          <span className="truncate">{ti('card.restock')}</span>
        </button>
        <button
          type="button"
          className={actionButton}
          aria-label={ti('card.historyFor', { name: product.name })}
          onClick={() => onAction(product, 'history')}
        >
          <ListClock aria-hidden="true" />
          <span className="truncate">{ti('card.history')}</span>
        </button>
      </div>
    </article>
  );
});
