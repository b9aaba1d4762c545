// A real full disk for Chromium: its profile on a small tmpfs, and the origin's storage filled until writes fail.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export type TinyDisk = { dir: string; release(): void };

/**
 * Mounts a tmpfs of `megabytes` for a Chromium profile; undefined where mounting is not allowed (no root).
 * Chromium's CDP quota override (Storage.overrideQuotaForOrigin) is not applied to IndexedDB writes by the
 * Chromium we run (156), so a small disk is the way to get a real QuotaExceededError.
 */
export function mountTinyDisk(megabytes: number): TinyDisk | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'hanouti-tiny-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    release() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Writes incompressible blobs into a separate database, in shrinking sizes, until even a 256-byte write is
 * refused: the origin is then at its quota. Returns the bytes written and the last refusal.
 */
export function fillStorage(page: Page): Promise<{ bytes: number; refusal: string }> {
  return page.evaluate(async () => {
    const open = indexedDB.open('hanouti-filler', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('blobs');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const put = (size: number, key: number) => {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i += 65536)
        crypto.getRandomValues(bytes.subarray(i, Math.min(i + 65536, size)));
      const t = db.transaction('blobs', 'readwrite', { durability: 'strict' });
      t.objectStore('blobs').put(new Blob([bytes]), key);
      return new Promise<string | undefined>((resolve) => {
        t.oncomplete = () => resolve(undefined);
        t.onabort = () => resolve(t.error?.name ?? 'AbortError');
      });
    };
    let key = 0;
    let bytes = 0;
    let refusal = '';
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8]) {
      for (;;) {
        const error = await put(size, key++);
        if (error) {
          refusal = error;
          break;
        }
        bytes += size;
      }
    }
    db.close();
    return { bytes, refusal };
  });
}

/** Frees the space taken by `fillStorage`. */
export function freeStorage(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('hanouti-filler');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error ?? new Error('delete failed'));
      }),
  );
}
