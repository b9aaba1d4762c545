// Shop accounts: sign-up, log-in, rotating refresh tokens, password change, devices and staff pairing.
import { normalisePhone, newId } from '@hanouti/core';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { accounts, devices, loginDirectory, pairingCodes, refreshTokens, shops } from '../db/schema.js';
import { withShop, type ShopTx } from '../db/shopScope.js';
import { isUniqueViolation } from '../db/sqlState.js';
import { DomainError, notFound, ownerOnly } from '../domain/errors.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  PAIRING_CODE_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  formatRefreshToken,
  newPairingCode,
  newRefreshSecret,
  parseRefreshToken,
  sameDigest,
  sha256,
  signAccessToken,
  type Caller,
  type DeviceRole,
  type TokenKey,
} from './tokens.js';

/** The phone asking for a session: its own id (made on the phone), a name to list it by, and its next seq. */
export type DeviceIntro = { deviceId: string; deviceName: string; firstSeq: number };

export type Session = {
  accessToken: string;
  /** Seconds the access token is valid for. */
  expiresIn: number;
  refreshToken: string;
  shop: { id: string; name: string };
  device: { id: string; role: DeviceRole };
};

export type DeviceInfo = {
  id: string;
  name: string;
  role: DeviceRole;
  createdAt: string;
  lastSeenAt: string;
  revoked: boolean;
  current: boolean;
};

const invalidCredentials = () =>
  new DomainError('unauthenticated', 'invalid_credentials', 'Identifiant ou mot de passe incorrect');
const sessionExpired = () =>
  new DomainError('unauthenticated', 'session_expired', 'Session expirée, reconnectez-vous');

/** E-mail in lower case, or a Moroccan phone as its national digits (+212 6… and 06… are one log-in). */
export function normaliseLogin(login: string): string | undefined {
  const text = login.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : undefined;
  }
  const digits = normalisePhone(text);
  return /^\d{9,15}$/.test(digits) && /^[\d\s+().-]+$/.test(text) ? digits : undefined;
}

/** How long a device found active is taken as active without asking the database again. */
export const DEVICE_CHECK_TTL_MS = 5_000;

export class AccountService {
  /** Devices found active, until when (ms): see deviceIsActive. */
  private readonly activeDevices = new Map<string, number>();
  private revocations = 0;

  constructor(
    private readonly db: Database,
    private readonly key: () => Promise<TokenKey>,
  ) {}

  async signUp(input: { shopName: string; login: string; password: string } & DeviceIntro): Promise<Session> {
    const login = normaliseLogin(input.login);
    if (!login) throw new DomainError('invalid', 'invalid_login', 'E-mail ou téléphone invalide');
    const shopId = newId();
    const accountId = newId();
    const passwordHash = await hashPassword(input.password);
    const shopName = input.shopName.trim();
    const key = await this.key();
    try {
      return await withShop(this.db, shopId, async (tx) => {
        // The directory row first: a log-in already taken fails here, before anything else is written.
        await tx.insert(loginDirectory).values({ login, shopId, accountId });
        await tx.insert(shops).values({ id: shopId, name: shopName });
        await tx.insert(accounts).values({ shopId, id: accountId, login, passwordHash });
        await registerDevice(tx, shopId, input, 'owner');
        return this.issueSession(tx, { shopId, deviceId: input.deviceId, role: 'owner' }, key, shopName);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError('conflict', 'login_taken', 'Un compte existe déjà avec cet identifiant');
      }
      throw error;
    }
  }

  async logIn(input: { login: string; password: string } & DeviceIntro): Promise<Session> {
    const login = normaliseLogin(input.login);
    const [entry] = login
      ? await this.db.select().from(loginDirectory).where(eq(loginDirectory.login, login))
      : [];
    if (!entry) {
      await verifyPassword(await decoyPasswordHash(), input.password);
      throw invalidCredentials();
    }
    const account = await withShop(this.db, entry.shopId, async (tx) => {
      const [row] = await tx
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(and(eq(accounts.shopId, entry.shopId), eq(accounts.id, entry.accountId)));
      return row;
    });
    if (!account || !(await verifyPassword(account.passwordHash, input.password))) throw invalidCredentials();
    const key = await this.key();
    return withShop(this.db, entry.shopId, async (tx) => {
      await registerDevice(tx, entry.shopId, input, 'owner');
      return this.issueSession(tx, { shopId: entry.shopId, deviceId: input.deviceId, role: 'owner' }, key);
    });
  }

  /**
   * Swaps a refresh token for a new session. Each token works once: presenting a used one means it was
   * copied, so every token of that device is revoked and the phone must log in again.
   */
  async refresh(refreshToken: string): Promise<Session> {
    const parsed = parseRefreshToken(refreshToken);
    if (!parsed) throw sessionExpired();
    const key = await this.key();
    const outcome = await withShop(this.db, parsed.shopId, async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.shopId, parsed.shopId), eq(refreshTokens.id, parsed.tokenId)))
        .for('update');
      if (!row || !sameDigest(row.secretHash, sha256(parsed.secret))) return 'invalid' as const;
      if (row.usedAt !== null) {
        await revokeDeviceTokens(tx, parsed.shopId, row.deviceId);
        return 'reused' as const;
      }
      if (row.revokedAt !== null || row.expiresAt.getTime() <= Date.now()) return 'invalid' as const;
      const [device] = await tx
        .select()
        .from(devices)
        .where(and(eq(devices.shopId, parsed.shopId), eq(devices.id, row.deviceId)));
      if (!device || device.revokedAt !== null) return 'invalid' as const;
      await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.shopId, parsed.shopId), eq(refreshTokens.id, parsed.tokenId)));
      return this.issueSession(tx, { shopId: parsed.shopId, deviceId: device.id, role: device.role }, key);
    });
    if (outcome === 'invalid' || outcome === 'reused') throw sessionExpired();
    return outcome;
  }

  /** Ends this phone's session: its refresh tokens stop working (the access token expires on its own). */
  async logOut(caller: Caller): Promise<void> {
    await withShop(this.db, caller.shopId, (tx) => revokeDeviceTokens(tx, caller.shopId, caller.deviceId));
  }

  async changePassword(caller: Caller, currentPassword: string, newPassword: string): Promise<void> {
    if (caller.role !== 'owner') throw ownerOnly();
    const [account] = await withShop(this.db, caller.shopId, (tx) =>
      tx.select().from(accounts).where(eq(accounts.shopId, caller.shopId)),
    );
    if (!account || !(await verifyPassword(account.passwordHash, currentPassword))) {
      throw new DomainError('forbidden', 'wrong_password', 'Mot de passe actuel incorrect');
    }
    const passwordHash = await hashPassword(newPassword);
    await withShop(this.db, caller.shopId, async (tx) => {
      await tx
        .update(accounts)
        .set({ passwordHash, passwordChangedAt: new Date() })
        .where(and(eq(accounts.shopId, caller.shopId), eq(accounts.id, account.id)));
      // Other owner sessions were opened with the old password: they end; staff phones were paired, not logged in.
      const owners = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(
          and(eq(devices.shopId, caller.shopId), eq(devices.role, 'owner'), ne(devices.id, caller.deviceId)),
        );
      for (const owner of owners) await revokeDeviceTokens(tx, caller.shopId, owner.id);
    });
  }

  async listDevices(caller: Caller): Promise<DeviceInfo[]> {
    const rows = await withShop(this.db, caller.shopId, (tx) =>
      tx.select().from(devices).where(eq(devices.shopId, caller.shopId)).orderBy(devices.createdAt),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      revoked: row.revokedAt !== null,
      current: row.id === caller.deviceId,
    }));
  }

  /** The owner takes a phone out of the shop: its tokens stop working at once. */
  async revokeDevice(caller: Caller, deviceId: string): Promise<void> {
    if (caller.role !== 'owner') throw ownerOnly();
    const found = await withShop(this.db, caller.shopId, async (tx) => {
      const updated = await tx
        .update(devices)
        .set({ revokedAt: new Date() })
        .where(and(eq(devices.shopId, caller.shopId), eq(devices.id, deviceId)))
        .returning({ id: devices.id });
      if (updated.length === 0) return false;
      await revokeDeviceTokens(tx, caller.shopId, deviceId);
      return true;
    });
    if (!found) throw notFound();
    this.revocations += 1;
    this.activeDevices.delete(`${caller.shopId}/${deviceId}`);
  }

  /** Is this device still allowed in (not revoked)? Checked on every authenticated request. */
  async deviceIsActive(caller: Caller): Promise<boolean> {
    // A phone syncing every few seconds is checked once per DEVICE_CHECK_TTL_MS; a removal here clears it at
    // once (another server instance notices within the TTL; a push re-reads the device in its transaction).
    const key = `${caller.shopId}/${caller.deviceId}`;
    const until = this.activeDevices.get(key);
    if (until !== undefined && until > Date.now()) return true;
    const revocationsBefore = this.revocations;
    const [row] = await withShop(this.db, caller.shopId, (tx) =>
      tx
        .select({ revokedAt: devices.revokedAt })
        .from(devices)
        .where(and(eq(devices.shopId, caller.shopId), eq(devices.id, caller.deviceId))),
    );
    const active = row !== undefined && row.revokedAt === null;
    // A check that began before a removal committed must not cache the device as active.
    if (active && revocationsBefore === this.revocations) {
      if (this.activeDevices.size >= 10_000) this.activeDevices.clear();
      this.activeDevices.set(key, Date.now() + DEVICE_CHECK_TTL_MS);
    } else this.activeDevices.delete(key);
    return active;
  }

  /** A one-time code for a staff phone to join the shop; only its hash is stored. */
  async createPairingCode(caller: Caller): Promise<{ code: string; expiresAt: string }> {
    if (caller.role !== 'owner') throw ownerOnly();
    const code = newPairingCode();
    const expiresAt = new Date(Date.now() + PAIRING_CODE_TTL_MS);
    await withShop(this.db, caller.shopId, (tx) =>
      tx.insert(pairingCodes).values({
        codeHash: sha256(code),
        shopId: caller.shopId,
        createdBy: caller.deviceId,
        expiresAt,
      }),
    );
    return { code, expiresAt: expiresAt.toISOString() };
  }

  /** A staff phone joins with the code: the code is spent, whatever happens next. */
  async claimPairingCode(code: string, intro: DeviceIntro): Promise<Session> {
    const [claimed] = await this.db
      .update(pairingCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(pairingCodes.codeHash, sha256(code.replace(/\D/g, ''))),
          isNull(pairingCodes.usedAt),
          sql`${pairingCodes.expiresAt} > now()`,
        ),
      )
      .returning({ shopId: pairingCodes.shopId });
    if (!claimed)
      throw new DomainError('unauthenticated', 'invalid_pairing_code', 'Code de jumelage invalide ou expiré');
    const key = await this.key();
    return withShop(this.db, claimed.shopId, async (tx) => {
      await registerDevice(tx, claimed.shopId, intro, 'staff');
      return this.issueSession(tx, { shopId: claimed.shopId, deviceId: intro.deviceId, role: 'staff' }, key);
    });
  }

  /**
   * The session handed to a phone. The signing key is read before any transaction: reading it inside one
   * would wait for that transaction on PGlite's single connection.
   */
  private async issueSession(
    tx: ShopTx,
    caller: Caller,
    key: TokenKey,
    knownShopName?: string,
  ): Promise<Session> {
    const tokenId = newId();
    const secret = newRefreshSecret();
    await tx.insert(refreshTokens).values({
      shopId: caller.shopId,
      id: tokenId,
      deviceId: caller.deviceId,
      secretHash: sha256(secret),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    let shopName = knownShopName;
    if (shopName === undefined) {
      const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, caller.shopId));
      shopName = shop?.name ?? '';
    }
    return {
      accessToken: await signAccessToken(key, caller),
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken: formatRefreshToken(caller.shopId, tokenId, secret),
      shop: { id: caller.shopId, name: shopName },
      device: { id: caller.deviceId, role: caller.role },
    };
  }
}

/**
 * Adds the phone to the shop, or brings it back. Its seq counter starts just before the first operation it
 * will push (a phone that joins with history pushes it all: that is the one-time migration).
 */
async function registerDevice(
  tx: ShopTx,
  shopId: string,
  intro: DeviceIntro,
  role: DeviceRole,
): Promise<void> {
  const startAfter = Math.max(intro.firstSeq - 1, 0);
  await tx
    .insert(devices)
    .values({ shopId, id: intro.deviceId, name: intro.deviceName, role, lastSeq: startAfter })
    .onConflictDoUpdate({
      target: [devices.shopId, devices.id],
      set: {
        name: intro.deviceName,
        role,
        revokedAt: null,
        lastSeenAt: new Date(),
        lastSeq: sql`greatest(${devices.lastSeq}, ${startAfter})`,
      },
    });
}

async function revokeDeviceTokens(tx: ShopTx, shopId: string, deviceId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.shopId, shopId),
        eq(refreshTokens.deviceId, deviceId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}
