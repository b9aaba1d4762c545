// Runs a shop's work in one transaction, walled in by row-level security as the non-owner role hanouti_app.
import { sql, type SQL } from 'drizzle-orm';
import { takesScripts, type Database } from './database.js';

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

/** The locked transaction's plan setting (see withLockedShop), for that transaction only. */
const GENERIC_PLANS = 'set local plan_cache_mode = force_generic_plan';

/**
 * Like `withShop`, with the shop row locked (`FOR UPDATE`) before `work` starts, which gets the shop's change
 * number as it stood. On PostgreSQL the scope and the lock go as one script, and with the transaction's BEGIN
 * (database.ts): a shop's locked transaction starts in one round trip instead of two. The lock is its own
 * statement, after the scope (its row-level security is the shop's role), so a statement after it reads what
 * the writer before it committed.
 *
 * On PostgreSQL the transaction also plans its named statements once (`plan_cache_mode = force_generic_plan`,
 * for this transaction only): a push's statements have a fixed text and look rows up by key, and PostgreSQL
 * otherwise re-planned them at every push (its custom plans were never costed worse than the generic one) —
 * 0.3–0.55 ms of planning per statement. Measured on `npm run bench:sync` at 2,000 ops/s: PostgreSQL's CPU per
 * op 0.39–0.43 → 0.21–0.26 ms, push p95 75–83 → 23–29 ms (docs/scaling.md).
 */
export function withLockedShop<T>(
  db: Database,
  shopId: string,
  work: (tx: ShopTx, changeSeq: number) => Promise<T>,
): Promise<T> {
  const scope = shopScopeText(shopId);
  const lock = `select change_seq from shops where id = '${shopId}' for update`;
  return db.transaction(async (tx) => {
    let rows: Record<string, unknown>[];
    if (takesScripts(db)) {
      ({ rows } = await tx.execute(sql.raw(`${scope}; ${GENERIC_PLANS}; ${lock}`)));
    } else {
      await tx.execute(sql.raw(scope));
      ({ rows } = await tx.execute(sql.raw(lock)));
    }
    const [shop] = rows;
    if (!shop) throw new Error(`shop ${shopId} not found`);
    return work(tx, Number(shop.change_seq));
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Both settings in one statement (set_config('role', …, true) is SET LOCAL ROLE), with the shop's id written in
 * the text — a UUID, checked here, so nothing else can reach the SQL — and no parameter: on PostgreSQL the
 * transaction's BEGIN then goes in the same round trip (database.ts, `sendStatementsInFewerRoundTrips`).
 */
export function shopScopeStatement(shopId: string): SQL {
  return sql.raw(shopScopeText(shopId));
}

function shopScopeText(shopId: string): string {
  if (!UUID.test(shopId)) throw new TypeError('A shop id is a UUID');
  return `select set_config('app.shop_id', '${shopId}', true), set_config('role', 'hanouti_app', true)`;
}
