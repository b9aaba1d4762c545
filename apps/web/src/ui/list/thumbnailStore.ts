// Photo thumbnails for long lists: read in batches, one object URL per photo, a few kept after their card leaves.
import { loadPhoto } from '../../data/productsRepository';

export interface ThumbnailStore {
  /** Starts loading the photo when no card showed it yet; returns the function that lets go of it. */
  subscribe: (photoId: string, onChange: () => void) => () => void;
  /** The photo's URL once read; undefined while loading or when the photo is missing. */
  urlOf: (photoId: string) => string | undefined;
}

export interface ThumbnailStoreOptions {
  /** Reads the thumbnails of several photos at once, in the order asked (undefined for a missing photo). */
  load: (photoIds: readonly string[]) => Promise<readonly (Blob | undefined)[]>;
  createUrl?: (blob: Blob) => string;
  revokeUrl?: (url: string) => void;
  /** URLs kept after their last card scrolled away, so a swipe back shows them without reading again. */
  keepUnused?: number;
}

interface Entry {
  url: string | undefined;
  cards: Set<() => void>;
}

/**
 * A photo's bytes never change under its id while the app runs: the product form stores a replaced photo
 * under a new id, and an imported backup reloads the page. So a URL can be shared and kept by id.
 */
export function createThumbnailStore({
  load,
  createUrl = (blob) => URL.createObjectURL(blob),
  revokeUrl = (url) => URL.revokeObjectURL(url),
  keepUnused = 48,
}: ThumbnailStoreOptions): ThumbnailStore {
  const entries = new Map<string, Entry>();
  /** Photos no card shows any more, oldest first (a Set keeps the order of insertion). */
  const unused = new Set<string>();
  let waiting = new Set<string>();

  function forget(photoId: string) {
    const entry = entries.get(photoId);
    if (entry?.url) revokeUrl(entry.url);
    entries.delete(photoId);
    unused.delete(photoId);
  }

  async function readWaiting() {
    const photoIds = [...waiting];
    waiting = new Set();
    let blobs: readonly (Blob | undefined)[];
    try {
      blobs = await load(photoIds);
    } catch (error) {
      // The card keeps its empty frame; the photo is read again when a card next shows it.
      console.error('Thumbnails not read', error);
      blobs = [];
    }
    photoIds.forEach((photoId, index) => {
      const entry = entries.get(photoId);
      if (!entry) return;
      const blob = blobs[index];
      if (!blob) {
        // Not cached: a photo that arrives later (sync) is read by the next card that shows it.
        entries.delete(photoId);
        unused.delete(photoId);
      } else if (entry.url === undefined) {
        // A photo let go and asked for again before its first read ended is read twice: one URL only.
        entry.url = createUrl(blob);
      }
      for (const onChange of entry.cards) onChange();
    });
  }

  return {
    subscribe(photoId, onChange) {
      let entry = entries.get(photoId);
      if (!entry) {
        entry = { url: undefined, cards: new Set() };
        entries.set(photoId, entry);
        // Every card mounted by one scroll step subscribes in the same commit: one read for all of them.
        if (waiting.size === 0) queueMicrotask(() => void readWaiting());
        waiting.add(photoId);
      }
      unused.delete(photoId);
      entry.cards.add(onChange);
      const held = entry;
      return () => {
        held.cards.delete(onChange);
        if (held.cards.size > 0 || entries.get(photoId) !== held) return;
        unused.add(photoId);
        for (const oldest of unused) {
          if (unused.size <= keepUnused) break;
          forget(oldest);
        }
      };
    },
    urlOf: (photoId) => entries.get(photoId)?.url,
  };
}

/** The app's store: thumbnails from the photos table, each photo read once per scroll through the list. */
export const listThumbnails = createThumbnailStore({
  load: (photoIds) => Promise.all(photoIds.map(async (photoId) => (await loadPhoto(photoId))?.thumbnail)),
});
