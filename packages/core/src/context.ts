// What a rule that writes a record needs from the outside world: the time, fresh ids and the device.

export type DomainContext = {
  /** ISO timestamp of the operation. */
  now: string;
  /** A fresh UUIDv7 for each new record. */
  newId: () => string;
  deviceId?: string;
};
