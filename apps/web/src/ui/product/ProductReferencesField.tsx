// For the product form: the views recognition learns the product from — its photo counts as one, 3–5 from
// different sides recognise best — with thumbnails, taken with the camera or from the gallery, removable. New
// views and removals are a draft, stored with the product when the form is saved (also for a new product).
// A new view's thumbnail shows at once and the next photo can be taken while its features are computed (the first
// time, the recognition worker loads its models first); the save waits for them.
import type { ImageFeatures } from '@hanouti/recognition';
import { Camera, ImagePlus, LoaderCircle, ScanEye, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductViews, type ProductView } from '../../data/referenceFeaturesRepository';
import type { PhotoBlobs } from '../../data/productsRepository';
import { computeReference } from '../../recognition/recognitionClient';
import { buttonClasses, Button } from '../Button';
import { CameraOverlay } from '../camera/CameraOverlay';
import { GALLERY_ERROR_KEYS, readGalleryPhoto } from '../camera/galleryPhoto';
import { PhotoThumbnail } from '../camera/PhotoThumbnail';
import { useBlobUrl } from '../camera/usePhotoUrl';
import { ADVISED_VIEWS, MAX_VIEWS } from './views';

/** A view taken in the form: its features are being computed (a failed one leaves the draft). */
export type AddedView = { key: string; features: Promise<ImageFeatures>; thumbnail: Blob };
/** What the form did with the views: added some, removed stored ones. */
export type ViewsDraft = { added: AddedView[]; removed: string[] };
export const NO_VIEW_CHANGE: ViewsDraft = { added: [], removed: [] };

/** The added views whose features were computed, once every computation has ended (the failed ones left out). */
export async function computedViews(
  added: readonly AddedView[],
): Promise<{ features: ImageFeatures; thumbnail: Blob }[]> {
  const settled = await Promise.allSettled(added.map((view) => view.features));
  return settled.flatMap((result, index) =>
    result.status === 'fulfilled' ? [{ features: result.value, thumbnail: added[index]!.thumbnail }] : [],
  );
}

/** The product's main photo as the form has it now: a stored photo, a new one, or none. */
export type MainPhoto = { kind: 'stored'; photoId: string } | { kind: 'new'; thumbnail: Blob } | undefined;

/** Stored extra views shown as thumbnails: the ones taken in the form (the catalogue photo's is the main one). */
const isExtraView = (view: ProductView) => view.photoId === undefined && view.origin === 'photo';

function ViewTile({
  thumbnail,
  alt,
  onRemove,
  removeLabel,
  computingLabel,
}: {
  thumbnail: Blob | undefined;
  alt: string;
  onRemove: () => void;
  removeLabel: string;
  /** Said (and a spinner drawn over the thumbnail) while the view's features are computed. */
  computingLabel?: string | undefined;
}) {
  const url = useBlobUrl(thumbnail);
  return (
    <li className="relative size-16 shrink-0 overflow-hidden rounded-xl bg-white ring-1 ring-line">
      {url ? (
        <img src={url} alt={alt} className="size-full object-cover" />
      ) : (
        <span
          role="img"
          aria-label={alt}
          className="flex size-full items-center justify-center text-brand-600"
        >
          <ScanEye className="size-6" aria-hidden="true" />
        </span>
      )}
      {computingLabel ? (
        <span className="absolute inset-0 flex items-center justify-center bg-white/60">
          <LoaderCircle className="size-6 animate-spin text-brand-700" aria-hidden="true" />
          <span className="sr-only">{computingLabel}</span>
        </span>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="absolute end-0 top-0 inline-flex size-11 items-start justify-end p-1"
      >
        <span className="inline-flex size-6 items-center justify-center rounded-full bg-black/70 text-white">
          <X className="size-4" aria-hidden="true" />
        </span>
      </button>
    </li>
  );
}

function MainPhotoTile({ photo, alt }: { photo: NonNullable<MainPhoto>; alt: string }) {
  const url = useBlobUrl(photo.kind === 'new' ? photo.thumbnail : undefined);
  return (
    <li className="size-16 shrink-0 overflow-hidden rounded-xl ring-2 ring-brand-500">
      {photo.kind === 'stored' ? (
        <PhotoThumbnail photoId={photo.photoId} alt={alt} className="size-full" />
      ) : (
        <img src={url} alt={alt} className="size-full object-cover" />
      )}
    </li>
  );
}

export function ProductReferencesField({
  productId,
  mainPhoto,
  draft,
  onDraft,
}: {
  productId: string | undefined;
  mainPhoto: MainPhoto;
  draft: ViewsDraft;
  onDraft: (change: (current: ViewsDraft) => ViewsDraft) => void;
}) {
  const { t } = useTranslation('ui', { keyPrefix: 'product' });
  const { t: tShell } = useTranslation();
  const stored = useProductViews(productId) ?? [];
  const galleryId = useId();
  /** The added views whose features are ready. */
  const [computed, setComputed] = useState<ReadonlySet<string>>(() => new Set());
  const [cameraOpen, setCameraOpen] = useState(false);
  const [problem, setProblem] = useState<string>();

  const extras = stored.filter((view) => isExtraView(view) && !draft.removed.includes(view.id));
  const learned = stored.filter((view) => view.origin === 'learned' && !draft.removed.includes(view.id));
  const count = (mainPhoto ? 1 : 0) + extras.length + draft.added.length + learned.length;
  const full = count >= MAX_VIEWS;

  function addView(photo: PhotoBlobs) {
    setProblem(undefined);
    const key = crypto.randomUUID();
    const features = computeReference(photo.blob);
    onDraft((current) => ({
      ...current,
      added: [...current.added, { key, features, thumbnail: photo.thumbnail }],
    }));
    features.then(
      () => setComputed((current) => new Set(current).add(key)),
      (error: unknown) => {
        console.error('Reference view not computed', error);
        onDraft((current) => ({ ...current, added: current.added.filter((view) => view.key !== key) }));
        setProblem(t('references.failed'));
      },
    );
  }

  async function fromGallery(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const result = await readGalleryPhoto(file);
    if (result.ok) addView(result.photo);
    else setProblem(tShell(GALLERY_ERROR_KEYS[result.error]));
  }

  // Views are numbered after the main photo (view 1).
  const first = mainPhoto ? 2 : 1;
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl bg-brand-50 p-3">
      <legend className="sr-only">{t('references.legend')}</legend>
      <p className="flex items-center gap-2 font-medium text-ink" aria-live="polite">
        <ScanEye className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        {t('references.count', { count })}
      </p>
      <p className="text-sm text-muted">
        {count < ADVISED_VIEWS ? t('references.advice') : t('references.enough')}
      </p>
      {count > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('references.legend')}>
          {mainPhoto ? <MainPhotoTile photo={mainPhoto} alt={t('references.mainPhoto')} /> : null}
          {extras.map((view, index) => {
            const number = first + index;
            return (
              <ViewTile
                key={view.id}
                thumbnail={view.thumbnail}
                alt={t('references.viewAlt', { number })}
                removeLabel={t('references.removeView', { number })}
                onRemove={() =>
                  onDraft((current) => ({ ...current, removed: [...current.removed, view.id] }))
                }
              />
            );
          })}
          {draft.added.map((view, index) => {
            const number = first + extras.length + index;
            return (
              <ViewTile
                key={view.key}
                thumbnail={view.thumbnail}
                alt={t('references.viewAlt', { number })}
                removeLabel={t('references.removeView', { number })}
                computingLabel={computed.has(view.key) ? undefined : t('references.adding')}
                onRemove={() =>
                  onDraft((current) => ({
                    ...current,
                    added: current.added.filter((added) => added.key !== view.key),
                  }))
                }
              />
            );
          })}
        </ul>
      ) : null}
      {learned.length > 0 ? (
        <p className="text-sm text-muted">{t('references.learned', { count: learned.length })}</p>
      ) : null}
      {full ? (
        <p className="text-sm text-muted">{t('references.full', { max: MAX_VIEWS })}</p>
      ) : (
        // Side by side, or one above the other when a word does not fit its half (a 320-px phone, larger text).
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="flex-1 px-2 text-sm"
            icon={<Camera />}
            onClick={() => setCameraOpen(true)}
          >
            {t('references.take')}
          </Button>
          {/* The label is the button: one control, one name (a hidden input named like its button was a
              duplicate for screen readers). No `capture`: the phone offers its camera and its gallery. */}
          <label
            htmlFor={galleryId}
            className={`${buttonClasses('secondary')} flex-1 cursor-pointer gap-2 px-2 text-sm focus-within:outline-2 focus-within:outline-brand-500`}
          >
            <ImagePlus className="size-5 shrink-0" aria-hidden="true" />
            {t('references.gallery')}
            <input
              id={galleryId}
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(event) => void fromGallery(event)}
            />
          </label>
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <CameraOverlay
        open={cameraOpen}
        title={t('references.cameraTitle')}
        onClose={() => setCameraOpen(false)}
        onCapture={addView}
      />
    </fieldset>
  );
}
