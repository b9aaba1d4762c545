// Runs a shop's work in one transaction, walled in by row-level security as the non-owner role hanouti_app.
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';

/** The transaction handed to a shop's work: the same query builder as the database. */
export type ShopTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * One transaction for `shopId`: `app.shop_id` is set for it and the role is hanouti_app, so the
 * policies of migration 0002 let it see and write that shop's rows only. Every query inside still
 * filters by shop_id itself: the policies are the second wall, not the first.
 */
export function withShop<T>(db: Database, shopId: string, work: (tx: ShopTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip for both (set_config('role', …, true) is SET LOCAL ROLE).
    await tx.execute(
      sql`select set_config('app.shop_id', ${shopId}, true), set_config('role', 'hanouti_app', true)`,
    );
    return work(tx);
  });
}
