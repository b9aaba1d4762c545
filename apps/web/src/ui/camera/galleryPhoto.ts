// A picture chosen from the phone's gallery, checked (image, 5 MB) then compressed like a camera photo.
import type { PhotoBlobs } from '../../data/productsRepository';
import { imageFileProblem, type ImageFileProblem } from './imageFile';
import { compressPhoto, PhotoReadError } from './photoPipeline';

export type GalleryPhotoResult =
  { ok: true; photo: PhotoBlobs } | { ok: false; error: ImageFileProblem | 'unreadable' | 'failed' };

export async function readGalleryPhoto(file: File): Promise<GalleryPhotoResult> {
  const problem = imageFileProblem(file);
  if (problem) return { ok: false, error: problem };
  try {
    return { ok: true, photo: await compressPhoto(file) };
  } catch (error) {
    console.error('Gallery photo not read', error);
    return { ok: false, error: error instanceof PhotoReadError ? 'unreadable' : 'failed' };
  }
}

/** The spec's message for each refusal, as a key of the shell catalogue. */
export const GALLERY_ERROR_KEYS = {
  'not-an-image': 'catalog.imageRequired',
  'too-large': 'catalog.imageTooLarge',
  unreadable: 'catalog.fileReadFailed',
  failed: 'catalog.fileReadFailed',
} as const;
