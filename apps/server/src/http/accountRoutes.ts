// /api/auth/* and /api/devices*: sign-up, log-in, refresh, log-out, password, devices, staff pairing.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AccountService } from '../auth/accountService.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/passwords.js';
import { callerOf } from './authenticate.js';
import { jsonSchemaOf } from './jsonSchema.js';

export type RateLimit = { max: number; timeWindow: number };

/** The phone asking for a session (DeviceIntro). */
const deviceIntro = {
  deviceId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w:.-]+$/),
  deviceName: z.string().min(1).max(80),
  firstSeq: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
};
const newPassword = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);
const login = z.string().min(3).max(254);

/** The bodies of the account routes: validated by Fastify and published at /api/docs from these zod schemas. */
export const accountSchemas = {
  signUp: z.strictObject({
    shopName: z.string().min(1).max(100).regex(/\S/),
    login,
    password: newPassword,
    ...deviceIntro,
  }),
  logIn: z.strictObject({ login, password: z.string().min(1).max(MAX_PASSWORD_LENGTH), ...deviceIntro }),
  refresh: z.strictObject({ refreshToken: z.string().min(1).max(200) }),
  password: z.strictObject({
    currentPassword: z.string().min(1).max(MAX_PASSWORD_LENGTH),
    newPassword,
  }),
  deviceParams: z.strictObject({ deviceId: deviceIntro.deviceId }),
  claim: z.strictObject({
    code: z
      .string()
      .min(9)
      .max(16)
      .regex(/^[\d ]+$/),
    ...deviceIntro,
  }),
};
type Body<K extends keyof typeof accountSchemas> = z.infer<(typeof accountSchemas)[K]>;
/** For Fastify's validator (Ajv). */
const ajv = (schema: z.ZodType) => jsonSchemaOf(schema, 'draft-7');

export function registerAccountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  authenticated: onRequestAsyncHookHandler,
  authRateLimit: RateLimit,
): void {
  // Per client address (the phone's own, behind a trusted proxy: TRUST_PROXY) and log-in: guessing passwords or
  // pairing codes is slow, a shopkeeper never notices, and phones sharing one address do not share one budget.
  const limited = {
    rateLimit: {
      ...authRateLimit,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${request.ip}|${loginOf(request.body)}`,
    },
  };

  app.post<{ Body: Body<'signUp'> }>(
    '/auth/signup',
    { config: limited, schema: { body: ajv(accountSchemas.signUp) } },
    async (request, reply) => reply.code(201).send(await accounts.signUp(request.body)),
  );

  app.post<{ Body: Body<'logIn'> }>(
    '/auth/login',
    { config: limited, schema: { body: ajv(accountSchemas.logIn) } },
    (request) => accounts.logIn(request.body),
  );

  app.post<{ Body: Body<'refresh'> }>(
    '/auth/refresh',
    { config: limited, schema: { body: ajv(accountSchemas.refresh) } },
    (request) => accounts.refresh(request.body.refreshToken),
  );

  app.post('/auth/logout', { onRequest: authenticated }, async (request, reply) => {
    await accounts.logOut(callerOf(request));
    return reply.code(204).send();
  });

  app.post<{ Body: Body<'password'> }>(
    '/auth/password',
    { config: limited, onRequest: authenticated, schema: { body: ajv(accountSchemas.password) } },
    async (request, reply) => {
      await accounts.changePassword(
        callerOf(request),
        request.body.currentPassword,
        request.body.newPassword,
      );
      return reply.code(204).send();
    },
  );

  app.get('/devices', { onRequest: authenticated }, async (request) => ({
    devices: await accounts.listDevices(callerOf(request)),
  }));

  app.delete<{ Params: Body<'deviceParams'> }>(
    '/devices/:deviceId',
    { onRequest: authenticated, schema: { params: ajv(accountSchemas.deviceParams) } },
    async (request, reply) => {
      await accounts.revokeDevice(callerOf(request), request.params.deviceId);
      return reply.code(204).send();
    },
  );

  app.post('/pairing', { onRequest: authenticated }, async (request, reply) =>
    reply.code(201).send(await accounts.createPairingCode(callerOf(request))),
  );

  app.post<{ Body: Body<'claim'> }>(
    '/pairing/claim',
    { config: limited, schema: { body: ajv(accountSchemas.claim) } },
    (request) => accounts.claimPairingCode(request.body.code, request.body),
  );
}

/** The log-in a request is about, lowercased, for the rate limit's key ('' when it names none). */
function loginOf(body: unknown): string {
  const login = (body as { login?: unknown } | null | undefined)?.login;
  return typeof login === 'string' ? login.trim().toLowerCase().slice(0, 200) : '';
}
