// Assembles the HTTP server: security headers, body limit, JSON errors, /api routes and the web app.
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { installErrorHandling } from './errors.js';
import { registerHealth } from './health.js';
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
}

/** A ready-to-listen server (call `listen` or `inject`); closing it does not close the database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    ...(options.logger === undefined ? { logger: false } : { loggerInstance: options.logger }),
    bodyLimit: bodyLimitBytes,
  });

  installErrorHandling(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(contentSecurityPolicy).map(([name, sources]) => [name, [...sources]]),
      ),
    },
  });

  await app.register(
    (api, _options, done) => {
      // API answers are live data: never kept by the browser, the service worker or a proxy.
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      registerHealth(api, options.database);
      done();
    },
    { prefix: '/api' },
  );

  if (options.webRoot !== undefined) await registerWebApp(app, options.webRoot);
  return app;
}
