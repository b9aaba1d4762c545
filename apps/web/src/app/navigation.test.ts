import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { canonicaliseHash, navigate, pageHash, parsePageHash, usePage } from './navigation';

describe('parsePageHash', () => {
  it('reads every known page', () => {
    expect(parsePageHash('#/catalog')).toEqual({ page: 'catalog' });
    expect(parsePageHash('#/about')).toEqual({ page: 'about' });
  });

  it('falls back to the dashboard for a missing, unknown or malformed page', () => {
    for (const hash of [
      '',
      '#',
      '#/',
      '#/nonexistent',
      '#/Catalog',
      '#/catalog/extra/more',
      '#/settings/x',
    ]) {
      expect(parsePageHash(hash)).toEqual({ page: 'dashboard' });
    }
  });

  it('carries the sale id of a receipt and refuses a receipt without one', () => {
    expect(parsePageHash('#/receipt/0190a1b2-0000-7000-8000-000000000001')).toEqual({
      page: 'receipt',
      param: '0190a1b2-0000-7000-8000-000000000001',
    });
    expect(parsePageHash('#/receipt')).toEqual({ page: 'dashboard' });
    expect(parsePageHash('#/receipt/%E0%A4%A')).toEqual({ page: 'dashboard' });
  });

  it('round-trips a parameter that needs escaping', () => {
    expect(parsePageHash(pageHash('receipt', 'a/b c'))).toEqual({ page: 'receipt', param: 'a/b c' });
  });
});

describe('usePage and navigate', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '#/dashboard');
  });

  it('follows hash changes and keeps them in history', async () => {
    window.history.replaceState(null, '', '#/dashboard');
    const { result } = renderHook(() => usePage());
    expect(result.current).toEqual({ page: 'dashboard' });
    const before = window.history.length;
    await act(async () => {
      navigate('receipt', 'sale-42');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(window.location.hash).toBe('#/receipt/sale-42');
    expect(result.current).toEqual({ page: 'receipt', param: 'sale-42' });
    expect(window.history.length).toBe(before + 1);
  });

  it('replaces an unknown hash by the dashboard without a new history entry', () => {
    window.history.replaceState(null, '', '#/nonexistent');
    const before = window.history.length;
    canonicaliseHash();
    expect(window.location.hash).toBe('#/dashboard');
    expect(window.history.length).toBe(before);
  });
});
