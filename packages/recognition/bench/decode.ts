// Node only: decodes image files (JPEG, PNG…) to RGBA with sharp, for the bench and the tests.
import sharp from 'sharp';
import type { RgbaImage } from '../src/image.js';

export async function decodeImageFile(path: string): Promise<RgbaImage> {
  const { data, info } = await sharp(path).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}
