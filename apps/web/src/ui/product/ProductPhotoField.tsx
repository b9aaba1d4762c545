// The product form's photo: take it with the camera, import it from the gallery, or remove it.
import { Camera, ImagePlus, Trash } from 'lucide-react';
import { clsx } from 'clsx';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoChange } from '../../data/productEditing';
import { Button, buttonClasses } from '../Button';
import { CameraOverlay } from '../camera/CameraOverlay';
import { GALLERY_ERROR_KEYS, readGalleryPhoto } from '../camera/galleryPhoto';
import { PhotoThumbnail } from '../camera/PhotoThumbnail';
import { useBlobUrl } from '../camera/usePhotoUrl';

export interface ProductPhotoFieldProps {
  storedPhotoId: string | undefined;
  change: PhotoChange;
  onChange: (change: PhotoChange) => void;
}

export function ProductPhotoField({ storedPhotoId, change, onChange }: ProductPhotoFieldProps) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('ui', { keyPrefix: 'product' });
  const [cameraOpen, setCameraOpen] = useState(false);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<(typeof GALLERY_ERROR_KEYS)[keyof typeof GALLERY_ERROR_KEYS]>();
  const newPhotoUrl = useBlobUrl(change.kind === 'replace' ? change.photo.thumbnail : undefined);
  const hasPhoto = change.kind === 'replace' || (change.kind === 'keep' && storedPhotoId !== undefined);

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    setReading(true);
    const result = await readGalleryPhoto(file);
    setReading(false);
    if (result.ok) onChange({ kind: 'replace', photo: result.photo });
    else setError(GALLERY_ERROR_KEYS[result.error]);
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">{tc('photo.label')}</legend>
      <div className="flex items-center gap-3">
        {change.kind === 'replace' ? (
          <span className="inline-flex size-20 shrink-0 overflow-hidden rounded-xl bg-brand-50">
            <img src={newPhotoUrl} alt={tc('photo.new')} className="size-full object-cover" />
          </span>
        ) : (
          <PhotoThumbnail
            photoId={change.kind === 'keep' ? storedPhotoId : undefined}
            alt={tc('photo.current')}
            className="size-20"
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Button
            variant="secondary"
            icon={<Camera />}
            className="justify-start px-3 text-sm"
            onClick={() => setCameraOpen(true)}
          >
            {tc('photo.take')}
          </Button>
          {/* The label is the button: one control, one name (a hidden input named like its button was a
              duplicate for screen readers). */}
          <label
            className={clsx(
              buttonClasses('secondary'),
              'cursor-pointer justify-start gap-2 px-3 text-sm focus-within:outline-2 focus-within:outline-brand-500',
              reading && 'pointer-events-none opacity-50',
            )}
          >
            <ImagePlus className="size-5 shrink-0" aria-hidden="true" />
            {tc('photo.gallery')}
            <input
              type="file"
              accept="image/*"
              disabled={reading}
              className="sr-only"
              onChange={(event) => void importFile(event)}
            />
          </label>
        </div>
      </div>
      {hasPhoto ? (
        <Button
          variant="ghost"
          icon={<Trash />}
          className="self-start text-red-700"
          onClick={() => onChange({ kind: 'remove' })}
        >
          {tc('photo.remove')}
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t(error)}
        </p>
      ) : null}
      <CameraOverlay
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCapture={(photo) => {
          setError(undefined);
          onChange({ kind: 'replace', photo });
        }}
      />
    </fieldset>
  );
}
