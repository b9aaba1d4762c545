import { describe, expect, it } from 'vitest';
import { toastTop, TOAST_GAP } from './toastPlacement';

describe('toastTop', () => {
  it('sits at the bottom of a screen without actions', () => {
    expect(toastTop(740, 56, [])).toBe(740 - 56 - TOAST_GAP);
  });

  it('goes above a bottom bar and a sticky checkout button', () => {
    const top = toastTop(740, 56, [
      { top: 676, bottom: 740 },
      { top: 600, bottom: 652 },
    ]);
    expect(top + 56).toBeLessThanOrEqual(600);
    expect(top).toBeGreaterThan(500);
  });

  it('finds the gap between two rows of buttons', () => {
    const top = toastTop(740, 56, [
      { top: 0, bottom: 300 },
      { top: 380, bottom: 740 },
    ]);
    expect(top).toBeGreaterThanOrEqual(300);
    expect(top + 56).toBeLessThanOrEqual(380);
  });

  it('covers the least when the screen is full of actions', () => {
    const actions = [
      { top: 0, bottom: 500 },
      { top: 520, bottom: 740 },
    ];
    const top = toastTop(740, 56, actions);
    expect(top).toBeGreaterThan(440);
    expect(top + 56).toBeLessThan(580);
  });
});
