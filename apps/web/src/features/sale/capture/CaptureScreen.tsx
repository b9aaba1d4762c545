// Capture Produits: live rear camera, n/max photos, flash, shutter, thumbnails, clear-all, Analyser; while the
// preview runs, barcodes are read continuously and their products go straight into the cart.
import { addProductToCart, MAX_CAPTURE_PHOTOS, newId } from '@hanouti/core';
import { Camera, LoaderCircle, PackagePlus, ScanSearch, Trash2, X, Zap, ZapOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../../app/navigation';
import { useShopSettings } from '../../../app/useShopSettings';
import { listProducts } from '../../../data/productsRepository';
import { ensureModelFiles } from '../../../recognition/modelFiles';
import { catalogueHasArabicNames } from '../../../recognition/recognisePhotos';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toastStore';
import { useBlobUrl } from '../../../ui/camera/usePhotoUrl';
import { useCamera } from '../../../ui/camera/useCamera';
import { Viewfinder } from '../../../ui/camera/Viewfinder';
import { readCart, writeCart } from '../cartStorage';
import { productForBarcode } from '../productForBarcode';
import { beep } from './beep';
import { ModelProgress } from './ModelProgress';
import { useLiveBarcodeScan } from './useLiveBarcodeScan';
import { useTorch } from './useTorch';
import { requestNewProduct } from '../../../ui/product/newProductRequest';

export type CapturedPhoto = { id: string; blob: Blob };

/** The capture screen allows 4 photos, the AI setting 1–5 (default 3): the smaller one applies. */
export function captureLimit(aiMaxPhotos: number): number {
  return Math.min(MAX_CAPTURE_PHOTOS, aiMaxPhotos);
}

function Thumbnail({
  photo,
  number,
  onRemove,
}: {
  photo: CapturedPhoto;
  number: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation('sale');
  const url = useBlobUrl(photo.blob);
  return (
    <li className="relative size-16 shrink-0 overflow-hidden rounded-xl ring-2 ring-white/60">
      <img src={url} alt={t('capture.photoAlt', { number })} className="size-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('capture.removePhoto', { number })}
        className="absolute end-0 top-0 inline-flex size-11 items-start justify-end p-1"
      >
        <span className="inline-flex size-6 items-center justify-center rounded-full bg-black/70">
          <X className="size-4" aria-hidden="true" />
        </span>
      </button>
    </li>
  );
}

export function CaptureScreen({
  photos,
  onPhotos,
  onAnalyse,
  onClose,
}: {
  photos: CapturedPhoto[];
  onPhotos: (next: CapturedPhoto[] | ((current: CapturedPhoto[]) => CapturedPhoto[])) => void;
  onAnalyse: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('sale');
  const { t: tShell } = useTranslation();
  const settings = useShopSettings();
  const camera = useCamera();
  const { videoRef, status, start, stop, capture } = camera;
  const torch = useTorch(videoRef, status === 'active');
  const [busy, setBusy] = useState(false);
  const [needPhoto, setNeedPhoto] = useState(false);
  const [captureFailed, setCaptureFailed] = useState(false);
  const [unknownCode, setUnknownCode] = useState<string>();
  const [models, setModels] = useState<{ ready: boolean; failed: boolean; progress: number }>({
    ready: false,
    failed: false,
    progress: 0,
  });
  const max = captureLimit(settings.aiMaxPhotos);
  const full = photos.length >= max;

  useEffect(() => {
    void start();
  }, [start]);

  // First use of the AI: the model files are fetched from the app with a progress bar, then kept offline.
  useEffect(() => {
    if (!settings.aiDeviceInference) return;
    let current = true;
    ensureModelFiles(({ loaded, total }) => {
      if (current) setModels((m) => ({ ...m, progress: total > 0 ? loaded / total : 0 }));
    }).then(
      () => {
        if (current) setModels({ ready: true, failed: false, progress: 1 });
        // A catalogue with Arabic names also needs the Arabic reader: fetched now, in the background, so that
        // it is there offline too.
        void listProducts()
          .then((products) =>
            catalogueHasArabicNames(products)
              ? ensureModelFiles(() => undefined, { arabicNames: true })
              : undefined,
          )
          .catch((error: unknown) => console.error('Arabic reader not downloaded', error));
      },
      (error: unknown) => {
        console.error('Model files not downloaded', error);
        if (current) setModels({ ready: false, failed: true, progress: 0 });
      },
    );
    return () => {
      current = false;
    };
  }, [settings.aiDeviceInference]);

  const onCode = useCallback(
    async (gtin: string) => {
      const product = await productForBarcode(gtin);
      if (!product) {
        setUnknownCode(gtin);
        return;
      }
      if (product.isBulk) {
        toast({ tone: 'info', title: t('capture.scannedBulk', { name: product.name }) });
        return;
      }
      writeCart(addProductToCart(readCart().cart, product));
      beep();
      toast({ tone: 'success', title: t('capture.scanned', { name: product.name }) });
    },
    [t],
  );
  // The catalogue's barcodes, for the live reader's blurred frames (read once the camera runs).
  const [catalogueCodes, setCatalogueCodes] = useState<string[]>([]);
  useEffect(() => {
    if (status !== 'active') return;
    let current = true;
    void listProducts()
      .then((products) => {
        if (current) setCatalogueCodes(products.flatMap((p) => (p.barcode ? [p.barcode] : [])));
      })
      .catch((error: unknown) => console.error('Catalogue barcodes not read', error));
    return () => {
      current = false;
    };
  }, [status]);
  useLiveBarcodeScan(
    videoRef,
    status === 'active' && models.ready,
    (gtin) => void onCode(gtin),
    catalogueCodes,
  );

  async function takePhoto() {
    if (full) return;
    setBusy(true);
    setCaptureFailed(false);
    try {
      const blob = await capture();
      onPhotos((current) => (current.length >= max ? current : [...current, { id: newId(), blob }]));
      setNeedPhoto(false);
    } catch (error) {
      console.error('Photo not captured', error);
      setCaptureFailed(true);
    } finally {
      setBusy(false);
    }
  }

  function analyse() {
    if (photos.length === 0) {
      setNeedPhoto(true);
      return;
    }
    stop();
    onAnalyse();
  }

  const close = () => {
    stop();
    onClose();
  };

  return (
    <Viewfinder
      camera={camera}
      title={tShell('sale.capture')}
      titleExtras={
        <>
          <span
            className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold tabular-nums"
            aria-live="polite"
          >
            {t('capture.counter', { count: photos.length, max })}
          </span>
          {torch.supported ? (
            <button
              type="button"
              onClick={() => void torch.toggle()}
              aria-pressed={torch.on}
              aria-label={torch.on ? t('capture.flashOff') : t('capture.flashOn')}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10"
            >
              {torch.on ? (
                <Zap className="size-6 text-saffron-300" aria-hidden="true" />
              ) : (
                <ZapOff className="size-6" aria-hidden="true" />
              )}
            </button>
          ) : null}
        </>
      }
      closeLabel={t('capture.close')}
      onClose={close}
      previewLabel={t('capture.preview')}
      idle={
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white/80">
          <LoaderCircle className="size-10 animate-spin" aria-hidden="true" />
          <p>{t('capture.cameraStarting')}</p>
        </div>
      }
      overlays={
        <div className="absolute inset-x-3 top-3 flex flex-col gap-2">
          {settings.aiDeviceInference && !models.ready && !models.failed ? (
            <div className="rounded-xl bg-black/70 px-3 py-2">
              <ModelProgress
                label={t('capture.preparing', { percent: Math.round(models.progress * 100) })}
                value={models.progress}
              />
            </div>
          ) : null}
          {models.failed ? (
            <p role="alert" className="rounded-xl bg-red-700 px-3 py-2 text-sm font-semibold">
              {t('capture.modelsFailed')}
            </p>
          ) : null}
          {status === 'active' && models.ready && !unknownCode ? (
            <p className="flex items-center gap-2 self-center rounded-full bg-black/60 px-3 py-1.5 text-sm">
              <ScanSearch className="size-4 shrink-0" aria-hidden="true" />
              {t('capture.liveHint')}
            </p>
          ) : null}
          {unknownCode ? (
            <div role="alert" className="flex flex-col gap-2 rounded-xl bg-white p-3 text-ink shadow-lg">
              <p className="font-semibold">{t('capture.unknownCode', { code: unknownCode })}</p>
              <p className="text-sm text-muted">{t('capture.unknownCodeHint')}</p>
              <div className="flex gap-2">
                <Button
                  className="flex-1 px-2 text-sm"
                  icon={<PackagePlus />}
                  onClick={() => {
                    requestNewProduct(unknownCode);
                    close();
                    navigate('catalog');
                  }}
                >
                  {t('capture.createProduct')}
                </Button>
                <Button
                  variant="secondary"
                  className="px-3 text-sm"
                  onClick={() => setUnknownCode(undefined)}
                >
                  {t('capture.ignore')}
                </Button>
              </div>
            </div>
          ) : null}
          {captureFailed ? (
            <p role="alert" className="rounded-xl bg-red-700 px-3 py-2 text-sm font-semibold">
              {tShell('camera.photoCaptureFailed')}
            </p>
          ) : null}
        </div>
      }
      controls={
        <div className="flex flex-col gap-3 px-4 pt-3 pb-[max(env(safe-area-inset-bottom),1rem)]">
          {photos.length > 0 ? (
            <ul
              className="flex gap-2 overflow-x-auto"
              aria-label={t('capture.counter', { count: photos.length, max })}
            >
              {photos.map((photo, index) => (
                <Thumbnail
                  key={photo.id}
                  photo={photo}
                  number={index + 1}
                  onRemove={() => onPhotos((current) => current.filter((p) => p.id !== photo.id))}
                />
              ))}
            </ul>
          ) : null}
          {full ? <p className="text-center text-sm text-white/80">{t('capture.maxReached')}</p> : null}
          {needPhoto ? (
            <p role="alert" className="text-center font-semibold text-saffron-300">
              {tShell('sale.takeAtLeastOnePhoto')}
            </p>
          ) : null}
          {/* On a narrow row (a 320-px phone, larger text) the side buttons put their icon over their word,
              so that Analyser stays on the screen. */}
          <div className="@container">
            <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-3">
              <Button
                variant="ghost"
                icon={<Trash2 />}
                className="justify-self-start px-2 text-sm text-white hover:bg-white/10 @max-[20rem]:flex-col @max-[20rem]:gap-0.5"
                disabled={photos.length === 0}
                onClick={() => onPhotos([])}
              >
                {t('capture.clearAll')}
              </Button>
              <button
                type="button"
                aria-label={t('capture.shutter')}
                disabled={status !== 'active' || busy || full}
                onClick={() => void takePhoto()}
                className="inline-flex size-18 items-center justify-center rounded-full border-4 border-white bg-white/20 transition-colors hover:bg-white/30 active:bg-white/50 disabled:opacity-40"
              >
                {busy ? (
                  <LoaderCircle className="size-8 animate-spin" aria-hidden="true" />
                ) : (
                  <Camera className="size-7" aria-hidden="true" />
                )}
              </button>
              <Button
                variant="accent"
                className="justify-self-end px-3 @max-[20rem]:flex-col @max-[20rem]:gap-0.5 @max-[20rem]:px-2 @max-[20rem]:text-sm"
                icon={<ScanSearch />}
                onClick={analyse}
              >
                {tShell('sale.analyse')}
              </Button>
            </div>
          </div>
        </div>
      }
    />
  );
}
