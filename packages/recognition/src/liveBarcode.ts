// The live-scan rule: a code must be read in 2 consecutive preview frames before its product is added.

export const LIVE_CONFIRM_FRAMES = 2;

export type LiveBarcodeConfirmer = {
  /**
   * Feeds the GTINs read in one preview frame; returns those confirmed by this frame (read in the
   * previous frame too) and not yet reported since they were last out of view.
   */
  onFrame(gtins: readonly string[]): string[];
  reset(): void;
};

/**
 * A code is reported once when it has been seen in `frames` consecutive frames; it can be reported again
 * only after it has left the view for at least one frame (so holding a pack still does not add it twice,
 * but taking it away and showing it again adds a second unit).
 */
export function createLiveBarcodeConfirmer(frames = LIVE_CONFIRM_FRAMES): LiveBarcodeConfirmer {
  let streaks = new Map<string, number>();
  let reported = new Set<string>();
  return {
    onFrame(gtins) {
      const seen = new Set(gtins);
      const nextStreaks = new Map<string, number>();
      const confirmed: string[] = [];
      for (const gtin of seen) {
        const streak = (streaks.get(gtin) ?? 0) + 1;
        nextStreaks.set(gtin, streak);
        if (streak >= frames && !reported.has(gtin)) confirmed.push(gtin);
      }
      reported = new Set([...reported].filter((gtin) => seen.has(gtin)));
      for (const gtin of confirmed) reported.add(gtin);
      streaks = nextStreaks;
      return confirmed;
    },
    reset() {
      streaks = new Map();
      reported = new Set();
    },
  };
}
