// The spec's two rules for a picture taken from the gallery: it must be an image, of at most 5 MB.
import { MAX_IMAGE_BYTES } from '@hanouti/core';

export type ImageFileProblem = 'not-an-image' | 'too-large';

/** Why this file cannot be a product photo, or undefined when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ImageFileProblem | undefined {
  if (!file.type.startsWith('image/')) return 'not-an-image';
  if (file.size > MAX_IMAGE_BYTES) return 'too-large';
  return undefined;
}
