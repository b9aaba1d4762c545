// Colour signatures: each image keeps a coarse grid of hue/saturation bins so that a histogram can later be
// taken inside any outline (the matched product), not over the whole photo where the shelf dominates.
import type { RgbaImage } from './image.js';

export const COLOUR_GRID = 32;
const HUE_BINS = 12;
const SAT_BINS = 3;
/** Greys (low saturation) are binned by brightness instead of hue. */
const GREY_BINS = 4;
export const COLOUR_BINS = HUE_BINS * SAT_BINS + GREY_BINS;

/** Hue (0–6, one unit per sixth of the colour wheel; 0 for greys), saturation (0–1) and value (0–255). */
export function hueSaturationValue(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  const saturation = max === 0 ? 0 : delta / max;
  if (delta === 0) return [0, saturation, max];
  if (max === r) return [((g - b) / delta + 6) % 6, saturation, max];
  if (max === g) return [(b - r) / delta + 2, saturation, max];
  return [(r - g) / delta + 4, saturation, max];
}

/** The hue/saturation bin of one RGB colour. */
export function colourBin(r: number, g: number, b: number): number {
  const [hue, sat, max] = hueSaturationValue(r, g, b);
  if (sat < 0.2 || max < 40)
    return HUE_BINS * SAT_BINS + Math.min(GREY_BINS - 1, Math.floor((max / 256) * GREY_BINS));
  const hueBin = Math.min(HUE_BINS - 1, Math.floor((hue / 6) * HUE_BINS));
  const satBin = Math.min(SAT_BINS - 1, Math.floor(((sat - 0.2) / 0.8) * SAT_BINS));
  return hueBin * SAT_BINS + satBin;
}

/** Bin index of each cell of a COLOUR_GRID × COLOUR_GRID grid over the image (cell = mean colour). */
export function colourGrid(image: RgbaImage): Uint8Array {
  const grid = new Uint8Array(COLOUR_GRID * COLOUR_GRID);
  for (let gy = 0; gy < COLOUR_GRID; gy++) {
    const y0 = Math.floor((gy * image.height) / COLOUR_GRID);
    const y1 = Math.max(y0 + 1, Math.floor(((gy + 1) * image.height) / COLOUR_GRID));
    for (let gx = 0; gx < COLOUR_GRID; gx++) {
      const x0 = Math.floor((gx * image.width) / COLOUR_GRID);
      const x1 = Math.max(x0 + 1, Math.floor(((gx + 1) * image.width) / COLOUR_GRID));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let y = y0; y < Math.min(y1, image.height); y++) {
        for (let x = x0; x < Math.min(x1, image.width); x++) {
          const i = (y * image.width + x) * 4;
          r += image.data[i]!;
          g += image.data[i + 1]!;
          b += image.data[i + 2]!;
          n++;
        }
      }
      grid[gy * COLOUR_GRID + gx] = n ? colourBin(r / n, g / n, b / n) : 0;
    }
  }
  return grid;
}

/** Normalised histogram of the grid cells whose centre (in 0..1 relative coordinates) is inside `inside`. */
export function colourHistogram(grid: Uint8Array, inside?: (x: number, y: number) => boolean): Float32Array {
  const histogram = new Float32Array(COLOUR_BINS);
  let total = 0;
  for (let gy = 0; gy < COLOUR_GRID; gy++) {
    for (let gx = 0; gx < COLOUR_GRID; gx++) {
      if (inside && !inside((gx + 0.5) / COLOUR_GRID, (gy + 0.5) / COLOUR_GRID)) continue;
      histogram[grid[gy * COLOUR_GRID + gx]!]! += 1;
      total++;
    }
  }
  if (total > 0) for (let i = 0; i < COLOUR_BINS; i++) histogram[i]! /= total;
  return histogram;
}

/** Histogram intersection, 1 for identical colour distributions, 0 for disjoint ones. */
export function histogramSimilarity(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.min(a[i]!, b[i] ?? 0);
  return sum;
}

/** Ray-casting point-in-polygon test on a flat [x0, y0, x1, y1, …] outline. */
export function insidePolygon(polygon: ArrayLike<number>, x: number, y: number): boolean {
  let inside = false;
  const n = polygon.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = polygon[2 * i]!;
    const yi = polygon[2 * i + 1]!;
    const xj = polygon[2 * j]!;
    const yj = polygon[2 * j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Convex hull (monotone chain) of flat points, as a flat outline. */
export function convexHull(points: ArrayLike<number>): number[] {
  const pts: [number, number][] = [];
  for (let i = 0; i + 1 < points.length; i += 2) pts.push([points[i]!, points[i + 1]!]);
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts.flat();
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)].flat();
}
