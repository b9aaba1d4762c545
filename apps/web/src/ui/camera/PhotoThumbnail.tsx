// A product's photo as a small square, or a neutral package icon when it has none.
import { clsx } from 'clsx';
import { Package } from 'lucide-react';
import { usePhotoUrl } from './usePhotoUrl';

export interface PhotoThumbnailProps {
  photoId: string | undefined;
  alt: string;
  className?: string;
}

const frame = 'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-brand-50';

function StoredThumbnail({ photoId, alt, className }: PhotoThumbnailProps & { photoId: string }) {
  const url = usePhotoUrl(photoId, 'thumbnail');
  return (
    <span className={clsx(frame, className)}>
      {url ? <img src={url} alt={alt} className="size-full object-cover" decoding="async" /> : null}
    </span>
  );
}

export function PhotoThumbnail({ photoId, alt, className }: PhotoThumbnailProps) {
  // Without a photo there is nothing to read, so no live query is opened for the card.
  if (photoId) return <StoredThumbnail photoId={photoId} alt={alt} className={className} />;
  return (
    <span aria-hidden="true" className={clsx(frame, 'text-brand-600', className)}>
      <Package className="size-7" />
    </span>
  );
}
