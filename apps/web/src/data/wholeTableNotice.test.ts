import { Dexie, liveQuery, type ObservabilitySet } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bulkPutFast } from './bulkPutFast';
import { db, tx } from './db';
import { resetDatabase } from './testDatabase';
import { LARGE_WRITE } from './wholeTableNotice';

beforeEach(resetDatabase);

const movements = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    productId: crypto.randomUUID(),
    kind: 'adjustment' as const,
    delta: 1,
    at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
  }));

describe('the change notice of a large write', () => {
  let notices: ObservabilitySet[] = [];
  const listen = (parts: ObservabilitySet) => void notices.push(parts);
  beforeEach(() => {
    notices = [];
    Dexie.on('storagemutated', listen);
  });
  afterEach(() => Dexie.on('storagemutated').unsubscribe(listen));

  const part = (parts: ObservabilitySet | undefined) => parts?.[`idb://${db.name}/stockMovements/`];

  it('names the whole table once, not every key, and live queries still see the write', async () => {
    const seen: number[] = [];
    const subscription = liveQuery(() =>
      tx('r', ['stockMovements'], (t) => t.stockMovements.count()),
    ).subscribe((n) => seen.push(n));
    await tx('rw', ['stockMovements'], (t) => t.stockMovements.bulkPut(movements(LARGE_WRITE + 500)));
    const whole = part(notices.at(-1));
    expect(whole).toMatchObject({ from: -Infinity });
    // A single range, not a tree of per-key ranges (Dexie's interval tree keeps children in `l` and `r`).
    const tree = whole as { l?: unknown; r?: unknown } | undefined;
    expect(tree?.l ?? null).toBeNull();
    expect(tree?.r ?? null).toBeNull();
    await expect.poll(() => seen.at(-1)).toBe(LARGE_WRITE + 500);
    subscription.unsubscribe();
  });

  it("a fast bulk put (an import's) writes every record, tells live queries, and fails whole", async () => {
    const seen: number[] = [];
    const subscription = liveQuery(() =>
      tx('r', ['stockMovements'], (t) => t.stockMovements.count()),
    ).subscribe((n) => seen.push(n));
    const records = movements(3 * LARGE_WRITE);
    await tx('rw', ['stockMovements'], (t) => bulkPutFast(t.stockMovements, records));
    expect(
      await tx('r', ['stockMovements'], (t) => t.stockMovements.bulkGet(records.map((r) => r.id))),
    ).toEqual(records);
    expect(part(notices.at(-1))).toMatchObject({ from: -Infinity });
    await expect.poll(() => seen.at(-1)).toBe(3 * LARGE_WRITE);

    // A record IndexedDB refuses (no key) among the bare puts: nothing of the transaction is kept.
    const more = movements(3 * LARGE_WRITE);
    const broken = [
      ...more.slice(0, 10),
      { ...more[10]!, id: undefined as unknown as string },
      ...more.slice(11),
    ];
    await expect(
      tx('rw', ['stockMovements', 'meta'], async (t) => {
        await t.meta.put({ key: 'written-before', value: true });
        await bulkPutFast(t.stockMovements, broken);
      }),
    ).rejects.toThrow();
    expect(
      await tx('r', ['stockMovements', 'meta'], async (t) => [
        await t.stockMovements.count(),
        await t.meta.get('written-before'),
      ]),
    ).toEqual([3 * LARGE_WRITE, undefined]);
    subscription.unsubscribe();
  });

  it('leaves small writes (a sale) with their own keys', async () => {
    await tx('rw', ['stockMovements'], (t) => t.stockMovements.bulkPut(movements(3)));
    expect(part(notices.at(-1))).not.toMatchObject({ from: -Infinity });
  });
});
