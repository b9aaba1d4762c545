// Reference features of the catalogue's products (recognition): stored, counted, kept in step with the photos.
import { newId, type Product } from '@hanouti/core';
import { FEATURES_VERSION, type ImageFeatures } from '@hanouti/recognition';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx } from './db';
import type { ReferenceFeatureRecord } from './referenceFeatureRecord';

export type { ReferenceFeatureRecord } from './referenceFeatureRecord';

/** Every reference, oldest first (the order learning relies on to replace the oldest learnt view). */
export function listReferenceFeatures(): Promise<ReferenceFeatureRecord[]> {
  return tx('r', ['referenceFeatures'], (t) => t.referenceFeatures.orderBy('createdAt').toArray());
}

/** Changes whenever a reference is added or removed: the worker re-indexes only then. */
export function referenceRevision(): Promise<string> {
  return tx('r', ['referenceFeatures'], async (t) => {
    const [count, newest] = await Promise.all([
      t.referenceFeatures.count(),
      t.referenceFeatures.orderBy('createdAt').last(),
    ]);
    return `${count}:${newest?.createdAt ?? ''}:${newest?.id ?? ''}`;
  });
}

/** How many views of the product recognition knows (its photo, extra photos and learnt ones); live. */
export function useReferenceCount(productId: string | undefined): number | undefined {
  return useLiveQuery(
    () =>
      productId
        ? tx('r', ['referenceFeatures'], (t) =>
            t.referenceFeatures.where('productId').equals(productId).count(),
          )
        : 0,
    [productId],
  );
}

export type NewReference = {
  productId: string;
  origin: ReferenceFeatureRecord['origin'];
  photoId?: string;
  features: ImageFeatures;
};

function recordOf(reference: NewReference): ReferenceFeatureRecord {
  return { id: newId(), ...reference, createdAt: new Date().toISOString() };
}

/** Stores one reference (an extra photo of the product, or one computed from its catalogue photo). */
export async function addReferenceFeatures(reference: NewReference): Promise<ReferenceFeatureRecord> {
  const record = recordOf(reference);
  await tx('rw', ['referenceFeatures'], (t) => t.referenceFeatures.add(record));
  return record;
}

/** Stores a learnt view and drops the one it replaced, together. */
export async function storeLearnedReference(
  record: ReferenceFeatureRecord,
  replacedId?: string,
): Promise<void> {
  await tx('rw', ['referenceFeatures'], async (t) => {
    if (replacedId) await t.referenceFeatures.delete(replacedId);
    await t.referenceFeatures.add(record);
  });
}

/** A learnt reference ready to store (its id is known to the worker before it is written). */
export function newLearnedReference(productId: string, features: ImageFeatures): ReferenceFeatureRecord {
  return recordOf({ productId, origin: 'learned', features });
}

export type PhotoReferencePlan = {
  /** Catalogue photos without features yet. */
  missing: { productId: string; photoId: string }[];
  /** References of deleted products, or computed from a photo the product no longer has. */
  stale: string[];
};

/** A stored reference as the plan sees it: which product and photo, and its features' version. */
export type PlannedReference = Pick<ReferenceFeatureRecord, 'id' | 'productId' | 'photoId'> & {
  version: number;
};

/**
 * What to compute and what to drop so that every catalogue photo has features and no reference outlives
 * its product or photo. A catalogue photo's features of an older version are computed again (once), so
 * that they gain what the pipeline added since (version 3: appearance, 4: shape, 5: regions and patches). Extra and learnt views
 * (no photoId) stay as long as their product exists, whatever their version: there is no photo to compute
 * from.
 */
export function planPhotoReferences(
  products: readonly Pick<Product, 'id' | 'photoId'>[],
  references: readonly PlannedReference[],
): PhotoReferencePlan {
  const photoOf = new Map(products.map((p) => [p.id, p.photoId]));
  const stale = references
    .filter(
      (r) =>
        !photoOf.has(r.productId) ||
        (r.photoId !== undefined && (photoOf.get(r.productId) !== r.photoId || r.version < FEATURES_VERSION)),
    )
    .map((r) => r.id);
  const dropped = new Set(stale);
  const covered = new Set(
    references.flatMap((r) => (r.photoId && !dropped.has(r.id) ? [`${r.productId}/${r.photoId}`] : [])),
  );
  const missing = products.flatMap((p) =>
    p.photoId && !covered.has(`${p.id}/${p.photoId}`) ? [{ productId: p.id, photoId: p.photoId }] : [],
  );
  return { missing, stale };
}

/** The plan against the stored catalogue and references. */
export function photoReferencePlan(): Promise<PhotoReferencePlan> {
  return tx('r', ['products', 'referenceFeatures'], async (t) => {
    const products = await t.products.toArray();
    const references: PlannedReference[] = [];
    await t.referenceFeatures.each((r) => {
      references.push({
        id: r.id,
        productId: r.productId,
        version: r.features.version,
        ...(r.photoId ? { photoId: r.photoId } : {}),
      });
    });
    return planPhotoReferences(products, references);
  });
}

/**
 * Stores features computed from a catalogue photo, unless the product's photo changed meanwhile (the
 * computation ran outside any transaction), and drops the stale references.
 */
export async function applyPhotoReference(
  reference: NewReference & { photoId: string },
  stale: readonly string[] = [],
): Promise<boolean> {
  return tx('rw', ['products', 'referenceFeatures'], async (t) => {
    if (stale.length > 0) await t.referenceFeatures.bulkDelete([...stale]);
    const product = await t.products.get(reference.productId);
    if (product?.photoId !== reference.photoId) return false;
    await t.referenceFeatures.add(recordOf(reference));
    return true;
  });
}

export async function deleteReferenceFeatures(ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx('rw', ['referenceFeatures'], (t) => t.referenceFeatures.bulkDelete([...ids]));
}

/** An extra view of a product as the product form shows it (features left out: only the picture is shown). */
export type ProductView = Pick<
  ReferenceFeatureRecord,
  'id' | 'origin' | 'photoId' | 'thumbnail' | 'createdAt'
>;

/** The stored views of a product, oldest first; live. */
export function useProductViews(productId: string | undefined): ProductView[] | undefined {
  return useLiveQuery(
    async () =>
      productId
        ? (
            await tx('r', ['referenceFeatures'], (t) =>
              t.referenceFeatures.where('productId').equals(productId).sortBy('createdAt'),
            )
          ).map(({ id, origin, photoId, thumbnail, createdAt }) => ({
            id,
            origin,
            ...(photoId ? { photoId } : {}),
            ...(thumbnail ? { thumbnail } : {}),
            createdAt,
          }))
        : [],
    [productId],
  );
}

/** Stores the views added in the product form and drops the ones removed there, together. */
export async function saveProductViews(
  productId: string,
  added: readonly { features: ImageFeatures; thumbnail: Blob }[],
  removedIds: readonly string[],
): Promise<void> {
  if (added.length === 0 && removedIds.length === 0) return;
  await tx('rw', ['referenceFeatures'], async (t) => {
    if (removedIds.length > 0) await t.referenceFeatures.bulkDelete([...removedIds]);
    for (const view of added)
      await t.referenceFeatures.add(recordOf({ productId, origin: 'photo', ...view }));
  });
}

/**
 * How many views recognition has of each product, for the catalogue's few-views flag, read from the indexes only
 * (no features loaded): every reference of the product, less the one computed from its catalogue photo, which
 * viewCount counts from the product itself (so that a photo whose features are not computed yet counts too).
 */
export function useViewCounts(): { perProduct: Map<string, number>; photoIds: Set<string> } | undefined {
  return useLiveQuery(() =>
    tx('r', ['referenceFeatures'], async (t) => {
      const perProduct = new Map<string, number>();
      for (const id of (await t.referenceFeatures.orderBy('productId').keys()) as string[])
        perProduct.set(id, (perProduct.get(id) ?? 0) + 1);
      const photoIds = new Set((await t.referenceFeatures.orderBy('photoId').keys()) as string[]);
      return { perProduct, photoIds };
    }),
  );
}

/** Views of a product: its catalogue photo, its extra photos and the views learnt from sales. */
export function viewCount(
  product: Pick<Product, 'id' | 'photoId'>,
  counts: { perProduct: Map<string, number>; photoIds: Set<string> },
): number {
  const stored = counts.perProduct.get(product.id) ?? 0;
  const photoStored = product.photoId !== undefined && counts.photoIds.has(product.photoId) ? 1 : 0;
  return stored - photoStored + (product.photoId ? 1 : 0);
}
