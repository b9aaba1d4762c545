// Route schemas are zod schemas (core's, or the routes' own); Fastify's validator and the OpenAPI document receive
// them as JSON Schema, generated here: one source.
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, as a client must send it: 2020-12 for OpenAPI 3.1, draft-07 for Fastify (Ajv). */
export function jsonSchemaOf(
  schema: z.ZodType,
  target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12',
): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target,
  });
  return rest;
}
