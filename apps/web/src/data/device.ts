// This device's identity: the id stamped on its operations and the prefix of its ticket numbers.
import { newId } from '@hanouti/core';
import type { Tables } from './records';
import { META, readMetaString, writeMeta } from './meta';

export type DeviceIdentity = { deviceId: string; ticketPrefix: string };

// No I or O: a ticket number is read aloud and copied by hand, and they look like 1 and 0.
const PREFIX_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Two random letters, so that two phones of one shop almost never share a ticket series. */
export function randomTicketPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(2));
  return Array.from(bytes, (byte) => PREFIX_LETTERS[byte % PREFIX_LETTERS.length]).join('');
}

// The identity read in a transaction, by its meta table: a sale asks twice (for the ticket, then for its operation)
// and reads it once. Only this module writes the identity, so it cannot change within a transaction.
const readIn = new WeakMap<object, DeviceIdentity>();

/** Reads the device identity, creating whatever part is missing (inside the caller's transaction). */
export async function ensureDeviceIdentity(t: Pick<Tables, 'meta'>): Promise<DeviceIdentity> {
  const known = readIn.get(t.meta);
  if (known) return known;
  const identity = await readOrCreate(t);
  readIn.set(t.meta, identity);
  return identity;
}

async function readOrCreate(t: Pick<Tables, 'meta'>): Promise<DeviceIdentity> {
  let deviceId = await readMetaString(t, META.deviceId);
  if (!deviceId) {
    deviceId = newId();
    await writeMeta(t, META.deviceId, deviceId);
  }
  let ticketPrefix = await readMetaString(t, META.ticketPrefix);
  if (!ticketPrefix) {
    ticketPrefix = randomTicketPrefix();
    await writeMeta(t, META.ticketPrefix, ticketPrefix);
  }
  return { deviceId, ticketPrefix };
}
