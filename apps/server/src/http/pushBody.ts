// How a push's JSON body is read: like every other body (a `__proto__` or `constructor.prototype` key is never
// merged into an object), except that such a key inside ONE operation's payload refuses that operation alone.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PrototypeKeyPayload } from '../sync/operationService.js';

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Makes `scope` (a plugin holding the push route only) read JSON bodies with `readPushBody`. Fastify's own
 * parser, set to refuse poisoning (app.ts), stays the one every other route uses, and reads every clean push.
 */
export function usePushBodyParser(scope: FastifyInstance): void {
  const strict = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: ParserDone) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      void strict(request, text, (error: Error | null, parsed?: unknown) => {
        if (error === null) return done(null, parsed);
        const settled = readPoisonedPushBody(text);
        // Not JSON at all, or a forbidden key outside any operation's payload: Fastify's own refusal (400).
        if (settled === undefined) return done(error);
        done(null, settled);
      });
    },
  );
}

/**
 * A push whose text Fastify's parser refused for a prototype key: when it is valid JSON and every such key sits
 * inside an operation's payload, the body with each of those payloads replaced by a PrototypeKeyPayload (the
 * operation is then settled as rejected, 'invalid-payload', and the others go on). Otherwise undefined.
 *
 * JSON.parse defines `__proto__` as an own property (it never sets a prototype); the poisoned payloads are
 * dropped here, before any other code sees them, and the body is checked again for any key left elsewhere.
 */
export function readPoisonedPushBody(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ops = (body as { ops?: unknown } | null)?.ops;
  if (Array.isArray(ops)) {
    for (const op of ops as unknown[]) {
      if (op === null || typeof op !== 'object' || !Object.hasOwn(op, 'payload')) continue;
      const holder = op as { payload: unknown };
      if (holdsPrototypeKey(holder.payload))
        holder.payload = new PrototypeKeyPayload(digestOf(holder.payload));
    }
  }
  return holdsPrototypeKey(body) ? undefined : body;
}

/**
 * Whether a parsed JSON value holds, at any depth, a `__proto__` key or a `constructor` key whose value has a
 * `prototype` key: what Fastify refuses (secure-json-parse). Walks with its own stack (bodies nest deep).
 */
export function holdsPrototypeKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object' || current instanceof PrototypeKeyPayload) continue;
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
      continue;
    }
    if (Object.hasOwn(current, '__proto__')) return true;
    for (const [key, field] of Object.entries(current) as [string, unknown][]) {
      if (
        key === 'constructor' &&
        field !== null &&
        typeof field === 'object' &&
        Object.hasOwn(field, 'prototype')
      )
        return true;
      stack.push(field);
    }
  }
  return false;
}

/**
 * What tells two poisoned payloads apart (the same op id pushed again with another content is a conflict): their
 * JSON text as parsed, or, for one too deep to write out, nothing (the envelope alone tells them apart).
 */
function digestOf(payload: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(payload);
  } catch {
    text = 'too-deep';
  }
  return createHash('sha256').update(text).digest('hex');
}
