// Server database schema (Drizzle): the source that drizzle-kit turns into the SQL migrations in ../../drizzle.
//
// RULE for every table added from now on: it belongs to one shop and carries `shop_id uuid not null`
// as the FIRST column of its primary key — (shop_id, id) — and of every unique constraint and foreign key.
// That keeps shops apart (the shop comes from the token, never from the body) and lets the database be
// distributed by shop_id with Citus without a schema change: Citus requires the distribution column in
// every primary key and unique constraint, and co-locates a shop's rows so its transactions stay on one node.
// Exceptions: `shops` is keyed by the shop id itself (distributed by `id`); `server_meta` holds a few
// server-wide facts (a Citus reference table); `login_directory` and `pairing_codes` answer "which shop?"
// before a shop is known (at log-in and pairing) and hold nothing but that pointer (distributed by their key).
//
// Row-level security (migration 0002): every shop table has RLS enabled AND forced, with one policy
// `shop_id = current_setting('app.shop_id')`; the server runs each shop's work as the non-owner role
// hanouti_app with that setting (src/db/shopScope.ts).
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
/** Position in the shop's change feed: raised every time the row changes (pull returns rows above a cursor). */
const serverSeq = () => bigint('server_seq', { mode: 'number' }).notNull();
/** Units, or kg to the gram for bulk products: exact sums, no float drift. */
const quantity = (name: string) => numeric(name, { precision: 16, scale: 3, mode: 'number' });
const money = (name: string) => bigint(name, { mode: 'number' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One shop account: every device and every record of the shop hangs off this id. */
export const shops = pgTable('shops', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  /** The last number given out in the shop's change feed. Its row lock orders the shop's writes. */
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Server-wide facts as key → value (not shop data; never put anything a shop owns here). */
export const serverMeta = pgTable('server_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The owner's log-in: e-mail or phone and an argon2id hash. */
export const accounts = pgTable(
  'accounts',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.id] })],
);

/** Which shop a log-in belongs to (looked up before any shop is known). */
export const loginDirectory = pgTable('login_directory', {
  login: text('login').primaryKey(),
  shopId: uuid('shop_id').notNull(),
  accountId: uuid('account_id').notNull(),
});

/** A phone of the shop: the owner's, or a staff phone paired with a one-time code. */
export const devices = pgTable(
  'devices',
  {
    shopId: uuid('shop_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'staff'] }).notNull(),
    /** The highest seq of this device's operations the server has settled (applied or rejected). */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.id] })],
);

/** Rotating refresh tokens: only a hash of the secret is kept; a used token is never accepted again. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    deviceId: text('device_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.id] }), index('refresh_tokens_device').on(t.shopId, t.deviceId)],
);

/** One-time pairing codes shown on the owner's phone; only their hash is kept. */
export const pairingCodes = pgTable('pairing_codes', {
  codeHash: text('code_hash').primaryKey(),
  shopId: uuid('shop_id').notNull(),
  createdBy: text('created_by').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

/** Every operation the server has settled, with its acknowledgement: the idempotency record of sync. */
export const operations = pgTable(
  'operations',
  {
    shopId: uuid('shop_id').notNull(),
    opId: uuid('op_id').notNull(),
    deviceId: text('device_id').notNull(),
    /** Null for operations made on the server (table REST, cleanup). */
    seq: bigint('seq', { mode: 'number' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** sha-256 of the canonical JSON of the operation: tells a repeat from another op under the same id. */
    payloadHash: text('payload_hash').notNull(),
    status: text('status', { enum: ['applied', 'rejected'] }).notNull(),
    reason: text('reason'),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.opId] }), index('operations_rejected').on(t.shopId, t.status)],
);

/** Catalogue (last writer wins by HLC); `deleted` keeps the stamp of a removal so an older edit cannot revive it. */
export const products = pgTable(
  'products',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    data: jsonb('data'),
    hlc: text('hlc').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** Cache: Σ of the product's stock movements, recomputed in the transaction that adds one. */
    stock: quantity('stock').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    serverSeq: serverSeq(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index('products_feed').on(t.shopId, t.serverSeq),
    index('products_created').on(t.shopId, t.createdAt),
  ],
);

export const customers = pgTable(
  'customers',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    data: jsonb('data'),
    hlc: text('hlc').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** Cache: the customer's ledger summed (credits − payments, floored at 0). */
    creditBalance: money('credit_balance').notNull().default(0),
    /**
     * Cache: the date of the customer's latest live ledger entry (null: none). A new entry dated after it moves
     * the balance from `credit_balance` alone; one dated before it (a late phone) recounts the ledger. It may
     * stay later than the true latest after the cleanup removes an entry: that only sends the next entry the
     * recount's way, never a wrong balance.
     */
    creditLatest: timestamptz('credit_latest'),
    totalPurchases: money('total_purchases').notNull().default(0),
    lastPurchase: timestamptz('last_purchase'),
    createdAt: timestamptz('created_at').notNull(),
    serverSeq: serverSeq(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index('customers_feed').on(t.shopId, t.serverSeq),
    index('customers_created').on(t.shopId, t.createdAt),
  ],
);

export const settings = pgTable(
  'settings',
  {
    shopId: uuid('shop_id').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').notNull(),
    hlc: text('hlc').notNull(),
    serverSeq: serverSeq(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.id] }), index('settings_feed').on(t.shopId, t.serverSeq)],
);

/** Sales are append-only; `deleted` is set only by the full cleanup (duplicates, sales of missing products). */
export const sales = pgTable(
  'sales',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    data: jsonb('data').notNull(),
    customerId: uuid('customer_id'),
    date: timestamptz('date').notNull(),
    total: money('total').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    serverSeq: serverSeq(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index('sales_feed').on(t.shopId, t.serverSeq),
    index('sales_date').on(t.shopId, t.date),
    index('sales_customer').on(t.shopId, t.customerId),
  ],
);

export const saleItems = pgTable(
  'sale_items',
  {
    shopId: uuid('shop_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    line: integer('line').notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    quantity: quantity('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    total: money('total').notNull(),
    vatRate: integer('vat_rate').notNull(),
    vat: money('vat').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.saleId, t.line] })],
);

export const stockMovements = pgTable(
  'stock_movements',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    productId: uuid('product_id').notNull(),
    kind: text('kind').notNull(),
    delta: quantity('delta').notNull(),
    at: timestamptz('at').notNull(),
    saleId: uuid('sale_id'),
    data: jsonb('data').notNull(),
    serverSeq: serverSeq(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index('stock_movements_feed').on(t.shopId, t.serverSeq),
    index('stock_movements_product').on(t.shopId, t.productId),
  ],
);

export const creditTransactions = pgTable(
  'credit_transactions',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    type: text('type', { enum: ['credit', 'payment'] }).notNull(),
    amount: money('amount').notNull(),
    date: timestamptz('date').notNull(),
    saleId: uuid('sale_id'),
    data: jsonb('data').notNull(),
    /** Set when the customer is deleted (spec: their entries go first) or by the cleanup. */
    deleted: boolean('deleted').notNull().default(false),
    serverSeq: serverSeq(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index('credit_transactions_feed').on(t.shopId, t.serverSeq),
    // The customer's ledger, in date order (a recount, the entries of a removed customer).
    index('credit_transactions_customer').on(t.shopId, t.customerId, t.date),
  ],
);

/** The shop's distributors (last writer wins by HLC on name and phone); see packages/core/src/suppliers.ts. */
export const suppliers = pgTable(
  'suppliers',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    data: jsonb('data'),
    hlc: text('hlc').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** Cache: what the shop owes, Σ of the supplier's entries (deliveries − payments). */
    balance: money('balance').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    serverSeq: serverSeq(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.id] }), index('suppliers_feed').on(t.shopId, t.serverSeq)],
);

/** The supplier notebook's entries (append-only): deliveries on credit and payments. */
export const supplierEntries = pgTable(
  'supplier_entries',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    type: text('type', { enum: ['delivery', 'payment'] }).notNull(),
    amount: money('amount').notNull(),
    date: timestamptz('date').notNull(),
    data: jsonb('data').notNull(),
    /** Set when the supplier is deleted (their entries go with them). */
    deleted: boolean('deleted').notNull().default(false),
    serverSeq: serverSeq(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index('supplier_entries_feed').on(t.shopId, t.serverSeq),
    index('supplier_entries_supplier').on(t.shopId, t.supplierId),
  ],
);

/** Product photos and the logo, uploaded by the devices (the one-time migration sends them all). */
export const photos = pgTable(
  'photos',
  {
    shopId: uuid('shop_id').notNull(),
    id: uuid('id').notNull(),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.id] })],
);

/** Tables that hold one shop's rows and are walled off by row-level security. */
export const SHOP_TABLES = [
  'accounts',
  'devices',
  'refresh_tokens',
  'operations',
  'products',
  'customers',
  'settings',
  'sales',
  'sale_items',
  'stock_movements',
  'credit_transactions',
  'photos',
  'suppliers',
  'supplier_entries',
] as const;
