// Seeded generator of counter scenes: 1–4 product photos placed on a plain dark counter, 1280×720; optionally
// one of them faded towards the counter's colour (a dark pack on a dark counter).
import { createImage, resizeImage, type PixelBox, type RgbaImage } from '../src/image.js';
import { seededRandom as random } from '../src/random.js';

export type SceneItem = { productId: string; box: PixelBox };
export type Scene = { image: RgbaImage; items: SceneItem[] };

export type SceneOptions = {
  width?: number;
  height?: number;
  /**
   * One product per scene (chosen by its own seeded draw, so the scene is otherwise the same) keeps only this
   * share of its contrast with the counter: pixel = counter + share × (pixel − counter).
   */
  lowContrast?: number;
};

/** A plain dark counter with a little noise, of a seeded colour. */
function counter(rand: () => number, width: number, height: number): { image: RgbaImage; base: number[] } {
  const image = createImage(width, height);
  const base = [30 + rand() * 30, 28 + rand() * 25, 25 + rand() * 25];
  for (let p = 0; p < width * height; p++) {
    const noise = (rand() - 0.5) * 10;
    image.data[p * 4] = base[0]! + noise;
    image.data[p * 4 + 1] = base[1]! + noise;
    image.data[p * 4 + 2] = base[2]! + noise;
    image.data[p * 4 + 3] = 255;
  }
  return { image, base };
}

/**
 * A phone photo of one product on the counter: the photo scaled, its aspect kept, to the frame's height
 * (or width) and centred on a seeded counter. Stretching a square photo to 16:9 instead would widen every
 * text line 1.78× and shear its keypoints away from the references'.
 */
export function placeOnCounter(seed: number, photo: RgbaImage, width = 1280, height = 720): RgbaImage {
  const { image } = counter(random(seed * 7919), width, height);
  const scale = Math.min(height / photo.height, width / photo.width);
  const placed = resizeImage(photo, photo.width * scale, photo.height * scale);
  const x = Math.floor((width - placed.width) / 2);
  const y = Math.floor((height - placed.height) / 2);
  for (let row = 0; row < placed.height; row++)
    image.data.set(
      placed.data.subarray(row * placed.width * 4, (row + 1) * placed.width * 4),
      ((y + row) * width + x) * 4,
    );
  return image;
}

export async function composeScene(
  seed: number,
  pool: readonly Record<string, string>[],
  load: (path: string) => Promise<RgbaImage>,
  options: SceneOptions = {},
): Promise<Scene> {
  const { width = 1280, height = 720, lowContrast } = options;
  const rand = random(seed * 7919);
  const { image, base } = counter(rand, width, height);
  const count = 1 + Math.floor(rand() * 4);
  // One slot per product along the counter, so that photos never overlap.
  const slot = width / count;
  const items: SceneItem[] = [];
  const faded = lowContrast === undefined ? -1 : Math.floor(random(seed * 7919 + 1)() * count);
  for (let i = 0; i < count; i++) {
    const query = pool[Math.floor(rand() * pool.length)]!;
    const photo = await load(query.path!);
    const targetHeight = height * (0.45 + rand() * 0.35);
    let scale = targetHeight / photo.height;
    if (photo.width * scale > slot * 0.9) scale = (slot * 0.9) / photo.width;
    let placed = resizeImage(photo, photo.width * scale, photo.height * scale);
    const x = Math.floor(i * slot + rand() * (slot - placed.width));
    const y = Math.floor(rand() * (height - placed.height));
    if (i === faded) {
      const share = lowContrast!;
      // A copy: resizeImage may hand back the loader's cached photo itself.
      placed = { ...placed, data: new Uint8ClampedArray(placed.data) };
      for (let p = 0; p < placed.width * placed.height; p++)
        for (let c = 0; c < 3; c++)
          placed.data[p * 4 + c] = base[c]! + share * (placed.data[p * 4 + c]! - base[c]!);
    }
    for (let row = 0; row < placed.height; row++) {
      image.data.set(
        placed.data.subarray(row * placed.width * 4, (row + 1) * placed.width * 4),
        ((y + row) * width + x) * 4,
      );
    }
    items.push({ productId: query.product_id!, box: { x, y, width: placed.width, height: placed.height } });
  }
  return { image, items };
}
