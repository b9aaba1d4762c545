// The catalogue's reference photos, indexed so that a query is verified only against a shortlist: every
// reference descriptor sits in one leaf of a vocabulary tree, and each query descriptor votes for the product
// of its nearest neighbour within its leaf (approximate nearest-neighbour voting).
import { byId } from './random.js';
import { DESCRIPTOR_WORDS, hammingDistance } from './hamming.js';
import type { ImageFeatures, ReferenceFeatures } from './keypoints.js';
import { quantise, trainVocabulary, type Vocabulary } from './vocabulary.js';

export type ReferenceOrigin = 'photo' | 'learned';

export type ProductReference = { productId: string; features: ReferenceFeatures; origin?: ReferenceOrigin };

type Leaf = { descriptors: Uint32Array; products: Int32Array; references: Int32Array; size: number };

export type ReferenceIndex = {
  vocabulary: Vocabulary;
  references: ProductReference[];
  productIds: string[];
  leaves: Leaf[];
};

/** Leaves of the tree: 8³ = 512, so a leaf holds about 0.2 % of the catalogue's descriptors. */
const INDEX_DEPTH = 3;
/** Descriptors sampled to train the tree: enough for stable words, bounded for the phone. */
const VOCABULARY_SAMPLE = 20_000;
/** A vote needs a near neighbour, clearly nearer than the best of any other product. */
export const VOTE_MAX_DISTANCE = 90;
const VOTE_RATIO = 0.85;

/** A photo's identity by its content (FNV-1a over its descriptors), memoised: the same photo, the same key. */
const contentKeys = new WeakMap<ReferenceFeatures, number>();

function contentKey(features: ReferenceFeatures): number {
  const known = contentKeys.get(features);
  if (known !== undefined) return known;
  let hash = 0x811c9dc5;
  for (const word of features.descriptors) hash = Math.imul(hash ^ word, 0x01000193) >>> 0;
  contentKeys.set(features, hash);
  return hash;
}

/**
 * The references the vocabulary is trained on, in an order that depends on them only: the shopkeeper's
 * photos (learned crops join the index with the vocabulary as it is), by product id in code-unit order, then
 * by content. The same photos in any order — as IndexedDB, a sync or the bench lists them — give the same
 * vocabulary, and an index that learned a crop has the vocabulary of one rebuilt with it.
 */
export function vocabularyReferences(references: readonly ProductReference[]): ProductReference[] {
  const photos = references.filter((r) => r.origin !== 'learned');
  return (photos.length > 0 ? photos : [...references]).sort(
    (a, b) => byId(a.productId, b.productId) || contentKey(a.features) - contentKey(b.features),
  );
}

function sampleDescriptors(references: readonly ProductReference[]): Uint32Array {
  const total = references.reduce((sum, r) => sum + r.features.descriptors.length / DESCRIPTOR_WORDS, 0);
  const step = Math.max(1, total / VOCABULARY_SAMPLE);
  const rows: Uint32Array[] = [];
  let next = 0;
  let index = 0;
  for (const reference of references) {
    const d = reference.features.descriptors;
    for (let i = 0; i < d.length / DESCRIPTOR_WORDS; i++, index++) {
      if (index < next) continue;
      rows.push(d.subarray(i * DESCRIPTOR_WORDS, (i + 1) * DESCRIPTOR_WORDS));
      next += step;
    }
  }
  const out = new Uint32Array(rows.length * DESCRIPTOR_WORDS);
  rows.forEach((row, i) => out.set(row, i * DESCRIPTOR_WORDS));
  return out;
}

/** Leaf of each descriptor of a photo, memoised per features object (a photo is never quantised twice). */
const leafCache = new WeakMap<ReferenceFeatures, { vocabulary: Vocabulary; leaves: Uint32Array }>();

function leavesOf(vocabulary: Vocabulary, features: ReferenceFeatures): Uint32Array {
  const cached = leafCache.get(features);
  if (cached?.vocabulary === vocabulary) return cached.leaves;
  const leaves = quantise(vocabulary, features.descriptors);
  leafCache.set(features, { vocabulary, leaves });
  return leaves;
}

/**
 * Indexes reference photos. The tree is trained on the references themselves, or given (to keep the one of
 * an index built earlier, so that stored leaves stay valid).
 */
export function buildIndex(references: readonly ProductReference[], vocabulary?: Vocabulary): ReferenceIndex {
  const tree =
    vocabulary ??
    trainVocabulary(sampleDescriptors(vocabularyReferences(references)), { depth: INDEX_DEPTH });
  const index: ReferenceIndex = {
    vocabulary: tree,
    references: [],
    productIds: [],
    leaves: Array.from({ length: tree.wordCount }, () => ({
      descriptors: new Uint32Array(64 * DESCRIPTOR_WORDS),
      products: new Int32Array(64),
      references: new Int32Array(64),
      size: 0,
    })),
  };
  for (const reference of references) addReference(index, reference);
  return index;
}

function productOrdinal(index: ReferenceIndex, productId: string): number {
  const found = index.productIds.indexOf(productId);
  return found >= 0 ? found : index.productIds.push(productId) - 1;
}

/** Adds one reference photo of a product. */
export function addReference(index: ReferenceIndex, reference: ProductReference): void {
  const referenceOrdinal = index.references.push(reference) - 1;
  const ordinal = productOrdinal(index, reference.productId);
  const leaves = leavesOf(index.vocabulary, reference.features);
  const d = reference.features.descriptors;
  leaves.forEach((leafNumber, i) => {
    const leaf = index.leaves[leafNumber]!;
    if (leaf.size === leaf.products.length) {
      const descriptors = new Uint32Array(leaf.descriptors.length * 2);
      descriptors.set(leaf.descriptors);
      const products = new Int32Array(leaf.products.length * 2);
      products.set(leaf.products);
      const refs = new Int32Array(leaf.references.length * 2);
      refs.set(leaf.references);
      leaf.descriptors = descriptors;
      leaf.products = products;
      leaf.references = refs;
    }
    leaf.descriptors.set(
      d.subarray(i * DESCRIPTOR_WORDS, (i + 1) * DESCRIPTOR_WORDS),
      leaf.size * DESCRIPTOR_WORDS,
    );
    leaf.products[leaf.size] = ordinal;
    leaf.references[leaf.size] = referenceOrdinal;
    leaf.size++;
  });
}

/** The same index without a product's references (deleted product, or its photos replaced). */
export function removeProductReferences(index: ReferenceIndex, productId: string): ReferenceIndex {
  return buildIndex(
    index.references.filter((r) => r.productId !== productId),
    index.vocabulary,
  );
}

export function referencesOf(index: ReferenceIndex, productId: string): ProductReference[] {
  return index.references.filter((r) => r.productId === productId);
}

export type ShortlistEntry = { productId: string; votes: number };
export type ReferenceShortlistEntry = { reference: ProductReference; votes: number };

type Votes = { products: Float64Array; references: Float64Array };

/**
 * Each query descriptor votes for the product (and the reference photo) of its nearest reference descriptor
 * within its leaf, when that is clearly nearer than any other product's. The cost grows with catalogue size
 * / leaf count.
 */
function vote(index: ReferenceIndex, query: ImageFeatures): Votes {
  const votes: Votes = {
    products: new Float64Array(index.productIds.length),
    references: new Float64Array(index.references.length),
  };
  const leaves = quantise(index.vocabulary, query.descriptors);
  leaves.forEach((leafNumber, q) => {
    const leaf = index.leaves[leafNumber]!;
    let best = 1e9;
    let bestProduct = -1;
    let bestReference = -1;
    let otherBest = 1e9;
    for (let i = 0; i < leaf.size; i++) {
      const distance = hammingDistance(query.descriptors, q, leaf.descriptors, i);
      const product = leaf.products[i]!;
      if (distance < best) {
        if (product !== bestProduct) otherBest = best;
        best = distance;
        bestProduct = product;
        bestReference = leaf.references[i]!;
      } else if (distance < otherBest && product !== bestProduct) {
        otherBest = distance;
      }
    }
    if (bestProduct >= 0 && best <= VOTE_MAX_DISTANCE && best < VOTE_RATIO * otherBest) {
      votes.products[bestProduct]! += 1;
      votes.references[bestReference]! += 1;
    }
  });
  return votes;
}

/** The `k` products that most query keypoints point to. */
export function shortlist(index: ReferenceIndex, query: ImageFeatures, k: number): ShortlistEntry[] {
  return castVotes(index, query).products.slice(0, k);
}

/**
 * The `k` reference photos that most query keypoints point to: verifying these instead of every photo of
 * the shortlisted products costs a fixed number of geometric checks whatever the number of photos per product.
 */
export function shortlistReferences(
  index: ReferenceIndex,
  query: ImageFeatures,
  k: number,
): ReferenceShortlistEntry[] {
  return castVotes(index, query).references.slice(0, k);
}

/** Products and reference photos with at least one vote, most voted first (one pass over the query). */
export function castVotes(
  index: ReferenceIndex,
  query: ImageFeatures,
): { products: ShortlistEntry[]; references: ReferenceShortlistEntry[] } {
  const votes = vote(index, query);
  return {
    products: index.productIds
      .map((productId, ordinal) => ({ productId, votes: votes.products[ordinal]! }))
      .filter((entry) => entry.votes > 0)
      .sort((a, b) => b.votes - a.votes || byId(a.productId, b.productId)),
    references: index.references
      .map((reference, ordinal) => ({ reference, votes: votes.references[ordinal]! }))
      .filter((entry) => entry.votes > 0)
      .sort((a, b) => b.votes - a.votes || byId(a.reference.productId, b.reference.productId)),
  };
}
