// Where the app serves its model files (built by modelFilesPlugin.ts) and their first download.
import { MODEL_FILES } from 'virtual:recognition-model-files';
import {
  arabicTextFiles,
  downloadModelFiles,
  filesForShop,
  MODEL_CACHE,
  type DownloadProgress,
  type ModelFileEntry,
} from './modelDownload';

/** URLs the worker loads its runtimes from (absolute: the worker's own URL is elsewhere). */
export type ModelUrls = {
  zxingReader: string;
  opencv: string;
  /**
   * onnxruntime-web's WASM runtime and PP-OCRv4's detector, recogniser and character list (text strategy), and
   * PP-OCR's text direction classifier (a pack lying upside down).
   */
  ortWasm: string;
  ocrDetector: string;
  ocrRecogniser: string;
  ocrCharacters: string;
  ocrClassifier: string;
  /** tesseract.js's worker script, its LSTM-only core (the .wasm beside it) and `ara` data (Arabic names). */
  tesseractWorker: string;
  tesseractCore: string;
  araLanguage: string;
};

function entries(): ModelFileEntry[] {
  return MODEL_FILES.map((file) => ({ ...file, url: new URL(file.path, document.baseURI).href }));
}

export function modelUrls(): ModelUrls {
  const byKey = new Map(entries().map((entry) => [entry.key, entry.url]));
  const url = (key: keyof ModelUrls) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`model file ${key} missing from the build`);
    return found;
  };
  return {
    zxingReader: url('zxingReader'),
    opencv: url('opencv'),
    ortWasm: url('ortWasm'),
    ocrDetector: url('ocrDetector'),
    ocrRecogniser: url('ocrRecogniser'),
    ocrCharacters: url('ocrCharacters'),
    ocrClassifier: url('ocrClassifier'),
    tesseractWorker: url('tesseractWorker'),
    tesseractCore: url('tesseractCore'),
    araLanguage: url('araLanguage'),
  };
}

let downloaded: Promise<void> | undefined;
let arabicDownloaded: Promise<void> | undefined;

async function download(files: ModelFileEntry[], onProgress: (progress: DownloadProgress) => void) {
  const cache = typeof caches === 'undefined' ? undefined : await caches.open(MODEL_CACHE);
  await downloadModelFiles(files, cache, onProgress);
}

/**
 * Downloads the model files on first use (progress in bytes); later calls resolve at once. The Arabic
 * reader's files (tesseract) only when the catalogue has Arabic names (`arabicNames`), the first time it does.
 */
export function ensureModelFiles(
  onProgress: (progress: DownloadProgress) => void,
  options: { arabicNames?: boolean } = {},
): Promise<void> {
  downloaded ??= download(filesForShop(entries(), false), onProgress).catch((error: unknown) => {
    downloaded = undefined;
    throw error;
  });
  if (!options.arabicNames) return downloaded;
  return downloaded.then(() => {
    arabicDownloaded ??= download(arabicTextFiles(entries()), onProgress).catch((error: unknown) => {
      arabicDownloaded = undefined;
      throw error;
    });
    return arabicDownloaded;
  });
}
