// The key that signs access tokens: AUTH_SECRET when given, else one made once and kept in server_meta.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { serverMeta } from '../db/schema.js';
import { newSigningSecret, tokenKeyFrom, type TokenKey } from './tokens.js';

const SECRET_KEY = 'auth.signing-secret';

/**
 * Every server of a deployment must sign with the same key: the generated one lives in the shared
 * database, so servers behind a load balancer (and a restarted server) accept each other's tokens.
 */
export async function loadSigningKey(db: Database, configured: string | undefined): Promise<TokenKey> {
  if (configured !== undefined) return tokenKeyFrom(configured);
  await db.insert(serverMeta).values({ key: SECRET_KEY, value: newSigningSecret() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverMeta.value })
    .from(serverMeta)
    .where(eq(serverMeta.key, SECRET_KEY));
  if (!row) throw new Error('token signing secret missing from server_meta');
  return tokenKeyFrom(row.value);
}
