// Seeded generator of counter scenes: 1–4 product photos placed on a plain dark counter, 1280×720.
import { createImage, resizeImage, type PixelBox, type RgbaImage } from '../src/image.js';
import { seededRandom as random } from '../src/random.js';

export type SceneItem = { productId: string; box: PixelBox };
export type Scene = { image: RgbaImage; items: SceneItem[] };

export async function composeScene(
  seed: number,
  pool: readonly Record<string, string>[],
  load: (path: string) => Promise<RgbaImage>,
  width = 1280,
  height = 720,
): Promise<Scene> {
  const rand = random(seed * 7919);
  const image = createImage(width, height);
  const base = [30 + rand() * 30, 28 + rand() * 25, 25 + rand() * 25];
  for (let p = 0; p < width * height; p++) {
    const noise = (rand() - 0.5) * 10;
    image.data[p * 4] = base[0]! + noise;
    image.data[p * 4 + 1] = base[1]! + noise;
    image.data[p * 4 + 2] = base[2]! + noise;
    image.data[p * 4 + 3] = 255;
  }
  const count = 1 + Math.floor(rand() * 4);
  // One slot per product along the counter, so that photos never overlap.
  const slot = width / count;
  const items: SceneItem[] = [];
  for (let i = 0; i < count; i++) {
    const query = pool[Math.floor(rand() * pool.length)]!;
    const photo = await load(query.path!);
    const targetHeight = height * (0.45 + rand() * 0.35);
    let scale = targetHeight / photo.height;
    if (photo.width * scale > slot * 0.9) scale = (slot * 0.9) / photo.width;
    const placed = resizeImage(photo, photo.width * scale, photo.height * scale);
    const x = Math.floor(i * slot + rand() * (slot - placed.width));
    const y = Math.floor(rand() * (height - placed.height));
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
