// Assembles the HTTP server: security headers, body limit, JSON errors, /api routes and the web app.
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AccountService } from '../auth/accountService.js';
import { loadSigningKey } from '../auth/signingKey.js';
import type { TokenKey } from '../auth/tokens.js';
import type { DatabaseHandle } from '../db/database.js';
import { createShopNotifier, type ShopNotifier } from '../sync/notifier.js';
import { OperationService } from '../sync/operationService.js';
import { AiPool, type AiPoolOptions } from '../ai/aiPool.js';
import { registerAiRoutes } from '../ai/aiRoutes.js';
import { registerAccountRoutes, type RateLimit } from './accountRoutes.js';
import { decorateCaller, requireCaller } from './authenticate.js';
import { registerCompression } from './compression.js';
import { ApiError, installErrorHandling } from './errors.js';
import { registerHealth } from './health.js';
import { registerOpenApi } from './openApi.js';
import { registerRestRoutes } from './restRoutes.js';
import { registerSyncRoutes } from './syncRoutes.js';
import { installValidation } from './validation.js';
import { registerWebApp } from './webApp.js';

/** Largest request body accepted (bigger → 413); sync pushes and uploads will be sized to fit. */
export const bodyLimitBytes = 1024 * 1024;

/**
 * What the PWA needs and nothing more: WebAssembly (on-device recognition), its own workers, blobs and
 * camera streams (photos), inline styles set by the UI kit, and no third-party origin at all.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'", 'blob:'],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:', 'mediastream:'],
  'connect-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
  'manifest-src': ["'self'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

export interface AppOptions {
  database: DatabaseHandle;
  /** Folder of the built web app; without it (or without its index.html) only /api is served. */
  webRoot?: string | undefined;
  /** pino logger shared with the rest of the server; without it the server is silent (tests). */
  logger?: FastifyBaseLogger | undefined;
  /** Signs access tokens (AUTH_SECRET); without it a secret kept in the database is used. */
  authSecret?: string | undefined;
  /** The one other origin allowed to call the API from a browser (APP_ORIGIN); none by default. */
  appOrigin?: string | undefined;
  /** PEM certificate and private key (TLS_CERT / TLS_KEY): the server answers HTTPS. */
  https?: { cert: Buffer; key: Buffer } | undefined;
  /** Requests per client address on the auth routes (log-in, sign-up, refresh, pairing). */
  authRateLimit?: RateLimit | undefined;
  /** Pushes per device. */
  pushRateLimit?: RateLimit | undefined;
  /** Event-stream heartbeat (25 s by default, spec). */
  heartbeatMs?: number | undefined;
  /** Shares change notifications between apps (tests run two on one database). */
  notifier?: ShopNotifier | undefined;
  /**
   * Which forwarding proxies to believe for the client's address (TRUST_PROXY): Fastify's `trustProxy` —
   * true, a hop count, or addresses/CIDRs. Off by default: X-Forwarded-For is then ignored.
   */
  trustProxy?: boolean | number | string | string[] | undefined;
  /** The AI routes' worker pool: threads, queue, per-shop limit. */
  aiPool?: AiPoolOptions | undefined;
}

export const defaultAuthRateLimit: RateLimit = { max: 10, timeWindow: 60_000 };
export const defaultPushRateLimit: RateLimit = { max: 600, timeWindow: 60_000 };

/**
 * The headers helmet sets with our content security policy (and its defaults for the others: HSTS, nosniff,
 * frame, referrer, cross-origin policies…), read once from its middleware: none of them depends on the request.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(contentSecurityPolicy).map(([name, sources]) => [name, [...sources]]),
      ),
    },
  });
  apply({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw new Error('helmet refused its options', { cause: error });
  });
  return headers;
}

/** TRUST_PROXY for Fastify: a hop count becomes "trust the nearest n proxies". */
function trustProxyOption(
  trust: AppOptions['trustProxy'],
): boolean | string | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust ?? false;
}

/** A ready-to-listen server (call `listen` or `inject`); closing it does not close the database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // With a certificate the raw server is node:https; routes see the same request and reply objects.
  const app = Fastify({
    ...(options.https === undefined ? {} : { https: options.https }),
    ...(options.logger === undefined ? { logger: false } : { loggerInstance: options.logger }),
    bodyLimit: bodyLimitBytes,
    trustProxy: trustProxyOption(options.trustProxy),
    // A body with __proto__ or constructor.prototype is refused (400), never merged into an object.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  installErrorHandling(app);
  // Route schemas come from core's zod schemas; unknown fields and numbers as text are refused (validation.ts).
  installValidation(app);
  decorateCaller(app);
  // Every answer, the web app's and the API's, carries helmet's security headers; computed once here (the
  // @fastify/helmet plugin rebuilt helmet's middlewares at every request: 25-60 µs of CPU per request).
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // The app is served from this origin; a browser on any other origin gets no CORS grant unless named.
  await app.register(fastifyCors, {
    origin: options.appOrigin === undefined ? false : [options.appOrigin],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    maxAge: 600,
  });
  // Before the routes: it applies to the routes declared after it.
  await registerCompression(app);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () =>
      new ApiError(429, 'too_many_requests', 'Trop de requêtes, réessayez plus tard'),
  });

  const { db } = options.database;
  // Loaded at the first request that needs it: the database may still be migrating while routes register.
  let loading: Promise<TokenKey> | undefined;
  const key = () => {
    loading ??= loadSigningKey(db, options.authSecret).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const accounts = new AccountService(db, key);
  const notifier = options.notifier ?? createShopNotifier();
  const operations = new OperationService(db, notifier);
  const authenticated = requireCaller(key, accounts);
  // Recognition runs in worker threads, started at the first AI request and stopped with the server.
  const aiPool = new AiPool(options.aiPool);
  app.addHook('onClose', () => aiPool.close());

  await app.register(
    (api, _options, done) => {
      // API answers are live data: never kept by the browser, the service worker or a proxy.
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      registerHealth(api, options.database);
      registerOpenApi(api);
      registerAccountRoutes(api, accounts, authenticated, options.authRateLimit ?? defaultAuthRateLimit);
      registerSyncRoutes(api, {
        db,
        operations,
        notifier,
        authenticated,
        pushRateLimit: options.pushRateLimit ?? defaultPushRateLimit,
        heartbeatMs: options.heartbeatMs,
      });
      registerRestRoutes(api, { db, operations, authenticated });
      registerAiRoutes(api, { authenticated, pool: aiPool });
      done();
    },
    { prefix: '/api' },
  );

  if (options.webRoot !== undefined) await registerWebApp(app, options.webRoot);
  return app;
}
