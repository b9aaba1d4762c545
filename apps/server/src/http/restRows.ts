// Rows of the table-style REST: snake_case columns in and out, read with core's zod schemas and limits.
import { createHash } from 'node:crypto';
import { AmountError } from '@hanouti/core';
import type { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import { jsonSchemaOf, type JsonSchema } from './jsonSchema.js';

export type Row = Record<string, unknown>;

/** defaultVAT → default_vat, purchasePrice → purchase_price. */
export const snake = (key: string) => key.replace(/([a-z0-9])([A-Z]+)/g, '$1_$2').toLowerCase();

/** The record fields of the schemas a row is read with, by column (default_vat → defaultVAT). */
export function columnReader(schemas: readonly z.ZodObject[]): (column: string) => string {
  const fieldOf = new Map(
    schemas.flatMap((schema) => Object.keys(schema.shape)).map((field) => [snake(field), field] as const),
  );
  return (column) =>
    fieldOf.get(column) ?? column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** A record as a table row: snake_case columns (spec §3: purchase_price, created_at…). */
export function rowOf(record: object): Row {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [snake(key), Array.isArray(value) ? value.map((v: object) => rowOf(v)) : value]),
  );
}

/** The columns a client may write: the keys of a part of core's record, snake_case. */
export const columnsOf = (writable: z.ZodObject): readonly string[] => Object.keys(writable.shape).map(snake);

const invalid = (message: string) => new DomainError('invalid', 'validation_failed', message);

/**
 * A row of the request as camelCase fields. Its columns were checked by the route's schema (only a part of core's
 * record is accepted: the shop comes from the token, caches — stock, balance, totals — from the server).
 */
export function fieldsOf(row: Row, field: (column: string) => string): Row {
  const fields: Row = {};
  for (const [column, value] of Object.entries(row)) fields[field(column)] = value;
  return fields;
}

/** A value read with a core schema; refused with the (snake_case) path of its first problem. */
export function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalid(`${what} : ${issue?.path.map(String).map(snake).join('.') ?? ''} invalide`);
  }
  return result.data;
}

/** A number field read with core's limits: an AmountError becomes a refusal naming the field. */
export function amountField(read: () => number, what: string, column: string): number {
  try {
    return read();
  } catch (error) {
    if (error instanceof AmountError) throw invalid(`${what} : ${column} invalide (${error.code})`);
    throw error;
  }
}

/** A stable id made from a name (UUID v5 layout), so a sale sent twice makes the same movements. */
export function nameBasedId(name: string): string {
  const bytes = createHash('sha1').update(`hanouti-rest:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The JSON Schema of a record as a REST row: the same schema, its property names snake_case (2020-12 for the
 * OpenAPI document, draft-07 for Fastify's validator).
 */
export function rowJsonSchema(
  schema: z.ZodType,
  target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12',
): JsonSchema {
  return snakeProperties(jsonSchemaOf(schema, target)) as JsonSchema;
}

function snakeProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(snakeProperties);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === 'properties' && value !== null && typeof value === 'object') {
        const properties = Object.entries(value as Record<string, unknown>);
        return [key, Object.fromEntries(properties.map(([name, v]) => [snake(name), snakeProperties(v)]))];
      }
      if (key === 'required' && Array.isArray(value)) return [key, value.map((name) => snake(String(name)))];
      return [key, snakeProperties(value)];
    }),
  );
}
