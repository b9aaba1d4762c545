// Who is calling: the bearer token checked (signature, issuer, audience, expiry, HS256 only) and the device still in.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountService } from '../auth/accountService.js';
import { verifyAccessToken, type Caller, type TokenKey } from '../auth/tokens.js';
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

/** A preHandler that refuses the request (401) unless it carries a valid token of a device still in the shop. */
export function requireCaller(key: () => Promise<TokenKey>, accounts: AccountService) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const caller = token === undefined ? undefined : await verifyAccessToken(await key(), token);
    if (!caller) throw unauthorized();
    if (!(await accounts.deviceIsActive(caller))) {
      throw new ApiError(401, 'device_revoked', 'Cet appareil a été retiré de la boutique');
    }
    request.caller = caller;
  };
}

export function decorateCaller(app: FastifyInstance): void {
  app.decorateRequest('caller', undefined);
}
