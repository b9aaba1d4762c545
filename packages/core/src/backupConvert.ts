// Reads one field of an untrusted backup record: decimal MAD, quantities, dates, ids and data URLs.
import { v5 } from 'uuid';
import { isUuid } from './ids.js';
import { centimesFromMad, roundKg } from './money.js';
import type { Centimes } from './entities.js';

/** Why one record of a backup was refused (the file as a whole may still be imported). */
export type RecordRejectionCode =
  | 'not-an-object'
  | 'invalid-id'
  | 'invalid-money'
  | 'invalid-quantity'
  | 'invalid-date'
  | 'invalid-field'
  | 'invalid-photo'
  | 'duplicate-id'
  | 'no-valid-item';

/** Thrown while converting one record; caught by the importer, which rejects that record only. */
export class RecordRejected extends Error {
  constructor(
    readonly code: RecordRejectionCode,
    readonly field?: string,
  ) {
    super(field === undefined ? code : `${code}: ${field}`);
  }
}

export type RawRecord = Record<string, unknown>;

/** Ids that are not UUIDs are replaced by UUIDv5 in this namespace, so the same file always gives the same ids. */
export const BACKUP_ID_NAMESPACE = '01f86802-49ee-4c05-9537-fce41cddcd54';

export type IdKind =
  'product' | 'sale' | 'customer' | 'credit' | 'movement' | 'photo' | 'supplier' | 'supplierEntry';

/** Beyond this a stock, weight or threshold is a corrupt value, not a shop's. */
export const MAX_IMPORTED_QUANTITY = 1e9;

const ISO_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const STRICT_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const IMAGE_DATA_URL = /^data:image\/(?:jpeg|jpg|png|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

export function isRawRecord(value: unknown): value is RawRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** camelCase → snake_case: the original app's stored columns (purchase_price, is_bulk, …). */
const snakeNames = new Map<string, string>();
/** The snake_case form of a field name (a handful of names, asked for on every record: kept). */
function snakeCase(name: string): string {
  let snake = snakeNames.get(name);
  if (snake === undefined) {
    snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    snakeNames.set(name, snake);
  }
  return snake;
}

/** A field by its spec name, or by its snake_case column name; only own properties are read. */
export function field(raw: RawRecord, name: string): unknown {
  if (Object.hasOwn(raw, name)) return raw[name];
  const snake = snakeCase(name);
  return snake !== name && Object.hasOwn(raw, snake) ? raw[snake] : undefined;
}

/** null counts as absent: the original app's database wrote null for empty optional columns. */
function absent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/** A decimal MAD amount ≥ 0 as centimes; `fallback` only when the field is missing (null is not a price). */
export function readMoney(raw: RawRecord, name: string, fallback?: Centimes): Centimes {
  const value = field(raw, name);
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new RecordRejected('invalid-money', name);
  try {
    return centimesFromMad(value);
  } catch {
    throw new RecordRejected('invalid-money', name);
  }
}

/**
 * A stock, weight or threshold, to the gram (the app's precision: a stock is the sum of its movements in grams, so
 * a finer quantity would never add up with them); `fallback` only when the field is missing.
 */
export function readQuantity(raw: RawRecord, name: string, fallback?: number): number {
  const value = field(raw, name);
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_IMPORTED_QUANTITY) {
    throw new RecordRejected('invalid-quantity', name);
  }
  return roundKg(value);
}

export function readOptionalQuantity(raw: RawRecord, name: string): number | undefined {
  return absent(field(raw, name)) ? undefined : readQuantity(raw, name);
}

export function readString(raw: RawRecord, name: string, fallback?: string): string {
  const value = field(raw, name);
  if (absent(value) && fallback !== undefined) return fallback;
  if (typeof value !== 'string') throw new RecordRejected('invalid-field', name);
  return value;
}

export function readOptionalString(raw: RawRecord, name: string): string | undefined {
  const value = field(raw, name);
  if (absent(value)) return undefined;
  if (typeof value !== 'string') throw new RecordRejected('invalid-field', name);
  return value;
}

export function readBoolean(raw: RawRecord, name: string, fallback: boolean): boolean {
  const value = field(raw, name);
  if (absent(value)) return fallback;
  if (typeof value !== 'boolean') throw new RecordRejected('invalid-field', name);
  return value;
}

/**
 * A date as an ISO-8601 timestamp. Valid timestamps are kept as written; a date without a zone is read as
 * UTC (never as the importing phone's local time) and epoch milliseconds are accepted.
 */
export function normaliseDate(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (STRICT_ISO.test(value) && !Number.isNaN(Date.parse(value))) return value;
    const match = ISO_LIKE.exec(value.trim());
    if (!match) return undefined;
    const text = value.trim().replace(' ', 'T');
    const time = Date.parse(
      match[1] === undefined ? `${text.length === 10 ? `${text}T00:00` : text}Z` : text,
    );
    return Number.isNaN(time) ? undefined : new Date(time).toISOString();
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  return undefined;
}

export function readDate(raw: RawRecord, name: string, fallback?: string): string {
  const value = field(raw, name);
  if (absent(value) && fallback !== undefined) return fallback;
  const date = normaliseDate(value);
  if (date === undefined) throw new RecordRejected('invalid-date', name);
  return date;
}

export function readOptionalDate(raw: RawRecord, name: string): string | undefined {
  return absent(field(raw, name)) ? undefined : readDate(raw, name);
}

/** An id derived from another one, the same on every import (the import movement of a product, …). */
export function derivedId(purpose: string, fromId: string): string {
  return v5(`${purpose}:${fromId}`, BACKUP_ID_NAMESPACE);
}

/**
 * The id a record or a reference gets in this shop: a UUID as is (lower case), anything else (the original
 * app's "1699999999999", "p1") replaced by a UUID derived from kind and old id, so references follow.
 */
export function importedId(kind: IdKind, value: unknown): { id: string; regenerated: boolean } | undefined {
  if (isUuid(value)) return { id: value.toLowerCase(), regenerated: false };
  if (
    (typeof value === 'string' && value.trim() !== '') ||
    (typeof value === 'number' && Number.isFinite(value))
  ) {
    return { id: derivedId(kind, String(value)), regenerated: true };
  }
  return undefined;
}

/** A photo as a base64 image data URL within the size limit; anything else (a URL, a path) is refused. */
export function isImageDataUrl(value: unknown, maxChars: number): value is string {
  return typeof value === 'string' && value.length <= maxChars && IMAGE_DATA_URL.test(value);
}
