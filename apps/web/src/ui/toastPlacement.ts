// Where a toast goes: the lowest band of the screen that covers no action (button, field, link, tab…).
export interface Band {
  top: number;
  bottom: number;
}

/** Actions a toast must never cover, as the browser draws them. */
export const ACTION_SELECTOR = [
  'button',
  'a[href]',
  'input:not([type=hidden])',
  'select',
  'textarea',
  '[role=button]',
  '[role=tab]',
  '[role=radio]',
  '[role=checkbox]',
  '[role=switch]',
  '[role=option]',
  '[role=menuitem]',
].join(',');

/** Space kept between a toast and the screen's edges or an action. */
export const TOAST_GAP = 8;

/**
 * The top (px) of a toast of `height` on a screen of `screenHeight`, lowest first (the thumb zone sits just above
 * the bottom bar), in the first band that overlaps none of `actions`; with no such band, the band overlapping
 * the least.
 */
export function toastTop(screenHeight: number, height: number, actions: readonly Band[], step = 4): number {
  let best = { top: TOAST_GAP, overlap: Number.POSITIVE_INFINITY };
  for (let top = screenHeight - height - TOAST_GAP; top >= TOAST_GAP; top -= step) {
    const bottom = top + height;
    let overlap = 0;
    for (const action of actions) {
      const shared =
        Math.min(bottom + TOAST_GAP / 2, action.bottom) - Math.max(top - TOAST_GAP / 2, action.top);
      if (shared > 0) overlap += shared;
    }
    if (overlap === 0) return top;
    if (overlap < best.overlap) best = { top, overlap };
  }
  return best.top;
}

/** The open modal layer a toast shows above (the last opened dialog or sheet), else the page. */
export function topLayer(doc: Document): ParentNode {
  const open = doc.querySelectorAll('[role=dialog][data-state=open],[role=alertdialog][data-state=open]');
  return open[open.length - 1] ?? doc.body;
}

/** The vertical bands of the visible actions of `root`, leaving out those inside `except`. */
export function actionBands(root: ParentNode, except: Element | null, screenHeight: number): Band[] {
  const bands: Band[] = [];
  for (const element of root.querySelectorAll(ACTION_SELECTOR)) {
    if (except?.contains(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.bottom <= 0 || rect.top >= screenHeight) continue;
    bands.push({ top: rect.top, bottom: rect.bottom });
  }
  return bands;
}
