// One product in Gestion des Stocks: its level and threshold, −1 / +1 / +10, a count, a delivery, its history.
import { clsx } from 'clsx';
import { ClipboardCheck, ListClock, Truck } from 'lucide-react';
import { memo } from 'react';
import type { TFunction } from 'i18next';
import { QUICK_STOCK_STEPS, stockStatus, type Product, type QuickStockStep } from '@hanouti/core';
import { ListThumbnail } from '../../ui/list/ListThumbnail';
import { cardActionClasses } from '../../ui/Button';
import { brandAndCategory } from '../../ui/product/brandAndCategory';
import { CARD_TEXT_MAX_LINES, contentWidth, lineWidth, linesFor, remPx } from '../../ui/list/textLines';
import type { ShopFormat } from '../../app/useShopFormat';
import { StockBadge } from './StockBadge';
import type { StockStatusLabels } from '../../ui/product/useStockStatusLabels';
import { USER_TEXT } from '../../ui/bidi';

export type StockAction = 'count' | 'restock' | 'history';

/** What every card of the list shares, read once by the page: hooks in each card cost more than the card. */
export interface StockCardContext {
  t: TFunction;
  ti: TFunction<'inventory'>;
  format: ShopFormat;
  statusLabels: StockStatusLabels;
}

/** A stock card with a one-line name and a one-line brand and category is this tall (rem). */
export const STOCK_CARD_HEIGHT_REM = 12.75;

/**
 * The card's height (rem), known from the product alone so that the list never measures a row: its name and its
 * brand and category take one to four lines each (measured on a canvas, textLines.ts), never cut at 360 px.
 */
export function stockCardHeightRem(product: Product): number {
  // The text column: padding, photo and gaps, and the stock badge (wider when it warns); in rem, as the card is
  // drawn (96, 64 and 136 px at the phone's usual text size).
  const rem = remPx();
  const width = contentWidth() - 6 * rem - (stockStatus(product) === 'ok' ? 4 : 8.5) * rem;
  // Up to four lines each (CARD_TEXT_MAX_LINES): beside a warning badge ("مخزون منخفض") the column is narrow.
  const nameLines = linesFor(product.name, 600, rem, width, CARD_TEXT_MAX_LINES);
  const brandLines = linesFor(brandAndCategory(product), 400, 0.875 * rem, width, CARD_TEXT_MAX_LINES);
  return STOCK_CARD_HEIGHT_REM + (nameLines - 1) * 1.5 + (brandLines - 1) * 1.25;
}

/**
 * Whether the card's three action words ("Inventaire", "Réception", "Historique") fit their buttons in the
 * buttons' own text size; where they do not (the phone's text at 130 %), the card draws them a size smaller
 * rather than cut them. Three buttons share the card's width less its padding (1.5 rem) and two gaps (1 rem);
 * each has 0.25 rem of padding on either side.
 */
export function stockActionWordsFit(words: readonly string[], rem: number): boolean {
  const button = (contentWidth() - 2.5 * rem) / 3 - 0.5 * rem;
  return words.every((word) => lineWidth(word, 600, 0.875 * rem) <= button);
}

export interface StockCardProps {
  product: Product;
  context: StockCardContext;
  onQuick: (product: Product, step: QuickStockStep) => void;
  onAction: (product: Product, action: StockAction) => void;
}

export function stepLabel(step: QuickStockStep) {
  return step > 0 ? `+${step}` : `−${Math.abs(step)}`;
}

export const StockCard = memo(function StockCard({
  product,
  context: { t, ti, format, statusLabels },
  onQuick,
  onAction,
}: StockCardProps) {
  const alert = stockStatus(product) !== 'ok';
  const words = [ti('card.count'), ti('card.restock'), ti('card.history')] as const;
  const wordClasses = clsx('max-w-full truncate', !stockActionWordsFit(words, remPx()) && 'text-xs');
  return (
    <article
      aria-label={product.name}
      className="h-full overflow-hidden rounded-2xl bg-white p-3 shadow-card ring-1 ring-line/60"
    >
      <div className="flex items-start gap-3">
        <ListThumbnail photoId={product.photoId} alt="" className="size-12 [&>svg]:size-6" />
        <div className="min-w-0 flex-1">
          <h2 {...USER_TEXT} className="line-clamp-4 font-semibold break-words text-ink">
            {product.name}
          </h2>
          <p {...USER_TEXT} className="line-clamp-4 text-sm break-words text-muted">
            {brandAndCategory(product)}
          </p>
        </div>
        <span className="shrink-0">
          <StockBadge product={product} labels={statusLabels} />
        </span>
      </div>
      <p className="mt-2 flex gap-x-4 text-sm whitespace-nowrap tabular-nums">
        <span className={clsx('shrink-0', alert ? 'font-bold text-red-700' : 'font-semibold text-ink')}>
          {t('catalog.stock', { quantity: format.quantity(product.stock, product.isBulk) })}
        </span>
        <span className="min-w-0 truncate text-muted">
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
          className={cardActionClasses}
          aria-label={ti('card.countFor', { name: product.name })}
          onClick={() => onAction(product, 'count')}
        >
          <ClipboardCheck aria-hidden="true" />
          <span className={wordClasses}>{words[0]}</span>
        </button>
        <button
          type="button"
          className={cardActionClasses}
          aria-label={ti('card.restockFor', { name: product.name })}
          onClick={() => onAction(product, 'restock')}
        >
          <Truck aria-hidden="true" />
          <span className={wordClasses}>{words[1]}</span>
        </button>
        <button
          type="button"
          className={cardActionClasses}
          aria-label={ti('card.historyFor', { name: product.name })}
          onClick={() => onAction(product, 'history')}
        >
          <ListClock aria-hidden="true" />
          <span className={wordClasses}>{words[2]}</span>
        </button>
      </div>
    </article>
  );
});
