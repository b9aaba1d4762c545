import { describe, expect, it, vi } from 'vitest';
import { createThumbnailStore } from './thumbnailStore';

/** A store over an in-memory photos table, counting reads and URLs. */
function storeOver(photos: Record<string, string>, keepUnused = 2) {
  const load = vi.fn((ids: readonly string[]) =>
    Promise.resolve(ids.map((id) => (photos[id] ? new Blob([photos[id]]) : undefined))),
  );
  let next = 0;
  const live = new Set<string>();
  const store = createThumbnailStore({
    load,
    createUrl: () => {
      const url = `blob:${++next}`;
      live.add(url);
      return url;
    },
    revokeUrl: (url) => live.delete(url),
    keepUnused,
  });
  return { store, load, live };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createThumbnailStore', () => {
  it('reads the photos of one scroll step in a single batch and tells each card', async () => {
    const { store, load } = storeOver({ a: 'A', b: 'B', c: 'C' });
    const seen = vi.fn();
    store.subscribe('a', seen);
    store.subscribe('b', seen);
    store.subscribe('c', seen);
    expect(store.urlOf('a')).toBeUndefined();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(['a', 'b', 'c']);
    expect(seen).toHaveBeenCalledTimes(3);
    expect(new Set(['a', 'b', 'c'].map((id) => store.urlOf(id))).size).toBe(3);
  });

  it('shares one URL between cards and keeps the last few after their card leaves', async () => {
    const { store, load, live } = storeOver({ a: 'A', b: 'B', c: 'C', d: 'D' }, 2);
    const leaveA1 = store.subscribe('a', () => undefined);
    const leaveA2 = store.subscribe('a', () => undefined);
    await settle();
    const url = store.urlOf('a');
    leaveA1();
    expect(live.has(url ?? '')).toBe(true);
    leaveA2();
    // Scrolled back: shown at once, not read again.
    const leaveA3 = store.subscribe('a', () => undefined);
    expect(store.urlOf('a')).toBe(url);
    expect(load).toHaveBeenCalledTimes(1);
    leaveA3();
    for (const id of ['b', 'c', 'd']) store.subscribe(id, () => undefined)();
    await settle();
    // Four photos let go, two kept: the oldest ones (a, then b) are revoked.
    expect(live.has(url ?? '')).toBe(false);
    expect(store.urlOf('a')).toBeUndefined();
    expect(live.size).toBe(2);
  });

  it('does not remember a missing photo, so one that arrives later is read by the next card', async () => {
    const photos: Record<string, string> = {};
    const { store, load } = storeOver(photos);
    store.subscribe('late', () => undefined);
    await settle();
    expect(store.urlOf('late')).toBeUndefined();
    photos.late = 'L';
    store.subscribe('late', () => undefined);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(store.urlOf('late')).toBeDefined();
  });

  it('makes one URL when a photo is let go and asked for again before its first read ends', async () => {
    const { store, live } = storeOver({ a: 'A' }, 0);
    store.subscribe('a', () => undefined)();
    store.subscribe('a', () => undefined);
    await settle();
    await settle();
    expect(live.size).toBe(1);
    expect(store.urlOf('a')).toBeDefined();
  });

  it('keeps the empty frame when the read fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createThumbnailStore({ load: () => Promise.reject(new Error('disk')) });
    const seen = vi.fn();
    store.subscribe('a', seen);
    await settle();
    expect(store.urlOf('a')).toBeUndefined();
    expect(seen).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
