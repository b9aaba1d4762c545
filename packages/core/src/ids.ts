// Record ids: UUIDv7 made on the device, so records sort by creation time and never collide across phones.
import { v7, validate } from 'uuid';

export function newId(): string {
  return v7();
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && validate(value);
}
