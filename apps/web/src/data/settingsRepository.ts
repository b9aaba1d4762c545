// The shop's settings: one record, validated on the way in and on the way out.
import { DEFAULT_SETTINGS, SETTINGS_ID, settingsSchema, type Settings } from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx, type Tables } from './db';
import { OUTBOX_TABLES, recordOperation } from './outbox';

async function readSettings(t: Pick<Tables, 'settings'>): Promise<Settings> {
  const parsed = settingsSchema.safeParse(await t.settings.get(SETTINGS_ID));
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** The stored settings, or the spec's defaults when there are none (or they are unreadable). */
export function loadSettings(): Promise<Settings> {
  return tx('r', ['settings'], readSettings);
}

/**
 * Saves the settings (stamped with the time of the edit, so the latest edit wins across devices)
 * and records a 'settings.update' operation in the same transaction. Throws on invalid settings.
 */
export async function saveSettings(next: Settings): Promise<void> {
  const at = new Date().toISOString();
  const settings = settingsSchema.parse({ ...next, id: SETTINGS_ID, updatedAt: at });
  await tx('rw', ['settings', ...OUTBOX_TABLES], async (t) => {
    await t.settings.put(settings);
    await recordOperation(t, 'settings.update', settings, at);
  });
}

/** Live settings for the screens; undefined while the first read is pending. */
export function useSettings(): Settings | undefined {
  return useLiveQuery(loadSettings);
}
