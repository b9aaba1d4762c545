import { describe, expect, it } from 'vitest';
import { feedWedge, initialWedgeState, type WedgeState } from './barcodeWedge';

function type(keys: string[], gapMs: number, start = 1000): (string | undefined)[] {
  let state: WedgeState = initialWedgeState;
  const codes: (string | undefined)[] = [];
  keys.forEach((key, index) => {
    const next = feedWedge(state, key, start + index * gapMs);
    state = next.state;
    if (next.code) codes.push(next.code);
  });
  return codes;
}

describe('keyboard-wedge scanner', () => {
  it('reads a fast burst ending with Enter as a barcode', () => {
    expect(type([...'6111245591056', 'Enter'], 8)).toEqual(['6111245591056']);
  });

  it('ignores a person typing, a too short burst and a burst without Enter', () => {
    expect(type([...'6111245591056', 'Enter'], 120)).toEqual([]);
    expect(type([...'12345', 'Enter'], 5)).toEqual([]);
    expect(type([...'6111245591056'], 5)).toEqual([]);
  });

  it('starts again after a pause, so earlier keys do not stick to the code', () => {
    let state = feedWedge(initialWedgeState, '9', 0).state;
    let code: string | undefined;
    [...'61112455'].forEach((key, index) => {
      const next = feedWedge(state, key, 5000 + index * 10);
      state = next.state;
    });
    code = feedWedge(state, 'Enter', 5100).code;
    expect(code).toBe('61112455');
    code = feedWedge(initialWedgeState, 'Shift', 0).code;
    expect(code).toBeUndefined();
  });
});
