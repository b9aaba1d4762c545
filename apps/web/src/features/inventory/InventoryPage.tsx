// Gestion des Stocks: stock value and alerts, search, All / Low / Out, quick buttons, counts, deliveries, history.
import { Ban, Boxes, ChevronRight, Coins, PackageSearch, TriangleExclamationPoint } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildSearchIndex,
  searchIndex,
  stockAlerts,
  stockStatus,
  stockValue,
  MAX_STOCK,
  type Product,
  type QuickStockStep,
  type SearchField as SearchOn,
} from '@hanouti/core';
import { pageHash } from '../../app/navigation';
import { useShopFormat } from '../../app/useShopFormat';
import { useProducts } from '../../data/productsRepository';
import { adjustStock } from '../../data/stockRepository';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui/SearchField';
import { StatCard } from '../../ui/StatCard';
import { Tabs } from '../../ui/Tabs';
import { toast } from '../../ui/toastStore';
import { WindowVirtualList } from '../../ui/list/WindowVirtualList';
import { AlertPanel } from './AlertPanel';
import { MovementHistorySheet } from './MovementHistorySheet';
import { StockCard, stockCardHeightRem, type StockAction, type StockCardContext } from './StockCard';
import { StockEntryDialog } from './StockEntryDialog';
import { useStockStatusLabels } from '../../ui/product/useStockStatusLabels';

type StockFilter = 'all' | 'low' | 'out';

/** Spec §5: the inventory search matches name, brand or category. */
const INVENTORY_SEARCH: readonly SearchOn[] = ['name', 'brand', 'category'];
const productKey = (product: Product) => product.id;

function useQuickStock() {
  const { t } = useTranslation();
  const { t: ti } = useTranslation('inventory');
  const format = useShopFormat();
  return useCallback(
    async (product: Product, step: QuickStockStep) => {
      try {
        const result = await adjustStock(product.id, step);
        if (!result.ok && result.error === 'negative-stock') {
          toast({ title: t('inventory.stockCannotBeNegative'), tone: 'error' });
        } else if (!result.ok && result.error === 'stock-too-large') {
          const maxStock = format.quantity(MAX_STOCK, product.isBulk);
          toast({ title: ti('entry.problem.stock-too-large', { maxStock }), tone: 'error' });
        } else if (!result.ok) {
          toast({ title: t('inventory.stockUpdateFailed'), tone: 'error' });
        }
      } catch (error) {
        console.error('Stock not updated', error);
        toast({ title: t('inventory.stockUpdateFailed'), tone: 'error' });
      }
    },
    [t, ti, format],
  );
}

export function InventoryPage() {
  const { t } = useTranslation();
  const { t: ti } = useTranslation('inventory');
  const format = useShopFormat();
  const products = useProducts();
  const quickStock = useQuickStock();
  const [filter, setFilter] = useState<StockFilter>('all');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [action, setAction] = useState<{ product: Product; action: StockAction }>();

  const statusLabels = useStockStatusLabels();
  const cardContext = useMemo<StockCardContext>(
    () => ({ t, ti, format, statusLabels }),
    [t, ti, format, statusLabels],
  );

  const all = useMemo(() => products ?? [], [products]);
  const index = useMemo(() => buildSearchIndex(all), [all]);
  const byId = useMemo(() => new Map(all.map((product) => [product.id, product])), [all]);
  const alerts = useMemo(() => stockAlerts(all), [all]);
  const figures = useMemo(() => {
    let low = 0;
    let out = 0;
    for (const product of all) {
      const status = stockStatus(product);
      if (status === 'low') low++;
      else if (status === 'out') out++;
    }
    return { value: stockValue(all), low, out };
  }, [all]);
  const shown = useMemo(() => {
    const found = searchIndex(index, deferredQuery, { fields: INVENTORY_SEARCH });
    return filter === 'all' ? found : found.filter((product) => stockStatus(product) === filter);
  }, [index, deferredQuery, filter]);

  const onQuick = useCallback(
    (product: Product, step: QuickStockStep) => void quickStock(product, step),
    [quickStock],
  );
  const onAction = useCallback(
    (product: Product, next: StockAction) => setAction({ product, action: next }),
    [],
  );
  // The dialogs show the live product, so a count opened before a sale shows the stock after it.
  const actionProduct = action ? byId.get(action.product.id) : undefined;

  if (products === undefined) return null;
  return (
    <div className="flex flex-col gap-3">
      <StatCard icon={<Coins />} label={t('inventory.stockValue')} value={format.money(figures.value)} />
      <div className="grid grid-cols-2 gap-3">
        <StatCard
          tone="accent"
          icon={<TriangleExclamationPoint />}
          label={t('inventory.lowStock')}
          value={figures.low}
        />
        <StatCard tone="danger" icon={<Ban />} label={t('inventory.outOfStock')} value={figures.out} />
      </div>
      <AlertPanel alerts={alerts} isBulk={(id) => byId.get(id)?.isBulk ?? false} />
      <SearchField label={ti('search')} value={query} onChange={setQuery} />
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
          title={all.length === 0 ? t('catalog.emptyCatalog') : ti(`empty.${filter}`)}
          action={
            all.length === 0 ? (
              <a href={pageHash('catalog')} className="font-semibold text-brand-700 hover:underline">
                {t('catalog.addFirstProduct')}
              </a>
            ) : undefined
          }
        />
      ) : (
        <WindowVirtualList
          label={ti('list')}
          items={shown}
          getKey={productKey}
          rowHeightRem={stockCardHeightRem}
          renderItem={(product) => (
            <StockCard product={product} context={cardContext} onQuick={onQuick} onAction={onAction} />
          )}
        />
      )}
      <a
        href={pageHash('catalog')}
        className="flex min-h-12 items-center justify-center gap-1 font-semibold text-brand-700 hover:underline"
      >
        {t('inventory.seeCatalog')}
        <ChevronRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
      </a>
      {action && actionProduct && action.action !== 'history' ? (
        <StockEntryDialog
          key={`${action.action}-${actionProduct.id}`}
          kind={action.action}
          product={actionProduct}
          onClose={() => setAction(undefined)}
        />
      ) : null}
      {action && actionProduct && action.action === 'history' ? (
        <MovementHistorySheet product={actionProduct} onClose={() => setAction(undefined)} />
      ) : null}
    </div>
  );
}
