// One product of the catalogue: photo, name, brand, category, sale price, stock (red at the threshold) and margin.
import { clsx } from 'clsx';
import { Pencil, Trash } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { stockStatus, type Product } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { Checkbox } from '../../ui/Checkbox';
import { IconButton } from '../../ui/IconButton';
import { PhotoThumbnail } from '../camera/PhotoThumbnail';
import { StockBadge } from '../inventory/StockBadge';

export interface ProductCardProps {
  product: Product;
  /** In bulk-delete mode the card shows a checkbox instead of its edit and delete buttons. */
  selecting: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

export const ProductCard = memo(function ProductCard({
  product,
  selecting,
  selected,
  onToggle,
  onEdit,
  onDelete,
}: ProductCardProps) {
  const { t } = useTranslation('catalog');
  const { t: tShell } = useTranslation();
  const format = useShopFormat();
  const alert = stockStatus(product) !== 'ok';
  const margin = product.salePrice - product.purchasePrice;
  return (
    <article
      aria-label={product.name}
      onClick={selecting ? () => onToggle(product.id) : undefined}
      className={clsx(
        'flex items-start gap-3 rounded-2xl bg-white p-3 shadow-card ring-1 transition-colors',
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
      <PhotoThumbnail
        photoId={product.photoId}
        alt={t('photo.of', { name: product.name })}
        className="size-16"
      />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-ink">{product.name}</h2>
        <p className="truncate text-sm text-muted">
          {[product.brand, product.category].filter(Boolean).join(' · ')}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-bold text-brand-800 tabular-nums">
            {product.isBulk
              ? t('card.perKg', { price: format.money(product.salePrice) })
              : format.money(product.salePrice)}
          </span>
          <span
            className={clsx(
              'inline-flex items-center gap-1 text-sm tabular-nums',
              alert ? 'font-semibold text-red-700' : 'text-muted',
            )}
          >
            {tShell('catalog.stock', { quantity: format.quantity(product.stock, product.isBulk) })}
          </span>
          {alert ? <StockBadge product={product} /> : null}
        </p>
        <p className={clsx('text-sm tabular-nums', margin < 0 ? 'text-red-700' : 'text-muted')}>
          {tShell('catalog.margin', { amount: format.money(margin) })}
        </p>
      </div>
      {selecting ? null : (
        <div className="-me-1 flex shrink-0 flex-col">
          <IconButton
            label={t('card.edit', { name: product.name })}
            icon={<Pencil />}
            onClick={() => onEdit(product)}
          />
          <IconButton
            tone="danger"
            label={t('card.delete', { name: product.name })}
            icon={<Trash />}
            onClick={() => onDelete(product)}
          />
        </div>
      )}
    </article>
  );
});
