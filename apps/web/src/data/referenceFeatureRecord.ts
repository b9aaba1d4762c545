// The stored shape of a reference photo's keypoint features (recognition), kept apart from the photos.
import type { ImageFeatures } from '@hanouti/recognition';
import { z } from 'zod';

/**
 * Features of one view of a product: computed from its catalogue photo (`photoId` set), from an extra
 * reference photo taken in the product form, or learnt from a confirmed sale photo (`origin: 'learned'`).
 * Typed arrays are stored as they are (IndexedDB clones them), never as base64.
 */
export type ReferenceFeatureRecord = {
  id: string;
  productId: string;
  origin: 'photo' | 'learned';
  /** The catalogue photo these features were computed from; replaced when that photo changes. */
  photoId?: string;
  features: ImageFeatures;
  /** A small picture of an extra view taken in the product form, shown there so that a bad one can be removed. */
  thumbnail?: Blob;
  createdAt: string;
};

/** What a readable record looks like (corrupt ones are removed at start like any other table's). */
export const referenceFeatureRecordSchema = z.object({
  id: z.string().min(1),
  productId: z.string().min(1),
  origin: z.enum(['photo', 'learned']),
  photoId: z.string().min(1).optional(),
  features: z.object({
    version: z.number().int(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    points: z.instanceof(Float32Array),
    descriptors: z.instanceof(Uint32Array),
    colours: z.instanceof(Uint8Array),
    appearance: z.instanceof(Float32Array).optional(),
    shape: z.instanceof(Float32Array).optional(),
    /** Look-alike descriptors (version 5): regions of the photo and local patches. */
    regions: z.instanceof(Uint8Array).optional(),
    patches: z.instanceof(Uint8Array).optional(),
    /** Words read on the photo (pack words of the text strategy). */
    words: z.array(z.string()).optional(),
  }),
  thumbnail: z.instanceof(Blob).optional(),
  createdAt: z.string().min(1),
});
