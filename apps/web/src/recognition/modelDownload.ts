// Downloads the recognition's model files once, with progress, into the cache the service worker serves offline.

/** Cache Storage name shared with the service worker's CacheFirst route (vite.config.ts): keep them equal. */
export const MODEL_CACHE = 'hanouti-models';

export type ModelFileEntry = { key: string; url: string; bytes: number };

/**
 * tesseract.js and its `ara` data (4.7 MB): they only read Arabic product names, so a shop whose catalogue has
 * none never downloads them.
 */
export const ARABIC_TEXT_FILES: readonly string[] = [
  'tesseractWorker',
  'tesseractCore',
  'tesseractCoreWasm',
  'araLanguage',
];

/** The files one shop needs: all but the Arabic reader's unless its catalogue has Arabic names. */
export function filesForShop<F extends { key: string }>(files: readonly F[], arabicNames: boolean): F[] {
  return files.filter((file) => arabicNames || !ARABIC_TEXT_FILES.includes(file.key));
}

/** Only the Arabic reader's files (downloaded the first time the catalogue has Arabic names). */
export function arabicTextFiles<F extends { key: string }>(files: readonly F[]): F[] {
  return files.filter((file) => ARABIC_TEXT_FILES.includes(file.key));
}
export type DownloadProgress = { loaded: number; total: number };

/** The two Cache Storage calls used (a test passes an in-memory one). */
export type CacheLike = {
  match(url: string): Promise<Response | undefined>;
  put(url: string, response: Response): Promise<void>;
};

/** Reads a response body while reporting how many bytes have arrived. */
async function readWithProgress(response: Response, onChunk: (bytes: number) => void): Promise<Blob> {
  if (!response.body) {
    const blob = await response.blob();
    onChunk(blob.size);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onChunk(value.byteLength);
  }
  return new Blob(chunks as BlobPart[], {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
  });
}

/**
 * Makes every file available offline: files already cached count as done; the others are fetched (from the
 * app's own origin, never a CDN) and stored. Progress covers the whole set, in bytes. Rejects when a file
 * cannot be fetched (offline on first use): the caller says so and nothing is half-stored.
 */
export async function downloadModelFiles(
  files: readonly ModelFileEntry[],
  cache: CacheLike | undefined,
  onProgress: (progress: DownloadProgress) => void,
  fetchFile: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<void> {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  let loaded = 0;
  onProgress({ loaded, total });
  for (const file of files) {
    if (cache && (await cache.match(file.url))) {
      loaded += file.bytes;
      onProgress({ loaded, total });
      continue;
    }
    const response = await fetchFile(file.url);
    if (!response.ok) throw new Error(`model file ${file.url}: HTTP ${response.status}`);
    const start = loaded;
    const body = await readWithProgress(response, (bytes) => {
      loaded = Math.min(start + file.bytes, loaded + bytes);
      onProgress({ loaded, total });
    });
    if (cache) {
      await cache.put(
        file.url,
        new Response(body, { headers: { 'content-type': body.type, 'content-length': String(body.size) } }),
      );
    }
    loaded = start + file.bytes;
    onProgress({ loaded, total });
  }
}
