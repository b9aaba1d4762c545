// Test helper: renders a screen as the shell would (settings context, translations, toasts).
import { DEFAULT_SETTINGS } from '@hanouti/core';
import { act, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ShopSettingsContext } from '../app/useShopSettings';
import '../i18n/i18n';
import { Toaster } from '../ui/Toaster';

export function renderScreen(screen: ReactNode) {
  return render(
    <ShopSettingsContext value={DEFAULT_SETTINGS}>
      {screen}
      <Toaster />
    </ShopSettingsContext>,
  );
}

/** Clicks and lets the click's async work (IndexedDB, state updates) settle inside act. */
export async function clickAndSettle(element: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
