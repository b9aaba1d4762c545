// How many lines a name takes in a card of the virtual lists, measured word by word on a canvas (no page layout is
// read, so 10,000 rows still cost nothing to size): a name wraps onto more lines rather than being cut.
let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/** The page's font family, as the cards draw their text. */
function fontFamily(): string {
  return typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily;
}

/** Width (px) of `text` in the page's font at `weight` and `sizePx`. */
export function textWidth(text: string, weight: number, sizePx: number): number {
  const family = fontFamily();
  const key = `${weight}|${sizePx}|${family}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (context === undefined)
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let width: number;
  if (context) {
    context.font = `${weight} ${sizePx}px ${family}`;
    width = context.measureText(text).width;
  } else width = text.length * sizePx * 0.62; // no canvas (unit tests): an average letter
  widths.set(key, width);
  return width;
}

/** A margin on every measured width: the web font may not be loaded yet when a row is sized. */
const FONT_MARGIN = 1.06;

/** White space a line may break at: all but the no-break spaces (U+00A0, U+2007, U+202F, U+FEFF). */
const BREAKING_SPACES = /[^\S\u00a0\u2007\u202f\ufeff]+/;

/**
 * Lines a list card gives a name, and its brand and category, at most (the cards' \`line-clamp-4\`): three at 320 px,
 * four with the phone's text at 130 % (Android's largest), where the text column is 121 px wide.
 */
export const CARD_TEXT_MAX_LINES = 4;

/** Width (px) `text` is given on one line in the page's font, with the margin for a font still loading. */
export function lineWidth(text: string, weight: number, sizePx: number): number {
  return textWidth(text, weight, sizePx) * FONT_MARGIN;
}

/**
 * Lines (1 to maxLines) that `text` needs in `widthPx`, wrapped as the browser wraps it: word by word, a word
 * that does not fit the rest of a line starts the next, and a word wider than a whole line is broken
 * (`break-words`) over as many lines as it fills. Before, the whole text's width over the line's (with 12 % for
 * the breaks) said 2 lines where the words needed 3 ("Sucre en / morceaux / Cosumar 1 kg" in 136 px).
 */
export function linesFor(
  text: string,
  weight: number,
  sizePx: number,
  widthPx: number,
  maxLines = 2,
): number {
  // The browser breaks a line at a space, never at a no-break one ("2,50\u00a0MAD" stays whole).
  const words = text.split(BREAKING_SPACES).filter((word) => word !== '');
  if (words.length === 0 || widthPx <= 0) return 1;
  const space = lineWidth(' ', weight, sizePx);
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const width = lineWidth(word, weight, sizePx);
    if (used > 0 && used + space + width <= widthPx) {
      used += space + width;
      continue;
    }
    if (used > 0) lines++;
    const pieces = Math.max(1, Math.ceil(width / widthPx));
    lines += pieces - 1;
    used = width - (pieces - 1) * widthPx;
    if (lines >= maxLines) return maxLines;
  }
  return lines;
}

/**
 * Pixels in one rem: 16, or more when the phone's text is set larger (Android's font size). The cards' text and
 * their padding, photo and buttons are sized in rem, so their widths are measured in it too.
 */
export function remPx(): number {
  if (typeof window === 'undefined') return 16;
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/** Width (px) of the page's content column: main is at most 36rem wide, with 1rem padding on each side. */
export function contentWidth(): number {
  if (typeof window === 'undefined') return 328;
  const rem = remPx();
  return Math.min(window.innerWidth, 36 * rem) - 2 * rem;
}
