// Synthetic images for the tests: seeded textured "packs" and scenes, so no test needs a dataset file.
import { createImage, type RgbaImage } from './image.js';
import { seededRandom } from './random.js';

/** A pack-like picture: many random coloured rectangles and discs (rich in corners and blobs). */
export function texturedPack(seed: number, width = 320, height = 400): RgbaImage {
  const rand = seededRandom(seed);
  const image = createImage(width, height);
  image.data.fill(255);
  for (let s = 0; s < 140; s++) {
    const colour = [rand() * 255, rand() * 255, rand() * 255];
    const cx = rand() * width;
    const cy = rand() * height;
    const r = 4 + rand() * 22;
    const disc = rand() < 0.5;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, cx + r); x++) {
        if (disc && (x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
        const i = (y * width + x) * 4;
        image.data[i] = colour[0]!;
        image.data[i + 1] = colour[1]!;
        image.data[i + 2] = colour[2]!;
      }
    }
  }
  return image;
}

/** Pastes `photo` onto a plain dark counter of the given size at (x, y). */
export function placeOnCounter(
  photos: { image: RgbaImage; x: number; y: number }[],
  width: number,
  height: number,
): RgbaImage {
  const counter = createImage(width, height);
  for (let p = 0; p < width * height; p++) counter.data.set([35, 32, 30, 255], p * 4);
  for (const { image, x, y } of photos) {
    for (let row = 0; row < image.height; row++) {
      counter.data.set(
        image.data.subarray(row * image.width * 4, (row + 1) * image.width * 4),
        ((y + row) * width + x) * 4,
      );
    }
  }
  return counter;
}

/**
 * A bin of loose produce seen from above: shaded discs of one colour (`rgb`) and size, jittered, piled on a
 * crate of another colour; the seed moves the pieces (two photos of the same bin share no keypoints).
 */
export function produceBin(
  seed: number,
  rgb: readonly [number, number, number],
  radius: number,
  width = 348,
  height = 348,
): RgbaImage {
  const rand = seededRandom(seed);
  const image = createImage(width, height);
  for (let i = 0; i < width * height; i++) {
    image.data[i * 4] = 120;
    image.data[i * 4 + 1] = 90;
    image.data[i * 4 + 2] = 60;
    image.data[i * 4 + 3] = 255;
  }
  const pieces = Math.round((width * height) / (radius * radius * 2));
  for (let p = 0; p < pieces; p++) {
    const cx = rand() * width;
    const cy = rand() * height;
    const r = radius * (0.8 + rand() * 0.4);
    const tint = 0.85 + rand() * 0.3;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, cx + r); x++) {
        const d2 = ((x - cx) ** 2 + (y - cy) ** 2) / (r * r);
        if (d2 > 1) continue;
        // Lit from the top left: brighter towards the highlight, darker at the rim.
        const light = tint * (1.1 - 0.5 * d2 - 0.15 * ((x - cx + y - cy) / r));
        const i = (y * width + x) * 4;
        image.data[i] = Math.min(255, rgb[0] * light);
        image.data[i + 1] = Math.min(255, rgb[1] * light);
        image.data[i + 2] = Math.min(255, rgb[2] * light);
      }
    }
  }
  return image;
}
