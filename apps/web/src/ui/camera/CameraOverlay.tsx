// The full-screen camera ("Photographier le Produit"): inactive until Activer la Caméra, live preview, or error,
// drawn by the shared Viewfinder.
import { Camera, CircleExclamationPoint, LoaderCircle } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoBlobs } from '../../data/productsRepository';
import { Button } from '../Button';
import { compressPhoto, PhotoCaptureError } from './photoPipeline';
import { useCamera } from './useCamera';
import { Viewfinder } from './Viewfinder';

export interface CameraOverlayProps {
  open: boolean;
  /** Called with the photo ready to store; the overlay closes itself afterwards. */
  onCapture: (photo: PhotoBlobs) => void;
  onClose: () => void;
  /** Defaults to the product form's "Photographier le Produit". */
  title?: string;
}

export function CameraOverlay({ open, onCapture, onClose, title }: CameraOverlayProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        {open ? <CameraScreen onCapture={onCapture} onClose={onClose} title={title} /> : null}
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function CameraScreen({ onCapture, onClose, title }: Omit<CameraOverlayProps, 'open'>) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('ui', { keyPrefix: 'camera' });
  const camera = useCamera();
  const { status, start, stop, capture } = camera;
  const [captureError, setCaptureError] = useState<'photo' | 'other' | undefined>();
  const [busy, setBusy] = useState(false);

  async function takePhoto() {
    setBusy(true);
    setCaptureError(undefined);
    try {
      const frame = await capture();
      const photo = await compressPhoto(frame);
      stop();
      onCapture(photo);
      onClose();
    } catch (error) {
      console.error('Photo not captured', error);
      setCaptureError(error instanceof PhotoCaptureError ? 'photo' : 'other');
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    stop();
    onClose();
  };

  return (
    <RadixDialog.Content
      aria-describedby={undefined}
      className="fixed inset-0 z-(--layer-modal) flex flex-col bg-ink text-white focus:outline-none"
    >
      <Viewfinder
        camera={camera}
        title={title ?? t('camera.title')}
        closeLabel={t('app.cancel')}
        onClose={close}
        previewLabel={tc('preview')}
        idle={
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 px-6 text-center">
            <Camera className="size-16 text-white/70" aria-hidden="true" />
            <p className="max-w-xs text-white/80">{tc('hint')}</p>
            <Button
              variant="accent"
              size="lg"
              icon={status === 'starting' ? <LoaderCircle className="animate-spin" /> : <Camera />}
              disabled={status === 'starting'}
              onClick={() => void start()}
            >
              {t('camera.enable')}
            </Button>
          </div>
        }
        overlays={
          captureError ? (
            <p
              role="alert"
              className="absolute inset-x-4 top-4 flex items-center gap-2 rounded-xl bg-red-700 px-4 py-3 font-semibold"
            >
              <CircleExclamationPoint className="size-5 shrink-0" aria-hidden="true" />
              {captureError === 'photo' ? t('camera.photoCaptureFailed') : t('camera.captureFailed')}
            </p>
          ) : null
        }
        controls={
          <div className="flex items-center justify-between gap-4 px-6 pt-4 pb-[max(env(safe-area-inset-bottom),1.5rem)]">
            <Button variant="ghost" className="text-white hover:bg-white/10" onClick={close}>
              {t('app.cancel')}
            </Button>
            <button
              type="button"
              aria-label={tc('shutter')}
              disabled={status !== 'active' || busy}
              onClick={() => void takePhoto()}
              className="inline-flex size-18 items-center justify-center rounded-full border-4 border-white bg-white/20 transition-colors hover:bg-white/30 active:bg-white/50 disabled:opacity-40"
            >
              {busy ? <LoaderCircle className="size-8 animate-spin" aria-hidden="true" /> : null}
            </button>
            <span className="min-w-20" aria-hidden="true" />
          </div>
        }
      />
    </RadixDialog.Content>
  );
}
