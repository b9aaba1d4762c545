// From a camera frame or a gallery file to what the photos table keeps: a JPEG of at most 1280 px and a thumbnail.
import { CAMERA_JPEG_QUALITY } from '@hanouti/core';
import type { PhotoBlobs } from '../../data/productsRepository';

/** Longest side of a stored photo: the camera's ideal 1280×720 frame is kept as it is. */
export const PHOTO_MAX_SIDE = 1280;
/** Longest side of the thumbnail shown on cards (sharp at 2× on a 64 px square). */
export const THUMBNAIL_MAX_SIDE = 256;
const THUMBNAIL_QUALITY = 0.7;
const JPEG = 'image/jpeg';

/** The picture could not be decoded: the spec's "Erreur lors de la lecture du fichier". */
export class PhotoReadError extends Error {
  override name = 'PhotoReadError';
}

/** The frame could not be taken from the camera: "Erreur lors de la capture de la photo". */
export class PhotoCaptureError extends Error {
  override name = 'PhotoCaptureError';
}

/** Size of a picture scaled down (never up) so that its longest side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the browser produced no JPEG'))),
      JPEG,
      quality,
    );
  });
}

/** Draws a picture at the given size and encodes it as JPEG (off the DOM when the browser can). */
async function encodeJpeg(
  source: CanvasImageSource,
  size: { width: number; height: number },
  quality: number,
): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    context.drawImage(source, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type: JPEG, quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D context');
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvasToJpeg(canvas, quality);
}

/**
 * The photo to store: decoded (EXIF orientation applied by the browser), reduced to 1280 px and
 * re-encoded at the camera's JPEG quality 0.8, plus a small thumbnail. A JPEG already small enough
 * (a camera frame) is kept byte for byte, so it is not compressed twice.
 */
export async function compressPhoto(source: Blob): Promise<PhotoBlobs> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(source);
  } catch (error) {
    throw new PhotoReadError('the picture cannot be decoded', { cause: error });
  }
  try {
    const full = fitWithin(bitmap.width, bitmap.height, PHOTO_MAX_SIDE);
    const keepAsIs = source.type === JPEG && full.width === bitmap.width && full.height === bitmap.height;
    const blob = keepAsIs ? source : await encodeJpeg(bitmap, full, CAMERA_JPEG_QUALITY);
    const thumbnail = await encodeJpeg(
      bitmap,
      fitWithin(bitmap.width, bitmap.height, THUMBNAIL_MAX_SIDE),
      THUMBNAIL_QUALITY,
    );
    return { blob, thumbnail, mime: JPEG };
  } finally {
    bitmap.close();
  }
}

/** The frame the video shows now, as a JPEG at quality 0.8 (spec §7), at the camera's own resolution. */
export async function captureVideoFrame(video: HTMLVideoElement): Promise<Blob> {
  const { videoWidth: width, videoHeight: height } = video;
  if (width === 0 || height === 0) throw new PhotoCaptureError('the camera has no frame yet');
  try {
    return await encodeJpeg(video, { width, height }, CAMERA_JPEG_QUALITY);
  } catch (error) {
    throw new PhotoCaptureError('the frame cannot be encoded', { cause: error });
  }
}
