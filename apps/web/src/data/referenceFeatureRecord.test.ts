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

  it('keeps the look-alike regions and patches (version 5) as bytes, and rejects them as floats', () => {
    const v5 = {
      ...record,
      features: {
        ...record.features,
        version: 5,
        regions: new Uint8Array(6 * 8),
        patches: new Uint8Array(37),
      },
    };
    const parsed = referenceFeatureRecordSchema.safeParse(v5);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.features.regions).toBeInstanceOf(Uint8Array);
    expect(parsed.data?.features.patches).toBeInstanceOf(Uint8Array);
    const spoilt = { ...v5, features: { ...v5.features, patches: new Float32Array(37) } };
    expect(referenceFeatureRecordSchema.safeParse(spoilt).success).toBe(false);
  });
});
