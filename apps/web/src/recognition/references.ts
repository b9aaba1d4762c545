// Keeps the worker's index in step with the stored references: computes missing photo features, learns crops.
import type { ImageFeatures } from '@hanouti/recognition';
import { loadPhoto } from '../data/productsRepository';
import {
  addReferenceFeatures,
  applyPhotoReference,
  deleteReferenceFeatures,
  listReferenceFeatures,
  newLearnedReference,
  photoReferencePlan,
  referenceRevision,
  storeLearnedReference,
} from '../data/referenceFeaturesRepository';
import { computeReference, learnReference, provideReferences } from './recognitionClient';

let refreshing: Promise<void> | undefined;

/**
 * Computes the features of every catalogue photo that has none yet (a photo saved, imported or synced since
 * the last analysis) and drops those of deleted products or replaced photos. Computed once per photo.
 */
export function refreshPhotoReferences(onProgress?: (done: number, total: number) => void): Promise<void> {
  refreshing ??= (async () => {
    const { missing, stale } = await photoReferencePlan();
    await deleteReferenceFeatures(stale);
    for (const [done, { productId, photoId }] of missing.entries()) {
      onProgress?.(done, missing.length);
      const photo = await loadPhoto(photoId);
      if (!photo) continue;
      try {
        const features = await computeReference(photo.blob);
        await applyPhotoReference({ productId, photoId, origin: 'photo', features });
      } catch (error) {
        // One unreadable photo must not stop the others (nor the sale).
        console.error('Reference features not computed', productId, error);
      }
    }
    onProgress?.(missing.length, missing.length);
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Makes sure the worker indexes the stored references (after refreshing the photo ones). */
export async function prepareReferences(onProgress?: (done: number, total: number) => void): Promise<void> {
  await refreshPhotoReferences(onProgress);
  await provideReferences(await referenceRevision(), async () =>
    (await listReferenceFeatures()).map(({ id, productId, origin, features }) => ({
      id,
      productId,
      origin,
      features,
    })),
  );
}

/** An extra view of a product, taken in the product form (3–5 from different sides recognise best). */
export async function addProductView(productId: string, photo: Blob): Promise<void> {
  const features = await computeReference(photo);
  await addReferenceFeatures({ productId, origin: 'photo', features });
}

/**
 * Learning from use: a confirmed crop becomes a learnt view of the chosen product (bounded and diverse,
 * see the package's addConfirmedReference). Failures are logged: learning never blocks a sale.
 */
export async function learnConfirmedCrop(productId: string, features: ImageFeatures): Promise<void> {
  try {
    await prepareReferences();
    const record = newLearnedReference(productId, features);
    await learnReference({ id: record.id, productId, origin: 'learned', features }, async (answer) => {
      if (answer.outcome !== 'redundant') await storeLearnedReference(record, answer.replacedId);
      return referenceRevision();
    });
  } catch (error) {
    console.error('Confirmed crop not learnt', error);
  }
}
