// Base64 images from the app to the RGBA pixels the recognition pipeline reads (sharp, EXIF-rotated).
import type { RgbaImage } from '@hanouti/recognition';
import sharp from 'sharp';
import { DomainError } from '../domain/errors.js';

/** Larger pictures are refused: a 12-megapixel phone photo is 4032 × 3024. */
export const MAX_INPUT_PIXELS = 4096 * 3072;

/** Accepts plain base64 or a data URL (what a browser's FileReader gives). */
export function bytesOfBase64(text: string): Buffer {
  const base64 = text.startsWith('data:') ? text.slice(text.indexOf(',') + 1) : text;
  return Buffer.from(base64, 'base64');
}

export async function decodeImage(text: string): Promise<RgbaImage> {
  try {
    const { data, info } = await sharp(bytesOfBase64(text), { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      // A transparent PNG (a rendered barcode) is read as printed: on white paper.
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    };
  } catch {
    throw new DomainError(
      'invalid',
      'invalid_image',
      "L'image n'a pas pu être lue (JPEG, PNG ou WebP attendu)",
    );
  }
}
