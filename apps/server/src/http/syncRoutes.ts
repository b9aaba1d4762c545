// /api/sync/*: push operations, pull changes, the live event stream, the post-migration cleanup; /api/photos/*.
import {
  MAX_OPS_PER_PUSH,
  PULL_PAGE_DEFAULT,
  PULL_PAGE_MAX,
  REALTIME_HEARTBEAT_MS,
  SYNC_PROTOCOL_VERSION,
  operationSchema,
  uuid,
  type Operation,
  type PushResponse,
} from '@hanouti/core';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/database.js';
import { operations, photos, products } from '../db/schema.js';
import { withShop } from '../db/shopScope.js';
import type { ShopNotifier } from '../sync/notifier.js';
import type { OperationService } from '../sync/operationService.js';
import { pullChanges } from '../sync/pullService.js';
import { cleanUpShop } from '../sync/shopCleanup.js';
import { z } from 'zod';
import { callerOf } from './authenticate.js';
import { jsonSchemaOf } from './jsonSchema.js';
import { usePushBodyParser } from './pushBody.js';
import { ApiError } from './errors.js';
import type { RateLimit } from './accountRoutes.js';

/**
 * An operation as a push carries it: core's envelope, its seq counted from 1. Its payload is not checked here but
 * per type by the operation service, so that a payload the server refuses is settled as rejected with its reason
 * and the phone's next operations go on (a 400 for the whole push would stop that phone's sync for good).
 */
export const pushedOperationSchema = operationSchema
  .extend({
    seq: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
    at: operationSchema.shape.at.max(40),
  })
  .strict();

/** A push: core's protocol version and at most MAX_OPS_PER_PUSH operations. */
export const pushRequestSchema = z.strictObject({
  protocol: z.literal(SYNC_PROTOCOL_VERSION),
  ops: z.array(pushedOperationSchema).max(MAX_OPS_PER_PUSH),
});

/** ?cursor&limit of a pull: core's page sizes. */
export const pullQuerySchema = z.strictObject({
  cursor: z.string().max(80).optional(),
  limit: z.int().min(1).max(PULL_PAGE_MAX).default(PULL_PAGE_DEFAULT),
});

/** /:id of a photo: core's record id. */
export const photoParamsSchema = z.strictObject({ id: uuid });

/** Photos are compressed on the phone (a few hundred kB); this is the most one may weigh. */
export const MAX_PHOTO_BYTES = 900 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type SyncRouteOptions = {
  db: Database;
  operations: OperationService;
  notifier: ShopNotifier;
  authenticated: onRequestAsyncHookHandler;
  pushRateLimit: RateLimit;
  heartbeatMs?: number | undefined;
};

export function registerSyncRoutes(app: FastifyInstance, options: SyncRouteOptions): void {
  const { db, authenticated, notifier } = options;
  const photoParams = jsonSchemaOf(photoParamsSchema, 'draft-7');

  // In a scope of its own: a prototype key inside one operation's payload refuses that operation, not the push
  // (pushBody.ts); every other route keeps Fastify's parser, which refuses such a body whole.
  void app.register((scope, _options, done) => {
    usePushBodyParser(scope);
    scope.post<{ Body: { protocol: 1; ops: Operation[] } }>(
      '/sync/push',
      {
        onRequest: authenticated,
        // Per device, after authentication: a phone emptying a long outbox goes at 100 ops a request.
        config: {
          rateLimit: {
            ...options.pushRateLimit,
            hook: 'preHandler',
            keyGenerator: (request) => `${request.caller?.shopId}/${request.caller?.deviceId}`,
          },
        },
        schema: { body: jsonSchemaOf(pushRequestSchema, 'draft-7') },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        if (request.body.ops.some((op) => op.deviceId !== caller.deviceId)) {
          throw new ApiError(403, 'device_mismatch', 'Ces opérations ne viennent pas de cet appareil');
        }
        const outcome = await options.operations.push(caller, request.body.ops);
        const body: PushResponse = { protocol: SYNC_PROTOCOL_VERSION, results: outcome.results };
        if (outcome.conflict !== undefined) {
          return reply.code(409).send({
            error: 'operation_conflict',
            message: 'Opération déjà reçue avec un autre contenu',
            opId: outcome.conflict,
            ...body,
          });
        }
        return body;
      },
    );
    done();
  });

  app.get<{ Querystring: { cursor?: string; limit?: number } }>(
    '/sync/pull',
    {
      onRequest: authenticated,
      schema: { querystring: jsonSchemaOf(pullQuerySchema, 'draft-7') },
    },
    (request) =>
      pullChanges(db, callerOf(request), request.query.cursor, request.query.limit ?? PULL_PAGE_DEFAULT),
  );

  /**
   * Server-sent events: `change` when the shop's feed moves (pull now), `ping` every 25 s so that both
   * ends notice a dead connection (the phone reconnects when a ping is 10 s late).
   */
  app.get('/sync/events', { onRequest: authenticated }, (request, reply) => {
    const caller = callerOf(request);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) =>
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send('ready', { heartbeatMs: options.heartbeatMs ?? REALTIME_HEARTBEAT_MS });
    const unsubscribe = notifier.subscribe(caller.shopId, () => send('change', {}));
    const heartbeat = setInterval(() => send('ping', {}), options.heartbeatMs ?? REALTIME_HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    request.raw.on('close', stop);
    stream.on('error', stop);
  });

  /**
   * The full cleanup (spec §4) is run by the app itself at each phone's one-time migration, staff phones
   * included (their sample products meet the shop's there); it applies fixed rules, chooses nothing.
   */
  app.post('/sync/cleanup', { onRequest: authenticated }, (request) =>
    cleanUpShop(db, notifier, callerOf(request)),
  );

  /** What needs the shopkeeper's eye: refused operations and products below zero after a merge. */
  app.get('/sync/status', { onRequest: authenticated }, async (request) => {
    const caller = callerOf(request);
    return withShop(db, caller.shopId, async (tx) => {
      const rejected = await tx
        .select({
          opId: operations.opId,
          deviceId: operations.deviceId,
          type: operations.type,
          reason: operations.reason,
        })
        .from(operations)
        .where(and(eq(operations.shopId, caller.shopId), eq(operations.status, 'rejected')))
        .limit(100);
      const negative = await tx
        .select({ id: products.id, name: sql<string>`${products.data}->>'name'`, stock: products.stock })
        .from(products)
        .where(and(eq(products.shopId, caller.shopId), eq(products.deleted, false), lt(products.stock, 0)))
        .limit(100);
      return { rejected, negativeStock: negative };
    });
  });

  app.addContentTypeParser(
    [...PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put<{ Params: { id: string }; Body: Buffer }>(
    '/photos/:id',
    {
      onRequest: authenticated,
      bodyLimit: MAX_PHOTO_BYTES,
      schema: { params: photoParams },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const mime = String(request.headers['content-type']).split(';')[0]?.trim() ?? '';
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new ApiError(415, 'unsupported_media_type', 'Type de contenu non pris en charge');
      }
      const row = { mime, bytes: request.body, size: request.body.length, updatedAt: new Date() };
      await withShop(db, caller.shopId, (tx) =>
        tx
          .insert(photos)
          .values({ shopId: caller.shopId, id: request.params.id.toLowerCase(), ...row })
          .onConflictDoUpdate({ target: [photos.shopId, photos.id], set: row }),
      );
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/photos/:id',
    {
      onRequest: authenticated,
      schema: { params: photoParams },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const [photo] = await withShop(db, caller.shopId, (tx) =>
        tx
          .select({ mime: photos.mime, bytes: photos.bytes })
          .from(photos)
          .where(and(eq(photos.shopId, caller.shopId), eq(photos.id, request.params.id.toLowerCase()))),
      );
      if (!photo) throw new ApiError(404, 'not_found', 'Ressource introuvable');
      return reply.type(photo.mime).header('cache-control', 'private, no-store').send(photo.bytes);
    },
  );
}
