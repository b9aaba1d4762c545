import { DEFAULT_SETTINGS, SETTINGS_ID } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { tx } from './db';
import { pendingOperations } from './syncStore';
import { loadSettings, saveSettings } from './settingsRepository';
import { resetDatabase } from './testDatabase';

beforeEach(resetDatabase);

describe('settings', () => {
  it('gives the spec defaults when nothing is stored', async () => {
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('gives the defaults when the stored record is unreadable', async () => {
    await tx('rw', ['settings'], (t) =>
      t.settings.put({ ...DEFAULT_SETTINGS, storeName: '', defaultVAT: 33 } as never),
    );
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('saves valid settings with an outbox operation in the same change', async () => {
    await saveSettings({ ...DEFAULT_SETTINGS, storeName: 'Hanout Atlas', language: 'ar' });
    const saved = await loadSettings();
    expect(saved.storeName).toBe('Hanout Atlas');
    expect(saved.language).toBe('ar');
    expect(saved.id).toBe(SETTINGS_ID);
    expect(saved.updatedAt > DEFAULT_SETTINGS.updatedAt).toBe(true);
    const ops = await pendingOperations();
    expect(ops.map((op) => op.type)).toEqual(['settings.update']);
    expect(ops[0]?.payload).toEqual(saved);
  });

  it('refuses invalid settings and writes nothing', async () => {
    await expect(saveSettings({ ...DEFAULT_SETTINGS, aiMatchThreshold: 2 })).rejects.toThrow();
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(await pendingOperations()).toEqual([]);
  });
});
