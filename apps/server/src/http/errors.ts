// One error shape for every API answer, { error: code, message }, never a stack trace; the one place where a
// service's DomainError becomes an HTTP status.
import type { FastifyError, FastifyInstance } from 'fastify';
import { sqlStateOf } from '../db/sqlState.js';
import { DomainError, type DomainErrorKind } from '../domain/errors.js';

/** What every failed request receives. `error` is a stable code for programs, `message` is for people. */
export interface ErrorBody {
  error: string;
  message: string;
}

/**
 * Thrown by the HTTP layer itself for a failure that only exists in HTTP (a media type, the rate limit): the client
 * gets this status, code and message. Services throw DomainError instead.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound: ErrorBody = { error: 'not_found', message: 'Ressource introuvable' };
const internalError: ErrorBody = { error: 'internal_error', message: 'Erreur interne du serveur' };
const serviceUnavailable: ErrorBody = {
  error: 'service_unavailable',
  message: 'Service momentanément indisponible',
};

const knownFailures: Readonly<Partial<Record<number, ErrorBody>>> = {
  400: { error: 'bad_request', message: 'Requête invalide' },
  401: { error: 'unauthorized', message: 'Authentification requise' },
  403: { error: 'forbidden', message: 'Accès refusé' },
  404: notFound,
  405: { error: 'method_not_allowed', message: 'Méthode non autorisée' },
  406: { error: 'not_acceptable', message: 'Format de réponse non disponible' },
  408: { error: 'request_timeout', message: 'Délai de la requête dépassé' },
  409: { error: 'conflict', message: 'Conflit avec les données existantes' },
  413: { error: 'payload_too_large', message: 'Requête trop volumineuse' },
  415: { error: 'unsupported_media_type', message: 'Type de contenu non pris en charge' },
  429: { error: 'too_many_requests', message: 'Trop de requêtes, réessayez plus tard' },
};

/** The status of each kind of refusal a service may throw. */
export const STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  busy: 429,
  unavailable: 503,
};

type AnyError = FastifyError | ApiError | DomainError;

/** The HTTP status an error should produce: its kind's, or its own 4xx/5xx status, otherwise 500. */
export function statusOf(error: { statusCode?: unknown } | DomainError): number {
  if (error instanceof DomainError) return STATUS_OF_KIND[error.kind];
  const status = error.statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : 500;
}

/** What the client may see of an error: our own messages and validation details, nothing internal. */
export function errorBodyFor(error: AnyError, status: number): ErrorBody {
  if (error instanceof ApiError || error instanceof DomainError)
    return { error: error.code, message: error.message };
  if (status === 400 && 'validation' in error && error.validation !== undefined) {
    // Schema validation messages name the offending field, which an integrator needs; they hold no secrets.
    return { error: 'validation_failed', message: error.message };
  }
  if (status >= 500) return status === 503 ? serviceUnavailable : internalError;
  return knownFailures[status] ?? { error: 'request_failed', message: 'Requête refusée' };
}

function errorCodeOf(error: AnyError): string | undefined {
  return typeof error.code === 'string' ? error.code : undefined;
}

/**
 * What a log may hold of a server error: its kind, SQL state and SQL text (parameters are placeholders), and
 * for errors of our own code their message and stack; never a driver's message, which quotes the values.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const chain: unknown[] = [];
  for (let current = error; current instanceof Error && chain.length < 5; current = current.cause) {
    chain.push(current);
  }
  const sqlState = sqlStateOf(error);
  const fromDatabase =
    sqlState !== undefined || chain.some((link) => (link as Error).name === 'DrizzleQueryError');
  const first = chain[0] as (Error & { query?: unknown }) | undefined;
  if (!first) return { type: typeof error };
  if (!fromDatabase) return { type: first.name, message: first.message, stack: first.stack };
  return {
    type: first.name,
    ...(sqlState === undefined ? {} : { sqlState }),
    ...(typeof first.query === 'string' ? { query: first.query } : {}),
  };
}

/** Installs the JSON error and not-found answers on the whole server. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<AnyError>((error, request, reply) => {
    const status = statusOf(error);
    // Never the error itself: a failed query's message carries its parameters (names, phones, payloads).
    if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    else request.log.debug({ statusCode: status, code: errorCodeOf(error) }, 'request refused');
    return reply.code(status).type('application/json; charset=utf-8').send(errorBodyFor(error, status));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('application/json; charset=utf-8').send(notFound),
  );
}
