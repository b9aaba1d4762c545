import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, pgliteDirectory } from './database.js';
import type { DatabaseHandle } from './database.js';
import { serverMeta, shops } from './schema.js';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

async function appliedMigrations(database: DatabaseHandle): Promise<number> {
  const result = await database.db.execute<{ count: string | number }>(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count);
}

async function publicTables(database: DatabaseHandle): Promise<string[]> {
  const result = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = current_schema() order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

describe('migrations', () => {
  it('ships at least the initial migration with the package', () => {
    expect(journal.entries.length).toBeGreaterThan(0);
  });

  it('apply on an empty PGlite, then a second run is a no-op', async () => {
    const database = await openDatabase({});
    try {
      expect(database.kind).toBe('pglite');
      await database.migrate();
      expect(await publicTables(database)).toEqual(expect.arrayContaining(['server_meta', 'shops']));
      expect(await appliedMigrations(database)).toBe(journal.entries.length);

      await database.db
        .insert(shops)
        .values({ id: '0195f0a2-7c1e-7000-8000-000000000001', name: 'Hanout Atlas' });
      await database.migrate();
      expect(await appliedMigrations(database)).toBe(journal.entries.length);
      expect(await database.db.select({ name: shops.name }).from(shops)).toEqual([{ name: 'Hanout Atlas' }]);
    } finally {
      await database.close();
    }
  });
});

describe('PGlite in DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hanouti-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its files in DATA_DIR/pglite and finds the data again after a restart', async () => {
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.insert(serverMeta).values({ key: 'test.restart', value: 'kept' });
    await first.close();
    expect(readFileSync(join(pgliteDirectory(dataDir), 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);

    const second = await openDatabase({ dataDir });
    try {
      await second.migrate();
      expect(await appliedMigrations(second)).toBe(journal.entries.length);
      expect(await second.db.select({ value: serverMeta.value }).from(serverMeta)).toEqual([
        { value: 'kept' },
      ]);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(testDatabaseUrl)('PostgreSQL (TEST_DATABASE_URL)', () => {
  it('migrates, and migrating again — even from two servers at once — changes nothing', async () => {
    const [one, two] = await Promise.all([
      openDatabase({ databaseUrl: testDatabaseUrl }),
      openDatabase({ databaseUrl: testDatabaseUrl }),
    ]);
    try {
      expect(one.kind).toBe('postgresql');
      await Promise.all([one.migrate(), two.migrate()]);
      expect(await publicTables(one)).toEqual(expect.arrayContaining(['server_meta', 'shops']));
      expect(await appliedMigrations(one)).toBe(journal.entries.length);
      await one.migrate();
      expect(await appliedMigrations(two)).toBe(journal.entries.length);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('fails fast with a clear error when PostgreSQL does not answer', async () => {
    await expect(
      openDatabase({ databaseUrl: 'postgres://postgres:hunter2@127.0.0.1:1/none' }),
    ).rejects.toThrow(/^Cannot reach PostgreSQL at 127\.0\.0\.1:1\/none: connect ECONNREFUSED/);
    await expect(
      openDatabase({ databaseUrl: 'postgres://postgres:hunter2@127.0.0.1:1/none' }),
    ).rejects.not.toThrow(/hunter2/);
  });
});
