import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../sync/syncEngine';
import { syncStatusOf } from './testDeviceRole';
import { useMayDoOwnerActions } from './useDeviceRole';

const sync = vi.hoisted(() => ({ status: undefined as unknown as SyncStatus }));
vi.mock('./useSyncStatus', () => ({ useSyncStatus: () => sync.status }));

beforeEach(() => {
  sync.status = syncStatusOf('unpaired');
});

describe('useMayDoOwnerActions', () => {
  it('lets a phone with no account do everything (the shopkeeper owns the shop)', () => {
    expect(renderHook(useMayDoOwnerActions).result.current).toBe(true);
  });

  it("lets the owner's phone do the owner-only actions", () => {
    sync.status = syncStatusOf('owner');
    expect(renderHook(useMayDoOwnerActions).result.current).toBe(true);
  });

  it('refuses them on a staff phone, also while its session has expired', () => {
    sync.status = syncStatusOf('staff');
    expect(renderHook(useMayDoOwnerActions).result.current).toBe(false);
    sync.status = { ...syncStatusOf('staff'), phase: 'session-expired' };
    expect(renderHook(useMayDoOwnerActions).result.current).toBe(false);
  });
});
