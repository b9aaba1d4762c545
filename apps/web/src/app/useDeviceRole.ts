// Whether this phone may do the owner-only actions: delete products or customers, change the shop's settings.
import { useSyncStatus } from './useSyncStatus';

/**
 * True on a phone with no account (the shopkeeper owns everything) and on the owner's phones; false on a
 * staff phone, whose deletions and settings changes the server refuses (docs/api.md, "Who may do what").
 */
export function useMayDoOwnerActions(): boolean {
  return useSyncStatus().role !== 'staff';
}
