import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Candidate } from '@hanouti/recognition';
import { renderScreen } from '../../../test/testScreen';
import { DetectionCard } from './DetectionCard';
import { chooseProduct, reviewItemsFrom, type FoundDetection, type ReviewItem } from './reviewItems';

const ACTION = 'Produit inconnu ? Créer le produit';
const crop = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });

const candidate = (id: string, score: number, possiblyUnknown?: boolean): Candidate => ({
  product_id: id,
  product_name: `Produit ${id}`,
  score,
  strategies: { visual: score },
  ...(possiblyUnknown ? { possiblyUnknown } : {}),
});

/** The review row the analysis gives for one detection with these candidates. */
function rowOf(candidates: Candidate[]): ReviewItem {
  const found: FoundDetection = {
    photoIndex: 0,
    detection: { id: 'd1', bbox: [0, 0, 10, 10], confidence: 0.9 },
    candidates,
    crop,
  };
  const [row] = reviewItemsFrom([found], 0.6);
  if (!row) throw new Error('no row');
  return row;
}

function renderRow(item: ReviewItem, onCreateProduct = vi.fn()) {
  renderScreen(
    <ul>
      <DetectionCard
        item={item}
        number={1}
        onChange={() => undefined}
        onQuantity={() => undefined}
        onSuggestion={() => undefined}
        onRemove={() => undefined}
        onCreateProduct={onCreateProduct}
      />
    </ul>,
  );
  return onCreateProduct;
}

describe('a review row and an unknown product', () => {
  it('offers to create the product when the answer is possibly unknown, even with a high score', () => {
    // A sibling of the same brand scored high but not Sûr: never chosen, and the product may be new.
    const row = rowOf([candidate('a', 0.92, true), candidate('b', 0.5, true)]);
    expect(row.productId).toBeUndefined();
    const onCreate = renderRow(row);
    fireEvent.click(screen.getByRole('button', { name: ACTION }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('shows the code read on the crop of a row without a product, not once a product is chosen', () => {
    const row = { ...rowOf([]), barcode: '4006381333931' };
    renderRow(row);
    expect(screen.getByText('Code-barres lu :', { exact: false }).textContent).toBe(
      'Code-barres lu : 4006381333931',
    );
    expect(screen.getByRole('button', { name: ACTION })).toBeTruthy();
  });

  it('does not show the code once the row has a product', () => {
    renderRow({ ...rowOf([candidate('a', 0.92)]), barcode: '4006381333931' });
    expect(screen.queryByText('4006381333931', { exact: false })).toBeNull();
  });

  it('does not offer it when the answer is Sûr', () => {
    const row = rowOf([candidate('a', 0.92), candidate('b', 0.5, true)]);
    expect(row.productId).toBe('a');
    renderRow(row);
    expect(screen.getByText('Produit a')).toBeTruthy();
    expect(screen.queryByRole('button', { name: ACTION })).toBeNull();
  });

  it('keeps offering it while the shopkeeper picks a possibly unknown suggestion, not once the product is created', () => {
    const row = rowOf([candidate('a', 0.92, true)]);
    const picked = chooseProduct(row, { id: 'a', name: 'Produit a' });
    const { unmount } = renderScreen(
      <ul>
        <DetectionCard
          item={picked}
          number={1}
          onChange={() => undefined}
          onQuantity={() => undefined}
          onSuggestion={() => undefined}
          onRemove={() => undefined}
          onCreateProduct={() => undefined}
        />
      </ul>,
    );
    expect(screen.getByRole('button', { name: ACTION })).toBeTruthy();
    unmount();
    renderRow(chooseProduct(row, { id: 'new', name: 'Biscuit nouveau' }));
    expect(screen.getByText('Biscuit nouveau')).toBeTruthy();
    expect(screen.queryByRole('button', { name: ACTION })).toBeNull();
  });
});
