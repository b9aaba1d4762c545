// The review list: detections of all photos merged per product, then edited (change, quantity, remove).
import {
  PICKER_LIMIT,
  REVIEW_MIN_QUANTITY,
  SUGGESTION_LIMIT,
  SUGGESTION_MIN_SCORE,
  addProductToCart,
  confidenceLevel,
  emptyCart,
  findByBarcode,
  setLineQuantity,
  type CartLine,
  type ConfidenceLevel,
  type Product,
} from '@hanouti/core';
import {
  fusePhotoCandidates,
  reviewDetection,
  type Candidate,
  type ImageFeatures,
} from '@hanouti/recognition';

/** A detection as the recogniser returns it, from one of the photos. */
export type FoundDetection = {
  photoIndex: number;
  detection: { id: string; bbox: [number, number, number, number]; confidence: number };
  candidates: Candidate[];
  crop: Blob;
  features?: ImageFeatures;
  /** The maker's code read on the crop, when one was. */
  barcode?: string;
};

/** One row of the review screen. */
export type ReviewItem = {
  key: string;
  crop: Blob;
  features?: ImageFeatures;
  /** The maker's code read on the crop, when one was: a product created from the row starts with it. */
  barcode?: string;
  /**
   * How sure the recogniser is of the CHOSEN product: absent when no product is chosen, or when the shopkeeper
   * chose one the recogniser did not score (the badge then says it is the shopkeeper's choice).
   */
  level?: ConfidenceLevel;
  /** The product chosen (by the recogniser above the match threshold, or by the shopkeeper). */
  productId?: string;
  productName?: string;
  /** The recogniser's score of the chosen product, when it scored it. */
  score?: number;
  /** Every product the recogniser scored for this row, so that a product chosen later keeps its own score. */
  candidates: Candidate[];
  /** Up to two others scored above 0.4. */
  suggestions: Candidate[];
  quantity: number;
};

/**
 * The photos show the same counter from several sides: a product recognised in several photos is one row,
 * its quantity the most units seen in any one photo, its evidence fused over the photos. Detections nothing
 * was chosen for stay as rows (with their suggestions), unless their best guess is already a row.
 */
export function reviewItemsFrom(found: readonly FoundDetection[], matchThreshold: number): ReviewItem[] {
  const reviewed = found.map((f) => ({
    found: f,
    review: reviewDetection({ ...f.detection, candidates: f.candidates }, matchThreshold),
  }));
  const groups = new Map<string, typeof reviewed>();
  for (const entry of reviewed) {
    const id = entry.review.chosen?.product_id;
    if (id) groups.set(id, [...(groups.get(id) ?? []), entry]);
  }
  const items: ReviewItem[] = [];
  for (const [productId, group] of groups) {
    const perPhoto = new Map<number, number>();
    for (const { found: f } of group) perPhoto.set(f.photoIndex, (perPhoto.get(f.photoIndex) ?? 0) + 1);
    const best = group.reduce((a, b) =>
      (b.review.chosen?.score ?? 0) > (a.review.chosen?.score ?? 0) ? b : a,
    );
    const fused = fusePhotoCandidates(group.map((g) => g.found.candidates));
    const chosen = fused.find((c) => c.product_id === productId) ?? best.review.chosen!;
    items.push({
      key: `${best.found.photoIndex}:${best.found.detection.id}`,
      crop: best.found.crop,
      ...(best.found.features ? { features: best.found.features } : {}),
      ...codeOf(group.map((g) => g.found)),
      level: confidenceLevel(chosen.score),
      candidates: fused,
      productId,
      productName: chosen.product_name,
      score: chosen.score,
      suggestions: reviewDetection({ ...best.found.detection, candidates: fused }, matchThreshold)
        .suggestions,
      quantity: Math.max(REVIEW_MIN_QUANTITY, ...perPhoto.values()),
    });
  }
  for (const { found: f, review } of reviewed) {
    if (review.chosen) continue;
    const guess = f.candidates[0]?.product_id;
    if (guess && groups.has(guess)) continue;
    items.push({
      key: `${f.photoIndex}:${f.detection.id}`,
      crop: f.crop,
      ...(f.features ? { features: f.features } : {}),
      ...codeOf([f]),
      candidates: f.candidates,
      suggestions: review.suggestions,
      quantity: REVIEW_MIN_QUANTITY,
    });
  }
  return byConfidence(items);
}

/** The first code read on a row's detections (one product: its photos show the same code). */
function codeOf(found: readonly FoundDetection[]): { barcode?: string } {
  const barcode = found.find((f) => f.barcode)?.barcode;
  return barcode ? { barcode } : {};
}

/**
 * The barcode a product created from the row ("Produit inconnu ? Créer le produit") starts with: the code read on
 * its crop, unless a product already has it (a bulk product's, which a photo never sells: one code, one product).
 */
export function codeForNewProduct(
  item: Pick<ReviewItem, 'barcode'>,
  products: readonly Product[],
): string | undefined {
  return item.barcode && !findByBarcode(products, item.barcode) ? item.barcode : undefined;
}

/** The best score a row holds: its chosen product's, else its best suggestion's. */
function rowScore(item: ReviewItem): number {
  return item.score ?? item.suggestions[0]?.score ?? 0;
}

/**
 * Rows with a product first, surest first; then the rows without, by their best suggestion. The order is set
 * once, when the analysis ends: rows do not jump while the shopkeeper edits them.
 */
function byConfidence(items: ReviewItem[]): ReviewItem[] {
  return [...items].sort(
    (a, b) =>
      Number(b.productId !== undefined) - Number(a.productId !== undefined) || rowScore(b) - rowScore(a),
  );
}

/**
 * The shopkeeper picked a product (from the suggestions or the picker): the badge and score now describe that
 * product — its own score when the recogniser scored it, none otherwise. The product it replaces, when the
 * recogniser had scored it, becomes a suggestion again (a one-tap way back).
 */
export function chooseProduct(item: ReviewItem, product: { id: string; name: string }): ReviewItem {
  const { score: _score, level: _level, ...rest } = item;
  const scored = item.candidates.find((c) => c.product_id === product.id);
  const previous = item.candidates.find((c) => c.product_id === item.productId);
  const suggestions = [...item.suggestions, ...(previous ? [previous] : [])]
    .filter((s) => s.product_id !== product.id && s.score > SUGGESTION_MIN_SCORE)
    .sort((a, b) => b.score - a.score)
    .slice(0, SUGGESTION_LIMIT);
  return {
    ...rest,
    ...(scored ? { score: scored.score, level: confidenceLevel(scored.score) } : {}),
    productId: product.id,
    productName: product.name,
    suggestions,
  };
}

/**
 * Whether the row may show a product missing from the catalogue, so the review offers to create it: no product
 * is chosen, or the chosen one is an answer the recogniser marked possibly unknown (not Sûr). A Sûr answer,
 * or a product the shopkeeper picked that the recogniser did not score, is not questioned.
 */
export function mayBeUnknown(item: ReviewItem): boolean {
  if (item.productId === undefined) return true;
  return item.candidates.find((c) => c.product_id === item.productId)?.possiblyUnknown === true;
}

/** Quantity never below 1 (spec §5). */
export function withQuantity(item: ReviewItem, quantity: number): ReviewItem {
  return { ...item, quantity: Math.max(REVIEW_MIN_QUANTITY, Math.round(quantity)) };
}

/** Confirmer is enabled once at least one row has a product. */
export function canConfirm(items: readonly ReviewItem[]): boolean {
  return items.some((item) => item.productId !== undefined);
}

/**
 * Cart lines of the rows with a product, priced from the catalogue as it is now; a product on several rows
 * adds up; a product deleted meanwhile is left out (never an invented line).
 */
export function confirmedLines(
  items: readonly ReviewItem[],
  products: ReadonlyMap<string, Product>,
): CartLine[] {
  let cart = emptyCart();
  for (const item of items) {
    const product = item.productId ? products.get(item.productId) : undefined;
    if (!product) continue;
    const existing = cart.lines.find((line) => line.productId === product.id)?.quantity ?? 0;
    cart = addProductToCart(cart, product);
    cart = setLineQuantity(cart, product.id, existing + item.quantity);
  }
  return cart.lines;
}

export const PICKER_OPTIONS = { inStockOnly: true, limit: PICKER_LIMIT } as const;
