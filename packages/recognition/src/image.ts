// RGBA images shared by Node and a Web Worker: crop, resize and grey conversion without any platform API.

/** Decoded pixels, row-major RGBA (the shape of the browser's ImageData). */
export type RgbaImage = { width: number; height: number; data: Uint8ClampedArray };

/** A rectangle in pixels. */
export type PixelBox = { x: number; y: number; width: number; height: number };

export function createImage(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** Copies a rectangle (clamped to the image) into a new image. */
export function cropImage(image: RgbaImage, box: PixelBox): RgbaImage {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(image.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(image.height, Math.ceil(box.y + box.height));
  const out = createImage(Math.max(1, x1 - x0), Math.max(1, y1 - y0));
  for (let y = y0; y < y1; y++) {
    const row = image.data.subarray((y * image.width + x0) * 4, (y * image.width + x1) * 4);
    out.data.set(row, (y - y0) * out.width * 4);
  }
  return out;
}

/**
 * Resizes with area averaging when shrinking (no aliasing, so keypoints stay stable) and bilinear
 * interpolation when enlarging.
 */
export function resizeImage(image: RgbaImage, width: number, height: number): RgbaImage {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  if (w === image.width && h === image.height) return image;
  return w < image.width && h < image.height ? shrinkByArea(image, w, h) : resizeBilinear(image, w, h);
}

/** Scales so that the longer side is `longSide` pixels (never enlarges unless `allowEnlarge`). */
export function resizeToLongSide(image: RgbaImage, longSide: number, allowEnlarge = false): RgbaImage {
  const scale = longSide / Math.max(image.width, image.height);
  if (scale >= 1 && !allowEnlarge) return image;
  return resizeImage(image, image.width * scale, image.height * scale);
}

function shrinkByArea(image: RgbaImage, w: number, h: number): RgbaImage {
  const out = createImage(w, h);
  const sx = image.width / w;
  const sy = image.height / h;
  const src = image.data;
  for (let y = 0; y < h; y++) {
    const ya = y * sy;
    const yb = ya + sy;
    for (let x = 0; x < w; x++) {
      const xa = x * sx;
      const xb = xa + sx;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let total = 0;
      for (let yy = Math.floor(ya); yy < Math.min(image.height, Math.ceil(yb)); yy++) {
        const wy = Math.min(yb, yy + 1) - Math.max(ya, yy);
        for (let xx = Math.floor(xa); xx < Math.min(image.width, Math.ceil(xb)); xx++) {
          const weight = wy * (Math.min(xb, xx + 1) - Math.max(xa, xx));
          const i = (yy * image.width + xx) * 4;
          r += src[i]! * weight;
          g += src[i + 1]! * weight;
          b += src[i + 2]! * weight;
          a += src[i + 3]! * weight;
          total += weight;
        }
      }
      const o = (y * w + x) * 4;
      out.data[o] = r / total;
      out.data[o + 1] = g / total;
      out.data[o + 2] = b / total;
      out.data[o + 3] = a / total;
    }
  }
  return out;
}

function resizeBilinear(image: RgbaImage, w: number, h: number): RgbaImage {
  const out = createImage(w, h);
  const src = image.data;
  const sx = image.width / w;
  const sy = image.height / h;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const dy = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const dx = fx - x0;
      const o = (y * w + x) * 4;
      for (let c = 0; c < 4; c++) {
        const top =
          src[(y0 * image.width + x0) * 4 + c]! * (1 - dx) + src[(y0 * image.width + x1) * 4 + c]! * dx;
        const bottom =
          src[(y1 * image.width + x0) * 4 + c]! * (1 - dx) + src[(y1 * image.width + x1) * 4 + c]! * dx;
        out.data[o + c] = top * (1 - dy) + bottom * dy;
      }
    }
  }
  return out;
}

/** Luma (BT.601) as one byte per pixel. */
export function toGrey(image: RgbaImage): Uint8Array {
  const out = new Uint8Array(image.width * image.height);
  const d = image.data;
  for (let i = 0, p = 0; p < out.length; i += 4, p++) {
    out[p] = (d[i]! * 77 + d[i + 1]! * 150 + d[i + 2]! * 29) >> 8;
  }
  return out;
}

/** Rotates a quarter turn clockwise (used to read barcodes photographed sideways and by the tests). */
export function rotateQuarter(image: RgbaImage): RgbaImage {
  const out = createImage(image.height, image.width);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const s = (y * image.width + x) * 4;
      const d = (x * out.width + (out.width - 1 - y)) * 4;
      out.data[d] = image.data[s]!;
      out.data[d + 1] = image.data[s + 1]!;
      out.data[d + 2] = image.data[s + 2]!;
      out.data[d + 3] = image.data[s + 3]!;
    }
  }
  return out;
}

/** A pixel position. */
export type PixelPoint = { x: number; y: number };

/**
 * The image turned clockwise by `degrees` about its centre, bilinear, on a canvas grown to hold all of it,
 * opaque; `toSource` takes a position in the turned image back to the image. The uncovered corners carry the
 * image's edge pixels outwards (a uniform fill would draw an edge along the image's border — beside a barcode
 * at the border, a bar in its quiet zone), or are `fill` when given. `grey`: the image is grey (red = green
 * = blue, as `greyToImage` gives), so one channel is turned and copied to the others (a third of the work).
 */
export function rotateImage(
  image: RgbaImage,
  degrees: number,
  { fill, grey = false }: { fill?: number; grey?: boolean } = {},
): { image: RgbaImage; toSource: (point: PixelPoint) => PixelPoint } {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const { width: w, height: h, data } = image;
  const out = createImage(
    Math.max(1, Math.ceil(Math.abs(w * cos) + Math.abs(h * sin) - 1e-9)),
    Math.max(1, Math.ceil(Math.abs(w * sin) + Math.abs(h * cos) - 1e-9)),
  );
  const [cx, cy, ox, oy] = [w / 2, h / 2, out.width / 2, out.height / 2];
  const toSource = ({ x, y }: PixelPoint): PixelPoint => ({
    x: cx + (x - ox) * cos + (y - oy) * sin,
    y: cy - (x - ox) * sin + (y - oy) * cos,
  });
  // The source position of each pixel's centre, stepped along the row; the four pixels around it, bilinear
  // (inside the image read directly, at its border through `sample`).
  const sample = (px: number, py: number, c: number) =>
    px >= 0 && py >= 0 && px < w && py < h
      ? data[(py * w + px) * 4 + c]!
      : (fill ?? data[(Math.min(h - 1, Math.max(0, py)) * w + Math.min(w - 1, Math.max(0, px))) * 4 + c]!);
  const o = out.data;
  const channels = grey ? 1 : 3;
  for (let y = 0; y < out.height; y++) {
    const start = toSource({ x: 0.5, y: y + 0.5 });
    for (let x = 0; x < out.width; x++) {
      const sx = start.x + x * cos - 0.5;
      const sy = start.y - x * sin - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const d = (y * out.width + x) * 4;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h) {
        const i = (y0 * w + x0) * 4;
        const j = i + w * 4;
        for (let c = 0; c < channels; c++) {
          const top = data[i + c]! + (data[i + 4 + c]! - data[i + c]!) * fx;
          const bottom = data[j + c]! + (data[j + 4 + c]! - data[j + c]!) * fx;
          o[d + c] = top + (bottom - top) * fy;
        }
      } else
        for (let c = 0; c < channels; c++) {
          const top = sample(x0, y0, c) * (1 - fx) + sample(x0 + 1, y0, c) * fx;
          const bottom = sample(x0, y0 + 1, c) * (1 - fx) + sample(x0 + 1, y0 + 1, c) * fx;
          o[d + c] = top * (1 - fy) + bottom * fy;
        }
      if (grey) o[d + 2] = o[d + 1] = o[d]!;
      o[d + 3] = 255;
    }
  }
  return { image: out, toSource };
}

/** Grey bytes back to an opaque RGBA image. */
export function greyToImage(grey: ArrayLike<number>, width: number, height: number): RgbaImage {
  const out = createImage(width, height);
  for (let p = 0, i = 0; p < width * height; p++, i += 4) {
    const v = grey[p]!;
    out.data[i] = v;
    out.data[i + 1] = v;
    out.data[i + 2] = v;
    out.data[i + 3] = 255;
  }
  return out;
}

/**
 * Separable box blur of a grey plane (radius in pixels): each pixel becomes the mean of the window clipped
 * to the image. Running sums, so the cost does not grow with the radius; the sums are exact in float64 (byte
 * values, then float32 means of at most a few hundred of them), so the result is the same as adding up
 * every window.
 */
export function boxBlurGrey(
  grey: ArrayLike<number>,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let k = 0; k <= Math.min(width - 1, radius); k++) sum += grey[row + k]!;
    for (let x = 0; x < width; x++) {
      const from = Math.max(0, x - radius);
      const to = Math.min(width - 1, x + radius);
      tmp[row + x] = sum / (to - from + 1);
      if (x + radius + 1 < width) sum += grey[row + x + radius + 1]!;
      if (x - radius >= 0) sum -= grey[row + x - radius]!;
    }
  }
  const sums = new Float64Array(width);
  for (let k = 0; k <= Math.min(height - 1, radius); k++)
    for (let x = 0; x < width; x++) sums[x]! += tmp[k * width + x]!;
  for (let y = 0; y < height; y++) {
    const n = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = sums[x]! / n;
    const enter = y + radius + 1;
    const leave = y - radius;
    if (enter < height) for (let x = 0; x < width; x++) sums[x]! += tmp[enter * width + x]!;
    if (leave >= 0) for (let x = 0; x < width; x++) sums[x]! -= tmp[leave * width + x]!;
  }
  return out;
}

/**
 * Unsharp mask on a luma plane (`toGrey`): grey + amount × (grey − blur), as an opaque image. Restores edges of
 * slightly blurred bars; several sharpenings of one image share its plane.
 */
export function sharpenGreyPlane(
  grey: Uint8Array,
  width: number,
  height: number,
  amount: number,
  radius: number,
): RgbaImage {
  const blur = boxBlurGrey(grey, width, height, radius);
  const out = new Float32Array(grey.length);
  for (let i = 0; i < grey.length; i++) out[i] = grey[i]! + amount * (grey[i]! - blur[i]!);
  return greyToImage(out, width, height);
}

/** One 8-connected component of a mask: its pixel count and bounding box (inclusive, in mask pixels). */
export type MaskComponent = { area: number; x0: number; y0: number; x1: number; y1: number };

/**
 * 8-connected components of a w × h mask, in scan order: `label[p]` is the index of the component of pixel p
 * (-1 outside the mask).
 */
export function maskComponents(
  mask: Uint8Array,
  w: number,
  h: number,
): { label: Int32Array; components: MaskComponent[] } {
  const label = new Int32Array(w * h).fill(-1);
  const components: MaskComponent[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || label[start]! >= 0) continue;
    const id = components.length;
    const stack = [start];
    label[start] = id;
    const component = { area: 0, x0: w, y0: h, x1: 0, y1: 0 };
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      component.area++;
      component.x0 = Math.min(component.x0, x);
      component.y0 = Math.min(component.y0, y);
      component.x1 = Math.max(component.x1, x);
      component.y1 = Math.max(component.y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (mask[q] && label[q]! < 0) {
            label[q] = id;
            stack.push(q);
          }
        }
      }
    }
    components.push(component);
  }
  return { label, components };
}
