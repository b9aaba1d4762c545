// Sync bookkeeping kept in the meta table: the device's clock (HLC), its cloud session, the pull cursor.
import { HLC_ZERO, formatHlc, parseHlc, receiveHlc, tickHlc, type Hlc } from '@hanouti/core';
import { z } from 'zod';
import type { Tables } from './records';

/** Keys of the sync facts in the meta table. Do not rename without a migration. */
export const SYNC_META = {
  clock: 'sync.hlc',
  session: 'sync.session',
  cursor: 'sync.cursor',
  migrated: 'sync.migrated',
} as const;

type MetaTable = Pick<Tables, 'meta'>;

/** What the phone keeps of its cloud account (the refresh token is what keeps it signed in). */
export const cloudSessionSchema = z.object({
  accessToken: z.string(),
  /** Epoch ms when the access token stops working. */
  accessExpiresAt: z.number(),
  refreshToken: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  deviceId: z.string(),
  role: z.enum(['owner', 'staff']),
});
export type CloudSession = z.infer<typeof cloudSessionSchema>;

async function readClock(t: MetaTable): Promise<Hlc> {
  const record = await t.meta.get(SYNC_META.clock);
  return (typeof record?.value === 'string' && parseHlc(record.value)) || HLC_ZERO;
}

/**
 * Stamps `count` new operations of this device with increasing clock values, inside the caller's
 * transaction (the outbox's), so that an edit made after a pull orders after what was pulled.
 */
export async function nextStamps(
  t: MetaTable,
  deviceId: string,
  count: number,
  nowMs = Date.now(),
): Promise<string[]> {
  let clock = await readClock(t);
  const stamps: string[] = [];
  for (let i = 0; i < count; i++) {
    clock = tickHlc(clock, nowMs, deviceId);
    stamps.push(formatHlc(clock));
  }
  if (count > 0) await t.meta.put({ key: SYNC_META.clock, value: formatHlc(clock) });
  return stamps;
}

/** Moves the device's clock past stamps received from the server (in the pull's transaction). */
export async function observeStamps(
  t: MetaTable,
  stamps: readonly string[],
  nowMs = Date.now(),
): Promise<void> {
  if (stamps.length === 0) return;
  let clock = await readClock(t);
  for (const stamp of stamps) {
    const remote = parseHlc(stamp);
    if (remote) clock = receiveHlc(clock, remote, nowMs);
  }
  await t.meta.put({ key: SYNC_META.clock, value: formatHlc(clock) });
}

export async function readSession(t: MetaTable): Promise<CloudSession | undefined> {
  const parsed = cloudSessionSchema.safeParse((await t.meta.get(SYNC_META.session))?.value);
  return parsed.success ? parsed.data : undefined;
}

export async function writeSession(t: MetaTable, session: CloudSession | undefined): Promise<void> {
  if (session) await t.meta.put({ key: SYNC_META.session, value: session });
  else await t.meta.delete(SYNC_META.session);
}

export async function readCursor(t: MetaTable): Promise<string | undefined> {
  const value = (await t.meta.get(SYNC_META.cursor))?.value;
  return typeof value === 'string' ? value : undefined;
}

export async function writeCursor(t: MetaTable, cursor: string | undefined): Promise<void> {
  if (cursor === undefined) await t.meta.delete(SYNC_META.cursor);
  else await t.meta.put({ key: SYNC_META.cursor, value: cursor });
}

export async function readMigrated(t: MetaTable): Promise<boolean> {
  return (await t.meta.get(SYNC_META.migrated))?.value === true;
}

export async function writeMigrated(t: MetaTable, migrated: boolean): Promise<void> {
  await t.meta.put({ key: SYNC_META.migrated, value: migrated });
}
