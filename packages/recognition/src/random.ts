// Determinism: a small seeded generator (mulberry32) and an order of ids that is the same everywhere.

/** Numbers in [0, 1) from a seed: vocabularies, generated test images and scenes repeat exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Ids in code-unit order: the same in Node and in every browser, whatever its locale (`localeCompare` is
 * not), so that equal evidence is ordered the same way in the worker and in the bench.
 */
export function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
