// Object URLs for photos on screen, revoked when no longer shown so that blobs do not pile up in memory.
import { useEffect, useMemo } from 'react';
import { usePhoto } from '../../data/productsRepository';

/** A URL for a blob held in memory (a photo not saved yet); undefined without one. */
export function useBlobUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** A URL for a stored photo, full size or thumbnail; undefined while loading or without a photo. */
export function usePhotoUrl(photoId: string | undefined, size: 'full' | 'thumbnail'): string | undefined {
  const photo = usePhoto(photoId);
  return useBlobUrl(size === 'full' ? photo?.blob : photo?.thumbnail);
}
