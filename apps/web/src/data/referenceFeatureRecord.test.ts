import { describe, expect, it } from 'vitest';
import { referenceFeatureRecordSchema } from './referenceFeatureRecord';

const record = {
  id: 'r1',
  productId: 'p1',
  origin: 'photo',
  photoId: 'ph1',
  features: {
    version: 4,
    width: 640,
    height: 480,
    points: new Float32Array(4),
    descriptors: new Uint32Array(32),
    colours: new Uint8Array(3 * 32 * 32),
    appearance: new Float32Array(8),
  },
  createdAt: '2026-11-22T10:00:00.000Z',
};

describe('stored reference features', () => {
  it('keeps a record with the words read on its photo', () => {
    const withWords = { ...record, features: { ...record.features, words: ['ekologisk', 'mjolk'] } };
    const parsed = referenceFeatureRecordSchema.safeParse(withWords);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.features.words).toEqual(['ekologisk', 'mjolk']);
  });

  it('keeps a record without words (features of version 3 and older)', () => {
    expect(referenceFeatureRecordSchema.safeParse(record).success).toBe(true);
  });

  it('rejects words that are not a list of strings', () => {
    const spoilt = { ...record, features: { ...record.features, words: 'ekologisk mjolk' } };
    expect(referenceFeatureRecordSchema.safeParse(spoilt).success).toBe(false);
    const numbers = { ...record, features: { ...record.features, words: [1, 2] } };
    expect(referenceFeatureRecordSchema.safeParse(numbers).success).toBe(false);
  });
});
