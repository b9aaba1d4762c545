// Thermal paper widths: 58 mm and 80 mm rolls, their printable width in dots (203 dpi) and font-A columns.

export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

/** Printable dots across the head (8 dots per mm) and the 12-dot font-A columns the encoder expects. */
export const PAPER: Record<PaperWidth, { dots: number; columns: number; printableMm: number }> = {
  58: { dots: 384, columns: 32, printableMm: 48 },
  80: { dots: 576, columns: 48, printableMm: 72 },
};

export const DEFAULT_PAPER_WIDTH: PaperWidth = 58;

export function isPaperWidth(value: unknown): value is PaperWidth {
  return value === 58 || value === 80;
}
