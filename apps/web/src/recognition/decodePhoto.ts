// Photos (JPEG blobs) to pixels and back, off the main thread: createImageBitmap and OffscreenCanvas.
import type { RgbaImage } from '@hanouti/recognition';

function context(width: number, height: number): OffscreenCanvasRenderingContext2D {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D context for decoding');
  return ctx;
}

/** Decodes a photo to RGBA pixels (EXIF orientation applied by the browser). */
export async function decodePhoto(photo: Blob): Promise<RgbaImage> {
  const bitmap = await createImageBitmap(photo);
  try {
    const ctx = context(bitmap.width, bitmap.height);
    ctx.drawImage(bitmap, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    return { data, width, height };
  } finally {
    bitmap.close();
  }
}

/** Encodes pixels as a JPEG (the crop shown on the review). */
export function encodeJpeg(image: RgbaImage, quality = 0.8): Promise<Blob> {
  const ctx = context(image.width, image.height);
  ctx.putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
  return ctx.canvas.convertToBlob({ type: 'image/jpeg', quality });
}
