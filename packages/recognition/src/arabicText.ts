// Arabic on the pack: PP-OCRv4's character list has no Arabic, so the lines its detector found are also read
// by tesseract's `ara` LSTM model (tesseract.js). Its files come from npm packages: served by the app in the
// browser, read from node_modules in Node (`arabicModelFiles()` in nodeAssets.ts) — never from jsDelivr,
// tesseract.js's default.
import type TesseractModule from 'tesseract.js';
import type { RgbaImage } from './image.js';
import {
  DET_UNCLIP_RATIO,
  lineWidth,
  sampleQuad,
  kernelWithPadding,
  type Point,
  type TextLine,
} from './ocr.js';
import { hasArabicLetter } from './textMatch.js';

/** Where tesseract.js finds its files. */
export type ArabicModelFiles = {
  /** Folder (a URL in the browser, a path in Node) holding `ara.traineddata.gz`. */
  langPath: string;
  /**
   * Browser only: tesseract.js's worker script (run as a nested Worker) and the core's script (its `.wasm`
   * beside it, same name). In Node tesseract.js takes both from node_modules.
   */
  workerPath?: string;
  corePath?: string;
};

/** A word read by tesseract, confidence in [0, 1]. */
export type RecognisedWord = { text: string; confidence: number };

/** What this module asks of a tesseract.js worker (tests hand over a fake). */
export type LineRecogniser = {
  /** The words of one line image (binary PGM). */
  recognise(image: Uint8Array): Promise<RecognisedWord[]>;
  terminate(): Promise<void>;
};

/**
 * PP-OCR's detector finds the Arabic lines tesseract reads at this long side, at most ARABIC_LINES of them
 * (what `bench/arabicText.ts` measures). At 960 px, the side Latin text is read at since "Reading more of
 * the pack", it hugs the letters' bodies and cuts short Arabic words into pieces ("سكر" came out as "ب"), so
 * the Arabic lines keep their own 640-px detection.
 */
export const ARABIC_DETECTOR_SIDE = 640;
export const ARABIC_LINES = 6;
/** Height of the line image given to tesseract (its LSTM scales lines itself; 48 read best on clean labels). */
export const ARABIC_LINE_HEIGHT = 48;
/** Longest line image (a longer line is squeezed). */
const ARABIC_LINE_MAX_WIDTH = 1600;
/**
 * Margin around DB's text kernel, × its height. Arabic letters rise and fall well beyond the kernel and DB
 * ends a word early: on `bench/arabicText.ts` (120 names) DB's own margin read 54.5 % of the words, 1.0
 * 59.4 % (on 40 names: 0.4 29 %, 1.3 58 %).
 */
export const ARABIC_LINE_PADDING = 1;
/** Words below this confidence are dropped: Latin lines read as Arabic come out at 0–0.3. */
export const MIN_ARABIC_WORD_CONFIDENCE = 0.35;

/** How lines are cut for tesseract (the bench varies it). */
export type ArabicCutOptions = { padding?: number; uprightBelow?: number };

/**
 * Boxes leaning less than this (radians, ≈ 9°) are cut upright (bench, 120 names: 58.8 → 59.4 % of the
 * words; 46 → 54.5 % with DB's own margin).
 */
export const UPRIGHT_BELOW = 0.15;

/**
 * DB's minimum-area rectangle of an Arabic word leans a few degrees (letters rise above and fall below the
 * line unevenly) while the print is level: such a box is replaced by its upright bounding rectangle.
 */
export function uprightWhenLeaning(quad: readonly Point[], below = UPRIGHT_BELOW): Point[] {
  const [tl, tr] = quad as [Point, Point, Point, Point];
  if (Math.abs(Math.atan2(tr.y - tl.y, tr.x - tl.x)) >= below) return [...quad];
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

/** A line cut from the image as a binary PGM (grey, 8 bits): a format leptonica reads without a codec. */
export function arabicLineImage(
  image: RgbaImage,
  box: readonly Point[],
  cut: ArabicCutOptions = {},
): Uint8Array {
  const quad = uprightWhenLeaning(
    kernelWithPadding(box, DET_UNCLIP_RATIO, cut.padding ?? ARABIC_LINE_PADDING),
    cut.uprightBelow ?? UPRIGHT_BELOW,
  );
  const height = ARABIC_LINE_HEIGHT;
  const width = lineWidth(quad, height, ARABIC_LINE_MAX_WIDTH);
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  sampleQuad(image, quad, width, height, (pixel, r, g, b) => {
    pgm[header.length + pixel] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  });
  return pgm;
}

/** The Arabic words of a line (at `MIN_ARABIC_WORD_CONFIDENCE` or above) as one line, or null. */
export function arabicLine(words: readonly RecognisedWord[], box: Point[]): TextLine | null {
  const kept = words.filter(
    (word) => word.confidence >= MIN_ARABIC_WORD_CONFIDENCE && hasArabicLetter(word.text),
  );
  if (kept.length === 0) return null;
  const confidence = kept.reduce((sum, word) => sum + word.confidence, 0) / kept.length;
  return { text: kept.map((word) => word.text).join(' '), confidence, box };
}

export type ArabicLineReader = {
  /** Arabic lines among the boxes PP-OCR's detector found (image pixels, reading order). */
  read(image: RgbaImage, boxes: readonly Point[][]): Promise<TextLine[]>;
  /** False until the first read started tesseract. */
  readonly started: boolean;
  release(): Promise<void>;
};

/** An Arabic reader that starts tesseract (`start`) on its first read only. */
export function createArabicLineReader(
  start: () => Promise<LineRecogniser>,
  cut: ArabicCutOptions = {},
): ArabicLineReader {
  let recogniser: Promise<LineRecogniser> | undefined;
  return {
    get started() {
      return recogniser !== undefined;
    },
    async read(image, boxes) {
      if (boxes.length === 0) return [];
      recogniser ??= start().catch((error: unknown) => {
        recogniser = undefined;
        throw error;
      });
      const tesseract = await recogniser;
      const lines: TextLine[] = [];
      for (const box of boxes) {
        const line = arabicLine(await tesseract.recognise(arabicLineImage(image, box, cut)), [...box]);
        if (line) lines.push(line);
      }
      return lines;
    },
    async release() {
      const started = recogniser;
      recogniser = undefined;
      if (started) await (await started).terminate();
    },
  };
}

type Tesseract = typeof TesseractModule;

/**
 * Starts a tesseract.js worker with the `ara` LSTM model on the LSTM-only core, one line per image (page
 * segmentation mode 13, raw line: mode 7 drops short words such as "حليب" altogether). No cache of its own
 * (`cacheMethod: 'none'`): the app's model cache and node_modules hold the files.
 */
export async function startTesseractArabic(files: ArabicModelFiles): Promise<LineRecogniser> {
  const module = (await import('tesseract.js')) as Tesseract & { default?: Tesseract };
  const tesseract = module.default ?? module;
  const worker = await tesseract.createWorker('ara', tesseract.OEM.LSTM_ONLY, {
    langPath: files.langPath,
    gzip: true,
    cacheMethod: 'none',
    ...(files.workerPath ? { workerPath: files.workerPath, workerBlobURL: false } : {}),
    ...(files.corePath ? { corePath: files.corePath } : {}),
  });
  await worker.setParameters({ tessedit_pageseg_mode: tesseract.PSM.RAW_LINE });
  return {
    async recognise(image) {
      // tesseract.js reads any byte array (its loaders copy it into a Uint8Array); its types only name
      // Buffer and DOM images. Without the DOM lib (this package's lint) that type is unknown and the
      // assertion looks unnecessary; the web app's typecheck (DOM lib) needs it.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      const { data } = await worker.recognize(image as never, {}, { text: false, blocks: true });
      return (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) =>
          paragraph.lines.flatMap((line) =>
            line.words.map((word) => ({ text: word.text, confidence: word.confidence / 100 })),
          ),
        ),
      );
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
