// The sync engine's status for React: offline, syncing, N pending or synced.
import { useSyncExternalStore } from 'react';
import { syncEngine, type SyncStatus } from '../sync/syncEngine';

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncEngine.subscribe, syncEngine.getStatus);
}
