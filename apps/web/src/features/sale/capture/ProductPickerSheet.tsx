// "Choisir un Produit": a searchable sheet of at most 10 products in stock.
import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@hanouti/core';
import { useShopFormat } from '../../../app/useShopFormat';
import { useProductSearch } from '../../../data/productsRepository';
import { USER_TEXT } from '../../../ui/bidi';
import { BottomSheet } from '../../../ui/BottomSheet';
import { EmptyState } from '../../../ui/EmptyState';
import { SearchField } from '../../../ui/SearchField';
import { PhotoThumbnail } from '../../../ui/camera/PhotoThumbnail';
import { PICKER_OPTIONS } from './reviewItems';

function Results({ query, onPick }: { query: string; onPick: (product: Product) => void }) {
  const { t } = useTranslation('sale');
  const format = useShopFormat();
  const results = useProductSearch(query, PICKER_OPTIONS)?.filter((p) => !p.isBulk);
  if (results && results.length === 0)
    return <EmptyState icon={<PackageSearch />} title={t('capture.pickerEmpty')} />;
  return (
    <ul className="flex flex-col divide-y divide-line" aria-label={t('capture.pickerTitle')}>
      {(results ?? []).map((product) => (
        <li key={product.id}>
          <button
            type="button"
            onClick={() => onPick(product)}
            className="flex min-h-14 w-full items-center gap-3 py-2 text-start hover:bg-brand-50 active:bg-brand-100"
          >
            <PhotoThumbnail photoId={product.photoId} alt="" className="size-11" />
            <span className="min-w-0 flex-1">
              <span {...USER_TEXT} className="block font-semibold break-words text-ink">
                {product.name}
              </span>
              <span {...USER_TEXT} className="block text-sm break-words text-muted">
                {product.brand}
              </span>
            </span>
            <span className="font-semibold text-ink tabular-nums">{format.money(product.salePrice)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ProductPickerSheet({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (product: Product) => void;
}) {
  const { t } = useTranslation('sale');
  const [query, setQuery] = useState('');
  // Each opening starts a new search, however the sheet was closed (Terminé, a pick, the page closing it).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setQuery('');
  }
  return (
    <BottomSheet
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuery('');
        onOpenChange(next);
      }}
      title={t('capture.pickerTitle')}
    >
      <div className="flex flex-col gap-3">
        <SearchField label={t('capture.pickerSearch')} value={query} onChange={setQuery} />
        {open ? (
          <Results
            query={query}
            onPick={(product) => {
              // The next Changer starts a new search.
              setQuery('');
              onPick(product);
            }}
          />
        ) : null}
      </div>
    </BottomSheet>
  );
}
