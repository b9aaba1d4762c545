// The shop's logo for the ticket: the image in the photos table and its id in the settings, changed together.
import { newId, SETTINGS_ID, settingsSchema, DEFAULT_SETTINGS } from '@hanouti/core';
import { tx, type Tables } from './db';
import { OUTBOX_TABLES, recordOperation } from './outbox';
import type { PhotoBlobs } from './productsRepository';

const LOGO_TABLES = ['photos', 'settings', ...OUTBOX_TABLES] as const;

async function writeLogoId(
  t: Pick<Tables, (typeof LOGO_TABLES)[number]>,
  logoId: string | undefined,
  at: string,
): Promise<void> {
  const stored = settingsSchema.safeParse(await t.settings.get(SETTINGS_ID));
  const { logoId: previous, ...rest } = stored.success ? stored.data : DEFAULT_SETTINGS;
  const settings = settingsSchema.parse({
    ...rest,
    ...(logoId ? { logoId } : {}),
    id: SETTINGS_ID,
    updatedAt: at,
  });
  await t.settings.put(settings);
  if (previous && previous !== logoId) await t.photos.delete(previous);
  await recordOperation(t, 'settings.update', settings, at);
}

/**
 * Stores a new logo (already reduced by the screen) and points the settings at it, in one transaction;
 * the previous logo's image is removed. Returns the new logo's id.
 */
export function saveShopLogo(photo: PhotoBlobs): Promise<string> {
  const at = new Date().toISOString();
  const id = newId();
  return tx('rw', LOGO_TABLES, async (t) => {
    await t.photos.put({ id, ...photo, updatedAt: at });
    await writeLogoId(t, id, at);
    return id;
  });
}

/** Removes the logo: the ticket goes back to the store name alone. */
export function removeShopLogo(): Promise<void> {
  const at = new Date().toISOString();
  return tx('rw', LOGO_TABLES, (t) => writeLogoId(t, undefined, at));
}
