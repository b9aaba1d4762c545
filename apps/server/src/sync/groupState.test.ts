// A push reads the ops of its batch already stored by their ids: under row-level security that read must go
// through the primary key, not through every operation the shop ever recorded (its cost would grow with the
// shop's history). Checked on the plan PostgreSQL (and PGlite) actually runs, as the shop's role.
import { newId } from '@hanouti/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { withShop } from '../db/shopScope.js';
import { ENGINES } from '../testing/shopHarness.js';
import { groupStateQuery } from './operationService.js';

const HISTORY = 4_000;

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

/** Rows each node over `relation` produced, all loops counted. */
function rowsReadFrom(plan: PlanNode, relation: string): number {
  const own =
    plan['Relation Name'] === relation ? (plan['Actual Rows'] ?? 0) * (plan['Actual Loops'] ?? 1) : 0;
  return own + (plan.Plans ?? []).reduce((sum, child) => sum + rowsReadFrom(child, relation), 0);
}

describe.each(ENGINES)("a push's read of its stored ops (%s)", (engine) => {
  let database: DatabaseHandle;
  const shopId = newId();
  const stored: string[] = [];

  beforeAll(async () => {
    database = await openDatabase(
      engine === 'postgresql' ? { databaseUrl: process.env.TEST_DATABASE_URL } : {},
    );
    await database.migrate();
    await database.db.execute(sql`insert into shops (id, name) values (${shopId}::uuid, 'Historique')`);
    await database.db.execute(sql`
      insert into operations (shop_id, op_id, device_id, seq, type, payload, payload_hash, status)
      select ${shopId}::uuid, gen_random_uuid(), 'phone', g, 'sale.record', '{}'::jsonb, 'h', 'applied'
        from generate_series(1, ${HISTORY}::int) as g`);
    await database.db.execute(sql`analyze operations`);
    const { rows } = await database.db.execute<{ op_id: string }>(
      sql`select op_id::text as op_id from operations where shop_id = ${shopId}::uuid order by seq desc limit 3`,
    );
    stored.push(...rows.map((row) => row.op_id));
  });
  afterAll(async () => {
    await database.db.execute(sql`delete from operations where shop_id = ${shopId}::uuid`);
    await database.db.execute(sql`delete from shops where id = ${shopId}::uuid`);
    await database.close();
  });

  it('finds the stored ones among new ids, reading only those rows of a long history', async () => {
    const asked = [...stored, newId(), newId()];
    const { found, plans } = await withShop(database.db, shopId, async (tx) => {
      const query = groupStateQuery(shopId, ['phone'], asked);
      const answer = await tx.execute<{ op_id: string | null }>(query);
      // Several times, as a connection does: a prepared statement's plan may change after its fifth run. Then
      // with one generic plan, as a push's transaction plans its statements (withLockedShop).
      const plans: PlanNode[] = [];
      for (let run = 0; run < 14; run++) {
        if (run === 7) await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
        const { rows } = await tx.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
          sql`explain (analyze, format json) ${query}`,
        );
        const cell = rows[0]!['QUERY PLAN'];
        plans.push((typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: PlanNode }]) : cell)[0].Plan);
      }
      return { found: answer.rows.flatMap((row) => (row.op_id ? [row.op_id] : [])), plans };
    });
    expect(found.sort()).toEqual([...stored].sort());
    for (const plan of plans) expect(rowsReadFrom(plan, 'operations')).toBeLessThanOrEqual(asked.length);
  });
});
