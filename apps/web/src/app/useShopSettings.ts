// The shop's settings as the screens see them: live from IndexedDB, the startup copy until the first read.
import { createContext, useContext } from 'react';
import type { Settings } from '@hanouti/core';

export const ShopSettingsContext = createContext<Settings | null>(null);

export function useShopSettings(): Settings {
  const settings = useContext(ShopSettingsContext);
  if (!settings) throw new Error('useShopSettings must be used inside the app shell');
  return settings;
}
