import { describe, expect, it } from 'vitest';
import { planPhotoReferences } from './referenceFeaturesRepository';

describe('photo references plan', () => {
  it('computes missing photo features and drops those of deleted products or replaced photos', () => {
    const plan = planPhotoReferences(
      [
        { id: 'p1', photoId: 'photo-1' },
        { id: 'p2', photoId: 'photo-2b' },
        { id: 'p3' },
        { id: 'p4', photoId: 'photo-4' },
      ],
      [
        { id: 'r1', productId: 'p1', photoId: 'photo-1' },
        { id: 'r2', productId: 'p2', photoId: 'photo-2a' },
        { id: 'r3', productId: 'p3' },
        { id: 'r4', productId: 'gone', photoId: 'photo-x' },
        { id: 'r5', productId: 'gone' },
      ],
    );
    expect(plan.stale.sort()).toEqual(['r2', 'r4', 'r5']);
    expect(plan.missing).toEqual([
      { productId: 'p2', photoId: 'photo-2b' },
      { productId: 'p4', photoId: 'photo-4' },
    ]);
  });
});
