// Tells a keyboard-wedge barcode scanner from a person: a burst of fast keystrokes that ends with Enter.

/** Scanners type a character every few milliseconds; people rarely go under 50 ms between keys. */
export const WEDGE_MAX_GAP_MS = 50;
/** EAN-8 is the shortest code sold in shops. */
export const WEDGE_MIN_LENGTH = 8;

export type WedgeState = { buffer: string; lastAt: number };

export const initialWedgeState: WedgeState = { buffer: '', lastAt: -Infinity };

/**
 * Feeds one key press. Returns the next state and, when Enter closes a fast burst of at least
 * WEDGE_MIN_LENGTH characters, the scanned code.
 */
export function feedWedge(state: WedgeState, key: string, at: number): { state: WedgeState; code?: string } {
  const fast = at - state.lastAt <= WEDGE_MAX_GAP_MS;
  if (key === 'Enter') {
    const code = fast && state.buffer.length >= WEDGE_MIN_LENGTH ? state.buffer : undefined;
    return { state: initialWedgeState, ...(code ? { code } : {}) };
  }
  if (key.length !== 1 || !/[0-9A-Za-z-]/.test(key)) return { state: initialWedgeState };
  return { state: { buffer: fast ? state.buffer + key : key, lastAt: at } };
}
