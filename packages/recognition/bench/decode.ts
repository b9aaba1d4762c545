// Node only: decodes image files (JPEG, PNG…) to RGBA with sharp, for the bench and the tests.
import sharp, { type Sharp } from 'sharp';
import type { RgbaImage } from '../src/image.js';

export async function decodeImageFile(path: string): Promise<RgbaImage> {
  return rgbaOf(await sharp(path).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true }));
}

/** sharp's raw RGBA output as an image (the same bytes, not copied). */
export function rgbaOf({ data, info }: { data: Buffer; info: { width: number; height: number } }): RgbaImage {
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

/** A sharp pipeline reading an RGBA image's pixels (the same bytes, not copied). */
export function sharpOf(image: RgbaImage): Sharp {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
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

/** A lens out of focus: every pixel spread evenly over a disc of `radius` pixels (sharp divides by the kernel's sum). */
export async function outOfFocus(image: RgbaImage, radius: number): Promise<RgbaImage> {
  const r = Math.ceil(radius);
  const kernel: number[] = [];
  for (let y = -r; y <= r; y++)
    for (let x = -r; x <= r; x++) kernel.push(x * x + y * y <= radius * radius ? 1 : 0);
  const size = 2 * r + 1;
  return rgbaOf(
    await sharpOf(image)
      .convolve({ width: size, height: size, kernel })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
}

/** A chat app's copy: resized by `scale` and re-encoded as a JPEG of `quality`. */
export async function recompressed(image: RgbaImage, quality: number, scale = 1): Promise<RgbaImage> {
  const jpeg = await sharpOf(image)
    .resize(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)))
    .jpeg({ quality })
    .toBuffer();
  return rgbaOf(await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true }));
}
