// A product's photo on a list card, from the shared thumbnail store, or a package icon when it has none.
import { clsx } from 'clsx';
import { Package } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { listThumbnails, type ThumbnailStore } from './thumbnailStore';

export interface ListThumbnailProps {
  photoId: string | undefined;
  alt: string;
  className?: string;
  /** Tests pass their own store; the app shares one for every list. */
  store?: ThumbnailStore;
}

const frame = 'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-brand-50';

function StoredPhoto({
  photoId,
  alt,
  className,
  store,
}: Required<Omit<ListThumbnailProps, 'className'>> & {
  photoId: string;
  className?: string;
}) {
  const subscribe = useCallback(
    (onChange: () => void) => store.subscribe(photoId, onChange),
    [store, photoId],
  );
  const url = useSyncExternalStore(subscribe, () => store.urlOf(photoId));
  return (
    <span className={clsx(frame, className)}>
      {url ? <img src={url} alt={alt} className="size-full object-cover" decoding="async" /> : null}
    </span>
  );
}

export function ListThumbnail({ photoId, alt, className, store = listThumbnails }: ListThumbnailProps) {
  if (photoId) return <StoredPhoto photoId={photoId} alt={alt} className={className} store={store} />;
  return (
    <span aria-hidden="true" className={clsx(frame, 'text-brand-600', className)}>
      <Package className="size-7" />
    </span>
  );
}
