// Catalogue Produits: search by name or brand, filter by category, each product with price, stock and margin.
import { clsx } from 'clsx';
import { Package, PackageSearch } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchCatalog, stockStatus } from '@hanouti/core';
import type { Product } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useProducts } from '../../data/productsRepository';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui/SearchField';
import { StockBadge } from '../inventory/StockBadge';

const ALL = '';

function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation();
  const format = useShopFormat();
  const alert = stockStatus(product) !== 'ok';
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-3 shadow-card ring-1 ring-line/60">
      <span
        aria-hidden="true"
        className="inline-flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600"
      >
        <Package className="size-7" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink">{product.name}</p>
        <p className="truncate text-sm text-muted">
          {[product.brand, product.category].filter(Boolean).join(' · ')}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-bold text-brand-800 tabular-nums">{format.money(product.salePrice)}</span>
          <span className={clsx('text-sm tabular-nums', alert ? 'font-semibold text-red-700' : 'text-muted')}>
            {t('catalog.stock', { quantity: format.quantity(product.stock, product.isBulk) })}
          </span>
          {alert ? <StockBadge product={product} /> : null}
        </div>
        <p className="text-sm text-muted tabular-nums">
          {t('catalog.margin', { amount: format.money(product.salePrice - product.purchasePrice) })}
        </p>
      </div>
    </li>
  );
}

export function CatalogPage() {
  const { t } = useTranslation();
  const products = useProducts();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);

  const categories = useMemo(
    () =>
      [...new Set((products ?? []).map((product) => product.category))].sort((a, b) => a.localeCompare(b)),
    [products],
  );
  const shown = useMemo(() => {
    const inCategory = (products ?? []).filter(
      (product) => category === ALL || product.category === category,
    );
    return query.trim() ? searchCatalog(inCategory, query) : inCategory;
  }, [products, category, query]);

  if (products === undefined) return null;
  if (products.length === 0) {
    return <EmptyState icon={<Package />} title={t('catalog.emptyCatalog')} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <SearchField label={t('catalog.searchPlaceholder')} value={query} onChange={setQuery} />
      <div
        role="group"
        aria-label={t('catalog.categories')}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1"
      >
        {[ALL, ...categories].map((name) => (
          <button
            key={name || 'all'}
            type="button"
            aria-pressed={category === name}
            onClick={() => setCategory(name)}
            className={clsx(
              'min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 ring-inset transition-colors',
              category === name
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-brand-800 ring-line',
            )}
          >
            {name === ALL ? t('app.all') : name}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={<PackageSearch />} title={t('catalog.noProductFound')} />
      ) : (
        <ul className="flex flex-col gap-2">
          {shown.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ul>
      )}
    </div>
  );
}
