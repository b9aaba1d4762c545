import { DEFAULT_SETTINGS } from '@hanouti/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { useShopFormat } from './useShopFormat';
import { ShopSettingsContext } from './useShopSettings';

function wrapper({ children }: { children: ReactNode }) {
  return <ShopSettingsContext value={DEFAULT_SETTINGS}>{children}</ShopSettingsContext>;
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('fr'));
});

describe('useShopFormat', () => {
  it('writes money and quantities the locale way, in French and in Arabic', async () => {
    const { result } = renderHook(() => useShopFormat(), { wrapper });
    expect(result.current.money(1250)).toBe('12,50\u00a0MAD');
    expect(result.current.quantity(1234)).toBe('1.234');
    expect(result.current.quantity(2.5, true)).toBe('2,5 kg');
    await act(() => i18n.changeLanguage('ar'));
    expect(result.current.money(1250)).toContain('12,50');
    expect(result.current.money(1250)).toContain('د.م.');
  });

  it('keeps the same functions across renders and changes them with the language', async () => {
    const { result, rerender } = renderHook(() => useShopFormat(), { wrapper });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(result.current.money).toBe(first.money);
    await act(() => i18n.changeLanguage('ar'));
    expect(result.current).not.toBe(first);
  });
});
