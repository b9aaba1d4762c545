// The analysis behind Analyser: on the device (Worker) or on the server, as the AI settings say.
import type { Product, Settings } from '@hanouti/core';
import type { CatalogueProduct } from '@hanouti/recognition';
// The text module alone (no WASM runtime): this file runs on the main thread.
import { hasArabicLetter } from '@hanouti/recognition/textMatch';
import { ensureModelFiles } from './modelFiles';
import type { AnalysedDetection } from './protocol';
import { analysePhotos } from './recognitionClient';
import { prepareReferences } from './references';
import { analyseOnServer } from './serverRecognition';

export type AnalysisStage = 'download' | 'references' | 'analyse';
export type AnalysisProgress = { stage: AnalysisStage; done: number; total: number };

/** Products a photo can sell: bulk products are weighed, never counted from a photo. */
export function sellableByPhoto(products: readonly Product[]): (CatalogueProduct & { photoId?: string })[] {
  return products
    .filter((p) => !p.isBulk)
    .map((p) => ({
      id: p.id,
      name: p.name,
      ...(p.brand ? { brand: p.brand } : {}),
      ...(p.category ? { category: p.category } : {}),
      ...(p.barcode ? { barcode: p.barcode } : {}),
      ...(p.photoId ? { photoId: p.photoId } : {}),
    }));
}

/** True when some product is named (or branded) in Arabic: only then is tesseract's Arabic reader needed. */
export function catalogueHasArabicNames(
  catalogue: readonly Pick<CatalogueProduct, 'name' | 'brand'>[],
): boolean {
  return catalogue.some((p) => hasArabicLetter(p.name) || hasArabicLetter(p.brand ?? ''));
}

export type RecognisedPhotos = (Omit<AnalysedDetection, 'features'> &
  Partial<Pick<AnalysedDetection, 'features'>>)[];

export async function recognisePhotos(
  photos: readonly Blob[],
  products: readonly Product[],
  settings: Pick<Settings, 'aiDetectThreshold' | 'aiPrecisionMode' | 'aiDeviceInference'>,
  onProgress: (progress: AnalysisProgress) => void,
): Promise<RecognisedPhotos> {
  const catalogue = sellableByPhoto(products);
  if (!settings.aiDeviceInference) {
    return analyseOnServer(photos, catalogue, settings.aiDetectThreshold, (done, total) =>
      onProgress({ stage: 'analyse', done, total }),
    );
  }
  const onDownload = ({ loaded, total }: { loaded: number; total: number }) =>
    onProgress({ stage: 'download', done: loaded, total });
  await ensureModelFiles(onDownload);
  // The Arabic reader's files come the first time the catalogue has Arabic names; without them (offline
  // then) the photos are still analysed, only the Arabic names are not read on the packs this time.
  let readArabic = catalogueHasArabicNames(catalogue);
  if (readArabic) {
    try {
      await ensureModelFiles(onDownload, { arabicNames: true });
    } catch (error) {
      console.error('Arabic reader not downloaded: Arabic names are not read this time', error);
      readArabic = false;
    }
  }
  await prepareReferences((done, total) => onProgress({ stage: 'references', done, total }));
  const { detections } = await analysePhotos(
    {
      photos: [...photos],
      products: catalogue.map(({ photoId: _photoId, ...product }) => product),
      settings: { detectThreshold: settings.aiDetectThreshold, mode: settings.aiPrecisionMode, readArabic },
    },
    (done, total) => onProgress({ stage: 'analyse', done, total }),
  );
  return detections;
}
