import { describe, expect, it } from 'vitest';
import { assembleCart, reviewDetection, type RecognisedDetection } from './cart.js';

const candidate = (product_id: string, score: number) => ({
  product_id,
  score,
  product_name: product_id.toUpperCase(),
  strategies: {},
});
const detection = (id: string, candidates: ReturnType<typeof candidate>[]): RecognisedDetection => ({
  id,
  bbox: [0, 0, 1, 1],
  confidence: 0.9,
  candidates,
});
const products = [
  { id: 'milk', name: 'Lait', salePrice: 750 },
  { id: 'tea', name: 'Thé', salePrice: 1200, packSize: 12 },
];

describe('cart assembly', () => {
  it('makes one line per product with the count of its detections', () => {
    const lines = assembleCart(
      [
        detection('1', [candidate('milk', 0.9)]),
        detection('2', [candidate('milk', 0.8)]),
        detection('3', [candidate('tea', 0.75)]),
      ],
      products,
    );
    expect(lines).toEqual([
      { product_id: 'milk', product_name: 'Lait', qty: 2, unit_price: 750, line_total: 1500 },
      { product_id: 'tea', product_name: 'Thé', qty: 1, unit_price: 1200, line_total: 1200, pack_size: 12 },
    ]);
  });
  it('never adds a product below the match threshold or unknown to the catalogue', () => {
    expect(
      assembleCart(
        [
          detection('1', [candidate('milk', 0.69)]),
          detection('2', [candidate('ghost', 0.99)]),
          detection('3', []),
        ],
        products,
      ),
    ).toEqual([]);
    expect(assembleCart([detection('1', [candidate('milk', 0.55)])], products, 0.5)).toHaveLength(1);
  });
  it('reviews a detection: badge, chosen product and up to two suggestions above 0.4', () => {
    const review = reviewDetection(
      detection('1', [
        candidate('milk', 0.72),
        candidate('tea', 0.5),
        candidate('x', 0.45),
        candidate('y', 0.41),
      ]),
    );
    expect(review.level).toBe('high');
    expect(review.chosen?.product_id).toBe('milk');
    expect(review.suggestions.map((s) => s.product_id)).toEqual(['tea', 'x']);
    const unsure = reviewDetection(detection('2', [candidate('milk', 0.45), candidate('tea', 0.3)]));
    expect(unsure.level).toBe('low');
    expect(unsure.chosen).toBeUndefined();
    expect(unsure.suggestions.map((s) => s.product_id)).toEqual(['milk']);
  });
});
