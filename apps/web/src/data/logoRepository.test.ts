import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeShopLogo, saveShopLogo } from './logoRepository';
import { pendingOperations } from './syncStore';
import { loadPhoto } from './productsRepository';
import { loadSettings, saveSettings } from './settingsRepository';
import { resetDatabase, useStorableBlobs } from './testDatabase';

const aLogo = () => {
  const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
  return { blob, thumbnail: blob, mime: 'image/png' };
};

beforeEach(async () => {
  useStorableBlobs();
  await resetDatabase();
});
afterEach(() => vi.unstubAllGlobals());

describe('shop logo', () => {
  it('stores the image and points the settings at it, keeping the other settings', async () => {
    await saveSettings({ ...(await loadSettings()), storeName: 'Hanout Amal' });
    const id = await saveShopLogo(aLogo());
    const settings = await loadSettings();
    expect(settings).toMatchObject({ logoId: id, storeName: 'Hanout Amal' });
    expect((await loadPhoto(id))?.mime).toBe('image/png');
    expect((await pendingOperations()).at(-1)?.type).toBe('settings.update');
  });

  it('replaces the previous image and removes it when the logo is removed', async () => {
    const first = await saveShopLogo(aLogo());
    const second = await saveShopLogo(aLogo());
    expect(await loadPhoto(first)).toBeUndefined();
    expect((await loadSettings()).logoId).toBe(second);
    await removeShopLogo();
    expect((await loadSettings()).logoId).toBeUndefined();
    expect(await loadPhoto(second)).toBeUndefined();
  });
});
