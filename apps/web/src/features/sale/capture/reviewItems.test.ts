import { describe, expect, it } from 'vitest';
import { newProduct, type Product } from '@hanouti/core';
import type { Candidate } from '@hanouti/recognition';
import {
  canConfirm,
  chooseProduct,
  codeForNewProduct,
  confirmedLines,
  reviewItemsFrom,
  withQuantity,
  type FoundDetection,
} from './reviewItems';

const ctx = { now: '2025-01-01T00:00:00.000Z', newId: () => crypto.randomUUID() };
const product = (name: string, salePrice: number): Product =>
  newProduct(
    {
      name,
      brand: '',
      barcode: undefined,
      description: undefined,
      category: 'Épicerie',
      purchasePrice: 0,
      salePrice,
      vat: 20,
      stock: 10,
      reorderThreshold: 5,
      isBulk: false,
    },
    ctx,
  ).product;

const tea = product('Thé', 1500);
const oil = product('Huile', 2500);
const candidate = (p: Product, score: number): Candidate => ({
  product_id: p.id,
  product_name: p.name,
  score,
  strategies: { visual: score },
});
const found = (photoIndex: number, id: string, candidates: Candidate[]): FoundDetection => ({
  photoIndex,
  detection: { id, bbox: [0, 0, 0.5, 0.5], confidence: 0.8 },
  candidates,
  crop: new Blob(['x'], { type: 'image/jpeg' }),
});

describe('review items', () => {
  it('chooses above the match threshold, with Sûr/Moyen/Incertain levels and suggestions above 0.4', () => {
    const [sure, unsure] = reviewItemsFrom(
      [
        found(0, 'd1', [candidate(tea, 0.9), candidate(oil, 0.45)]),
        found(0, 'd2', [candidate(oil, 0.55), candidate(tea, 0.3)]),
      ],
      0.7,
    );
    expect(sure).toMatchObject({ productId: tea.id, level: 'high', quantity: 1 });
    expect(sure?.suggestions.map((s) => s.product_id)).toEqual([oil.id]);
    // Below the threshold nothing is chosen for the shopkeeper; the best guess is a suggestion.
    expect(unsure?.productId).toBeUndefined();
    // No badge beside "Aucun produit choisi": the badge describes the chosen product only.
    expect(unsure?.level).toBeUndefined();
    expect(unsure?.suggestions.map((s) => s.product_id)).toEqual([oil.id]);
  });

  it('orders the rows by confidence: chosen surest first, then the rows without a product', () => {
    const sugar = product('Sucre', 1200);
    const items = reviewItemsFrom(
      [
        found(0, 'd1', [candidate(oil, 0.5)]),
        found(0, 'd2', [candidate(tea, 0.75)]),
        found(0, 'd3', [candidate(sugar, 0.95)]),
        found(0, 'd4', [candidate(oil, 0.3), candidate(tea, 0.62)]),
      ],
      0.7,
    );
    expect(items.map((i) => i.key)).toEqual(['0:d3', '0:d2', '0:d4', '0:d1']);
  });

  it('gives the badge to the chosen product: its own score, none for a product the recogniser did not score', () => {
    const sugar = product('Sucre', 1200);
    const [row] = reviewItemsFrom([found(0, 'd1', [candidate(tea, 0.92), candidate(oil, 0.5)])], 0.7);
    expect(row).toMatchObject({ productId: tea.id, level: 'high', score: 0.92 });
    const oilChosen = chooseProduct(row!, oil);
    expect(oilChosen).toMatchObject({ productId: oil.id, level: 'medium', score: 0.5 });
    // The product it replaced is one tap away again.
    expect(oilChosen.suggestions.map((s) => s.product_id)).toEqual([tea.id]);
    const sugarChosen = chooseProduct(oilChosen, sugar);
    expect(sugarChosen.level).toBeUndefined();
    expect(sugarChosen.score).toBeUndefined();
    expect(sugarChosen.suggestions.map((s) => s.product_id)).toEqual([tea.id, oil.id]);
  });

  it('merges one product over several photos: quantity is the most units seen in one photo', () => {
    const items = reviewItemsFrom(
      [
        found(0, 'd1', [candidate(tea, 0.8)]),
        found(0, 'd2', [candidate(tea, 0.75)]),
        found(1, 'd1', [candidate(tea, 0.95)]),
        found(1, 'd2', [candidate(tea, 0.5)]),
      ],
      0.7,
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId: tea.id, quantity: 2, score: 0.95, key: '1:d1' });
  });

  it('keeps the quantity at 1 or more and enables Confirmer only with a chosen product', () => {
    const [item] = reviewItemsFrom([found(0, 'd1', [candidate(oil, 0.35)])], 0.7);
    expect(item).toBeDefined();
    expect(canConfirm([item!])).toBe(false);
    expect(withQuantity(item!, 0).quantity).toBe(1);
    const chosen = chooseProduct(item!, tea);
    expect(canConfirm([chosen])).toBe(true);
    expect(chosen.score).toBeUndefined();
  });

  it('prices confirmed lines from the catalogue and leaves out deleted products', () => {
    const items = [
      withQuantity(chooseProduct(reviewItemsFrom([found(0, 'a', [candidate(tea, 0.2)])], 0.7)[0]!, tea), 3),
      chooseProduct(reviewItemsFrom([found(0, 'b', [candidate(tea, 0.2)])], 0.7)[0]!, tea),
      chooseProduct(reviewItemsFrom([found(0, 'c', [candidate(oil, 0.2)])], 0.7)[0]!, oil),
    ];
    const lines = confirmedLines(items, new Map([[tea.id, tea]]));
    expect(lines).toEqual([expect.objectContaining({ productId: tea.id, quantity: 4, unitPrice: 1500 })]);
  });

  it('keeps the code read on a crop with its row, also for a product nothing in the catalogue is like', () => {
    const coded = (f: FoundDetection, barcode: string): FoundDetection => ({ ...f, barcode });
    const items = reviewItemsFrom(
      [
        found(0, 'd1', [candidate(tea, 0.9)]),
        coded(found(1, 'd1', [candidate(tea, 0.8)]), '6111245100012'),
        // A pack of another product with its code, and nothing scored: a row, so that it can be created.
        coded(found(0, 'd2', []), '3017620422003'),
        found(0, 'd3', [candidate(oil, 0.45)]),
      ],
      0.7,
    );
    const [chosen, bare, unknown] = items;
    expect(items.map((item) => item.key)).toEqual(['0:d1', '0:d3', '0:d2']);
    // The row of one product over two photos keeps the code one of them read.
    expect(chosen).toMatchObject({ productId: tea.id, barcode: '6111245100012', quantity: 1 });
    expect(unknown).toMatchObject({ barcode: '3017620422003', candidates: [], suggestions: [] });
    expect(unknown?.productId).toBeUndefined();
    expect(bare).not.toHaveProperty('barcode');
  });

  it('starts a product created from a row with the code read, unless a product already has it', () => {
    const flour = { ...product('Farine', 900), isBulk: true, barcode: '036000291452' };
    const products = [tea, oil, flour];
    expect(codeForNewProduct({ barcode: '3017620422003' }, products)).toBe('3017620422003');
    // The bulk flour's code, in another spelling: one code, one product.
    expect(codeForNewProduct({ barcode: '0036000291452' }, products)).toBeUndefined();
    expect(codeForNewProduct({}, products)).toBeUndefined();
  });
});
