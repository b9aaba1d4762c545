// The review list: detections of all photos merged per product, then edited (change, quantity, remove).
import {
  PICKER_LIMIT,
  REVIEW_MIN_QUANTITY,
  addProductToCart,
  confidenceLevel,
  emptyCart,
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
};

/** One row of the review screen. */
export type ReviewItem = {
  key: string;
  crop: Blob;
  features?: ImageFeatures;
  level: ConfidenceLevel;
  /** The product chosen (by the recogniser above the match threshold, or by the shopkeeper). */
  productId?: string;
  productName?: string;
  /** Score of the chosen product when the recogniser chose it. */
  score?: number;
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
      level: confidenceLevel(chosen.score),
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
      level: review.level,
      suggestions: review.suggestions,
      quantity: REVIEW_MIN_QUANTITY,
    });
  }
  return items;
}

/** The shopkeeper picked a product (from the suggestions or the picker). */
export function chooseProduct(item: ReviewItem, product: { id: string; name: string }): ReviewItem {
  const { score: _score, ...rest } = item;
  return {
    ...rest,
    productId: product.id,
    productName: product.name,
    suggestions: item.suggestions.filter((s) => s.product_id !== product.id),
  };
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
