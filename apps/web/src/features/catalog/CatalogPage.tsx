// Catalogue Produits: search, category chips, a virtualised list of cards, the product form and bulk delete.
import { clsx } from 'clsx';
import { ArrowLeft, FileSpreadsheet, Package, PackageSearch, Plus, Trash } from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@hanouti/core';
import {
  deleteProduct,
  deleteProducts,
  useCategories,
  useProductSearch,
} from '../../data/productsRepository';
import { useViewCounts, viewCount } from '../../data/referenceFeaturesRepository';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { EmptyState } from '../../ui/EmptyState';
import { IconButton } from '../../ui/IconButton';
import { SearchField } from '../../ui/SearchField';
import { toast } from '../../ui/toastStore';
import { CatalogErrorBoundary } from './CatalogErrorBoundary';
import { ConfirmDialog } from './ConfirmDialog';
import { useStockStatusLabels } from '../../ui/product/useStockStatusLabels';
import { ProductCard, productCardHeightRem, type ProductCardContext } from './ProductCard';
import { keepExisting, selectAllState, toggleAll, toggleSelected } from './selection';
import { useShopFormat } from '../../app/useShopFormat';
import { WindowVirtualList } from '../../ui/list/WindowVirtualList';
import { takeNewProductRequest } from '../../ui/product/newProductRequest';
import { withIsolatedName } from '../../ui/IsolatedName';
import { OwnerOnlyNote } from '../../app/OwnerOnlyNote';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';

// The form brings react-hook-form, zod's resolver and the camera: loaded when first opened.
const ProductModal = lazy(() =>
  import('../../ui/product/ProductModal').then((module) => ({ default: module.ProductModal })),
);
// Spreadsheet import/export brings Papa Parse and the .xlsx reader/writer: loaded when first opened.
const CatalogSheetDialog = lazy(() =>
  import('./CatalogSheetDialog').then((module) => ({ default: module.CatalogSheetDialog })),
);

const ALL = '';

const productKey = (product: Product) => product.id;
const NO_IDS: readonly string[] = [];

type Editing = { mode: 'add'; barcode?: string } | { mode: 'edit'; product: Product } | undefined;

export function CatalogPage() {
  return (
    <CatalogErrorBoundary>
      <Catalog />
    </CatalogErrorBoundary>
  );
}

function Catalog() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('catalog');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const categories = useCategories();
  // A staff phone's deletions are refused at sync (docs/api.md): it is not offered them.
  const mayDelete = useMayDoOwnerActions();
  const ownerOnlyId = useId();
  // Typing stays instant: the list follows the deferred query when the phone has a moment.
  const deferredQuery = useDeferredValue(query);
  const shown = useProductSearch(deferredQuery, category === ALL ? {} : { category });
  // A code scanned at the till that no product has yet opens the add form with it (see newProductRequest.ts).
  const [editing, setEditing] = useState<Editing>(() => {
    const barcode = takeNewProductRequest();
    return barcode ? { mode: 'add', barcode } : undefined;
  });
  const [deleting, setDeleting] = useState<Product>();
  const [selecting, setSelecting] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const format = useShopFormat();
  const statusLabels = useStockStatusLabels();
  const viewCounts = useViewCounts();
  const cardContext = useMemo<ProductCardContext>(
    () => ({ t: tc, tShell: t, format, statusLabels }),
    [tc, t, format, statusLabels],
  );
  const cardHeightRem = useCallback(
    (product: Product) => productCardHeightRem(product, cardContext),
    [cardContext],
  );

  // Only the bulk-delete toolbar needs the ids: each keystroke must not copy 10,000 of them for nothing.
  const shownIds = useMemo(() => (selecting && shown ? shown.map(productKey) : NO_IDS), [selecting, shown]);
  // A product deleted meanwhile must not stay counted; with no filter, "shown" is the whole catalogue.
  const selected = useMemo(() => {
    if (selectedIds.size === 0 || deferredQuery.trim() !== '' || category !== ALL) return selectedIds;
    const existing = new Set(shownIds);
    return keepExisting(selectedIds, (id) => existing.has(id));
  }, [selectedIds, shownIds, deferredQuery, category]);
  const allState = selectAllState(selected, shownIds);

  const toggle = useCallback((id: string) => setSelectedIds((current) => toggleSelected(current, id)), []);
  const edit = useCallback((product: Product) => setEditing({ mode: 'edit', product }), []);

  const leaveSelection = () => {
    setSelecting(false);
    setSelectedIds(new Set());
  };

  async function deleteOne(product: Product) {
    try {
      await deleteProduct(product.id);
      toast({ title: t('catalog.bulkDeleted', { count: 1 }), tone: 'success' });
      setDeleting(undefined);
    } catch (error) {
      console.error('Product not deleted', error);
      toast({ title: t('catalog.deleteFailed'), tone: 'error' });
    }
  }

  async function deleteSelected() {
    try {
      const count = await deleteProducts([...selected]);
      toast({ title: t('catalog.bulkDeleted', { count }), tone: 'success' });
      setConfirmBulk(false);
      leaveSelection();
    } catch (error) {
      console.error('Products not deleted', error);
      toast({ title: t('catalog.bulkDeleteFailed'), tone: 'error' });
    }
  }

  if (shown === undefined || categories === undefined) return null;
  // Category is required, so a catalogue without categories is a catalogue without products.
  const catalogueEmpty = categories.length === 0;

  return (
    <div className="flex flex-col gap-3">
      {selecting ? (
        <div
          role="toolbar"
          aria-label={tc('bulk.toolbar')}
          className="sticky top-[calc(5.5rem+env(safe-area-inset-top))] z-20 flex flex-col rounded-2xl bg-brand-50 px-1 py-1 shadow-sm ring-1 ring-brand-100"
        >
          <div className="flex items-center gap-1">
            <IconButton
              label={tc('bulk.leave')}
              icon={<ArrowLeft className="rtl:-scale-x-100" />}
              onClick={leaveSelection}
            />
            <output
              aria-live="polite"
              className="min-w-0 flex-1 truncate font-semibold text-brand-900 tabular-nums"
            >
              {tc('bulk.selected', { count: selected.size })}
            </output>
            <Button
              variant="danger"
              icon={<Trash />}
              disabled={selected.size === 0 || !mayDelete}
              onClick={() => setConfirmBulk(true)}
            >
              {t('catalog.delete')}
            </Button>
          </div>
          <div className="ps-3">
            <Checkbox
              label={tc('bulk.selectAll')}
              checked={allState === 'all'}
              disabled={shownIds.length === 0}
              onCheckedChange={() => setSelectedIds((current) => toggleAll(current, shownIds))}
            />
          </div>
        </div>
      ) : (
        // Wraps rather than widen the page on a 320-px phone or with the phone's text set larger.
        <div className="flex flex-wrap gap-2">
          <Button icon={<Plus />} className="flex-1" onClick={() => setEditing({ mode: 'add' })}>
            {t('catalog.add')}
          </Button>
          <Button
            variant="secondary"
            icon={<Trash />}
            disabled={catalogueEmpty || !mayDelete}
            aria-describedby={mayDelete ? undefined : ownerOnlyId}
            onClick={() => setSelecting(true)}
          >
            {t('catalog.delete')}
          </Button>
          <IconButton
            label={tc('sheet.title')}
            icon={<FileSpreadsheet />}
            className="bg-white ring-1 ring-line ring-inset"
            onClick={() => setSheetOpen(true)}
          />
        </div>
      )}
      {mayDelete || catalogueEmpty ? null : <OwnerOnlyNote id={ownerOnlyId} />}
      {catalogueEmpty ? (
        <EmptyState
          icon={<Package />}
          title={t('catalog.emptyCatalog')}
          description={tc('emptyCatalogHint')}
          action={
            <Button icon={<Plus />} onClick={() => setEditing({ mode: 'add' })}>
              {t('catalog.addFirstProduct')}
            </Button>
          }
        />
      ) : (
        <>
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
          <p className="text-sm text-muted" aria-live="polite">
            {tc('resultCount', { count: shown.length })}
          </p>
          {shown.length === 0 ? (
            <EmptyState icon={<PackageSearch />} title={t('catalog.noProductFound')} />
          ) : (
            <WindowVirtualList
              label={tc('list')}
              items={shown}
              getKey={productKey}
              rowHeightRem={cardHeightRem}
              renderItem={(product) => (
                <ProductCard
                  product={product}
                  context={cardContext}
                  selecting={selecting}
                  selected={selected.has(product.id)}
                  onToggle={toggle}
                  onEdit={edit}
                  {...(mayDelete ? { onDelete: setDeleting } : {})}
                  {...(viewCounts ? { views: viewCount(product, viewCounts) } : {})}
                />
              )}
            />
          )}
        </>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <ProductModal
            key={editing.mode === 'edit' ? editing.product.id : 'new'}
            product={editing.mode === 'edit' ? editing.product : undefined}
            initialBarcode={editing.mode === 'add' ? editing.barcode : undefined}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      ) : null}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <CatalogSheetDialog onClose={() => setSheetOpen(false)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title={tc('deleteOne.title')}
        description={withIsolatedName((name) => tc('deleteOne.text', { name }), deleting?.name ?? '')}
        confirmLabel={t('catalog.delete')}
        onConfirm={() => (deleting ? deleteOne(deleting) : Promise.resolve())}
      />
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title={tc('bulk.confirmTitle', { count: selected.size })}
        description={tc('bulk.confirmText')}
        confirmLabel={t('catalog.delete')}
        onConfirm={deleteSelected}
      />
    </div>
  );
}
