import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxBlurGrey, createImage, rotateImage, sharpenGreyPlane } from './image.js';
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

describe('rotateImage', () => {
  // A 40 × 20 image, black but for a white pixel near its top-left corner.
  const image = createImage(40, 20);
  for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;
  const at = (x: number, y: number) => (y * image.width + x) * 4;
  image.data.set([255, 255, 255], at(5, 3));
  const brightest = (turned: ReturnType<typeof createImage>) => {
    let best = { x: 0, y: 0, value: -1 };
    for (let y = 0; y < turned.height; y++)
      for (let x = 0; x < turned.width; x++) {
        const value = turned.data[(y * turned.width + x) * 4]!;
        // The grown corners are filled with 0 here, so only the image's own white pixel is bright.
        if (value > best.value) best = { x, y, value };
      }
    return best;
  };

  it('turns a quarter clockwise on a canvas of the turned size, and maps back to the source', () => {
    const { image: turned, toSource } = rotateImage(image, 90, { fill: 0 });
    expect([turned.width, turned.height]).toEqual([20, 40]);
    // Clockwise: the pixel at (5, 3) of a 40 × 20 image goes to (20 − 1 − 3, 5).
    const { x, y } = brightest(turned);
    expect([x, y]).toEqual([16, 5]);
    const back = toSource({ x: x + 0.5, y: y + 0.5 });
    expect(back.x).toBeCloseTo(5.5, 6);
    expect(back.y).toBeCloseTo(3.5, 6);
  });

  it('grows the canvas to hold a slanted image, fills the uncovered corners, keeps every pixel opaque', () => {
    const { image: turned, toSource } = rotateImage(image, 30, { fill: 200 });
    const cos = Math.cos(Math.PI / 6);
    const sin = Math.sin(Math.PI / 6);
    expect(turned.width).toBe(Math.ceil(40 * cos + 20 * sin));
    expect(turned.height).toBe(Math.ceil(40 * sin + 20 * cos));
    expect(turned.data[0]).toBe(200);
    for (let i = 3; i < turned.data.length; i += 4) expect(turned.data[i]).toBe(255);
    // The centre stays the centre, and a turn back is the identity on positions.
    const centre = toSource({ x: turned.width / 2, y: turned.height / 2 });
    expect(centre.x).toBeCloseTo(20, 6);
    expect(centre.y).toBeCloseTo(10, 6);
    const { x, y } = brightest(rotateImage(image, 30, { fill: 0 }).image);
    const source = toSource({ x: x + 0.5, y: y + 0.5 });
    expect(Math.hypot(source.x - 5.5, source.y - 3.5)).toBeLessThan(1);
  });

  it('any image, any angle: an opaque image of the grown size, whose centre maps back to the centre', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.double({ min: -720, max: 720, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (width, height, degrees, seed) => {
          const source = createImage(width, height);
          const random = seededRandom(seed);
          for (let i = 0; i < source.data.length; i++) source.data[i] = Math.floor(random() * 256);
          const { image: turned, toSource } = rotateImage(source, degrees);
          const angle = (degrees * Math.PI) / 180;
          expect(turned.width).toBeLessThanOrEqual(
            Math.ceil(Math.abs(width * Math.cos(angle)) + Math.abs(height * Math.sin(angle))) + 1,
          );
          expect(turned.data.length).toBe(turned.width * turned.height * 4);
          for (let i = 3; i < turned.data.length; i += 4) expect(turned.data[i]).toBe(255);
          const centre = toSource({ x: turned.width / 2, y: turned.height / 2 });
          expect(centre.x).toBeCloseTo(width / 2, 6);
          expect(centre.y).toBeCloseTo(height / 2, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('carries the edge pixels out to the corners unless told a fill', () => {
    const grey = createImage(10, 10);
    for (let i = 0; i < grey.data.length; i += 4) grey.data.set([90, 90, 90, 255], i);
    const { image: turned } = rotateImage(grey, 45);
    for (let i = 0; i < turned.data.length; i += 4) expect(turned.data[i]).toBe(90);
    // A grey image turned one channel at a time gives the same pixels.
    const { image: once } = rotateImage(image, 30, { grey: true });
    expect(once.data).toEqual(rotateImage(image, 30).image.data);
  });
});
