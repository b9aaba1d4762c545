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

/** Renders an SVG body (text in DejaVu Sans: Debian's fonts-dejavu-core, Arabic shaped by pango) to RGBA. */
export async function renderSvg(body: string, width: number, height: number): Promise<RgbaImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}
