// /api/auth/* and /api/devices*: sign-up, log-in, refresh, log-out, password, devices, staff pairing.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AccountService, DeviceIntro } from '../auth/accountService.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/passwords.js';
import { callerOf } from './authenticate.js';

export type RateLimit = { max: number; timeWindow: number };

const deviceIntroProperties = {
  deviceId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[\\w:.-]+$' },
  deviceName: { type: 'string', minLength: 1, maxLength: 80 },
  firstSeq: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
} as const;
const password = { type: 'string', minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH } as const;
const login = { type: 'string', minLength: 3, maxLength: 254 } as const;

const strictBody = <P extends Record<string, unknown>>(
  properties: P,
  required: readonly (keyof P & string)[],
) => ({ type: 'object', additionalProperties: false, required, properties }) as const;

type SignUpBody = { shopName: string; login: string; password: string } & DeviceIntro;
type LogInBody = { login: string; password: string } & DeviceIntro;
type PairBody = { code: string } & DeviceIntro;

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

  app.post<{ Body: SignUpBody }>(
    '/auth/signup',
    {
      config: limited,
      schema: {
        body: strictBody(
          {
            shopName: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
            login,
            password,
            ...deviceIntroProperties,
          },
          ['shopName', 'login', 'password', 'deviceId', 'deviceName', 'firstSeq'],
        ),
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.signUp(request.body)),
  );

  app.post<{ Body: LogInBody }>(
    '/auth/login',
    {
      config: limited,
      schema: {
        body: strictBody(
          {
            login,
            password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
            ...deviceIntroProperties,
          },
          ['login', 'password', 'deviceId', 'deviceName', 'firstSeq'],
        ),
      },
    },
    (request) => accounts.logIn(request.body),
  );

  app.post<{ Body: { refreshToken: string } }>(
    '/auth/refresh',
    {
      config: limited,
      schema: {
        body: strictBody({ refreshToken: { type: 'string', minLength: 1, maxLength: 200 } }, [
          'refreshToken',
        ]),
      },
    },
    (request) => accounts.refresh(request.body.refreshToken),
  );

  app.post('/auth/logout', { onRequest: authenticated }, async (request, reply) => {
    await accounts.logOut(callerOf(request));
    return reply.code(204).send();
  });

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/auth/password',
    {
      config: limited,
      onRequest: authenticated,
      schema: {
        body: strictBody(
          {
            currentPassword: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
            newPassword: password,
          },
          ['currentPassword', 'newPassword'],
        ),
      },
    },
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

  app.delete<{ Params: { deviceId: string } }>(
    '/devices/:deviceId',
    {
      onRequest: authenticated,
      schema: {
        params: strictBody({ deviceId: deviceIntroProperties.deviceId }, ['deviceId']),
      },
    },
    async (request, reply) => {
      await accounts.revokeDevice(callerOf(request), request.params.deviceId);
      return reply.code(204).send();
    },
  );

  app.post('/pairing', { onRequest: authenticated }, async (request, reply) =>
    reply.code(201).send(await accounts.createPairingCode(callerOf(request))),
  );

  app.post<{ Body: PairBody }>(
    '/pairing/claim',
    {
      config: limited,
      schema: {
        body: strictBody(
          {
            code: { type: 'string', minLength: 9, maxLength: 16, pattern: '^[\\d ]+$' },
            ...deviceIntroProperties,
          },
          ['code', 'deviceId', 'deviceName', 'firstSeq'],
        ),
      },
    },
    (request) => accounts.claimPairingCode(request.body.code, request.body),
  );
}

/** The log-in a request is about, lowercased, for the rate limit's key ('' when it names none). */
function loginOf(body: unknown): string {
  const login = (body as { login?: unknown } | null | undefined)?.login;
  return typeof login === 'string' ? login.trim().toLowerCase().slice(0, 200) : '';
}
