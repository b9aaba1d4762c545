import { describe, expect, it } from 'vitest';
import { boxBlurGrey, sharpenGreyPlane } from './image.js';
import { seededRandom } from './random.js';

/** The definition: every pixel the mean of its window clipped to the plane, added up window by window. */
function boxBlurByWindows(grey: Uint8Array, width: number, height: number, radius: number): Float32Array {
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius); k++, n++)
        sum += grey[y * width + k]!;
      tmp[y * width + x] = sum / n;
    }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius); k++, n++)
        sum += tmp[k * width + x]!;
      out[y * width + x] = sum / n;
    }
  return out;
}

function randomPlane(seed: number, width: number, height: number): Uint8Array {
  const rand = seededRandom(seed);
  return Uint8Array.from({ length: width * height }, () => Math.floor(rand() * 256));
}

describe('box blur', () => {
  it('gives exactly the mean of each clipped window, whatever the radius', () => {
    for (const [width, height, radius] of [
      [37, 23, 1],
      [37, 23, 5],
      [64, 9, 7],
      [5, 40, 3],
      [12, 12, 30],
      [1, 1, 2],
    ] as const) {
      const grey = randomPlane(width * 1000 + height + radius, width, height);
      expect(boxBlurGrey(grey, width, height, radius)).toEqual(boxBlurByWindows(grey, width, height, radius));
    }
  });

  it('leaves a flat plane flat and sharpening leaves it unchanged', () => {
    const grey = new Uint8Array(20 * 10).fill(90);
    expect([...new Set(boxBlurGrey(grey, 20, 10, 4))]).toEqual([90]);
    const sharpened = sharpenGreyPlane(grey, 20, 10, 2, 4);
    expect(sharpened.width).toBe(20);
    expect(new Set(sharpened.data.filter((_, i) => i % 4 !== 3))).toEqual(new Set([90]));
  });

  it('sharpening steepens an edge on both sides', () => {
    const width = 30;
    const grey = Uint8Array.from({ length: width * 3 }, (_, i) => (i % width < 15 ? 100 : 150));
    const sharpened = sharpenGreyPlane(grey, width, 3, 1, 3);
    const at = (x: number) => sharpened.data[(width + x) * 4]!;
    expect(at(14)).toBeLessThan(100);
    expect(at(15)).toBeGreaterThan(150);
    expect(at(2)).toBe(100);
    expect(at(27)).toBe(150);
  });
});
