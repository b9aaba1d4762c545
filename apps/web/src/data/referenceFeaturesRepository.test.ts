import { describe, expect, it } from 'vitest';
import { FEATURES_VERSION } from '@hanouti/recognition';
import { planPhotoReferences } from './referenceFeaturesRepository';

const v = FEATURES_VERSION;

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
        { id: 'r1', productId: 'p1', photoId: 'photo-1', version: v },
        { id: 'r2', productId: 'p2', photoId: 'photo-2a', version: v },
        { id: 'r3', productId: 'p3', version: v },
        { id: 'r4', productId: 'gone', photoId: 'photo-x', version: v },
        { id: 'r5', productId: 'gone', version: v },
      ],
    );
    expect(plan.stale.sort()).toEqual(['r2', 'r4', 'r5']);
    expect(plan.missing).toEqual([
      { productId: 'p2', photoId: 'photo-2b' },
      { productId: 'p4', photoId: 'photo-4' },
    ]);
  });

  it('computes a catalogue photo again when its features are of an older version, not an extra view', () => {
    const plan = planPhotoReferences(
      [{ id: 'p1', photoId: 'photo-1' }],
      [
        { id: 'old', productId: 'p1', photoId: 'photo-1', version: v - 1 },
        { id: 'view', productId: 'p1', version: v - 1 },
      ],
    );
    expect(plan.stale).toEqual(['old']);
    expect(plan.missing).toEqual([{ productId: 'p1', photoId: 'photo-1' }]);
  });
});
