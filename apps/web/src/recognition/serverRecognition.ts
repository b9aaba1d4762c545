// Recognition by the server (/api/ai/*) when on-device inference is off in the AI settings.
import { AI_MAX_REFERENCE_IMAGES, normaliseGtin } from '@hanouti/core';
import type { Candidate, CatalogueProduct, Detection } from '@hanouti/recognition';
import { loadPhoto } from '../data/productsRepository';
import { syncEngine } from '../sync/syncEngine';
import type { AnalysedDetection } from './protocol';

/** Reference photos sent to the server are reduced to the side the keypoints are computed at. */
const REFERENCE_SIDE = 640;
const TOP_K = 5;

async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  // The AI routes are the shop's, behind the same sign-in as sync.
  const token = await syncEngine.accessToken();
  const response = await fetch(new URL(path, document.baseURI), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function jpegOf(
  source: ImageBitmap,
  region: { x: number; y: number; width: number; height: number },
  scale = 1,
): Promise<Blob> {
  const width = Math.max(1, Math.round(region.width * scale));
  const height = Math.max(1, Math.round(region.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D context');
  context.drawImage(source, region.x, region.y, region.width, region.height, 0, 0, width, height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
}

async function referenceImages(products: readonly (CatalogueProduct & { photoId?: string })[]) {
  const out: {
    id: string;
    name: string;
    brand?: string;
    category?: string;
    barcode?: string;
    images: string[];
  }[] = [];
  for (const product of products) {
    const images: string[] = [];
    const photo = product.photoId ? await loadPhoto(product.photoId) : undefined;
    if (photo) {
      const bitmap = await createImageBitmap(photo.blob);
      const scale = Math.min(1, REFERENCE_SIDE / Math.max(bitmap.width, bitmap.height));
      images.push(
        await blobToBase64(
          await jpegOf(bitmap, { x: 0, y: 0, width: bitmap.width, height: bitmap.height }, scale),
        ),
      );
      bitmap.close();
    }
    out.push({
      id: product.id,
      name: product.name,
      ...(product.brand ? { brand: product.brand } : {}),
      ...(product.category ? { category: product.category } : {}),
      ...(product.barcode ? { barcode: product.barcode } : {}),
      images,
    });
  }
  return out;
}

type ReferenceProduct = { id: string; brand?: string; images: string[] };

/**
 * Splits the catalogue into visual-match requests of at most `maxImages` reference photos (the server's
 * bound). A brand's products go together, so that its flavours are told apart in the same request; a
 * product with more photos than the bound keeps its first ones.
 */
export function referenceBatches<P extends ReferenceProduct>(
  products: readonly P[],
  maxImages: number,
): P[][] {
  const byBrand = [...products].sort((a, b) => (a.brand ?? '').localeCompare(b.brand ?? ''));
  const batches: P[][] = [];
  let batch: P[] = [];
  let count = 0;
  for (const product of byBrand) {
    const images = product.images.slice(0, maxImages);
    if (count + images.length > maxImages && batch.length > 0) {
      batches.push(batch);
      batch = [];
      count = 0;
    }
    batch.push({ ...product, images });
    count += images.length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The best `topK` candidates of several requests (one per batch of the catalogue), a product answered twice
 * at its best score. Each request's answers keep their own order — the server ranked them with evidence a
 * candidate does not carry (a flavour read puts a sibling first) — and the requests are merged by the score
 * at their heads, so answers already ordered by score come out ordered by score.
 */
export function mergeCandidates(lists: readonly (readonly Candidate[])[], topK: number): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const candidate of lists.flat()) {
    const seen = best.get(candidate.product_id);
    if (!seen || candidate.score > seen.score) best.set(candidate.product_id, candidate);
  }
  const queues = lists.map((list) => list.filter((c) => best.get(c.product_id) === c));
  const merged: Candidate[] = [];
  while (merged.length < topK) {
    let next: Candidate[] | undefined;
    for (const queue of queues)
      if (queue.length > 0 && (!next || queue[0]!.score > next[0]!.score)) next = queue;
    if (!next) break;
    merged.push(next.shift()!);
  }
  return merged;
}

/** The server's answer for a crop: its candidates, and the maker's code read on it (null when none). */
export type VisualMatchAnswer = { candidates: Candidate[]; barcode?: string | null };

/**
 * The maker's code the server read on a crop (each request reads the same crop against another part of the
 * catalogue): the first one given that is a GTIN with its check digit, since it may fill a new product's form.
 */
export function codeReadOnCrop(answers: readonly VisualMatchAnswer[]): string | undefined {
  for (const { barcode } of answers) {
    const gtin = typeof barcode === 'string' ? normaliseGtin(barcode) : undefined;
    if (gtin) return gtin;
  }
  return undefined;
}

/** Same answer as the worker's analysis, computed by the server (no features: nothing is learnt). */
export async function analyseOnServer(
  photos: readonly Blob[],
  products: readonly (CatalogueProduct & { photoId?: string })[],
  detectThreshold: number,
  onProgress: (done: number, total: number) => void,
): Promise<Omit<AnalysedDetection, 'features'>[]> {
  const batches = referenceBatches(await referenceImages(products), AI_MAX_REFERENCE_IMAGES);
  const found: Omit<AnalysedDetection, 'features'>[] = [];
  let total = photos.length;
  let done = 0;
  for (const [photoIndex, photo] of photos.entries()) {
    const image = await blobToBase64(photo);
    const { detections } = await postJson<{ detections: Detection[] }>('api/ai/detect', {
      image,
      detect_threshold: detectThreshold,
    });
    total += detections.length;
    onProgress(++done, total);
    const bitmap = await createImageBitmap(photo);
    try {
      for (const detection of detections) {
        const [x, y, w, h] = detection.bbox;
        const crop = await jpegOf(bitmap, {
          x: x * bitmap.width,
          y: y * bitmap.height,
          width: w * bitmap.width,
          height: h * bitmap.height,
        });
        const cropBase64 = await blobToBase64(crop);
        const answers: VisualMatchAnswer[] = [];
        for (const batch of batches) {
          answers.push(
            await postJson<VisualMatchAnswer>('api/ai/visual-match', {
              crop_base64: cropBase64,
              products: batch,
              top_k: TOP_K,
            }),
          );
        }
        const candidates = mergeCandidates(
          answers.map((answer) => answer.candidates),
          TOP_K,
        );
        // As the Worker's analysis: a crop showing a maker's code is a row even when nothing scored.
        const barcode = codeReadOnCrop(answers);
        if (candidates.length > 0 || barcode)
          found.push({ photoIndex, detection, candidates, crop, ...(barcode ? { barcode } : {}) });
        onProgress(++done, total);
      }
    } finally {
      bitmap.close();
    }
  }
  return found;
}
