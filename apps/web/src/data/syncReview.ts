// Reads for the sync screens: the operations the server refused ("À vérifier").
import { tx, type OutboxEntry } from './db';

/** Refused operations, newest first. */
export function listRejectedOperations(): Promise<OutboxEntry[]> {
  return tx('r', ['outbox'], async (t) =>
    (await t.outbox.where('status').equals('rejected').sortBy('seq')).reverse(),
  );
}
