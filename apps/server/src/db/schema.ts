// Server database schema (Drizzle): the source that drizzle-kit turns into the SQL migrations in ../../drizzle.
//
// RULE for every table added from now on: it belongs to one shop and carries `shop_id uuid not null`
// as the FIRST column of its primary key — (shop_id, id) — and of every unique constraint and foreign key.
// That keeps shops apart (the shop comes from the token, never from the body) and lets the database be
// distributed by shop_id with Citus without a schema change: Citus requires the distribution column in
// every primary key and unique constraint, and co-locates a shop's rows so its transactions stay on one node.
// The only exceptions are the two tables below: `shops` is keyed by the shop id itself (distributed by `id`),
// and `server_meta` holds a few server-wide facts (a Citus reference table, copied to every node).
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One shop account: every device and every record of the shop hangs off this id. */
export const shops = pgTable('shops', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Server-wide facts as key → value (not shop data; never put anything a shop owns here). */
export const serverMeta = pgTable('server_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
