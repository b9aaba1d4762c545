// One product of the catalogue: photo, name, brand, category, sale price, stock (red at the threshold) and margin.
import { clsx } from 'clsx';
import { Pencil, ScanEye, Trash, TriangleExclamationPoint } from 'lucide-react';
import { memo } from 'react';
import type { TFunction } from 'i18next';
import { stockStatus, type Product } from '@hanouti/core';
import { Checkbox } from '../../ui/Checkbox';
import { IconButton } from '../../ui/IconButton';
import { ADVISED_VIEWS } from '../../ui/product/views';
import { ListThumbnail } from '../../ui/list/ListThumbnail';
import { brandAndCategory } from '../../ui/product/brandAndCategory';
import { CARD_TEXT_MAX_LINES, contentWidth, lineWidth, linesFor, remPx } from '../../ui/list/textLines';
import type { StockStatusLabels } from '../../ui/product/useStockStatusLabels';
import type { ShopFormat } from '../../app/useShopFormat';
import { USER_TEXT } from '../../ui/bidi';

/** What every card of the list shares, read once by the page: hooks in each card cost more than the card. */
export interface ProductCardContext {
  t: TFunction<'catalog'>;
  tShell: TFunction;
  format: ShopFormat;
  statusLabels: StockStatusLabels;
}

export interface ProductCardProps {
  product: Product;
  context: ProductCardContext;
  /** In bulk-delete mode the card shows a checkbox instead of its edit and delete buttons. */
  selecting: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
  onEdit: (product: Product) => void;
  /** Left out on a staff phone, which may not delete: the card then has no delete button. */
  onDelete?: (product: Product) => void;
  /** Views recognition has of the product (its photo, extra and learnt ones); flagged below ADVISED_VIEWS. */
  views?: number;
}

/** A card with a one-line name and a one-line brand and category is this tall (rem). */
export const PRODUCT_CARD_HEIGHT_REM = 8.375;

/**
 * The card's height (rem), known from the product alone so that the list never measures a row: its name and its
 * brand and category take one to four lines each, as measured on a canvas (textLines.ts), never cut at 360 px.
 */
/** Width (px) of the card's text column: the card's padding, photo, gaps and the edit/delete column (or the
 * checkbox) taken off (9.5 rem, 152 px at the phone's usual text size; all in rem, as the card is drawn). */
function textColumnWidth(rem: number): number {
  return contentWidth() - 9.5 * rem;
}

/**
 * Whether the few-views badge holds its words beside the price on one line (the price bold at 1 rem, the badge's
 * words at 0.75 rem after its 0.875-rem icon, its padding and the gaps). Where it does not (a 320-px phone, a
 * larger text, a long price), the card shows the badge's number alone: a word cut to "0…" said nothing.
 */
export function viewsBadgeFits(price: string, words: string, rem: number, columnPx: number): boolean {
  const priceWidth = lineWidth(price, 700, rem);
  const badgeWidth = lineWidth(words, 600, 0.75 * rem) + (2 * 0.5 + 0.875 + 0.25) * rem;
  return priceWidth + 0.5 * rem + badgeWidth <= columnPx;
}

/** The card's margin line ("Marge : 2,50 MAD"). */
function marginText(
  product: Product,
  { tShell, format }: Pick<ProductCardContext, 'tShell' | 'format'>,
): string {
  return tShell('catalog.margin', { amount: format.money(product.salePrice - product.purchasePrice) });
}

export function productCardHeightRem(
  product: Product,
  context?: Pick<ProductCardContext, 'tShell' | 'format'>,
): number {
  const rem = remPx();
  const width = textColumnWidth(rem);
  // Up to four lines each (CARD_TEXT_MAX_LINES): at 320 px or with a larger text the column is narrow.
  const nameLines = linesFor(product.name, 600, rem, width, CARD_TEXT_MAX_LINES);
  const brandLines = linesFor(brandAndCategory(product), 400, 0.875 * rem, width, CARD_TEXT_MAX_LINES);
  // The margin's amount goes under its word where the line is too narrow for both (the text at 130 %).
  const marginLines = context ? linesFor(marginText(product, context), 400, 0.875 * rem, width, 2) : 1;
  return PRODUCT_CARD_HEIGHT_REM + (nameLines - 1) * 1.5 + (brandLines - 1) * 1.25 + (marginLines - 1) * 1.25;
}

export const ProductCard = memo(function ProductCard({
  product,
  context: { t, tShell, format, statusLabels },
  selecting,
  selected,
  onToggle,
  onEdit,
  onDelete,
  views,
}: ProductCardProps) {
  const status = stockStatus(product);
  const margin = product.salePrice - product.purchasePrice;
  const price = product.isBulk
    ? t('card.perKg', { price: format.money(product.salePrice) })
    : format.money(product.salePrice);
  const viewsWords =
    views !== undefined && views < ADVISED_VIEWS ? t('views.count', { count: views }) : undefined;
  return (
    <article
      aria-label={product.name}
      onClick={selecting ? () => onToggle(product.id) : undefined}
      className={clsx(
        'flex h-full items-start gap-3 overflow-hidden rounded-2xl bg-white p-3 shadow-card ring-1 transition-colors',
        selecting && 'cursor-pointer',
        selected ? 'bg-brand-50 ring-2 ring-brand-500' : 'ring-line/60',
      )}
    >
      {selecting ? (
        // The card itself toggles too: the checkbox's own click must not toggle twice.
        <div className="-ms-1 self-center" onClick={(event) => event.stopPropagation()}>
          <Checkbox
            label={t('bulk.select', { name: product.name })}
            hideLabel
            checked={selected}
            onCheckedChange={() => onToggle(product.id)}
          />
        </div>
      ) : null}
      <ListThumbnail
        photoId={product.photoId}
        alt={t('photo.of', { name: product.name })}
        className="size-16"
      />
      <div className="min-w-0 flex-1">
        <h2 {...USER_TEXT} className="line-clamp-4 font-semibold break-words text-ink">
          {product.name}
        </h2>
        <p {...USER_TEXT} className="line-clamp-4 text-sm break-words text-muted">
          {brandAndCategory(product)}
        </p>
        {/* The price is never cut (rows have a fixed height, so nothing wraps): the views' badge gives way. */}
        <div className="mt-0.5 flex items-center gap-2">
          <p className="max-w-full shrink-0 font-bold break-words text-brand-800 tabular-nums">{price}</p>
          {viewsWords !== undefined ? (
            // Few views: the photo sale may not recognise it; the form says how to add some.
            <span
              title={t('views.hint')}
              className="inline-flex min-w-0 items-center gap-1 overflow-hidden rounded-full bg-saffron-100 px-2 text-xs leading-5 font-semibold text-saffron-700"
            >
              <ScanEye className="size-3.5 shrink-0" aria-hidden="true" />
              {viewsBadgeFits(price, viewsWords, remPx(), textColumnWidth(remPx())) ? (
                <span className="truncate">{viewsWords}</span>
              ) : (
                <>
                  <span aria-hidden="true" className="tabular-nums">
                    {format.count(views ?? 0)}
                  </span>
                  <span className="sr-only">{viewsWords}</span>
                </>
              )}
              <span className="sr-only">{t('views.hint')}</span>
            </span>
          ) : null}
        </div>
        <p
          className={clsx(
            'flex items-center gap-1.5 text-sm whitespace-nowrap tabular-nums',
            status === 'ok' ? 'text-muted' : 'font-semibold text-red-700',
          )}
        >
          {status === 'ok' ? null : (
            <TriangleExclamationPoint aria-hidden="true" className="size-4 shrink-0" />
          )}
          <span className="shrink-0">
            {tShell('catalog.stock', { quantity: format.quantity(product.stock, product.isBulk) })}
          </span>
          {/* The level's words are read out; the red number and the warning sign say it on screen (the
              words were cut at 360 px, in Arabic above all). */}
          {status === 'ok' ? null : <span className="sr-only">{statusLabels[status]}</span>}
        </p>
        <p
          className={clsx(
            'line-clamp-2 text-sm break-words tabular-nums',
            margin < 0 ? 'text-red-700' : 'text-muted',
          )}
        >
          {marginText(product, { tShell, format })}
        </p>
      </div>
      {selecting ? null : (
        <div className="-me-1 flex shrink-0 flex-col">
          <IconButton
            label={t('card.edit', { name: product.name })}
            icon={<Pencil />}
            onClick={() => onEdit(product)}
          />
          {onDelete ? (
            <IconButton
              tone="danger"
              label={t('card.delete', { name: product.name })}
              icon={<Trash />}
              onClick={() => onDelete(product)}
            />
          ) : null}
        </div>
      )}
    </article>
  );
});
