// Gestion des Stocks: stock value and alerts, filter All / Low / Out, quick −1 / +1 / +10 on each product.
import { Ban, Boxes, ChevronRight, Coins, PackageSearch, TriangleExclamationPoint } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_STOCK_STEPS, searchInventory, stockStatus, stockValue } from '@hanouti/core';
import type { Product, QuickStockStep } from '@hanouti/core';
import { pageHash } from '../../app/navigation';
import { useShopFormat } from '../../app/useShopFormat';
import { useProducts } from '../../data/productsRepository';
import { adjustStock } from '../../data/stockRepository';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui/SearchField';
import { StatCard } from '../../ui/StatCard';
import { Tabs } from '../../ui/Tabs';
import { toast } from '../../ui/toastStore';
import { StockBadge } from './StockBadge';

type StockFilter = 'all' | 'low' | 'out';

function useQuickStock() {
  const { t } = useTranslation();
  return async (product: Product, step: QuickStockStep) => {
    try {
      const result = await adjustStock(product.id, step);
      if (!result.ok && result.error === 'negative-stock') {
        toast({ title: t('inventory.stockCannotBeNegative'), tone: 'error' });
      } else if (!result.ok) {
        toast({ title: t('inventory.stockUpdateFailed'), tone: 'error' });
      }
    } catch (error) {
      console.error('Stock not updated', error);
      toast({ title: t('inventory.stockUpdateFailed'), tone: 'error' });
    }
  };
}

function stepLabel(step: QuickStockStep) {
  return step > 0 ? `+${step}` : `−${Math.abs(step)}`;
}

export function InventoryPage() {
  const { t } = useTranslation();
  const format = useShopFormat();
  const products = useProducts();
  const quickStock = useQuickStock();
  const [filter, setFilter] = useState<StockFilter>('all');
  const [query, setQuery] = useState('');

  const all = useMemo(() => products ?? [], [products]);
  const low = all.filter((product) => stockStatus(product) === 'low').length;
  const out = all.filter((product) => stockStatus(product) === 'out').length;
  const shown = useMemo(() => {
    const filtered = filter === 'all' ? all : all.filter((product) => stockStatus(product) === filter);
    return query.trim() ? searchInventory(filtered, query) : filtered;
  }, [all, filter, query]);

  if (products === undefined) return null;
  return (
    <div className="flex flex-col gap-3">
      <StatCard icon={<Coins />} label={t('inventory.stockValue')} value={format.money(stockValue(all))} />
      <div className="grid grid-cols-2 gap-3">
        <StatCard
          tone="accent"
          icon={<TriangleExclamationPoint />}
          label={t('inventory.lowStock')}
          value={low}
        />
        <StatCard tone="danger" icon={<Ban />} label={t('inventory.outOfStock')} value={out} />
      </div>
      <SearchField label={t('inventory.searchPlaceholder')} value={query} onChange={setQuery} />
      <Tabs
        label={t('inventory.filter')}
        value={filter}
        onValueChange={setFilter}
        items={[
          { value: 'all', label: t('inventory.tabAll') },
          { value: 'low', label: t('inventory.tabLow') },
          { value: 'out', label: t('inventory.tabOut') },
        ]}
      />
      {shown.length === 0 ? (
        <EmptyState
          icon={all.length === 0 ? <Boxes /> : <PackageSearch />}
          title={t('catalog.noProductFound')}
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {shown.map((product) => (
            <li key={product.id} className="rounded-2xl bg-white p-3 shadow-card ring-1 ring-line/60">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-ink">{product.name}</p>
                  <p className="text-sm text-muted tabular-nums">
                    {t('catalog.stock', { quantity: format.quantity(product.stock, product.isBulk) })}
                    <span className="ms-3">
                      {t('inventory.threshold', {
                        threshold: format.quantity(product.reorderThreshold, product.isBulk),
                      })}
                    </span>
                  </p>
                </div>
                <StockBadge product={product} />
              </div>
              <div className="mt-2 grid grid-cols-3 gap-2" dir="ltr">
                {QUICK_STOCK_STEPS.map((step) => (
                  <button
                    key={step}
                    type="button"
                    aria-label={t('inventory.adjust', { step: stepLabel(step), name: product.name })}
                    onClick={() => void quickStock(product, step)}
                    className={
                      step < 0
                        ? 'min-h-11 rounded-xl bg-red-50 font-bold text-red-700 tabular-nums hover:bg-red-100'
                        : 'min-h-11 rounded-xl bg-brand-50 font-bold text-brand-800 tabular-nums hover:bg-brand-100'
                    }
                  >
                    {stepLabel(step)}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <a
        href={pageHash('catalog')}
        className="flex min-h-12 items-center justify-center gap-1 font-semibold text-brand-700 hover:underline"
      >
        {t('inventory.seeCatalog')}
        <ChevronRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
      </a>
    </div>
  );
}
