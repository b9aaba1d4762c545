// Recognises the product in one photo (or crop): each strategy (strategies/*.ts) reads the photo and answers
// scores and evidence — barcode, text (skipped after a catalogue barcode), look-alike, shape, and keypoints
// last (they verify the products the text names and separate a sure answer with the words read) — and one
// fusion (fusion.ts, `fuseStrategies`) ranks the products. A reader in another thread reads meanwhile.
import type { ProductSimilarity } from './appearance.js';
import { fuseStrategies, type Candidate } from './fusion.js';
import { codeContradicts } from './openSet.js';
import type { RgbaImage } from './image.js';
import { computeFeatures, type ImageFeatures } from './keypoints.js';
import type { TextLine } from './ocr.js';
import { barcodeStrategy, withPrintedDigits } from './strategies/barcodeStrategy.js';
import {
  keypointStrategy,
  productInliers,
  verifyShortlist,
  type KeypointEvidence,
  type KeypointStrategyEvidence,
} from './strategies/keypointStrategy.js';
import { lookAlikeStrategy } from './strategies/lookAlikeStrategy.js';
import { shapeStrategy } from './strategies/shapeStrategy.js';
import {
  PRECISION_SETTINGS,
  type RecogniseOptions,
  type StrategyInput,
  type StrategyResult,
} from './strategies/strategy.js';
import { NO_TEXT, textStrategy, type TextEvidence } from './strategies/textStrategy.js';

export type Recognition = {
  candidates: Candidate[];
  /** Features of the photo, reusable (e.g. to learn it as a reference once the sale is confirmed). */
  features: ImageFeatures;
  barcodes: string[];
  /** Lines of text read on the photo (empty when OCR did not run). */
  textLines: TextLine[];
  /** Products by appearance similarity, best first (empty when colour is off or no reference has one). */
  appearance: ProductSimilarity[];
  /**
   * Products by shape similarity, best first (empty when shape is off, the photo shows no silhouette or no
   * reference has one).
   */
  shape: ProductSimilarity[];
  /** Per product with keypoint evidence (empty when the keypoints are off). */
  keypoints: KeypointEvidence[];
  /**
   * True unless the first answer is Sûr: nothing separates it from a product missing from the catalogue
   * (another flavour of its brand), so the review offers "Produit inconnu ? Créer le produit".
   */
  possiblyUnknown: boolean;
};

/** How often a recognition lets a reader in another thread have its replies handled (its time only, not what it finds). */
const READER_TURN_MS = 15;

/** A macrotask boundary (messages from other threads are handled before it resolves); not clamped like timers. */
function nextTask(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => void }).setImmediate;
  if (immediate) return new Promise((resolve) => immediate(resolve));
  return new Promise((resolve) => {
    // The browser's MessagePort (setting `onmessage` starts it); Node has setImmediate.
    const channel = new MessageChannel();
    const port = channel.port1 as unknown as { onmessage: (() => void) | null; close(): void };
    port.onmessage = () => {
      port.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

const none = <E>(evidence: E): StrategyResult<E> => ({ scores: new Map(), evidence });
const NO_KEYPOINTS: KeypointStrategyEvidence = { keypoints: [], sure: new Set(), outlineColour: new Map() };

/** Candidates for the product in one photo or crop, best first; empty when nothing matched. */
export async function recogniseProduct(image: RgbaImage, options: RecogniseOptions): Promise<Recognition> {
  const settings = PRECISION_SETTINGS[options.mode ?? 'balanced'];
  const off = new Set(options.disable ?? []);
  // Text is read before the keypoints finish (they verify the products it names and use its words to
  // separate a sure answer), and not at all once a catalogue barcode decided. A reader whose networks run in
  // another thread starts first: this thread meanwhile reads the barcode, computes the photo's features, the
  // keypoints' shortlist, the look-alike and the shape; a barcode that decides stops the reading. Same
  // answers either way.
  const concurrent = !off.has('text') && options.text?.reader.concurrent === true;
  const stop = new AbortController();
  const reading = concurrent ? textStrategy({ image, options, settings }, stop.signal) : undefined;
  // Not left unhandled while this thread works: its error is thrown where the text is awaited.
  reading?.catch(() => undefined);
  // Every ~15 ms of this thread's work, the reader's replies are handled: the detector's boxes become the
  // lines it reads next, while this thread goes on.
  let lastTurn = performance.now();
  const letReaderOn = async () => {
    if (!reading || performance.now() - lastTurn < READER_TURN_MS) return;
    await nextTask();
    lastTurn = performance.now();
  };
  const bars = off.has('barcode')
    ? none({ barcodes: [], unknownCodes: [] })
    : await barcodeStrategy({ image, options, settings });
  const readsText = !off.has('text') && bars.scores.size === 0;
  if (!readsText) stop.abort();
  await letReaderOn();
  const features =
    options.features ?? (await computeFeatures(image, { maxKeypoints: settings.queryKeypoints }));
  await letReaderOn();
  const input: StrategyInput = { image, features, options, settings, text: new Map(), words: [] };
  const shortlist =
    reading && readsText && !off.has('visual') ? await verifyShortlist(input, letReaderOn) : undefined;
  await letReaderOn();
  const lookAlike = off.has('colour') ? none({ ranking: [] }) : await lookAlikeStrategy(input);
  const shape = off.has('shape') ? none({ ranking: [] }) : await shapeStrategy(input);
  const text: StrategyResult<TextEvidence> = !readsText
    ? none(NO_TEXT)
    : await (reading ?? textStrategy(input));
  // The digits printed under a code, read with the text: one more view of what the bars' views read.
  const barcode = withPrintedDigits(bars, text.evidence.lines, options);
  const read: StrategyInput = { ...input, text: text.scores, words: text.evidence.words };
  const visual = off.has('visual') ? none(NO_KEYPOINTS) : await keypointStrategy(read, shortlist);

  // Colour: inside the matched outline for products the keypoints matched, the better of it and the
  // look-alike score.
  const colour = new Map(visual.evidence.outlineColour);
  for (const [productId, score] of lookAlike.scores)
    colour.set(productId, Math.max(colour.get(productId) ?? 0, score));

  // Equal evidence is ordered by the next evidence: the keypoints' inliers and votes, then how much the photo
  // looks like the product's photos (look-alike), then its shape; the product id only when all are equal.
  const { keypoints } = visual.evidence;
  const inliersOf = new Map(
    keypoints.map((k) => [k.productId, [productInliers(k.inliers, k.second), k.votes]]),
  );
  const lookOf = new Map(lookAlike.evidence.ranking.map((a) => [a.productId, a.similarity]));
  const shapeOf = new Map(shape.evidence.ranking.map((a) => [a.productId, a.similarity]));
  const candidates = fuseStrategies({
    scores: {
      barcode: barcode.scores,
      text: text.scores,
      visual: visual.scores,
      colour,
      shape: shape.scores,
    },
    // A sure keypoint match is not decisive for a product whose stored code is not the code the pack shows.
    decisive: new Set([
      ...barcode.scores.keys(),
      ...[...visual.evidence.sure].filter(
        (id) => !codeContradicts(options.products.get(id), barcode.evidence.unknownCodes),
      ),
    ]),
    products: options.products,
    next: (id) => [...(inliersOf.get(id) ?? [0, 0]), lookOf.get(id) ?? 0, shapeOf.get(id) ?? 0],
    words: text.evidence.words,
  });
  return {
    candidates,
    possiblyUnknown: candidates[0]?.possiblyUnknown === true || candidates.length === 0,
    features,
    barcodes: barcode.evidence.barcodes,
    textLines: text.evidence.lines,
    appearance: lookAlike.evidence.ranking,
    shape: shape.evidence.ranking,
    keypoints,
  };
}
