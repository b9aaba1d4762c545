// How Fastify validates requests with the JSON Schemas generated from core's zod schemas (jsonSchema.ts), and how a
// refusal reads: one 400 `{error, message}` naming the field, in French, before any handler runs.
import { BATCH_SIZE } from '@hanouti/core';
import { AjvCompiler, type ErrorObject } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { DomainError } from '../domain/errors.js';

/**
 * Two Ajv instances (Fastify's own compiler, draft-07): bodies are JSON and are taken as typed — `"2"` is not a
 * number (Fastify's default would coerce it) —, query strings and path parameters are text and are coerced
 * (`?limit=10`). Neither drops unknown fields: a client sending `shop_id` or `total` is told so.
 */
export function installValidation(app: FastifyInstance): void {
  const build = AjvCompiler();
  const forBody = build({}, { customOptions: { coerceTypes: false, removeAdditional: false } });
  const forText = build({}, { customOptions: { removeAdditional: false } });
  const compile: FastifySchemaCompiler<unknown> = (route) => {
    // Every route schema is a JSON Schema object (jsonSchema.ts).
    const definition = route as Parameters<typeof forBody>[0];
    return route.httpPart === 'body' ? forBody(definition) : forText(definition);
  };
  app.setValidatorCompiler(compile);
  app.setSchemaErrorFormatter((errors, part) => refusalOf(errors, part));
}

const PARTS_FR: Readonly<Record<string, string>> = {
  body: 'requête',
  querystring: 'paramètres de la requête',
  params: 'adresse',
};

const COMPARISONS_FR: Readonly<Record<string, string>> = { '<=': '≤', '>=': '≥', '<': '<', '>': '>' };

const TYPES_FR: Readonly<Record<string, string>> = {
  number: 'un nombre',
  integer: 'un nombre entier',
  string: 'un texte',
  boolean: 'vrai ou faux',
  object: 'un objet',
  array: 'une liste',
  null: 'null',
};

/** What is wrong with the value at the error's place, in words (the field is named before). */
function reasonOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'manquant';
    case 'type':
      return `doit être ${String(params.type)
        .split(',')
        .map((type) => TYPES_FR[type] ?? type)
        .join(' ou ')}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `hors limites (${COMPARISONS_FR[String(params.comparison)] ?? ''} ${String(params.limit)})`;
    case 'minLength':
    case 'maxLength':
      return `longueur hors limites (${error.keyword === 'minLength' ? '≥' : '≤'} ${String(params.limit)})`;
    case 'minItems':
    case 'maxItems':
      return `nombre d'éléments hors limites (${error.keyword === 'minItems' ? '≥' : '≤'} ${String(params.limit)})`;
    case 'pattern':
    case 'format':
      return 'format invalide';
    default:
      return 'valeur non acceptée';
  }
}

/**
 * The refusal of a request whose `part` (body, querystring, params) does not match its schema, from Ajv's first
 * error: `unknown_field` for a column the route does not take, `validation_failed` naming the field otherwise.
 * `what` names the table of a REST route; a row's index in a batch is left out of the field's path.
 */
export function refusalOf(errors: readonly ErrorObject[], part: string, what?: string): DomainError {
  const [error] = errors;
  const steps = (error?.instancePath ?? '').split('/').slice(1).map(decodePointer);
  if (what !== undefined && part === 'body' && /^\d+$/.test(steps[0] ?? '')) steps.shift();
  const subject = what ?? PARTS_FR[part] ?? part;
  if (error === undefined) return new DomainError('invalid', 'validation_failed', `${subject} : invalide`);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const field = [...steps, String(params.additionalProperty)].join('.');
    return new DomainError('invalid', 'unknown_field', `${subject} : champ non accepté « ${field} »`);
  }
  if (what !== undefined && steps.length === 0 && /^m(in|ax)Items$/.test(error.keyword)) {
    return new DomainError('invalid', 'batch_size', `Envoyez entre 1 et ${BATCH_SIZE} lignes par requête`);
  }
  if (error.keyword === 'required') steps.push(String(params.missingProperty));
  const field = steps.length === 0 ? '' : `${steps.join('.')} `;
  return new DomainError('invalid', 'validation_failed', `${subject} : ${field}${reasonOf(error)}`);
}

/** A JSON Pointer step as the field's name (RFC 6901: ~1 is /, ~0 is ~). */
const decodePointer = (step: string) => step.replace(/~1/g, '/').replace(/~0/g, '~');
