// What a service refuses, in the shop's terms. Services throw these; only the HTTP layer (http/errors.ts) knows
// which status each kind becomes, so a service never speaks HTTP.

/** Why a request was refused, whatever carried it (REST, sync, accounts, recognition). */
export const DOMAIN_ERROR_KINDS = [
  /** The input is wrong: a field, a number out of the shop's limits, a malformed cursor. */
  'invalid',
  /** Nobody recognised: wrong password, expired session, unknown pairing code, removed phone. */
  'unauthenticated',
  /** Recognised, but not allowed: the owner's actions, another shop's cursor. */
  'forbidden',
  /** The shop has no such record (another shop's ids are simply not found). */
  'not_found',
  /** The record exists already: a log-in taken. */
  'conflict',
  /** Too much at once: try again in a moment. */
  'busy',
  /** The server cannot do it now: shutting down, database down. */
  'unavailable',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** An expected refusal: a stable `code` for programs and a French `message` for people. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = () => new DomainError('not_found', 'not_found', 'Ressource introuvable');
export const ownerOnly = () => new DomainError('forbidden', 'owner_only', 'Réservé au propriétaire');
export const deviceRevoked = () =>
  new DomainError('unauthenticated', 'device_revoked', 'Cet appareil a été retiré de la boutique');
