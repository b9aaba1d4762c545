// What every recognition strategy shares: the catalogue it knows, the options of a recognition, the precision
// settings, and one signature — a strategy reads the photo and answers a score per product (0..1) and the
// evidence behind it. The strategies are fused in one place (fusion.ts, `fuseStrategies`).
import type { PrecisionMode } from '@hanouti/core';
import type { ArabicLineReader } from '../arabicText.js';
import type { BarcodeEffort } from '../barcode.js';
import type { RgbaImage } from '../image.js';
import type { ImageFeatures } from '../keypoints.js';
import type { ReadTextOptions, TextReader } from '../ocr.js';
import type { ReferenceIndex } from '../referenceIndex.js';
import type { ReadWord, TextIndex } from '../textMatch.js';

/** What the pipeline needs to know of a catalogue product. */
export type CatalogueProduct = {
  id: string;
  name: string;
  brand?: string;
  /** The catalogue's category: a brand's products of one category are its siblings (openSet.ts). */
  category?: string;
  barcode?: string;
  image?: string;
  /** Words read on the product's reference photos (`packWordsOfLines`), for the text strategy. */
  packWords?: readonly string[];
};

/** What each precision mode spends (spec: fast 1–2 s, balanced 2–4 s, precise 4–8 s on the phone). */
export type PrecisionSettings = {
  queryKeypoints: number;
  /** Products kept as (votes-only) suggestions when no homography confirms them. */
  shortlistSize: number;
  /** Reference photos verified geometrically, the most voted first: the main cost of a recognition. */
  verifiedReferences: number;
  barcodeEffort: BarcodeEffort;
  /** Long side of the OCR detector's input (small photos are enlarged to it); null: no text strategy. */
  textDetectorSide: number | null;
  /**
   * Text lines recognised per photo or crop at most (the boxes the detector is surest of): bounds the
   * recogniser's time (docs/recognition-log.md, "Reading more of the pack").
   */
  textLines: number;
  /**
   * Of those lines, the recogniser's input width in pixels at most (`ReadTextOptions.widthBudget`): bounds
   * the recogniser's time on a photo full of long lines (docs/recognition-log.md, "The slowest photo").
   * null: no budget.
   */
  textWidthBudget: number | null;
  /**
   * Long side of the detector when it proposes text regions as detections on the whole photo (the worker's
   * `detectProductsWithText`); null when the mode reads no text.
   */
  textRegionSide: number | null;
};
export const PRECISION_SETTINGS: Record<PrecisionMode, PrecisionSettings> = {
  fast: {
    queryKeypoints: 350,
    shortlistSize: 4,
    verifiedReferences: 8,
    barcodeEffort: 'live',
    textDetectorSide: null,
    textLines: 0,
    textWidthBudget: null,
    textRegionSide: null,
  },
  balanced: {
    queryKeypoints: 600,
    shortlistSize: 8,
    verifiedReferences: 24,
    barcodeEffort: 'photo',
    textDetectorSide: 960,
    textLines: 10,
    textWidthBudget: 2000,
    textRegionSide: 640,
  },
  precise: {
    queryKeypoints: 900,
    shortlistSize: 16,
    verifiedReferences: 48,
    barcodeEffort: 'photo',
    textDetectorSide: 960,
    textLines: 10,
    textWidthBudget: null,
    textRegionSide: 960,
  },
};

/**
 * How a mode reads a photo's text (the OCR detector's side, the lines, their width budget): the text strategy's
 * reading, and the one that reads the digits under a code (photoBarcodes.ts). null: the mode reads no text.
 */
export function textReadOptions(settings: PrecisionSettings): ReadTextOptions | null {
  const { textDetectorSide, textLines, textWidthBudget } = settings;
  if (!textDetectorSide) return null;
  return {
    detectorSide: textDetectorSide,
    maxLines: textLines,
    ...(textWidthBudget ? { widthBudget: textWidthBudget } : {}),
  };
}

/** The strategies, by the name their score has in `StrategyScores`. */
export type StrategyName = 'barcode' | 'visual' | 'colour' | 'text' | 'shape';

export type RecogniseOptions = {
  index: ReferenceIndex;
  products: ReadonlyMap<string, CatalogueProduct>;
  mode?: PrecisionMode;
  /** Strategies to skip (the bench measures what each adds). */
  disable?: readonly StrategyName[];
  /**
   * Text strategy: the OCR reader and the catalogue's words (`buildTextIndex`); without it no text is read.
   * `arabic` also reads PP-OCR's lines with tesseract `ara`, only when the catalogue has Arabic words.
   */
  text?: { reader: TextReader; index: TextIndex; arabic?: ArabicLineReader };
  /** Features already computed for this image (saves the work when a caller needs them too). */
  features?: ImageFeatures;
};

/** What a strategy is given: the photo, its features, the options, and what the text strategy read. */
export type StrategyInput = {
  image: RgbaImage;
  features: ImageFeatures;
  options: RecogniseOptions;
  settings: PrecisionSettings;
  /** Text scores per product (empty before the text strategy ran, or when it did not). */
  text: ReadonlyMap<string, number>;
  /** The words read on the photo (empty when no text was read). */
  words: readonly ReadWord[];
};

/** What a strategy answers: its own score per product in 0..1, and the evidence behind the scores. */
export type StrategyResult<Evidence> = { scores: ReadonlyMap<string, number>; evidence: Evidence };

/** One strategy: the photo in, scores and evidence out. */
export type Strategy<Evidence> = (input: StrategyInput) => Promise<StrategyResult<Evidence>>;

/** What a strategy that reads the photo alone (barcode, text) is given: it can start before the features. */
export type PhotoInput = Pick<StrategyInput, 'image' | 'options' | 'settings'>;

/** A strategy that needs only the photo. */
export type PhotoStrategy<Evidence> = (input: PhotoInput) => Promise<StrategyResult<Evidence>>;
