// Who is calling: the bearer token checked (signature, issuer, audience, expiry, HS256 only) and the device still in.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountService } from '../auth/accountService.js';
import { verifyAccessToken, type Caller, type TokenKey } from '../auth/tokens.js';
import { deviceRevoked } from '../domain/errors.js';
import { ApiError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined;
  }
}

const unauthorized = () => new ApiError(401, 'unauthorized', 'Authentification requise');

/** The bearer token of the request, if it has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/.exec(header.trim());
  return match?.[1];
}

/** The caller of an authenticated route (set by the preHandler that `requireCaller` returns). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** How many verified tokens are remembered (a phone syncing every few seconds sends the same one). */
const VERIFIED_TOKENS_MAX = 10_000;

/** When a verified token expires (ms), read from its payload; the signature was checked before. */
function expiresAtMs(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * The caller of a token, checked once and remembered until it expires: a token never changes, so its
 * signature need not be checked again at every push (the device check below is still made).
 */
function tokenVerifier(key: () => Promise<TokenKey>) {
  const verified = new Map<string, { caller: Caller; expiresAt: number }>();
  return async (token: string): Promise<Caller | undefined> => {
    const known = verified.get(token);
    if (known !== undefined) {
      if (known.expiresAt > Date.now()) return known.caller;
      verified.delete(token);
    }
    const caller = await verifyAccessToken(await key(), token);
    if (caller) {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { caller, expiresAt: expiresAtMs(token) });
    }
    return caller;
  };
}

/** A preHandler that refuses the request (401) unless it carries a valid token of a device still in the shop. */
export function requireCaller(key: () => Promise<TokenKey>, accounts: AccountService) {
  const verify = tokenVerifier(key);
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const caller = token === undefined ? undefined : await verify(token);
    if (!caller) throw unauthorized();
    // The same refusal as a push from a removed phone (sync), mapped to 401 by http/errors.ts.
    if (!(await accounts.deviceIsActive(caller))) throw deviceRevoked();
    request.caller = caller;
  };
}

export function decorateCaller(app: FastifyInstance): void {
  app.decorateRequest('caller', undefined);
}
