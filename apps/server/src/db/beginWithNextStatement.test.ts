// On PostgreSQL a transaction's BEGIN goes out with its first statement when that one has no parameters
// (database.ts): what is sent, and that the statements still run in one transaction with their own answers.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { shopScopeStatement, withLockedShop, withShop } from './shopScope.js';
import { newId } from '@hanouti/core';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const shopId = '0195f0a2-7c1e-7000-8000-0000000000aa';

describe('the shop scope statement', () => {
  it('writes a UUID into its text and refuses anything else', () => {
    expect(() => shopScopeStatement(shopId)).not.toThrow();
    for (const bad of ["x', true); drop table shops; --", '', 'not-a-uuid', `${shopId} `, `${shopId}'`]) {
      expect(() => shopScopeStatement(bad)).toThrow(TypeError);
    }
  });
});

describe.runIf(testDatabaseUrl)('BEGIN with the next statement (PostgreSQL)', () => {
  let database: DatabaseHandle;
  const sent: string[] = [];
  const names: (string | undefined)[] = [];

  beforeAll(async () => {
    // Every query a connection sends goes through the prototype's query (database.ts binds it per connection).
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the connection as `this`
    const original = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      if (typeof text === 'string') sent.push(text.trim().replace(/\s+/g, ' ').toLowerCase());
      names.push(typeof config === 'object' ? (config as { name?: string } | null)?.name : undefined);
      return (original as (...rest: unknown[]) => unknown).apply(this, args) as never;
    });
    database = await openDatabase({ databaseUrl: testDatabaseUrl });
  });
  afterAll(async () => {
    await database.close();
    vi.restoreAllMocks();
  });

  const sending = async (work: () => Promise<unknown>) => {
    sent.length = 0;
    names.length = 0;
    await work();
    return [...sent];
  };

  it("sends a shop's BEGIN and scope as one query, then its statements, then COMMIT", async () => {
    let answer: unknown;
    const queries = await sending(async () => {
      answer = await withShop(database.db, shopId, async (tx) => {
        const { rows } = await tx.execute<{ shop: string; role: string }>(
          sql`select current_setting('app.shop_id') as shop, current_user as role`,
        );
        return rows[0];
      });
    });
    expect(answer).toEqual({ shop: shopId, role: 'hanouti_app' });
    expect(queries).toHaveLength(3);
    expect(queries[0]).toMatch(/^begin; select set_config\('app\.shop_id', '[0-9a-f-]{36}', true\)/);
    expect(queries[2]).toBe('commit');
    expect(queries.filter((text) => text === 'begin')).toEqual([]);
  });

  it("starts a locked shop's transaction in one query — BEGIN, scope, lock — and the lock holds", async () => {
    await database.migrate();
    const lockedShop = newId();
    await database.db.execute(sql`insert into shops (id, name) values (${lockedShop}, 'Verrou')`);
    try {
      let seen: unknown;
      const queries = await sending(async () => {
        seen = await withLockedShop(database.db, lockedShop, async (tx, changeSeq) => {
          const { rows } = await tx.execute<{ role: string; plans: string }>(
            sql`select current_user as role, current_setting('plan_cache_mode') as plans`,
          );
          return [changeSeq, rows[0]?.role, rows[0]?.plans];
        });
      });
      expect(seen).toEqual([0, 'hanouti_app', 'force_generic_plan']);
      expect(queries).toHaveLength(3);
      expect(queries[0]).toMatch(
        /^begin; select set_config\('app\.shop_id', '[0-9a-f-]{36}', true\), set_config\('role', 'hanouti_app', true\); set local plan_cache_mode = force_generic_plan; select change_seq from shops where id = '[0-9a-f-]{36}' for update$/,
      );
      expect(queries[2]).toBe('commit');
      // Two writers at once: the second reads the number the first committed (without the lock both read 0).
      const bump = () =>
        withLockedShop(database.db, lockedShop, async (tx, changeSeq) => {
          await tx.execute(sql`select pg_sleep(0.05)`);
          await tx.execute(sql`update shops set change_seq = ${changeSeq + 1} where id = ${lockedShop}`);
          return changeSeq;
        });
      expect((await Promise.all([bump(), bump()])).sort()).toEqual([0, 1]);
      // The setting was the transaction's own.
      const { rows } = await database.db.execute<{ plans: string }>(
        sql`select current_setting('plan_cache_mode') as plans`,
      );
      expect(rows[0]?.plans).toBe('auto');
    } finally {
      await database.db.execute(sql`delete from shops where id = ${lockedShop}`);
    }
  });

  it('keeps every statement in the one transaction, the merged one answering with its own rows', async () => {
    const ids = await database.db.transaction(async (tx) => {
      const first = await tx.execute<{ id: string }>(sql`select txid_current()::text as id`);
      const second = await tx.execute<{ id: string }>(sql`select txid_current()::text as id`);
      return [first.rows[0]?.id, second.rows[0]?.id];
    });
    expect(ids[0]).toMatch(/^\d+$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('sends BEGIN alone before a first statement with parameters, and rolls a failure back', async () => {
    await database.db.execute(sql`create table if not exists begin_merge_probe (n int)`);
    try {
      const queries = await sending(async () => {
        await expect(
          database.db.transaction(async (tx) => {
            await tx.execute(sql`insert into begin_merge_probe values (${7})`);
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
      });
      expect(queries).toEqual(['begin', 'insert into begin_merge_probe values ($1)', 'rollback']);
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from begin_merge_probe`,
      );
      expect(rows[0]?.n).toBe(0);
    } finally {
      await database.db.execute(sql`drop table if exists begin_merge_probe`);
    }
  });

  it('sends nothing for a transaction that ends before its first statement, and leaves no BEGIN waiting', async () => {
    const queries = await sending(async () => {
      await expect(
        database.db.transaction(() => {
          throw new Error('nothing to do');
        }),
      ).rejects.toThrow('nothing to do');
      await database.db.execute(sql`select 1 as one`);
    });
    expect(queries).toEqual(['select 1 as one']);
  });

  it('rolls back a statement that fails in the merged query, and the connection serves the next one', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    const { rows } = await database.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows[0]?.one).toBe(1);
  });

  it('names a statement with parameters once it comes back, and it answers the same', async () => {
    const text = (n: number) => sql`select ${n}::int * 2 as twice, 'naming probe' as probe`;
    const answers: unknown[] = [];
    const queries = await sending(async () => {
      for (let n = 1; n <= 5; n++) answers.push((await database.db.execute(text(n))).rows[0]);
    });
    expect(answers).toEqual([1, 2, 3, 4, 5].map((n) => ({ twice: n * 2, probe: 'naming probe' })));
    expect(queries).toHaveLength(5);
    // The first two go unnamed; from the third on, one name, the same each time.
    expect(names.slice(0, 2)).toEqual([undefined, undefined]);
    expect(names[2]).toMatch(/^hanouti_[0-9a-f]{32}$/);
    expect(new Set(names.slice(2))).toEqual(new Set([names[2]]));
  });
});

describe('a locked shop on PGlite', () => {
  it('takes the lock in statements of their own and gives the change number', async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      const lockedShop = newId();
      await database.db.execute(
        sql`insert into shops (id, name, change_seq) values (${lockedShop}, 'Verrou', 41)`,
      );
      const seen = await withLockedShop(database.db, lockedShop, async (tx, changeSeq) => {
        const { rows } = await tx.execute<{ shop: string }>(
          sql`select current_setting('app.shop_id') as shop`,
        );
        return [changeSeq, rows[0]?.shop];
      });
      expect(seen).toEqual([41, lockedShop]);
      await expect(withLockedShop(database.db, newId(), () => Promise.resolve())).rejects.toThrow(
        'not found',
      );
    } finally {
      await database.close();
    }
  });
});
