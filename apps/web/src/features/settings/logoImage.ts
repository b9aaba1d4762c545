// Turns a picked image into a small logo for the ticket: at most the width a 58 mm printer prints (384 dots).
import { MAX_IMAGE_BYTES } from '@hanouti/core';
import type { PhotoBlobs } from '../../data/productsRepository';

/** A 58 mm thermal printer prints 384 dots per line: a wider logo would only be scaled down again. */
export const LOGO_MAX_SIZE = 384;
const THUMBNAIL_SIZE = 96;

export type LogoCheck = { ok: true } | { ok: false; error: 'not-an-image' | 'too-large' };

/** Spec §5: an image, at most 5 MB. */
export function checkLogoFile(file: Pick<File, 'type' | 'size'>): LogoCheck {
  if (!file.type.startsWith('image/')) return { ok: false, error: 'not-an-image' };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: 'too-large' };
  return { ok: true };
}

/** The size that fits in a square of `limit` keeping the proportions, never enlarging. */
export function fittedSize(width: number, height: number, limit: number): { width: number; height: number } {
  const scale = Math.min(1, limit / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function drawn(bitmap: ImageBitmap, limit: number): Promise<Blob> {
  const size = fittedSize(bitmap.width, bitmap.height, limit);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  // PNG keeps a logo's flat colours and transparency sharp, and it stays small at this size.
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('logo not encoded'))), 'image/png'),
  );
}

/** Decodes and reduces the logo; throws when the file is not a readable image. */
export async function reduceLogo(file: Blob): Promise<PhotoBlobs> {
  const bitmap = await createImageBitmap(file);
  try {
    const [blob, thumbnail] = await Promise.all([
      drawn(bitmap, LOGO_MAX_SIZE),
      drawn(bitmap, THUMBNAIL_SIZE),
    ]);
    return { blob, thumbnail, mime: 'image/png' };
  } finally {
    bitmap.close();
  }
}
