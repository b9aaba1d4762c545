// GET /api/docs: the API as an OpenAPI 3.1 document, its record and payload schemas generated from core's zod schemas.
import {
  MAX_OPS_PER_PUSH,
  OPERATION_PAYLOAD_SCHEMAS,
  OPERATION_TYPES,
  REJECTION_REASONS,
  SYNC_PROTOCOL_VERSION,
  creditTransactionSchema,
  customerSchema,
  productSchema,
  saleItemSchema,
  saleSchema,
  settingsSchema,
  stockMovementSchema,
} from '@hanouti/core';
import type { FastifyInstance } from 'fastify';
import { aiSchemas } from '../ai/aiRoutes.js';
import { serverVersion } from '../version.js';
import { accountSchemas } from './accountRoutes.js';
import { jsonSchemaOf, type JsonSchema } from './jsonSchema.js';
import { restOpenApiPaths } from './restRoutes.js';
import { pullQuerySchema, pushedOperationSchema, pushRequestSchema } from './syncRoutes.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const error = {
  description: 'Refused: `{error, message}`',
  content: { 'application/json': { schema: ref('Error') } },
};
const bearer = [{ bearer: [] }];

/** The document, built once from the schemas the server validates with. */
export function openApiDocument(): JsonSchema {
  const payloads = Object.fromEntries(
    OPERATION_TYPES.map((type) => [
      `Payload_${type.replace('.', '_')}`,
      jsonSchemaOf(OPERATION_PAYLOAD_SCHEMAS[type]),
    ]),
  );
  const operation = jsonSchemaOf(pushedOperationSchema);
  const pull = jsonSchemaOf(pullQuerySchema) as { properties: Record<string, JsonSchema> };
  const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hanouti API',
      version: serverVersion,
      description:
        'Sync (docs/sync.md), table-style REST (docs/api.md) and recognition. Money in integer centimes. ' +
        'Schemas below are generated from the zod schemas of @hanouti/core that the server validates with.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'string' }, message: { type: 'string' } },
        },
        Product: jsonSchemaOf(productSchema),
        Customer: jsonSchemaOf(customerSchema),
        Sale: jsonSchemaOf(saleSchema),
        SaleItem: jsonSchemaOf(saleItemSchema),
        CreditTransaction: jsonSchemaOf(creditTransactionSchema),
        StockMovement: jsonSchemaOf(stockMovementSchema),
        Settings: jsonSchemaOf(settingsSchema),
        Operation: {
          ...operation,
          description: `payload: one of the Payload_* schemas, by type (${OPERATION_TYPES.join(', ')})`,
        },
        ...payloads,
        PushRequest: {
          ...jsonSchemaOf(pushRequestSchema),
          properties: {
            protocol: { const: SYNC_PROTOCOL_VERSION },
            ops: { type: 'array', maxItems: MAX_OPS_PER_PUSH, items: ref('Operation') },
          },
        },
        OpResult: {
          type: 'object',
          required: ['opId', 'seq', 'status'],
          properties: {
            opId: { type: 'string' },
            seq: { type: 'integer' },
            status: { enum: ['applied', 'rejected', 'waiting'] },
            reason: { enum: [...REJECTION_REASONS] },
          },
        },
      },
    },
    paths: {
      '/api/health': {
        get: { summary: 'Server and database up', responses: { 200: { description: 'ok' } } },
      },
      ...Object.fromEntries(
        (
          [
            ['/api/auth/signup', 'Create a shop and its owner account; a session for this phone', 'signUp'],
            ['/api/auth/login', 'Log in (e-mail or phone); a session for this phone', 'logIn'],
            ['/api/auth/refresh', 'Swap a refresh token (once) for a new session', 'refresh'],
            ['/api/auth/password', 'Change the password (owner)', 'password'],
            ['/api/pairing/claim', "Join a shop as a staff phone with the owner's code", 'claim'],
          ] as const
        ).map(([path, summary, body]) => [
          path,
          {
            post: {
              summary,
              ...(body === 'password' ? { security: bearer } : {}),
              requestBody: json(jsonSchemaOf(accountSchemas[body])),
              responses: {
                [body === 'signUp' ? 201 : body === 'password' ? 204 : 200]: { description: 'done' },
                400: error,
                401: error,
                403: error,
                429: error,
              },
            },
          },
        ]),
      ),
      '/api/sync/push': {
        post: {
          summary:
            'Push operations (≤ 100), settled in seq order; each answered applied, rejected or waiting',
          security: bearer,
          requestBody: json(ref('PushRequest')),
          responses: {
            200: json({
              type: 'object',
              properties: { protocol: { const: 1 }, results: { type: 'array', items: ref('OpResult') } },
            }),
            400: error,
            401: error,
            409: error,
          },
        },
      },
      '/api/sync/pull': {
        get: {
          summary: 'Changes after a cursor, a page at a time',
          security: bearer,
          parameters: Object.entries(pull.properties).map(([name, schema]) => ({
            name,
            in: 'query',
            schema,
          })),
          responses: {
            200: { description: '{protocol, changes, cursor, hasMore, acknowledgedSeq}' },
            401: error,
            403: error,
          },
        },
      },
      ...restOpenApiPaths(error, bearer),
      ...Object.fromEntries(
        (
          [
            [
              'visual-match',
              'visualMatch',
              'Candidates for a crop among ≤ 24 reference photos',
              "candidates, and barcode: the maker's code read on the crop (null when none)",
            ],
            ['barcode', 'image', 'Barcodes on a photo', 'barcodes'],
            ['ocr', 'ocr', 'Text lines on a photo', 'lines'],
            ['detect', 'detect', 'Products on a photo', 'detections'],
          ] as const
        ).map(([path, body, summary, answer]) => [
          `/api/ai/${path}`,
          {
            post: {
              summary,
              security: bearer,
              requestBody: json(jsonSchemaOf(aiSchemas[body])),
              responses: { 200: { description: answer }, 400: error, 401: error, 429: error },
            },
          },
        ]),
      ),
    },
  };
}

export function registerOpenApi(app: FastifyInstance): void {
  let document: JsonSchema | undefined;
  app.get('/docs', () => (document ??= openApiDocument()));
}
