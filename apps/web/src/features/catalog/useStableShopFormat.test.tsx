import { DEFAULT_SETTINGS } from '@hanouti/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useShopFormat } from '../../app/useShopFormat';
import { ShopSettingsContext } from '../../app/useShopSettings';
import { i18n } from '../../i18n/i18n';
import { useStableShopFormat } from './useStableShopFormat';

function wrapper({ children }: { children: ReactNode }) {
  return <ShopSettingsContext value={DEFAULT_SETTINGS}>{children}</ShopSettingsContext>;
}

function renderBoth() {
  return renderHook(() => ({ stable: useStableShopFormat(), shell: useShopFormat() }), { wrapper });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('fr'));
});

describe('useStableShopFormat', () => {
  it('writes money and quantities exactly as the shell does, in French and in Arabic', async () => {
    const { result } = renderBoth();
    for (const language of ['fr', 'ar'] as const) {
      await act(() => i18n.changeLanguage(language));
      const { stable, shell } = result.current;
      for (const amount of [0, 1250, -36, 123456789]) expect(stable.money(amount)).toBe(shell.money(amount));
      for (const [quantity, bulk] of [
        [12, false],
        [1234, false],
        [2.5, true],
        [0.125, true],
      ] as const) {
        expect(stable.quantity(quantity, bulk)).toBe(shell.quantity(quantity, bulk));
      }
    }
    expect(result.current.stable.money(1250)).not.toBe('');
  });

  it('keeps the same functions across renders and changes them with the language', async () => {
    const { result, rerender } = renderBoth();
    const first = result.current.stable;
    rerender();
    expect(result.current.stable).toBe(first);
    await act(() => i18n.changeLanguage('ar'));
    expect(result.current.stable).not.toBe(first);
  });
});
