// The full-screen viewfinder both cameras draw: title bar with its close button, the live preview with its
// starting and error states, and the screen's own overlays and controls below.
import { clsx } from 'clsx';
import { CameraOff, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import type { CameraStatus } from './useCamera';

export interface ViewfinderProps {
  /** The camera of useCamera: its preview element, its status, and start (the error state's retry). */
  camera: { videoRef: RefObject<HTMLVideoElement | null>; status: CameraStatus; start: () => Promise<void> };
  title: string;
  /** Beside the title, before the close button (a photo counter, the flash). */
  titleExtras?: ReactNode;
  closeLabel: string;
  onClose: () => void;
  previewLabel: string;
  /** Shown over the preview while the camera is inactive or starting. */
  idle: ReactNode;
  /** Messages laid over the live preview. */
  overlays?: ReactNode;
  /** The controls under the preview (shutter…). */
  controls: ReactNode;
}

export function Viewfinder({
  camera,
  title,
  titleExtras,
  closeLabel,
  onClose,
  previewLabel,
  idle,
  overlays,
  controls,
}: ViewfinderProps) {
  const { t } = useTranslation();
  const { videoRef, status, start } = camera;
  return (
    <>
      <div className="flex items-center gap-2 px-4 pt-[max(env(safe-area-inset-top),0.75rem)] pb-2">
        <RadixDialog.Title className="flex-1 text-lg font-semibold">{title}</RadixDialog.Title>
        {titleExtras}
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10"
        >
          <X className="size-6" aria-hidden="true" />
        </button>
      </div>
      <div className="relative flex-1 overflow-hidden bg-black">
        <video
          ref={videoRef}
          playsInline
          muted
          aria-label={previewLabel}
          className={clsx('size-full object-cover', status !== 'active' && 'invisible')}
        />
        {status === 'inactive' || status === 'starting' ? idle : null}
        {status === 'error' ? (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-4 px-6 text-center"
          >
            <CameraOff className="size-16 text-red-300" aria-hidden="true" />
            <p className="max-w-xs text-lg font-semibold">{t('camera.unavailable')}</p>
            <Button variant="accent" size="lg" onClick={() => void start()}>
              {t('app.retry')}
            </Button>
          </div>
        ) : null}
        {overlays}
      </div>
      {controls}
    </>
  );
}
