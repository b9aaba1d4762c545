// Test helper: the sync status of a phone with no account, the owner's phone and a staff phone.
import type { SyncStatus } from '../sync/syncEngine';

export type DeviceKind = 'unpaired' | 'owner' | 'staff';

export function syncStatusOf(kind: DeviceKind): SyncStatus {
  if (kind === 'unpaired') return { phase: 'signed-out', pending: 0, rejected: 0 };
  return { phase: 'synced', pending: 0, rejected: 0, shopName: 'Hanout Amina', role: kind };
}

/** The text of the visible note a control points to with aria-describedby (undefined when it points to none). */
export function explanationOf(control: HTMLElement): string | undefined {
  const id = control.getAttribute('aria-describedby');
  return id === null ? undefined : (document.getElementById(id)?.textContent ?? undefined);
}
