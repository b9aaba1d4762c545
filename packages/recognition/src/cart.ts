// From recognised detections to the review list and to cart lines (spec §3 recognition entities).
import {
  MATCH_THRESHOLD_DEFAULT,
  SUGGESTION_LIMIT,
  SUGGESTION_MIN_SCORE,
  confidenceLevel,
  type ConfidenceLevel,
} from '@hanouti/core';
import type { Detection } from './detect.js';
import type { Candidate } from './fusion.js';

export type RecognisedDetection = Detection & { candidates: Candidate[] };

/** What the review screen shows for one detection. */
export type ReviewItem = {
  detection: Detection;
  /**
   * The chosen product, when its score reaches the match threshold and nothing says it may be unknown;
   * otherwise the user picks one.
   */
  chosen?: Candidate;
  level: ConfidenceLevel;
  /** Up to two other candidates scored above 0.4 (spec §9). */
  suggestions: Candidate[];
};

export function reviewDetection(
  detection: RecognisedDetection,
  matchThreshold = MATCH_THRESHOLD_DEFAULT,
): ReviewItem {
  const [best, ...rest] = detection.candidates;
  const { candidates: _candidates, ...bare } = detection;
  // A candidate that may be a product missing from the catalogue (`possiblyUnknown`: not Sûr) is never
  // chosen for the shopkeeper, whatever the match threshold: it would sell another flavour of its brand.
  const chosen = best && best.score >= matchThreshold && !best.possiblyUnknown ? best : undefined;
  return {
    detection: bare,
    ...(chosen ? { chosen } : {}),
    level: confidenceLevel(best?.score ?? 0),
    suggestions: (chosen ? rest : detection.candidates)
      .filter((c) => c.score > SUGGESTION_MIN_SCORE)
      .slice(0, SUGGESTION_LIMIT),
  };
}

/** Spec §3 Cart line. Prices in centimes. */
export type RecognisedCartLine = {
  product_id: string;
  product_name: string;
  qty: number;
  unit_price: number;
  line_total: number;
  pack_size?: number;
};

export type PricedProduct = { id: string; name: string; salePrice: number; packSize?: number };

/**
 * Cart lines from the detections whose best candidate reaches the match threshold; several detections of
 * one product make one line with their count. Nothing below the threshold becomes a line: no invented product.
 */
export function assembleCart(
  detections: readonly RecognisedDetection[],
  products: readonly PricedProduct[],
  matchThreshold = MATCH_THRESHOLD_DEFAULT,
): RecognisedCartLine[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = new Map<string, RecognisedCartLine>();
  for (const detection of detections) {
    const chosen = reviewDetection(detection, matchThreshold).chosen;
    const product = chosen && byId.get(chosen.product_id);
    if (!product) continue;
    const line = lines.get(product.id);
    if (line) {
      line.qty += 1;
      line.line_total = line.unit_price * line.qty;
    } else {
      lines.set(product.id, {
        product_id: product.id,
        product_name: product.name,
        qty: 1,
        unit_price: product.salePrice,
        line_total: product.salePrice,
        ...(product.packSize !== undefined ? { pack_size: product.packSize } : {}),
      });
    }
  }
  return [...lines.values()];
}
