// Bottom sheet to add products: IA photo, and a search of at most 10 products in stock; Enter on a barcode adds it.
import { Camera, Check, PackageSearch, Plus, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_ADD_LIMIT, type Cart, type Product } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useProductSearch } from '../../data/productsRepository';
import { BottomSheet } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui/SearchField';
import { AiPhotoButton, AiPhotoUnavailableNote } from './AiPhotoButton';
import { USER_TEXT } from '../../ui/bidi';

const SEARCH_OPTIONS = { inStockOnly: true, limit: QUICK_ADD_LIMIT } as const;

export function AddProductSheet({
  open,
  onOpenChange,
  cart,
  onAdd,
  onBulk,
  onScan,
  onAiPhoto,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cart: Cart;
  onAdd: (product: Product) => void;
  onBulk: (product: Product) => void;
  /** A code typed or scanned in the search box; returns true when it matched a product. */
  onScan: (code: string) => Promise<boolean>;
  onAiPhoto?: () => void;
}) {
  const { t } = useTranslation('sale');
  const [query, setQuery] = useState('');
  // Each opening starts a new search, however the sheet was closed (Terminé, a pick, the page closing it).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setQuery('');
  }
  const reasonId = useId();

  return (
    <BottomSheet
      open={open}
      onOpenChange={(next) => {
        // Each opening starts a new search, however the sheet was closed.
        if (!next) setQuery('');
        onOpenChange(next);
      }}
      title={t('sheet.title')}
      footer={
        <Button
          fullWidth
          variant="secondary"
          icon={<Check />}
          onClick={() => {
            setQuery('');
            onOpenChange(false);
          }}
        >
          {t('sheet.done')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <AiPhotoButton onOpen={onAiPhoto} icon={<Camera />} reasonId={reasonId} />
        {onAiPhoto ? null : <AiPhotoUnavailableNote id={reasonId} />}
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const code = query.trim();
            if (code === '') return;
            void onScan(code).then((found) => {
              if (found) setQuery('');
            });
          }}
        >
          <SearchField label={t('sheet.search')} value={query} onChange={setQuery} />
        </form>
        <QuickAddResults query={query} cart={cart} onAdd={onAdd} onBulk={onBulk} />
      </div>
    </BottomSheet>
  );
}

/**
 * The matching products. Mounted only while the sheet is open, so the catalogue is not read (nor its
 * search index rebuilt after every sale) while the shopkeeper is not searching.
 */
function QuickAddResults({
  query,
  cart,
  onAdd,
  onBulk,
}: {
  query: string;
  cart: Cart;
  onAdd: (product: Product) => void;
  onBulk: (product: Product) => void;
}) {
  const { t } = useTranslation('sale');
  const format = useShopFormat();
  const results = useProductSearch(query, SEARCH_OPTIONS);
  return (
    <>
      {results && results.length === 0 ? (
        <EmptyState icon={<PackageSearch />} title={t('sheet.noResult')} description={t('sheet.hint')} />
      ) : (
        <ul className="flex flex-col divide-y divide-line" aria-label={t('sheet.title')}>
          {(results ?? []).map((product) => {
            const inCart = cart.lines.find((line) => line.productId === product.id)?.quantity;
            return (
              <li key={product.id}>
                <button
                  type="button"
                  onClick={() => (product.isBulk ? onBulk(product) : onAdd(product))}
                  className="flex min-h-14 w-full items-center gap-3 py-2 text-start hover:bg-brand-50 active:bg-brand-100"
                >
                  <span className="min-w-0 flex-1">
                    <span {...USER_TEXT} className="block font-semibold break-words text-ink">
                      {product.name}
                    </span>
                    <span className="block text-sm break-words text-muted">
                      {[
                        product.brand,
                        t('sheet.stock', { quantity: format.quantity(product.stock, product.isBulk) }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    {inCart !== undefined ? (
                      <span className="block text-sm font-medium text-brand-700">
                        {t('sheet.inCart', { quantity: format.quantity(inCart, product.isBulk) })}
                      </span>
                    ) : null}
                  </span>
                  <span className="font-semibold text-ink tabular-nums">
                    {product.isBulk
                      ? t('kgPrice', { price: format.money(product.salePrice) })
                      : format.money(product.salePrice)}
                  </span>
                  <span
                    aria-hidden="true"
                    className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white [&>svg]:size-5"
                  >
                    {product.isBulk ? <Scale /> : <Plus />}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
