// Runs a shop's work in one transaction, walled in by row-level security as the non-owner role hanouti_app.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './database.js';

/** The transaction handed to a shop's work: the same query builder as the database. */
export type ShopTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * One transaction for `shopId`: `app.shop_id` is set for it and the role is hanouti_app, so the
 * policies of migration 0002 let it see and write that shop's rows only. Every query inside still
 * filters by shop_id itself: the policies are the second wall, not the first.
 */
export function withShop<T>(db: Database, shopId: string, work: (tx: ShopTx) => Promise<T>): Promise<T> {
  const scope = shopScopeStatement(shopId);
  return db.transaction(async (tx) => {
    await tx.execute(scope);
    return work(tx);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Both settings in one statement (set_config('role', …, true) is SET LOCAL ROLE), with the shop's id written in
 * the text — a UUID, checked here, so nothing else can reach the SQL — and no parameter: on PostgreSQL the
 * transaction's BEGIN then goes in the same round trip (database.ts, `sendStatementsInFewerRoundTrips`).
 */
export function shopScopeStatement(shopId: string): SQL {
  if (!UUID.test(shopId)) throw new TypeError('A shop id is a UUID');
  return sql.raw(
    `select set_config('app.shop_id', '${shopId}', true), set_config('role', 'hanouti_app', true)`,
  );
}
