// What a person sees of the layout at 360 px: no control reaching past the edge of its card, its dialog or the screen.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The controls (buttons, links, fields) that reach past the edge of what holds them — their card (a list item or
 * an article), their dialog, else the screen — or whose words spill out of them, by their labels. A card cuts
 * what it pushes past its edge; a control of a row that scrolls sideways (chips) is not counted.
 */
export function controlsPastTheirEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inScroller = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    return [...document.querySelectorAll('button, a, input, select, textarea')]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const holder = control.parentElement?.closest('li, article, [role="dialog"]');
        const edge = holder ? holder.getBoundingClientRect() : { left: 0, right: window.innerWidth };
        const past = box.left < edge.left - 0.5 || box.right > edge.right + 0.5;
        // A button's or link's words spilling out of it (a field scrolls its own text; a control without
        // words may draw its hit area past its box).
        const spills =
          (control.tagName === 'BUTTON' || control.tagName === 'A') &&
          (control.textContent ?? '').trim() !== '' &&
          control.scrollWidth > control.clientWidth + 1;
        return (past || spills) && !inScroller(control);
      })
      .map(
        (control) =>
          control.getAttribute('aria-label') ||
          control.textContent?.trim() ||
          control.outerHTML.slice(0, 120),
      );
  });
}

/** Fails, naming them, when a control reaches past its card, its dialog or the screen. */
export async function expectControlsInside(page: Page, where: string): Promise<void> {
  expect(await controlsPastTheirEdge(page), `controls past their edge: ${where}`).toEqual([]);
}

/** A locator's box on the screen; fails when it has none. */
export async function box(target: Locator) {
  const found = await target.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/**
 * Whether `inner` lies within `outer` (to the pixel), its text too: a block's box can stay inside while its text
 * runs past it (the box keeps its width, the text overflows), so the text's own width is checked as well.
 */
export async function expectInside(inner: Locator, outer: Locator) {
  const [a, b] = [await box(inner), await box(outer)];
  expect(a.x).toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 1);
  const overflow = await inner.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow, 'the text runs past its box').toBeLessThanOrEqual(1);
}

/**
 * The page's layout width and what its content needs: both the screen's width when nothing overflows (a wider
 * page makes the phone zoom out and scroll sideways).
 */
export const widths = (page: Page) =>
  page.evaluate(() => ({ layout: window.innerWidth, content: document.documentElement.scrollWidth }));
