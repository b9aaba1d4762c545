import { describe, expect, it } from 'vitest';
import { arabicTextFiles, downloadModelFiles, filesForShop, type DownloadProgress } from './modelDownload';

function memoryCache(initial: string[] = []) {
  const stored = new Map<string, Response>(initial.map((url) => [url, new Response('cached')]));
  return {
    stored,
    match: (url: string) => Promise.resolve(stored.get(url)),
    put: (url: string, response: Response) => {
      stored.set(url, response);
      return Promise.resolve();
    },
  };
}

describe('model download', () => {
  it('downloads what is not cached, reports byte progress and stores it', async () => {
    const cache = memoryCache(['https://shop/models/a.wasm']);
    const seen: DownloadProgress[] = [];
    const fetched: string[] = [];
    await downloadModelFiles(
      [
        { key: 'a', url: 'https://shop/models/a.wasm', bytes: 4 },
        { key: 'b', url: 'https://shop/models/b.mjs', bytes: 6 },
      ],
      cache,
      (progress) => seen.push(progress),
      (url) => {
        fetched.push(url);
        return Promise.resolve(new Response('abcdef', { headers: { 'content-type': 'text/javascript' } }));
      },
    );
    expect(fetched).toEqual(['https://shop/models/b.mjs']);
    expect(seen[0]).toEqual({ loaded: 0, total: 10 });
    expect(seen.at(-1)).toEqual({ loaded: 10, total: 10 });
    expect(seen.every((p, i) => i === 0 || p.loaded >= seen[i - 1]!.loaded)).toBe(true);
    expect(await cache.stored.get('https://shop/models/b.mjs')?.text()).toBe('abcdef');
  });

  it('fails without storing anything when the app cannot serve a file (offline on first use)', async () => {
    const cache = memoryCache();
    await expect(
      downloadModelFiles(
        [{ key: 'a', url: 'https://shop/models/a.wasm', bytes: 4 }],
        cache,
        () => {},
        () => Promise.resolve(new Response('nope', { status: 503 })),
      ),
    ).rejects.toThrow(/503/);
    expect(cache.stored.size).toBe(0);
  });
});

describe('the files a shop downloads', () => {
  const files = [
    'zxingReader',
    'opencv',
    'ortWasm',
    'tesseractWorker',
    'tesseractCore',
    'tesseractCoreWasm',
    'araLanguage',
    'ocrDetector',
    'ocrRecogniser',
    'ocrCharacters',
    'ocrClassifier',
  ].map((key) => ({ key }));

  it('leaves out the Arabic reader when no product is named in Arabic', () => {
    expect(filesForShop(files, false).map((f) => f.key)).toEqual([
      'zxingReader',
      'opencv',
      'ortWasm',
      'ocrDetector',
      'ocrRecogniser',
      'ocrCharacters',
      'ocrClassifier',
    ]);
  });

  it('takes every file when the catalogue has Arabic names, the Arabic reader being the difference', () => {
    expect(filesForShop(files, true)).toEqual(files);
    expect(arabicTextFiles(files).map((f) => f.key)).toEqual([
      'tesseractWorker',
      'tesseractCore',
      'tesseractCoreWasm',
      'araLanguage',
    ]);
  });
});
