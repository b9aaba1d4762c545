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

/** An outline in its own unit coordinates (centred on 0, about 1 across): true inside the object. */
export type Outline = (u: number, v: number) => boolean;

/**
 * One plain object (`colour`) drawn from its outline onto a plain background, `size` pixels per outline
 * unit, turned by `angle` radians around (`cx`, `cy`) (default: the centre), 4 samples per pixel at its
 * edges. `print`: parts of the outline drawn in the background's colour instead (print on the pack).
 */
export function objectOnBackground(
  outline: Outline,
  options: {
    width?: number;
    height?: number;
    background: readonly [number, number, number];
    colour: readonly [number, number, number];
    size: number;
    angle?: number;
    cx?: number;
    cy?: number;
    print?: Outline;
  },
): RgbaImage {
  const { width = 320, height = 320, background, colour, size, angle = 0, print } = options;
  const cx = options.cx ?? width / 2;
  const cy = options.cy ?? height / 2;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const image = createImage(width, height);
  const offsets = [0.25, 0.75];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let covered = 0;
      for (const oy of offsets) {
        for (const ox of offsets) {
          const dx = x + ox - cx;
          const dy = y + oy - cy;
          const u = (cos * dx + sin * dy) / size;
          const v = (-sin * dx + cos * dy) / size;
          if (outline(u, v) && !print?.(u, v)) covered++;
        }
      }
      const share = covered / 4;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) image.data[i + c] = background[c]! * (1 - share) + colour[c]! * share;
      image.data[i + 3] = 255;
    }
  }
  return image;
}
