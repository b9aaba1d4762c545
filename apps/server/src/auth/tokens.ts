// Access tokens (short-lived JWT, HS256 pinned) and the secrets of refresh tokens and pairing codes.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

export const TOKEN_ISSUER = 'hanouti';
export const TOKEN_AUDIENCE = 'hanouti-api';
/** The only algorithm accepted: a token signed otherwise, or unsigned (`alg: none`), is refused. */
export const TOKEN_ALGORITHM = 'HS256';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000;
export const PAIRING_CODE_DIGITS = 9;

export type DeviceRole = 'owner' | 'staff';

/** Who is calling: every shop-scoped query takes the shop from here, never from the request body. */
export type Caller = { shopId: string; deviceId: string; role: DeviceRole };

const claimsSchema = z.object({
  sub: z.string().min(1).max(64),
  shop: z.uuid(),
  role: z.enum(['owner', 'staff']),
});

export type TokenKey = Uint8Array;

export function tokenKeyFrom(secret: string): TokenKey {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(key: TokenKey, caller: Caller, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ shop: caller.shopId, role: caller.role })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setSubject(caller.deviceId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** The caller of a valid token; undefined for anything else (bad signature, expired, wrong issuer, alg…). */
export async function verifyAccessToken(key: TokenKey, token: string): Promise<Caller | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: [TOKEN_ALGORITHM],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return undefined;
    return { shopId: claims.data.shop, deviceId: claims.data.sub, role: claims.data.role };
  } catch {
    return undefined;
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A refresh token is `<shop id>.<token id>.<secret>`: the ids find the row, only the secret's hash is stored. */
export function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function formatRefreshToken(shopId: string, tokenId: string, secret: string): string {
  return `${shopId}.${tokenId}.${secret}`;
}

const REFRESH_PATTERN = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.([\w-]{43})$/;

export function parseRefreshToken(
  token: string,
): { shopId: string; tokenId: string; secret: string } | undefined {
  const match = REFRESH_PATTERN.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return { shopId: match[1], tokenId: match[2], secret: match[3] };
}

/** Nine random digits, shown as "123 456 789" and in the QR code. */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_DIGITS; i++) code += String(randomInt(10));
  return code;
}

/** A fresh random secret for signing tokens, kept in server_meta when AUTH_SECRET is not given. */
export function newSigningSecret(): string {
  return randomBytes(48).toString('base64url');
}
