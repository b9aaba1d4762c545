// Pull: the shop's records changed after a cursor, in change order, one page at a time.
import {
  formatCursor,
  parseCursor,
  type SyncChange,
  type SyncEntity,
  type PullResponse,
  SYNC_PROTOCOL_VERSION,
} from '@hanouti/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { devices } from '../db/schema.js';
import { withShop } from '../db/shopScope.js';
import type { Caller } from '../auth/tokens.js';
import { DomainError } from '../domain/errors.js';

type FeedRow = {
  entity: SyncEntity;
  id: string;
  data: Record<string, unknown> | null;
  hlc: string | null;
  deleted: boolean;
  server_seq: string | number;
  stock: string | number | null;
  credit_balance: string | number | null;
  total_purchases: string | number | null;
  last_purchase: Date | string | null;
};

/** The seq a cursor stands for in the caller's shop; another shop's cursor is refused (403). */
export function cursorSeq(caller: Caller, cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  const parsed = parseCursor(cursor);
  if (!parsed) throw new DomainError('invalid', 'invalid_cursor', 'Curseur de synchronisation invalide');
  if (parsed.shopId !== caller.shopId) {
    throw new DomainError('forbidden', 'cursor_other_shop', "Ce curseur n'appartient pas à cette boutique");
  }
  return parsed.seq;
}

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The record as the devices know it: stored fields plus the server's caches. */
function changeOf(row: FeedRow): SyncChange {
  const seq = Number(row.server_seq);
  if (row.deleted || row.data === null) {
    return { seq, entity: row.entity, id: row.id, deleted: true, ...(row.hlc ? { hlc: row.hlc } : {}) };
  }
  const base = { seq, id: row.id, deleted: false as const };
  switch (row.entity) {
    case 'product':
      return {
        ...base,
        entity: 'product',
        hlc: row.hlc ?? '',
        record: { ...row.data, stock: Number(row.stock) } as never,
      };
    case 'customer':
      return {
        ...base,
        entity: 'customer',
        hlc: row.hlc ?? '',
        record: {
          ...row.data,
          creditBalance: Number(row.credit_balance),
          totalPurchases: Number(row.total_purchases),
          ...(row.last_purchase !== null ? { lastPurchase: toIso(row.last_purchase) } : {}),
        } as never,
      };
    case 'settings':
      return { ...base, entity: 'settings', hlc: row.hlc ?? '', record: row.data as never };
    case 'sale':
      return { ...base, entity: 'sale', record: row.data as never };
    case 'stockMovement':
      return { ...base, entity: 'stockMovement', record: row.data as never };
    case 'creditTransaction':
      return { ...base, entity: 'creditTransaction', record: row.data as never };
    case 'supplier':
      // The supplier's balance travels in the credit_balance column of the feed.
      return {
        ...base,
        entity: 'supplier',
        hlc: row.hlc ?? '',
        record: { ...row.data, balance: Number(row.credit_balance) } as never,
      };
    case 'supplierEntry':
      return { ...base, entity: 'supplierEntry', record: row.data as never };
  }
}

export async function pullChanges(
  db: Database,
  caller: Caller,
  cursor: string | undefined,
  limit: number,
): Promise<PullResponse> {
  const after = cursorSeq(caller, cursor);
  const shop = caller.shopId;
  const { rows, acknowledgedSeq } = await withShop(db, shop, async (tx) => {
    const result = await tx.execute<FeedRow>(sql`
      select * from (
        select 'product' as entity, id::text as id, data, hlc, deleted, server_seq,
               stock::text as stock, null::bigint as credit_balance, null::bigint as total_purchases,
               null::timestamptz as last_purchase
          from products where shop_id = ${shop} and server_seq > ${after}
        union all
        select 'customer', id::text, data, hlc, deleted, server_seq, null, credit_balance, total_purchases, last_purchase
          from customers where shop_id = ${shop} and server_seq > ${after}
        union all
        select 'settings', id, data, hlc, false, server_seq, null, null, null, null
          from settings where shop_id = ${shop} and server_seq > ${after}
        union all
        select 'sale', id::text, data, null, deleted, server_seq, null, null, null, null
          from sales where shop_id = ${shop} and server_seq > ${after}
        union all
        select 'stockMovement', id::text, data, null, false, server_seq, null, null, null, null
          from stock_movements where shop_id = ${shop} and server_seq > ${after}
        union all
        select 'creditTransaction', id::text, data, null, deleted, server_seq, null, null, null, null
          from credit_transactions where shop_id = ${shop} and server_seq > ${after}
        union all
        select 'supplier', id::text, data, hlc, deleted, server_seq, null, balance, null, null
          from suppliers where shop_id = ${shop} and server_seq > ${after}
        union all
        select 'supplierEntry', id::text, data, null, deleted, server_seq, null, null, null, null
          from supplier_entries where shop_id = ${shop} and server_seq > ${after}
      ) feed
      order by server_seq
      limit ${limit}`);
    const [device] = await tx
      .select({ lastSeq: devices.lastSeq })
      .from(devices)
      .where(and(eq(devices.shopId, shop), eq(devices.id, caller.deviceId)));
    return { rows: result.rows, acknowledgedSeq: device?.lastSeq ?? 0 };
  });
  const changes = rows.map(changeOf);
  const last = changes.at(-1)?.seq ?? after;
  return {
    protocol: SYNC_PROTOCOL_VERSION,
    changes,
    cursor: formatCursor(shop, last),
    hasMore: changes.length === limit,
    acknowledgedSeq,
  };
}
