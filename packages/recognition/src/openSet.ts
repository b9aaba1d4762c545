// Open set: whether the evidence for an answer separates it from products that are not in the catalogue.
//
// A sure keypoint match only says that the photo shares a view with one product's photos more than with the
// other products'. An unknown product of the same brand (another flavour, another fat level) shares the
// brand's artwork with its known siblings, so it used to be matched as surely as the product itself. What
// separates the answer from such a product is what the answer has and its siblings do not: keypoints of the
// photo that match the answer's reference clearly better than any of its siblings' photos (the flavour's
// picture and words, aligned by the homography as inliers). A product with a brand and no sibling in the
// catalogue has no photos to tell its own print from the brand's: only a word of its own name can separate it.
// Nor has one whose siblings are all of other kinds (categories, `kindSiblingsOf`): their designs are their
// own, so the print it shares with an unknown product of its kind looks distinctive; a name word is needed too.
import { gtinsOfPrintedCode } from './gtin.js';
import { DESCRIPTOR_WORDS, nearestTwoJs, nearestTwoWasm } from './hamming.js';
import { RATIO_TEST, type ImageFeatures, type Verification } from './keypoints.js';
import { VOTE_MAX_DISTANCE, type ReferenceIndex } from './referenceIndex.js';
import {
  PACK_WORD_MIN_CONFIDENCE,
  textTokens,
  wordSimilarity,
  WORD_MATCH_SIMILARITY,
  type ReadWord,
  type TextIndex,
} from './textMatch.js';

/** A brand as products are grouped by it (siblings): trimmed, lower case; '' for none. */
export const brandKey = (brand: string | undefined): string => brand?.trim().toLowerCase() ?? '';

/** A kind of product (the catalogue's category) as siblings are grouped by it: trimmed, lower case; '' for none. */
export const kindKey = (category: string | undefined): string => category?.trim().toLowerCase() ?? '';

/** Products of the catalogue with the same brand as `productId` (its siblings), without it. */
export function siblingsOf(products: ReadonlyMap<string, { brand?: string }>, productId: string): string[] {
  const brand = brandKey(products.get(productId)?.brand);
  if (!brand) return [];
  return [...products]
    .filter(([id, p]) => id !== productId && brandKey(p.brand) === brand)
    .map(([id]) => id)
    .sort();
}

/**
 * Siblings of the product's kind: those of its category, or without one (a product without a category
 * could be of any kind). A brand's products of one kind (its yoghurts' flavours, its milks' fat levels)
 * share one design; its other kinds have their own.
 */
export function kindSiblingsOf(
  products: ReadonlyMap<string, { brand?: string; category?: string }>,
  productId: string,
): string[] {
  const kind = kindKey(products.get(productId)?.category);
  return siblingsOf(products, productId).filter((id) => {
    const other = kindKey(products.get(id)?.category);
    return !kind || !other || other === kind;
  });
}

/** The descriptors of all the siblings' reference photos, one matrix, memoised per index state and product set. */
const rivalCache = new WeakMap<ReferenceIndex, Map<string, Uint32Array>>();

function rivalDescriptors(index: ReferenceIndex, rivals: readonly string[]): Uint32Array {
  const key = `${index.references.length}:${rivals.join(',')}`;
  const cache = rivalCache.get(index) ?? rivalCache.set(index, new Map()).get(index)!;
  const known = cache.get(key);
  if (known) return known;
  const wanted = new Set(rivals);
  const rows = index.references.filter((r) => wanted.has(r.productId)).map((r) => r.features.descriptors);
  const all = new Uint32Array(rows.reduce((n, d) => n + d.length, 0));
  let offset = 0;
  for (const d of rows) {
    all.set(d, offset);
    offset += d.length;
  }
  cache.set(key, all);
  return all;
}

/**
 * A sibling's reference photo as the query sees it: the homography (reference → query) of its verification
 * and the photo's size. A keypoint of the query counts against the sibling only where this photo shows that
 * part of the pack: a sibling photographed from closer or cropped does not show the whole artwork, and what
 * it does not show tells nothing about the sibling.
 */
export type SiblingView = { homography: Float64Array; width: number; height: number };

/** Inverse of a row-major 3×3 matrix, undefined when it is singular. */
function invert3(m: Float64Array): Float64Array | undefined {
  const [a, b, c, d, e, f, g, h, i] = m as unknown as number[];
  const A = e! * i! - f! * h!;
  const B = -(d! * i! - f! * g!);
  const C = d! * h! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  return Float64Array.from([
    A / det,
    -(b! * i! - c! * h!) / det,
    (b! * f! - c! * e!) / det,
    B / det,
    (a! * i! - c! * g!) / det,
    -(a! * f! - c! * d!) / det,
    C / det,
    -(a! * h! - b! * g!) / det,
    (a! * e! - b! * d!) / det,
  ]);
}

/** Whether each view's photo shows the query point (x, y): mapped back into the photo, it falls inside it. */
function seenByAll(inverses: readonly { inverse: Float64Array; width: number; height: number }[]) {
  return (x: number, y: number): boolean =>
    inverses.every(({ inverse: m, width, height }) => {
      const w = m[6]! * x + m[7]! * y + m[8]!;
      if (!(w > 1e-9)) return false;
      const u = (m[0]! * x + m[1]! * y + m[2]!) / w;
      const v = (m[3]! * x + m[4]! * y + m[5]!) / w;
      return u >= 0 && v >= 0 && u <= width && v <= height;
    });
}

/**
 * Inliers of a verification that belong to the answer and not to its rivals: no rival's reference photo has
 * a near neighbour of the query keypoint (none within VOTE_MAX_DISTANCE, what the index counts as near enough
 * to vote), and the answer's is clearly nearer (Lowe's ratio, the matcher's own RATIO_TEST). Keypoints of the
 * brand's shared artwork have a near neighbour in a sibling's photo and do not count. (The ratio alone is
 * not enough: on near-identical artwork distances of 1 against 3 bits pass it.) With `views` (the rivals'
 * photos that the query matched, aligned), only keypoints on the part of the pack every one of those photos
 * shows count: elsewhere the rival's photo is silent, not different.
 */
export function distinctiveInliers(
  query: ImageFeatures,
  verification: Verification,
  index: ReferenceIndex,
  rivals: readonly string[],
  views: readonly SiblingView[] = [],
): number {
  const matches = verification.matches ?? [];
  if (matches.length === 0) return 0;
  const inverses = views.flatMap(({ homography, width, height }) => {
    const inverse = invert3(homography);
    return inverse ? [{ inverse, width, height }] : [];
  });
  const seen = seenByAll(inverses);
  const train = rivalDescriptors(index, rivals);
  const counted = matches.filter((m) => seen(query.points[2 * m.query]!, query.points[2 * m.query + 1]!));
  if (train.length === 0) return counted.length;
  if (counted.length === 0) return 0;
  const rows = new Uint32Array(counted.length * DESCRIPTOR_WORDS);
  counted.forEach((m, i) =>
    rows.set(
      query.descriptors.subarray(m.query * DESCRIPTOR_WORDS, (m.query + 1) * DESCRIPTOR_WORDS),
      i * DESCRIPTOR_WORDS,
    ),
  );
  const nearest = nearestTwoWasm(rows, train) ?? nearestTwoJs(rows, train);
  let distinctive = 0;
  counted.forEach((m, i) => {
    const rival = nearest[3 * i]!;
    if (rival > VOTE_MAX_DISTANCE && m.distance < RATIO_TEST * rival) distinctive++;
  });
  return distinctive;
}

/**
 * True when the pack shows a maker's code that no product of the catalogue has (`unknownCodes`: read and
 * accepted on the photo, price and weight labels left out) while the shop stored a code for this product: the
 * pack's code would be the product's, so the pack is another product — another flavour of its brand sharing
 * its artwork, a multipack of it. A product stored without a code cannot be told apart so.
 */
export function codeContradicts(
  product: { barcode?: string } | undefined,
  unknownCodes: readonly string[],
): boolean {
  return unknownCodes.length > 0 && gtinsOfPrintedCode(product?.barcode ?? '').length > 0;
}

/**
 * True when a word read on the photo matches a word of the product's catalogue name that is not its brand
 * (the shop's own name for it: its flavour, its kind): the separation of a product whose brand has no other
 * product in the catalogue.
 */
export function ownNameWordRead(
  product: { name: string; brand?: string },
  words: readonly ReadWord[],
): boolean {
  const brand = new Set(textTokens(product.brand ?? ''));
  for (const word of textTokens(product.name)) {
    if (brand.has(word)) continue;
    for (const read of words) if (wordSimilarity(read.word, word) >= WORD_MATCH_SIMILARITY) return true;
  }
  return false;
}

/**
 * The words of a product's catalogue name, not its brand, that the other product's name has nothing like:
 * what the shop's own names say apart between two flavours of a brand ("apple" against "orange").
 */
export function nameWordsApart(
  product: { name: string; brand?: string },
  other: { name: string; brand?: string },
): string[] {
  const brand = new Set(textTokens(product.brand ?? ''));
  const theirs = textTokens(other.name);
  return textTokens(product.name).filter(
    (word) => !brand.has(word) && !theirs.some((w) => wordSimilarity(w, word) >= WORD_MATCH_SIMILARITY),
  );
}

/** True when a word read clearly (PACK_WORD_MIN_CONFIDENCE) is like one of the given words. */
export function readClearly(words: readonly ReadWord[], wanted: readonly string[]): boolean {
  return words.some(
    (read) =>
      read.confidence >= PACK_WORD_MIN_CONFIDENCE &&
      wanted.some((word) => wordSimilarity(read.word, word) >= WORD_MATCH_SIMILARITY),
  );
}

/**
 * The flavour read on the pack decides between two flavours of a brand: when the first answer is not Sûr
 * (`possiblyUnknown`) and a product of its brand further down has a word of its name that the first's name
 * lacks read clearly on the pack, while no such word of the first's name is read, that product comes first
 * (the best ranked of them). Keypoints and look-alike are mostly the artwork the flavours share; the words
 * that name the flavour are what a shopkeeper reads to tell them apart. Everything else keeps its order.
 */
export function flavourReadFirst<T extends { product_id: string; possiblyUnknown?: boolean }>(
  ranked: readonly T[],
  words: readonly ReadWord[],
  products: ReadonlyMap<string, { name: string; brand?: string }>,
): T[] {
  const [first] = ranked;
  const product = first && products.get(first.product_id);
  const brand = brandKey(product?.brand);
  if (!first || !product || !brand || first.possiblyUnknown !== true || words.length === 0)
    return [...ranked];
  const named = ranked.findIndex((candidate, i) => {
    const other = i > 0 && products.get(candidate.product_id);
    if (!other || brandKey(other.brand) !== brand) return false;
    return (
      readClearly(words, nameWordsApart(other, product)) &&
      !readClearly(words, nameWordsApart(product, other))
    );
  });
  if (named <= 0) return [...ranked];
  return [ranked[named]!, ...ranked.filter((_, i) => i !== named)];
}

/**
 * A word read clearly on the pack (PACK_WORD_MIN_CONFIDENCE, as for the reference photos' own words) that
 * the catalogue uses in another product's name (a flavour, a kind: "grapefruit", "vanilla") while the
 * product's own words — its name, its brand, the words read on its reference photos — have nothing like it:
 * the pack says something the product's pack never said. Words of no product's name (OCR noise, a
 * language's common words) say nothing. Returns the word, or undefined.
 */
export function foreignNameWordRead(
  productId: string,
  words: readonly ReadWord[],
  products: ReadonlyMap<string, { name: string; brand?: string }>,
  index: TextIndex | undefined,
): string | undefined {
  const own = new Set<string>();
  const product = products.get(productId);
  if (!product) return undefined;
  for (const word of [...textTokens(product.name), ...textTokens(product.brand ?? '')]) own.add(word);
  for (const { word } of index?.products.find((p) => p.id === productId)?.words ?? []) own.add(word);
  const others = new Set<string>();
  for (const [id, p] of products) {
    if (id === productId) continue;
    const brand = new Set(textTokens(p.brand ?? ''));
    for (const word of textTokens(p.name)) if (!brand.has(word)) others.add(word);
  }
  const like = (a: string, b: string) => wordSimilarity(a, b) >= WORD_MATCH_SIMILARITY;
  for (const read of words) {
    if (read.confidence < PACK_WORD_MIN_CONFIDENCE) continue;
    if ([...own].some((word) => like(read.word, word))) continue;
    if ([...others].some((word) => like(read.word, word))) return read.word;
  }
  return undefined;
}
