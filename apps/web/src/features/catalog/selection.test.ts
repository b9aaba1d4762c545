import { describe, expect, it } from 'vitest';
import { keepExisting, selectAllState, toggleAll, toggleSelected } from './selection';

describe('bulk-delete selection', () => {
  it('ticks and unticks one product', () => {
    const one = toggleSelected(new Set(), 'a');
    expect([...one]).toEqual(['a']);
    expect([...toggleSelected(one, 'a')]).toEqual([]);
  });

  it('select-all ticks every shown product, then unticks them', () => {
    const shown = ['a', 'b', 'c'];
    const all = toggleAll(new Set(['a']), shown);
    expect(selectAllState(all, shown)).toBe('all');
    expect(selectAllState(toggleAll(all, shown), shown)).toBe('none');
    expect(selectAllState(new Set(['b']), shown)).toBe('some');
  });

  it('keeps products ticked outside the current filter when select-all is used', () => {
    const next = toggleAll(new Set(['z']), ['a', 'b']);
    expect([...next].sort()).toEqual(['a', 'b', 'z']);
  });

  it('forgets products deleted meanwhile', () => {
    expect([...keepExisting(new Set(['a', 'b']), (id) => id === 'b')]).toEqual(['b']);
  });
});
