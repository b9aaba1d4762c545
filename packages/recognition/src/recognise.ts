// Recognises the product in one photo (or crop): barcode, then keypoints on a shortlist, colour in the outline.
import { byId } from './random.js';
import { CONFIDENCE_HIGH, CONFIDENCE_MEDIUM, type PrecisionMode } from '@hanouti/core';
import { appearanceDescriptor, appearanceRanking } from './appearance.js';
import { lookAlikeRanking, patchDescriptors, regionDescriptors } from './lookAlike.js';
import { ARABIC_DETECTOR_SIDE, ARABIC_LINES, type ArabicLineReader } from './arabicText.js';
import { readRetailBarcodes, type BarcodeEffort } from './barcode.js';
import { colourHistogram, convexHull, histogramSimilarity, insidePolygon } from './colour.js';
import { barcodeScore, combineScores, combinedEvidence, rankByScore, type StrategyScores } from './fusion.js';
import { normaliseGtin } from './gtin.js';
import type { RgbaImage } from './image.js';
import { computeFeatures, verifyWithOpenCv, type ImageFeatures, type Verification } from './keypoints.js';
import { loadOpenCv } from './opencv.js';
import type { TextLine, TextReader } from './ocr.js';
import { distinctiveInliers, ownNameWordRead, siblingsOf } from './openSet.js';
import { castVotes, referencesOf, type ReferenceIndex } from './referenceIndex.js';
import { shapeDescriptor, shapeRanking, shapeScores } from './shape.js';
import { hasArabicWords, scoreText, wordsOfLines, type ReadWord, type TextIndex } from './textMatch.js';

/** What the pipeline needs to know of a catalogue product. */
export type CatalogueProduct = {
  id: string;
  name: string;
  brand?: string;
  barcode?: string;
  image?: string;
  /** Words read on the product's reference photos (`packWordsOfLines`), for the text strategy. */
  packWords?: readonly string[];
};

/** Spec §3 Candidate, plus the evidence behind the score (for the review screen and the bench). */
export type Candidate = {
  product_id: string;
  score: number;
  product_name: string;
  product_image?: string;
  /** The product's brand, when it has one: its siblings (other flavours) are the next suggestions. */
  brand?: string;
  strategies: StrategyScores;
  /**
   * The product in the photo may be one the catalogue does not have: set on every candidate that is not Sûr
   * (Sûr needs evidence that separates the answer from its siblings and from what is not in the catalogue,
   * see openSet.ts). The review never chooses such a candidate by itself and offers to create the product.
   */
  possiblyUnknown?: boolean;
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
   * recogniser's time. Balanced read 6 lines at 640 px until the read of 960 px / 10 lines was measured
   * (docs/recognition-log.md, "Reading more of the pack").
   */
  textLines: number;
  /**
   * Of those lines, the recogniser's input width in pixels at most (`ReadTextOptions.widthBudget`): bounds
   * the recogniser's time (about proportional to it) on a photo full of long lines. 2,000 px gave the same
   * text-alone answers as no budget on `train` and `val` (bench/textReadProbe.ts, removed: docs/recognition-log.md; 1,600 px lost some on `val`):
   * docs/recognition-log.md, "The slowest photo". null: no budget.
   */
  textWidthBudget: number | null;
  /**
   * Long side of the detector when it proposes text regions as detections on the whole photo (the worker's
   * `detectProductsWithText`; the bench's scenes measure 640 px); null when the mode reads no text.
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
 * A sure keypoint answer is not sure any more when the text clearly points elsewhere: some product scores
 * at least this on text and the keypoint answer has no text evidence at all (chosen on `train`).
 */
export const TEXT_VETO = 0.5;
/**
 * Nor when the text names a sibling: a product of the same brand scores at least TEXT_VETO on text and this
 * much more than the keypoint answer (its flavour words are read, the answer's are not). Keypoints of one
 * brand's packs share its design, so a sure match on the wrong flavour is the commonest wrong Sûr. Chosen on
 * 240 `train` photos by replaying a bench dump over margins 0.2 / 0.3 / 0.4: Sûr precision balanced 0.966 →
 * 0.975 (1 wrong answer no longer Sûr, no right one), precise 0.960 → 0.975 (2 wrong, 1 right); top-1 and
 * top-3 unchanged. Another brand's text does not count: a different brand read in a corner of the photo (or
 * a name word shared across brands, "apple juice") is weaker evidence than a sure keypoint match.
 */
export const SIBLING_TEXT_MARGIN = 0.3;

/** True when the keypoint answer's text is beaten by a same-brand product's text (see SIBLING_TEXT_MARGIN). */
export function siblingTextContradicts(
  productId: string,
  text: ReadonlyMap<string, number>,
  products: ReadonlyMap<string, CatalogueProduct>,
): boolean {
  const brand = products.get(productId)?.brand?.trim().toLowerCase();
  if (!brand) return false;
  const own = text.get(productId) ?? 0;
  for (const [other, score] of text) {
    if (other === productId || score < TEXT_VETO || score - own < SIBLING_TEXT_MARGIN) continue;
    if (products.get(other)?.brand?.trim().toLowerCase() === brand) return true;
  }
  return false;
}

/**
 * Products the words read name (text ≥ TEXT_VETO: mostly a brand and another word, or a name word; a brand
 * read on several lines reaches it too, and its products then tie, taken in id order) whose reference photos
 * are verified by keypoints even when the votes did not shortlist them: at most this many.
 */
export const TEXT_NAMED_VERIFIED = 2;

/** The products whose photos the keypoints verify because the text names them, best text first. */
export function textNamedProducts(text: ReadonlyMap<string, number>): string[] {
  return [...text]
    .filter(([, score]) => score >= TEXT_VETO)
    .sort((a, b) => b[1] - a[1] || byId(a[0], b[0]))
    .slice(0, TEXT_NAMED_VERIFIED)
    .map(([productId]) => productId);
}

/** Visual evidence rule (measured in issue 8): ≥ 12 inliers and the runner-up at most 0.7× as many. */
export const CONFIDENT_INLIERS = 12;
export const RUNNER_UP_RATIO = 0.7;
/**
 * Below this many RANSAC inliers a homography is a chance fit: the product keeps only its votes (an
 * Incertain suggestion, weighed by WEAK_VISUAL_FACTOR), and a second photo does not add to its best. The same
 * 12 as the sure rule (CONFIDENT_INLIERS), so a product's photo either is matched as surely as the rule asks,
 * or counts as votes. It was 8: chosen by replaying two 600-photo `train` dumps (bench/keypointReplay.ts, removed: docs/recognition-log.md)
 * over 8, 9, 10, 12, 14, 16 — 12 and 14 best on both (packaged top-1 0.895 → 0.901 on one, fresh 0.775 →
 * 0.778 and 0.760 → 0.765), 16 worse; Sûr unchanged (the sure rule does not use it).
 */
export const MIN_INLIERS = CONFIDENT_INLIERS;
/** The most an ambiguous visual match may score: Moyen, never Sûr. */
export const AMBIGUOUS_CAP = CONFIDENCE_HIGH - 0.05;
/**
 * Products of the shortlist that no homography confirms still rank by their keypoint votes, but only as
 * Incertain suggestions (at most this score): the shopkeeper sees them, nothing is chosen for him.
 */
export const VOTES_ONLY_CAP = 0.45;
/**
 * Weak keypoint evidence — votes only, or a few inliers with a stronger runner-up (a visual score at most
 * VOTES_ONLY_CAP) — counts this much. On fresh produce the votes are noise, and at full weight they pushed
 * the products that look like the photo out of the first three (replayed on a 240-photo `train` dump:
 * fresh top-1 0.75 → 0.79, packaged unchanged; factors 1 / 0.75 / 0.5 / 0.25 / 0 compared). With the
 * look-alike ranking (lookAlike.ts) the same replay (`train`, 240 photos) put 0.25 first: fresh 0.787 /
 * 0.896 → 0.793 / 0.896 against 0.5, packaged 0.882 / 0.987 and Sûr unchanged (0 lost a packaged top-1).
 */
export const WEAK_VISUAL_FACTOR = 0.25;

/** A keypoint score as it counts in the fusion: weak evidence weighs less (WEAK_VISUAL_FACTOR). */
export function weighedVisual(visual: number): number {
  return visual <= VOTES_ONLY_CAP ? visual * WEAK_VISUAL_FACTOR : visual;
}

/**
 * Visual score of a product from its inlier count, calibrated so that it reaches Sûr (0.7) exactly when the
 * evidence rule holds: 12 inliers → 0.7, rising to 0.95; a close runner-up caps it below Sûr.
 */
export function visualScore(inliers: number, bestOtherInliers: number, minInliers = MIN_INLIERS): number {
  if (inliers < minInliers) return 0;
  const strength = Math.min(0.95, CONFIDENCE_HIGH * Math.sqrt(inliers / CONFIDENT_INLIERS));
  if (bestOtherInliers > RUNNER_UP_RATIO * inliers)
    return Math.min(strength, AMBIGUOUS_CAP) * Math.min(1, inliers / Math.max(1, bestOtherInliers));
  return strength;
}

const NO_VERIFICATION: Verification = { inliers: 0, queryPoints: [], referencePoints: [] };

/** The measured rule for a sure keypoint answer, on the inliers of each product's best reference photo. */
export function isConfident(inliers: number, bestOtherInliers: number): boolean {
  return inliers >= CONFIDENT_INLIERS && bestOtherInliers <= RUNNER_UP_RATIO * inliers;
}

/**
 * Inliers that rank a product: its best reference photo plus its second best when that one also holds a
 * homography (two views agreeing beat one lucky view; chosen on the train split).
 */
export function productInliers(best: number, second: number, minInliers = MIN_INLIERS): number {
  return best + (second >= minInliers ? second : 0);
}

/** Evidence up to this stays as it is below Sûr; more is compressed towards AMBIGUOUS_CAP, keeping its order. */
const COMPRESS_FROM = CONFIDENCE_MEDIUM + 0.05;

/**
 * Fusing colour (or votes) with an ambiguous keypoint match must not make it Sûr: the measured rule is what
 * makes an answer sure (colour pushed wrong flavours to Sûr). The score stays under Sûr and is strictly
 * increasing in the evidence, uncapped (`combinedEvidence`): there is no ceiling at which different evidence
 * ties (three flavours of one brand all at 0.65, then ordered by product id, was 14 packaged errors).
 */
export function belowSure(evidence: number): number {
  if (evidence <= COMPRESS_FROM) return evidence;
  const room = AMBIGUOUS_CAP - COMPRESS_FROM;
  return COMPRESS_FROM + room * (1 - Math.exp(-(evidence - COMPRESS_FROM) / room));
}

/**
 * Products ranked by appearance that get a colour score: the nearest few, the rest is noise. The constants
 * were chosen on 240 `train` photos (bench/appearanceFusion.ts, removed: docs/recognition-log.md on a bench `--dump`).
 */
export const APPEARANCE_KEEP = 3;
/**
 * Colour score of the product whose photos look most like the query. 0.8 × the colour weight 0.6 = 0.48:
 * an answer resting on appearance alone is Incertain, not Moyen — on photos from other sessions it is right
 * only about one time in three (a top of 1 ranked train photos marginally better, 0.80 against 0.78 top-1,
 * but would have shown those guesses as Moyen). Absolute similarity does not tell a product missing from
 * the catalogue either: the nearest other product looks as alike as the right one (train medians 0.94/0.96).
 */
export const APPEARANCE_TOP = 0.8;
/** A product this much less similar than the best one scores 0 (the score falls linearly until then). */
export const APPEARANCE_SPREAD = 0.08;
/**
 * The same for the look-alike value (lookAlike.ts), whose gaps are narrower: over 300 `train` photos the
 * median gap between the first and the third product is 0.0296 against 0.0361 by the whole-photo
 * appearance, and between the first and the second 0.0213 against 0.0227; 0.08 scaled by about 0.88.
 */
export const LOOK_ALIKE_SPREAD = 0.07;

/**
 * Colour scores from the appearance ranking: relative to the best product of this photo (light and camera
 * shift every similarity together), so only products that look nearly as much like it as the best count.
 */
export function appearanceScores(
  ranking: readonly { productId: string; similarity: number }[],
  spread = APPEARANCE_SPREAD,
): Map<string, number> {
  const scores = new Map<string, number>();
  const best = ranking[0]?.similarity ?? 0;
  for (const { productId, similarity } of ranking.slice(0, APPEARANCE_KEEP)) {
    const score = APPEARANCE_TOP * (1 - (best - similarity) / spread);
    if (score > 0) scores.set(productId, score);
  }
  return scores;
}

type ProductEvidence = { verification: Verification; referenceColours?: Uint8Array; votes: number };

/** Colour similarity inside the matched outline (query hull vs the same hull on the reference). */
export function outlineColourSimilarity(
  query: ImageFeatures,
  verification: Verification,
  reference: ImageFeatures,
): number {
  const { queryPoints, referencePoints } = verification;
  if (queryPoints.length < 6) return 0;
  const scaleTo = (points: number[], f: ImageFeatures) =>
    points.map((v, i) => v / (i % 2 === 0 ? f.width : f.height));
  const queryHull = convexHull(scaleTo(queryPoints, query));
  const referenceHull = convexHull(scaleTo(referencePoints, reference));
  const a = colourHistogram(query.colours, (x, y) => insidePolygon(queryHull, x, y));
  const b = colourHistogram(reference.colours, (x, y) => insidePolygon(referenceHull, x, y));
  return histogramSimilarity(a, b);
}

export type RecogniseOptions = {
  index: ReferenceIndex;
  products: ReadonlyMap<string, CatalogueProduct>;
  mode?: PrecisionMode;
  /** Strategies to skip (the bench measures what each adds). */
  disable?: readonly ('barcode' | 'visual' | 'colour' | 'text' | 'shape')[];
  /**
   * Text strategy: the OCR reader and the catalogue's words (`buildTextIndex`); without it no text is read.
   * `arabic` also reads PP-OCR's lines with tesseract `ara`, only when the catalogue has Arabic words.
   */
  text?: { reader: TextReader; index: TextIndex; arabic?: ArabicLineReader };
  /** Features already computed for this image (saves the work when a caller needs them too). */
  features?: ImageFeatures;
};

/**
 * What the keypoints found for one product of the shortlist or the verified photos: the inliers of its best
 * and second best reference photo (0 when none was verified) and its votes. The bench dumps it, so that the
 * visual score can be studied from a bench `--dump`.
 */
export type KeypointEvidence = {
  productId: string;
  inliers: number;
  second: number;
  votes: number;
  /** Of a sure match's inliers, those nearer the product's photo than any sibling's (openSet.ts). */
  distinctive?: number;
};

/**
 * A sure keypoint match (`isConfident`) is Sûr only with evidence that separates the product from a product
 * the catalogue does not have — another flavour of its brand shares its artwork (openSet.ts):
 * - a product with siblings in the catalogue: as many distinctive inliers (matched to its photo, with no near
 *   neighbour in any sibling's photo) as the sure rule asks of all inliers, CONFIDENT_INLIERS — its own
 *   print, not its brand's, is matched as surely as the rule asks;
 * - a product with a brand and no sibling in the catalogue: no photo tells its own print from its brand's,
 *   and a word of its pack that no other product has may be the brand's line ("havre" on every Oatly pack):
 *   only a word of its catalogue name (not the brand) read on the pack separates it;
 * - a product without a brand (loose produce) keeps the sure rule.
 */
export function separates(
  productId: string,
  query: ImageFeatures,
  verification: Verification,
  words: readonly ReadWord[],
  options: Pick<RecogniseOptions, 'index' | 'products'>,
): { separates: boolean; distinctive?: number } {
  const product = options.products.get(productId);
  if (!product?.brand?.trim()) return { separates: true };
  const siblings = siblingsOf(options.products, productId);
  if (siblings.length === 0) return { separates: ownNameWordRead(product, words) };
  const distinctive = distinctiveInliers(query, verification, options.index, siblings);
  return { separates: distinctive >= CONFIDENT_INLIERS, distinctive };
}

export type Recognition = {
  candidates: Candidate[];
  /** Features of the photo, reusable (e.g. to learn it as a reference once the sale is confirmed). */
  features: ImageFeatures;
  barcodes: string[];
  /** Lines of text read on the photo (empty when OCR did not run). */
  textLines: TextLine[];
  /** Products by appearance similarity, best first (empty when colour is off or no reference has one). */
  appearance: { productId: string; similarity: number }[];
  /**
   * Products by shape similarity, best first (empty when shape is off, the photo shows no silhouette or no
   * reference has one).
   */
  shape: { productId: string; similarity: number }[];
  /** Per product with keypoint evidence (empty when the keypoints are off). */
  keypoints: KeypointEvidence[];
  /**
   * True unless the first answer is Sûr: nothing separates it from a product missing from the catalogue
   * (another flavour of its brand), so the review offers "Produit inconnu ? Créer le produit".
   */
  possiblyUnknown: boolean;
};

/** Candidates for the product in one photo or crop, best first; empty when nothing matched. */
export async function recogniseProduct(image: RgbaImage, options: RecogniseOptions): Promise<Recognition> {
  const settings = PRECISION_SETTINGS[options.mode ?? 'balanced'];
  const disabled = new Set(options.disable ?? []);
  const scores = new Map<string, StrategyScores>();
  const scoresOf = (id: string) => scores.get(id) ?? scores.set(id, {}).get(id)!;

  const barcodes: string[] = [];
  if (!disabled.has('barcode')) {
    const catalogue = new Map<string, string[]>();
    for (const product of options.products.values()) {
      const gtin = product.barcode ? normaliseGtin(product.barcode) : undefined;
      if (gtin) catalogue.set(gtin, [...(catalogue.get(gtin) ?? []), product.id]);
    }
    const reads = await readRetailBarcodes(image, {
      effort: settings.barcodeEffort,
      known: (gtin) => catalogue.has(gtin),
    });
    for (const read of reads) {
      barcodes.push(read.gtin);
      for (const id of catalogue.get(read.gtin) ?? []) scoresOf(id).barcode = barcodeScore(true);
    }
  }

  // Text: skipped when a catalogue barcode already decided. Read before the keypoints, which also verify the
  // products it names. Text alone never makes an answer Sûr (a brand is shared by its flavours): products it
  // adds or lifts go through belowSure unless decisive already.
  let textLines: TextLine[] = [];
  let text = new Map<string, number>();
  let words: ReadWord[] = [];
  const side = settings.textDetectorSide;
  if (options.text && side && !disabled.has('text') && ![...scores.values()].some((s) => s.barcode)) {
    const { reader, arabic } = options.text;
    const read = {
      detectorSide: side,
      maxLines: settings.textLines,
      ...(settings.textWidthBudget ? { widthBudget: settings.textWidthBudget } : {}),
    };
    if (arabic && hasArabicWords(options.text.index)) {
      // PP-OCR's characters have no Arabic: its lines are read by both recognisers.
      const boxes = await reader.detect(image, read);
      const arabicBoxes =
        side === ARABIC_DETECTOR_SIDE && read.maxLines === ARABIC_LINES
          ? boxes
          : await reader.detect(image, { detectorSide: ARABIC_DETECTOR_SIDE, maxLines: ARABIC_LINES });
      textLines = [
        ...(await reader.recognise(image, boxes, read)),
        ...(await arabic.read(image, arabicBoxes)),
      ];
    } else textLines = await reader.read(image, read);
    words = wordsOfLines(textLines);
    text = scoreText(options.text.index, words);
    for (const [productId, score] of text) scoresOf(productId).text = score;
  }

  const features =
    options.features ?? (await computeFeatures(image, { maxKeypoints: settings.queryKeypoints }));
  /** Products whose evidence alone is decisive (barcode in the catalogue, or the measured keypoint rule). */
  const decisive = new Set<string>();
  for (const [productId, strategies] of scores) if (strategies.barcode) decisive.add(productId);
  const keypointEvidence: KeypointEvidence[] = [];
  if (!disabled.has('visual')) {
    const cv = await loadOpenCv();
    const evidence = new Map<string, ProductEvidence & { reference?: ImageFeatures; second: number }>();
    const votes = castVotes(options.index, features);
    const productVotes = new Map(votes.products.map((entry) => [entry.productId, entry.votes]));
    for (const { productId, votes: n } of votes.products.slice(0, settings.shortlistSize))
      evidence.set(productId, { verification: NO_VERIFICATION, votes: n, second: 0 });
    const verified = votes.references.slice(0, settings.verifiedReferences).map((r) => r.reference);
    const seen = new Set(verified);
    for (const productId of textNamedProducts(text))
      for (const reference of referencesOf(options.index, productId))
        if (!seen.has(reference)) verified.push(reference);
    for (const reference of verified) {
      const verification = verifyWithOpenCv(cv, features, reference.features);
      const known = evidence.get(reference.productId);
      if (!known?.reference || verification.inliers > known.verification.inliers)
        evidence.set(reference.productId, {
          verification,
          votes: productVotes.get(reference.productId) ?? 0,
          reference: reference.features,
          second: known?.reference ? known.verification.inliers : 0,
        });
      else known.second = Math.max(known.second, verification.inliers);
    }
    for (const [productId, e] of evidence)
      keypointEvidence.push({ productId, inliers: e.verification.inliers, second: e.second, votes: e.votes });
    const best = [...evidence].map(([id, e]) => [id, e.verification.inliers] as const);
    const ranking = [...evidence].map(
      ([id, e]) => [id, productInliers(e.verification.inliers, e.second)] as const,
    );
    const maxVotes = Math.max(1, ...[...evidence.values()].map((other) => other.votes));
    for (const [productId, e] of evidence) {
      const othersBest = Math.max(0, ...best.filter(([id]) => id !== productId).map(([, n]) => n));
      const othersRanking = Math.max(0, ...ranking.filter(([id]) => id !== productId).map(([, n]) => n));
      const own = productInliers(e.verification.inliers, e.second);
      const visual = weighedVisual(visualScore(own, othersRanking) || (VOTES_ONLY_CAP * e.votes) / maxVotes);
      if (visual <= 0) continue;
      const s = scoresOf(productId);
      s.visual = visual;
      const entry = keypointEvidence.find((k) => k.productId === productId);
      if (isConfident(e.verification.inliers, othersBest)) {
        s.visual = Math.max(visual, CONFIDENCE_HIGH);
        // Sûr also needs evidence that separates the product from what the catalogue does not have.
        const separation = separates(productId, features, e.verification, words, options);
        if (entry) entry.distinctive = separation.distinctive;
        if (separation.separates) decisive.add(productId);
      }
      if (!disabled.has('colour') && e.reference)
        s.colour = outlineColourSimilarity(features, e.verification, e.reference);
    }
  }

  // Appearance (colour and texture of the centre): the colour strategy of products without keypoint
  // evidence — fresh produce — and a tie-breaker for the others (the better of it and the outline colour).
  let appearance: Recognition['appearance'] = [];
  if (!disabled.has('colour')) {
    const references = options.index.references;
    const lookAlike = references.some((r) => r.features.regions);
    appearance = lookAlike
      ? lookAlikeRanking(
          {
            regions: features.regions ?? regionDescriptors(image),
            patches: features.patches ?? patchDescriptors(image),
          },
          references.map((r) => ({ productId: r.productId, ...r.features })),
        )
      : appearanceRanking(
          features.appearance ?? appearanceDescriptor(image),
          references.map((r) => ({ productId: r.productId, appearance: r.features.appearance })),
        );
    for (const [productId, score] of appearanceScores(
      appearance,
      lookAlike ? LOOK_ALIKE_SPREAD : APPEARANCE_SPREAD,
    )) {
      const s = scoresOf(productId);
      s.colour = Math.max(s.colour ?? 0, score);
    }
  }

  // Shape (silhouette against a plain background): only when the photo shows one and some references do.
  // Never decisive: a shape says "a bottle", not which one, so a product it adds or lifts goes through
  // belowSure like any non-decisive evidence.
  let shape: Recognition['shape'] = [];
  const queryShape = disabled.has('shape')
    ? undefined
    : features.version >= 4
      ? features.shape
      : shapeDescriptor(image);
  if (queryShape) {
    shape = shapeRanking(
      queryShape,
      options.index.references.map((r) => ({ productId: r.productId, shape: r.features.shape })),
    );
    for (const [productId, score] of shapeScores(shape)) scoresOf(productId).shape = score;
  }

  // Text vetoes: a sure keypoint answer that the words read contradict is not sure any more.
  if (Math.max(0, ...text.values()) >= TEXT_VETO)
    for (const productId of [...decisive])
      if (!text.has(productId) || siblingTextContradicts(productId, text, options.products))
        decisive.delete(productId);

  const candidates: Candidate[] = [];
  for (const [productId, strategies] of scores) {
    const product = options.products.get(productId);
    const score = decisive.has(productId)
      ? combineScores(strategies)
      : belowSure(combinedEvidence(strategies));
    if (!product || score <= 0) continue;
    candidates.push({
      product_id: productId,
      score,
      product_name: product.name,
      ...(product.image !== undefined ? { product_image: product.image } : {}),
      ...(product.brand?.trim() ? { brand: product.brand.trim() } : {}),
      strategies,
      ...(decisive.has(productId) ? {} : { possiblyUnknown: true }),
    });
  }
  // Equal evidence is ordered by the next evidence: the keypoints' inliers and votes, then how much the photo
  // looks like the product's photos (look-alike), then its shape; the product id only when all are equal.
  const inliersOf = new Map(
    keypointEvidence.map((k) => [k.productId, [productInliers(k.inliers, k.second), k.votes]]),
  );
  const lookOf = new Map(appearance.map((a) => [a.productId, a.similarity]));
  const shapeOf = new Map(shape.map((a) => [a.productId, a.similarity]));
  const next = (c: Candidate) => [
    ...(inliersOf.get(c.product_id) ?? [0, 0]),
    lookOf.get(c.product_id) ?? 0,
    shapeOf.get(c.product_id) ?? 0,
  ];
  const ranked = siblingsNext(rankByScore(candidates, next));
  return {
    candidates: ranked,
    possiblyUnknown: ranked[0]?.possiblyUnknown === true || ranked.length === 0,
    features,
    barcodes,
    textLines,
    appearance,
    shape,
    keypoints: keypointEvidence,
  };
}

/**
 * Several photos of the same product: each product keeps its best score over the photos (photos of one
 * product are not independent evidence, so they are not summed); of equal scores, the one with more evidence
 * before the cap.
 */
export function fusePhotoCandidates(perPhoto: readonly Candidate[][]): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const candidates of perPhoto) {
    for (const candidate of candidates) {
      const previous = best.get(candidate.product_id);
      if (
        !previous ||
        candidate.score > previous.score ||
        (candidate.score === previous.score &&
          combinedEvidence(candidate.strategies) > combinedEvidence(previous.strategies))
      )
        best.set(candidate.product_id, candidate);
    }
  }
  return siblingsNext(rankByScore([...best.values()]));
}

/**
 * Siblings of the first answer (same brand) scoring at least this come right after it, before the other
 * products. The commonest wrong answer on a pack is another flavour or fat level of the right brand, so its
 * siblings are the likelier second and third answers. Chosen by replaying a 600-photo `train` dump
 * (bench/siblingReplay.ts, removed: docs/recognition-log.md) over 0 / 0.2 / 0.4: packaged top-3 0.990 → 1.000 with 0.2 (0.995 with 0.4);
 * 0 also moved weak siblings ahead of fresh produce that was right (fresh top-3 0.866 → 0.858). Top-1 and
 * Sûr cannot change.
 */
export const SIBLING_SUGGESTION_MIN = 0.2;

/** A ranking with the first answer's siblings (SIBLING_SUGGESTION_MIN or more) next, each part by score. */
export function siblingsNext<T extends { score: number; brand?: string }>(
  ranked: readonly T[],
  min = SIBLING_SUGGESTION_MIN,
): T[] {
  const [first, ...rest] = ranked;
  const brand = first?.brand?.trim().toLowerCase();
  if (!first || !brand) return [...ranked];
  const sibling = (c: T) => c.brand?.trim().toLowerCase() === brand && c.score >= min;
  return [first, ...rest.filter(sibling), ...rest.filter((c) => !sibling(c))];
}
