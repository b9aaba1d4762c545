// Vérification Détections: analysis with progress, then each detection to confirm, change or remove.
import { Check, ChevronLeft, Lightbulb, RotateCcw } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine, Product } from '@hanouti/core';
import type { ImageFeatures } from '@hanouti/recognition';
import { useShopSettings } from '../../../app/useShopSettings';
import { listProducts, useProducts, type PhotoBlobs } from '../../../data/productsRepository';
import { recognisePhotos, type AnalysisProgress } from '../../../recognition/recognisePhotos';
import { learnConfirmedCrop } from '../../../recognition/references';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toastStore';
import { compressPhoto } from '../../../ui/camera/photoPipeline';
import { ProductModal } from '../../../ui/product/ProductModal';
import { DetectionCard } from './DetectionCard';
import { ModelProgress } from './ModelProgress';
import { ProductPickerSheet } from './ProductPickerSheet';
import {
  canConfirm,
  chooseProduct,
  codeForNewProduct,
  confirmedLines,
  reviewItemsFrom,
  withQuantity,
  type ReviewItem,
} from './reviewItems';

/** The row whose unknown product is being created, with its crop ready as the new product's photo. */
type Creating = {
  key: string;
  initialPhoto?: { photo: PhotoBlobs; features?: ImageFeatures };
  /** The maker's code read on the crop: the new product's barcode. */
  initialBarcode?: string;
};

type State = { kind: 'loading'; progress?: AnalysisProgress } | { kind: 'done'; items: ReviewItem[] };

function progressShare(progress: AnalysisProgress | undefined): number {
  if (!progress || progress.total === 0) return 0;
  return progress.done / progress.total;
}

export function ReviewScreen({
  photos,
  onRetake,
  onLines,
  onClose,
}: {
  photos: Blob[];
  onRetake: () => void;
  onLines: (lines: CartLine[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const { t: tShell } = useTranslation();
  const settings = useShopSettings();
  const products = useProducts();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [picking, setPicking] = useState<string>();
  const [creating, setCreating] = useState<Creating>();

  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const catalogue = await listProducts();
        const found = await recognisePhotos(photos, catalogue, settings, (progress) => {
          if (current) setState({ kind: 'loading', progress });
        });
        if (current) setState({ kind: 'done', items: reviewItemsFrom(found, settings.aiMatchThreshold) });
      } catch (error) {
        // Spec §8: a detection failure is logged, the detections are emptied and the flow goes on to the cart.
        console.error('AI detection failed', error);
        if (current) onLines([]);
      }
    })();
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the analysis runs once per set of photos; settings changed meanwhile apply to the next one
  }, [photos]);

  const byId = useMemo(() => new Map<string, Product>((products ?? []).map((p) => [p.id, p])), [products]);
  const items = state.kind === 'done' ? state.items : [];
  const update = (key: string, change: (item: ReviewItem) => ReviewItem) =>
    setState((s) =>
      s.kind === 'done' ? { kind: 'done', items: s.items.map((i) => (i.key === key ? change(i) : i)) } : s,
    );

  /**
   * "Produit inconnu ? Créer le produit": the crop, compressed like a camera photo, starts the product form, with
   * the code read on it as its barcode.
   */
  async function createProduct(item: ReviewItem) {
    const barcode = codeForNewProduct(item, products ?? []);
    const code = barcode ? { initialBarcode: barcode } : {};
    try {
      const photo = await compressPhoto(item.crop);
      setCreating({
        key: item.key,
        initialPhoto: { photo, ...(item.features ? { features: item.features } : {}) },
        ...code,
      });
    } catch (error) {
      // The form still opens: the shopkeeper can take the photo there.
      console.error('Crop not read for the new product', error);
      toast({ title: t('capture.cropUnreadable'), tone: 'error' });
      setCreating({ key: item.key, ...code });
    }
  }

  function confirm() {
    try {
      const lines = confirmedLines(items, byId);
      if (settings.aiStoreImages) {
        for (const item of items) {
          if (item.productId && item.features) void learnConfirmedCrop(item.productId, item.features);
        }
      }
      onLines(lines);
    } catch (error) {
      // Spec §4: if cart assembly fails, the flow goes to the cart anyway, empty.
      console.error('Cart assembly failed', error);
      onLines([]);
    }
  }

  const stageLabel =
    state.kind === 'loading' && state.progress?.stage === 'download'
      ? t('capture.preparingAnalysis', { percent: Math.round(progressShare(state.progress) * 100) })
      : tShell('sale.analysing');

  return (
    <>
      <div className="flex items-center gap-2 px-2 pt-[max(env(safe-area-inset-top),0.75rem)] pb-2">
        <button
          type="button"
          onClick={onRetake}
          aria-label={t('capture.retake')}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10"
        >
          <ChevronLeft className="size-6 rtl:-scale-x-100" aria-hidden="true" />
        </button>
        <RadixDialog.Title className="flex-1 text-lg font-semibold">
          {tShell('sale.review')}
        </RadixDialog.Title>
        {state.kind === 'done' && items.length > 0 ? (
          <span className="px-2 text-sm text-white/80">
            {t('capture.detections', { count: items.length })}
          </span>
        ) : null}
      </div>

      <div className="flex-1 overflow-y-auto bg-canvas px-3 py-3 text-ink">
        {state.kind === 'loading' ? (
          <div
            className="flex h-full flex-col items-center justify-center gap-4 rounded-2xl bg-ink px-6 py-10 text-white"
            aria-busy="true"
          >
            <div className="w-full max-w-xs">
              <ModelProgress label={stageLabel} value={progressShare(state.progress)} />
            </div>
            {!settings.aiDeviceInference ? (
              <p className="text-center text-sm text-white/70">{t('capture.viaServer')}</p>
            ) : null}
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm">
            <Lightbulb className="size-12 text-saffron-500" aria-hidden="true" />
            <p className="text-lg font-semibold">{tShell('sale.noProductDetected')}</p>
            <p className="text-muted">{tShell('sale.noProductDetectedHint')}</p>
            <Button icon={<RotateCcw />} onClick={onRetake}>
              {t('capture.retake')}
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={tShell('sale.review')}>
            {items.map((item, index) => (
              <DetectionCard
                key={item.key}
                item={item}
                number={index + 1}
                onChange={() => setPicking(item.key)}
                onQuantity={(quantity) => update(item.key, (i) => withQuantity(i, quantity))}
                onSuggestion={(candidate) =>
                  update(item.key, (i) =>
                    chooseProduct(i, { id: candidate.product_id, name: candidate.product_name }),
                  )
                }
                onCreateProduct={() => void createProduct(item)}
                onRemove={() =>
                  setState((s) =>
                    s.kind === 'done'
                      ? { kind: 'done', items: s.items.filter((i) => i.key !== item.key) }
                      : s,
                  )
                }
              />
            ))}
          </ul>
        )}
      </div>

      <div className="flex gap-3 bg-canvas px-4 pt-2 pb-[max(env(safe-area-inset-bottom),1rem)]">
        <Button variant="secondary" className="flex-1" onClick={onClose}>
          {tShell('app.cancel')}
        </Button>
        <Button className="flex-[2]" icon={<Check />} disabled={!canConfirm(items)} onClick={confirm}>
          {t('capture.confirm')}
        </Button>
      </div>

      <ProductPickerSheet
        open={picking !== undefined}
        onOpenChange={(open) => (open ? undefined : setPicking(undefined))}
        onPick={(product) => {
          if (picking) update(picking, (i) => chooseProduct(i, product));
          setPicking(undefined);
        }}
      />

      {creating ? (
        <ProductModal
          product={undefined}
          {...(creating.initialPhoto ? { initialPhoto: creating.initialPhoto } : {})}
          {...(creating.initialBarcode ? { initialBarcode: creating.initialBarcode } : {})}
          onSaved={(product) => update(creating.key, (i) => chooseProduct(i, product))}
          onClose={() => setCreating(undefined)}
        />
      ) : null}
    </>
  );
}
