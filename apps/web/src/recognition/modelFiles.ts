// Where the app serves its model files (built by modelFilesPlugin.ts) and their first download.
import { MODEL_FILES } from 'virtual:recognition-model-files';
import { downloadModelFiles, MODEL_CACHE, type DownloadProgress, type ModelFileEntry } from './modelDownload';

/** URLs the worker loads its runtimes from (absolute: the worker's own URL is elsewhere). */
export type ModelUrls = {
  zxingReader: string;
  opencv: string;
  /** onnxruntime-web's WASM runtime and PP-OCRv4's detector, recogniser and character list (text strategy). */
  ortWasm: string;
  ocrDetector: string;
  ocrRecogniser: string;
  ocrCharacters: string;
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
    tesseractWorker: url('tesseractWorker'),
    tesseractCore: url('tesseractCore'),
    araLanguage: url('araLanguage'),
  };
}

let downloaded: Promise<void> | undefined;

/** Downloads the model files on first use (progress in bytes); later calls resolve at once. */
export function ensureModelFiles(onProgress: (progress: DownloadProgress) => void): Promise<void> {
  downloaded ??= (async () => {
    const cache = typeof caches === 'undefined' ? undefined : await caches.open(MODEL_CACHE);
    await downloadModelFiles(entries(), cache, onProgress);
  })().catch((error: unknown) => {
    downloaded = undefined;
    throw error;
  });
  return downloaded;
}
