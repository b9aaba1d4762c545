// Table-style REST of spec §7 (/api/rest/<table>) for integrations: snake_case rows, same auth, same operation
// service. Every table of REST_TABLES gets the same routes; their schemas are generated from core's zod schemas.
import { BATCH_SIZE, STORAGE_LIST_DEFAULT_LIMIT, SETTINGS_ID, settingsSchema, uuid } from '@hanouti/core';
import type { FastifyInstance, onRequestAsyncHookHandler, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../auth/tokens.js';
import type { Database } from '../db/database.js';
import { withShop } from '../db/shopScope.js';
import { ownerOnly } from '../domain/errors.js';
import type { OperationService } from '../sync/operationService.js';
import { callerOf } from './authenticate.js';
import { jsonSchemaOf, type JsonSchema } from './jsonSchema.js';
import { fieldsOf, parsed, rowJsonSchema, rowOf, type Row } from './restRows.js';
import {
  REST_TABLES,
  fieldOfColumn,
  mustExist,
  settingsRowSchema,
  storedSettings,
  writableSettings,
  type Page,
} from './restTables.js';
import { refusalOf } from './validation.js';

export { rowOf } from './restRows.js';

export const REST_PAGE_MAX = 1000;

/** ?limit&offset of a table's page: core's default page size, at most REST_PAGE_MAX rows. */
export const pageQuerySchema = z.strictObject({
  limit: z.int().min(1).max(REST_PAGE_MAX).default(STORAGE_LIST_DEFAULT_LIMIT),
  offset: z.int().min(0).default(0),
});
/** /:id of a record: core's record id. */
export const idParamsSchema = z.strictObject({ id: uuid });

/**
 * What a POST of a table takes: 1 to BATCH_SIZE rows of the columns a client may write (the JSON Schema of a part
 * of core's record, snake_case). A single row may be sent alone: it is read as a batch of one.
 */
export function batchJsonSchema(row: JsonSchema): JsonSchema {
  return { type: 'array', minItems: 1, maxItems: BATCH_SIZE, items: row };
}

/** A body of one row is a batch of one (before validation, so that one schema checks both). */
const asBatch: preValidationHookHandler = (request, _reply, done) => {
  if (!Array.isArray(request.body)) request.body = [request.body];
  done();
};

/** A refused body names the table and the row's column: `sales : sale_items.0.quantity hors limites (≤ 1000000)`. */
const refusedAs = (what: string) => (errors: Parameters<typeof refusalOf>[0], part: string) =>
  refusalOf(errors, part, what);

export type RestRouteOptions = {
  db: Database;
  operations: OperationService;
  authenticated: onRequestAsyncHookHandler;
};

/** Removing records and changing the settings are the owner's (staff phones sell, restock, keep the carnet). */
function mustBeOwner(caller: Caller): void {
  if (caller.role !== 'owner') throw ownerOnly();
}

export function registerRestRoutes(app: FastifyInstance, options: RestRouteOptions): void {
  const { db, operations: ops, authenticated } = options;
  const querystring = jsonSchemaOf(pageQuerySchema, 'draft-7');
  const params = jsonSchemaOf(idParamsSchema, 'draft-7');

  for (const table of REST_TABLES) {
    const url = `/rest/${table.path}`;
    const body = batchJsonSchema(rowJsonSchema(table.writable, 'draft-7'));

    app.get<{ Querystring: Page }>(url, { onRequest: authenticated, schema: { querystring } }, (request) => {
      const caller = callerOf(request);
      return withShop(db, caller.shopId, (tx) => table.list(tx, caller, request.query));
    });

    // One transaction for the request: every row and its effects (movements, carnet), or nothing.
    app.post<{ Body: Row[] }>(
      url,
      {
        onRequest: authenticated,
        preValidation: asBatch,
        schema: { body },
        schemaErrorFormatter: refusedAs(table.path),
      },
      async (request) => {
        const caller = callerOf(request);
        const now = new Date().toISOString();
        const rows = request.body.map((row) => fieldsOf(row, fieldOfColumn));
        await ops.applyServerOperations(caller, async (batch) => {
          for (const fields of rows) await table.upsert.write(batch, caller, fields, now);
        });
        return { [table.upsert.answer]: rows.length };
      },
    );

    const remove = table.delete;
    if (remove === undefined) continue;
    app.delete<{ Params: { id: string } }>(
      `${url}/:id`,
      { onRequest: authenticated, schema: { params } },
      async (request, reply) => {
        const caller = callerOf(request);
        mustBeOwner(caller);
        await ops.applyServerOperations(caller, async (batch) => {
          await mustExist(batch.tx, caller, remove.table, request.params.id);
          await batch.apply(remove.operation, { id: request.params.id });
        });
        return reply.code(204).send();
      },
    );
  }

  // The settings: one record, read whole and changed field by field.
  app.get('/rest/settings', { onRequest: authenticated }, async (request) => {
    const caller = callerOf(request);
    const {
      id: _id,
      updatedAt,
      ...record
    } = await withShop(db, caller.shopId, (tx) => storedSettings(tx, caller));
    return rowOf({ ...record, updatedAt });
  });

  app.put<{ Body: Row }>(
    '/rest/settings',
    {
      onRequest: authenticated,
      schema: { body: rowJsonSchema(writableSettings, 'draft-7') },
      schemaErrorFormatter: refusedAs('settings'),
    },
    async (request) => {
      const caller = callerOf(request);
      mustBeOwner(caller);
      const fields = fieldsOf(request.body, fieldOfColumn);
      return ops.applyServerOperations(caller, async (batch) => {
        const record = parsed(
          settingsSchema.strict(),
          {
            ...(await storedSettings(batch.tx, caller)),
            ...fields,
            id: SETTINGS_ID,
            updatedAt: new Date().toISOString(),
          },
          'settings',
        );
        await batch.apply('settings.update', record);
        const { id: _id, ...rest } = record;
        return rowOf(rest);
      });
    },
  );
}

/** The REST part of the OpenAPI document, from the same table and schemas as the routes. */
export function restOpenApiPaths(error: JsonSchema, bearer: readonly object[]): Record<string, JsonSchema> {
  const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
  const query = jsonSchemaOf(pageQuerySchema) as { properties: Record<string, JsonSchema> };
  const parameters = Object.entries(query.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    schema,
  }));
  const idParameter = { name: 'id', in: 'path', required: true, schema: jsonSchemaOf(uuid) };
  const paths: Record<string, JsonSchema> = {};
  for (const table of REST_TABLES) {
    const row = rowJsonSchema(table.schema);
    const written = rowJsonSchema(table.writable);
    paths[`/api/rest/${table.path}`] = {
      get: {
        summary: `${table.path}, newest first (snake_case rows)`,
        security: bearer,
        parameters,
        responses: { 200: json({ type: 'array', items: row }), 400: error, 401: error },
      },
      post: {
        summary: `Write 1–100 ${table.path} rows in one transaction (all or none); see docs/api.md`,
        security: bearer,
        requestBody: json({ oneOf: [written, batchJsonSchema(written)] }),
        responses: {
          200: json({
            type: 'object',
            required: [table.upsert.answer],
            properties: { [table.upsert.answer]: { type: 'integer' } },
          }),
          400: error,
          401: error,
          403: error,
          404: error,
        },
      },
    };
    if (table.delete) {
      paths[`/api/rest/${table.path}/{id}`] = {
        delete: {
          summary: `Delete one of the shop's ${table.path} (owner only)`,
          security: bearer,
          parameters: [idParameter],
          responses: { 204: { description: 'deleted' }, 401: error, 403: error, 404: error },
        },
      };
    }
  }
  paths['/api/rest/settings'] = {
    get: {
      summary: 'The settings',
      security: bearer,
      responses: { 200: json(rowJsonSchema(settingsRowSchema)), 401: error },
    },
    put: {
      summary: 'Change the given settings (owner only)',
      security: bearer,
      requestBody: json(rowJsonSchema(writableSettings)),
      responses: { 200: json(rowJsonSchema(settingsRowSchema)), 400: error, 401: error, 403: error },
    },
  };
  return paths;
}
