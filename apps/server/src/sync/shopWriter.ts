// Writes a shop's records inside one transaction: LWW records by HLC, append-only records by id, caches recomputed.
import {
  balanceFromLedger,
  canonicalJson,
  compareHlc,
  formatHlc,
  HLC_ZERO,
  parseHlc,
  receiveHlc,
  tickHlc,
  type Hlc,
  type CreditTransaction,
  type Customer,
  type Product,
  type RejectionReason,
  type Sale,
  type Settings,
  type StockMovement,
} from '@hanouti/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  creditTransactions,
  customers,
  products,
  saleItems,
  sales,
  settings,
  shops,
  stockMovements,
} from '../db/schema.js';
import type { ShopTx } from '../db/shopScope.js';

/** The server's own clock, for edits made on the server (table REST, cleanup). */
let serverClock: Hlc = HLC_ZERO;
export const SERVER_NODE = 'server';

/**
 * A stamp for a server-side edit: after the wall clock and after the record's current stamp, so the
 * edit is the latest one even when a phone with a clock days ahead wrote the record before.
 */
export function serverStampAfter(current: string | undefined): string {
  const seen = current === undefined ? undefined : parseHlc(current);
  serverClock = seen
    ? receiveHlc(serverClock, seen, Date.now())
    : tickHlc(serverClock, Date.now(), SERVER_NODE);
  serverClock = { ...serverClock, node: SERVER_NODE };
  return formatHlc(serverClock);
}

/** A permanent refusal of an operation: recorded, answered, and never retried. */
export class OperationRefused extends Error {
  override readonly name = 'OperationRefused';
  constructor(readonly reason: RejectionReason) {
    super(reason);
  }
}

/**
 * The shop's writes in one transaction. `open` takes the shop row's lock — every writer of a shop queues
 * there, so change numbers are handed out and committed in order and a pull never skips one — and
 * `close` stores the last number given out.
 */
export class ShopWriter {
  private seq = 0;
  private opened = 0;

  private constructor(
    readonly tx: ShopTx,
    readonly shopId: string,
  ) {}

  static async open(tx: ShopTx, shopId: string): Promise<ShopWriter> {
    const [shop] = await tx
      .select({ changeSeq: shops.changeSeq })
      .from(shops)
      .where(eq(shops.id, shopId))
      .for('update');
    if (!shop) throw new Error(`shop ${shopId} not found`);
    return ShopWriter.locked(tx, shopId, shop.changeSeq);
  }

  /** The writer of a transaction that has locked the shop row already (shopScope.ts `withLockedShop`). */
  static locked(tx: ShopTx, shopId: string, changeSeq: number): ShopWriter {
    const writer = new ShopWriter(tx, shopId);
    writer.seq = changeSeq;
    writer.opened = changeSeq;
    return writer;
  }

  /** A savepoint's worth of work: on failure the numbers it took are given back with its writes. */
  async attempt<T>(work: (writer: ShopWriter) => Promise<T>): Promise<T> {
    const before = this.seq;
    try {
      return await this.tx.transaction(async (savepoint) => {
        const inner = new ShopWriter(savepoint, this.shopId);
        inner.seq = this.seq;
        const result = await work(inner);
        this.seq = inner.seq;
        return result;
      });
    } catch (error) {
      this.seq = before;
      throw error;
    }
  }

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** The last number given out, when it moved since `open` (for the caller to store); see `close`. */
  changeSeqToStore(): number | undefined {
    return this.seq === this.opened ? undefined : this.seq;
  }

  async close(): Promise<void> {
    if (this.seq === this.opened) return;
    await this.tx.update(shops).set({ changeSeq: this.seq }).where(eq(shops.id, this.shopId));
  }

  // ---------------------------------------------------------------- last writer wins

  /** Writes the product unless a later stamp (edit or removal) is already stored; its stock stays Σ movements. */
  async upsertProduct(product: Product, stamp: string | undefined): Promise<boolean> {
    const existing = await this.lwwStamp(products, product.id);
    const hlc = stamp ?? serverStampAfter(existing);
    if (existing !== undefined && compareHlc(existing, hlc) >= 0) return false;
    const { stock: _cache, ...data } = product;
    const row = {
      data,
      hlc,
      deleted: false,
      createdAt: new Date(product.createdAt),
      serverSeq: this.nextSeq(),
    };
    if (existing !== undefined) {
      // The stored stock is kept up to date by each movement: an edit does not recount them.
      await this.tx
        .update(products)
        .set(row)
        .where(and(eq(products.shopId, this.shopId), eq(products.id, product.id)));
      return true;
    }
    // Movements may come before their product (another phone's): a new product starts from their sum.
    const stock = await this.stockOf(product.id);
    await this.tx.insert(products).values({ shopId: this.shopId, id: product.id, ...row, stock });
    return true;
  }

  async deleteProduct(id: string, stamp: string | undefined): Promise<boolean> {
    const existing = await this.lwwStamp(products, id);
    const hlc = stamp ?? serverStampAfter(existing);
    if (existing !== undefined && compareHlc(existing, hlc) >= 0) return false;
    const serverSeq = this.nextSeq();
    await this.tx
      .insert(products)
      .values({ shopId: this.shopId, id, data: null, hlc, deleted: true, createdAt: new Date(), serverSeq })
      .onConflictDoUpdate({
        target: [products.shopId, products.id],
        set: { hlc, deleted: true, serverSeq },
      });
    return true;
  }

  /**
   * Name and phone follow the latest stamp. The counters do not: purchases are added by sales as they
   * arrive and the balance is the ledger's sum, so two phones selling to one customer both count.
   * A customer new to the server starts from the purchases its phone knew of.
   */
  async upsertCustomer(customer: Customer, stamp: string | undefined): Promise<boolean> {
    const [existing] = await this.tx
      .select({ hlc: customers.hlc })
      .from(customers)
      .where(and(eq(customers.shopId, this.shopId), eq(customers.id, customer.id)));
    const hlc = stamp ?? serverStampAfter(existing?.hlc);
    if (existing !== undefined && compareHlc(existing.hlc, hlc) >= 0) return false;
    const { creditBalance: _balance, totalPurchases, lastPurchase, ...data } = customer;
    const serverSeq = this.nextSeq();
    const createdAt = new Date(customer.createdAt);
    if (existing) {
      // The stored balance follows each entry as it arrives: an edit of the name does not recount the ledger.
      await this.tx
        .update(customers)
        .set({ data, hlc, deleted: false, createdAt, serverSeq })
        .where(and(eq(customers.shopId, this.shopId), eq(customers.id, customer.id)));
    } else {
      // Entries that arrived before the customer (another phone's) make its first balance.
      const { balance: creditBalance, latest: creditLatest } = await this.ledgerOf(customer.id);
      await this.tx.insert(customers).values({
        shopId: this.shopId,
        id: customer.id,
        data,
        hlc,
        creditBalance,
        creditLatest,
        totalPurchases: totalPurchases + (await this.purchasesOf(customer.id)),
        lastPurchase: lastPurchase === undefined ? null : new Date(lastPurchase),
        createdAt,
        serverSeq,
      });
    }
    return true;
  }

  /** Removes the customer and, first, their ledger entries (spec §7). */
  async deleteCustomer(id: string, stamp: string | undefined): Promise<boolean> {
    const [existing] = await this.tx
      .select({ hlc: customers.hlc })
      .from(customers)
      .where(and(eq(customers.shopId, this.shopId), eq(customers.id, id)));
    const hlc = stamp ?? serverStampAfter(existing?.hlc);
    if (existing !== undefined && compareHlc(existing.hlc, hlc) >= 0) return false;
    const entries = await this.tx
      .select({ id: creditTransactions.id })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.shopId, this.shopId),
          eq(creditTransactions.customerId, id),
          eq(creditTransactions.deleted, false),
        ),
      );
    for (const entry of entries) await this.removeCreditEntry(entry.id);
    const serverSeq = this.nextSeq();
    const tombstone = { hlc, deleted: true, creditBalance: 0, creditLatest: null, serverSeq };
    await this.tx
      .insert(customers)
      .values({ shopId: this.shopId, id, data: null, createdAt: new Date(), ...tombstone })
      .onConflictDoUpdate({ target: [customers.shopId, customers.id], set: tombstone });
    return true;
  }

  async upsertSettings(record: Settings, stamp: string | undefined): Promise<boolean> {
    const [existing] = await this.tx
      .select({ hlc: settings.hlc })
      .from(settings)
      .where(and(eq(settings.shopId, this.shopId), eq(settings.id, record.id)));
    const hlc = stamp ?? serverStampAfter(existing?.hlc);
    if (existing !== undefined && compareHlc(existing.hlc, hlc) >= 0) return false;
    const row = { data: record, hlc, serverSeq: this.nextSeq() };
    await this.tx
      .insert(settings)
      .values({ shopId: this.shopId, id: record.id, ...row })
      .onConflictDoUpdate({ target: [settings.shopId, settings.id], set: row });
    return true;
  }

  // ---------------------------------------------------------------- append-only

  /**
   * Adds a sale with its lines, movements and carnet entry. A sale already stored under this id is
   * accepted only if it is the very same sale (sent again by another route, e.g. a backup import).
   */
  async recordSale(
    sale: Sale,
    movements: readonly StockMovement[],
    creditTransaction: CreditTransaction | undefined,
  ): Promise<void> {
    // The sale and its lines in one statement (its lines only when the sale is new).
    const data = JSON.stringify(sale);
    const { rows } = await this.tx.execute<{ inserted: number }>(sql`
      with s as (
        insert into ${sales} (shop_id, id, data, customer_id, date, total, server_seq)
        values (${this.shopId}::uuid, ${sale.id}::uuid, ${data}::jsonb, ${sale.customerId ?? null}::uuid,
                ${sale.date}::timestamptz, ${sale.total}::bigint, ${this.nextSeq()}::bigint)
        on conflict do nothing
        returning id
      ), i as (
        insert into ${saleItems}
          (shop_id, sale_id, line, product_id, product_name, quantity, unit_price, total, vat_rate, vat)
        select ${this.shopId}::uuid, ${sale.id}::uuid, (x.ord - 1)::int, (x.item->>'productId')::uuid,
               x.item->>'productName', (x.item->>'quantity')::numeric, (x.item->>'unitPrice')::bigint,
               (x.item->>'total')::bigint, (x.item->>'vatRate')::int, (x.item->>'vat')::bigint
        from jsonb_array_elements(${data}::jsonb->'items') with ordinality as x(item, ord)
        where exists (select 1 from s)
      )
      select count(*)::int as inserted from s`);
    const inserted = Number(rows[0]?.inserted ?? 0) > 0 ? [sale.id] : [];
    if (inserted.length === 0) await this.sameAsStored(sales, sale.id, sale);
    await this.insertMovements(movements);
    const balance = creditTransaction ? await this.insertCreditEntry(creditTransaction) : undefined;
    const entry =
      creditTransaction && balance !== undefined ? { balance, date: creditTransaction.date } : undefined;
    if (sale.customerId !== undefined && inserted.length > 0) {
      await this.addPurchase(sale.customerId, sale.total, sale.date, entry);
    } else if (creditTransaction && entry !== undefined) {
      await this.setBalance(creditTransaction.customerId, entry);
    }
  }

  /**
   * Several sales without a carnet entry in one statement: the sales, their lines, their movements, the
   * stock they move and their customers' purchases. Answers false, having written only what a rollback
   * undoes, when a sale or a movement was already stored (the caller then settles them one by one).
   * `alongside` adds parts to the statement's WITH (written after the change numbers are given out): the push
   * records its operations in the same round trip.
   */
  async recordSales(
    list: readonly { sale: Sale; movements: readonly StockMovement[] }[],
    alongside?: () => SQL,
  ): Promise<boolean> {
    if (list.length === 0) return true;
    const base = this.seq;
    const saleRows = list.map(({ sale }, index) => ({
      id: sale.id,
      data: sale,
      customer_id: sale.customerId ?? null,
      date: sale.date,
      total: sale.total,
      server_seq: base + index + 1,
    }));
    const movements = list.flatMap((entry) => entry.movements);
    const movementsBase = base + list.length;
    const customerIds = [
      ...new Set(
        list.flatMap(({ sale }) => (sale.customerId === undefined ? [] : [sale.customerId.toLowerCase()])),
      ),
    ];
    const customersBase = movementsBase + movements.length;
    this.seq = customersBase + customerIds.length;
    const shop = sql`${this.shopId}::uuid`;
    const { rows } = await this.tx.execute<{ sales: number; movements: number }>(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(saleRows)}::jsonb)
          as x(id uuid, data jsonb, customer_id uuid, date timestamptz, total bigint, server_seq bigint)
      ), s as (
        insert into ${sales} (shop_id, id, data, customer_id, date, total, server_seq)
        select ${shop}, id, data, customer_id, date, total, server_seq from input
        on conflict do nothing
        returning id
      ), i as (
        insert into ${saleItems}
          (shop_id, sale_id, line, product_id, product_name, quantity, unit_price, total, vat_rate, vat)
        select ${shop}, input.id, (x.ord - 1)::int, (x.item->>'productId')::uuid,
               x.item->>'productName', (x.item->>'quantity')::numeric, (x.item->>'unitPrice')::bigint,
               (x.item->>'total')::bigint, (x.item->>'vatRate')::int, (x.item->>'vat')::bigint
        from input join s on s.id = input.id,
             jsonb_array_elements(input.data->'items') with ordinality as x(item, ord)
      ), m as (
        insert into ${stockMovements} (shop_id, id, product_id, kind, delta, at, sale_id, data, server_seq)
        select ${shop}, (x.m->>'id')::uuid, (x.m->>'productId')::uuid, x.m->>'kind',
               (x.m->>'delta')::numeric, (x.m->>'at')::timestamptz, (x.m->>'saleId')::uuid, x.m,
               ${movementsBase}::bigint + x.ord
        from jsonb_array_elements(${JSON.stringify(movements)}::jsonb) with ordinality as x(m, ord)
        on conflict do nothing
        returning product_id, delta
      ), u as (
        update ${products} p set stock = p.stock + d.delta
        from (select product_id, sum(delta) as delta from m group by product_id) d
        where p.shop_id = ${shop} and p.id = d.product_id
      ), c as (
        update ${customers} c
        set total_purchases = c.total_purchases + t.total,
            last_purchase = greatest(c.last_purchase, t.last),
            server_seq = ${customersBase}::bigint + k.ord
        from (select customer_id, sum(total) as total, max(date) as last
                from input where customer_id is not null group by customer_id) t
        join jsonb_array_elements_text(${JSON.stringify(customerIds)}::jsonb) with ordinality as k(id, ord)
          on k.id::uuid = t.customer_id
        where c.shop_id = ${shop} and c.id = t.customer_id and c.deleted = false
      )${alongside === undefined ? sql`` : sql`, ${alongside()}`}
      select (select count(*) from s)::int as sales, (select count(*) from m)::int as movements`);
    const [counts] = rows;
    return Number(counts?.sales) === list.length && Number(counts?.movements) === movements.length;
  }

  async recordMovement(movement: StockMovement): Promise<void> {
    await this.insertMovements([movement]);
  }

  async recordCreditEntry(entry: CreditTransaction): Promise<void> {
    const balance = await this.insertCreditEntry(entry);
    if (balance !== undefined) await this.setBalance(entry.customerId, { balance, date: entry.date });
  }

  /**
   * Adds movements (one statement) and moves each product's stored stock by the new ones' deltas: the cost
   * of a sale does not grow with the product's history. A movement already stored must be the same one.
   */
  private async insertMovements(movements: readonly StockMovement[]): Promise<void> {
    if (movements.length === 0) return;
    const first = this.seq;
    for (const _movement of movements) this.nextSeq();
    // Inserted movements and their products' stock moved by their deltas, in one statement.
    const { rows } = await this.tx.execute<{ id: string }>(sql`
      with m as (
        insert into ${stockMovements} (shop_id, id, product_id, kind, delta, at, sale_id, data, server_seq)
        select ${this.shopId}::uuid, (x.m->>'id')::uuid, (x.m->>'productId')::uuid, x.m->>'kind',
               (x.m->>'delta')::numeric, (x.m->>'at')::timestamptz, (x.m->>'saleId')::uuid, x.m,
               ${first}::bigint + x.ord
        from jsonb_array_elements(${JSON.stringify(movements)}::jsonb) with ordinality as x(m, ord)
        on conflict do nothing
        returning id, product_id, delta
      ), u as (
        update ${products} p set stock = p.stock + d.delta
        from (select product_id, sum(delta) as delta from m group by product_id) d
        where p.shop_id = ${this.shopId}::uuid and p.id = d.product_id
      )
      select id::text as id from m`);
    const added = new Set(rows.map((row) => row.id.toLowerCase()));
    for (const movement of movements) {
      if (!added.has(movement.id.toLowerCase()))
        await this.sameAsStored(stockMovements, movement.id, movement);
    }
  }

  /**
   * An entry for a customer already removed is kept removed: it must not bring a balance back. Answers the
   * customer's balance with the entry when it was added (undefined when it was already there): from the
   * stored balance when the entry comes after the customer's latest (the date kept on the customer's row: no
   * read of the ledger, whatever its length), else from the whole ledger (an entry that arrives out of date
   * order: the floor at 0 depends on the order).
   */
  private async insertCreditEntry(entry: CreditTransaction): Promise<number | undefined> {
    const [customer] = await this.tx
      .select({
        deleted: customers.deleted,
        creditBalance: customers.creditBalance,
        creditLatest: customers.creditLatest,
      })
      .from(customers)
      .where(and(eq(customers.shopId, this.shopId), eq(customers.id, entry.customerId)));
    const inserted = await this.tx
      .insert(creditTransactions)
      .values({
        shopId: this.shopId,
        id: entry.id,
        customerId: entry.customerId,
        type: entry.type,
        amount: entry.amount,
        date: new Date(entry.date),
        saleId: entry.saleId ?? null,
        data: entry,
        deleted: customer?.deleted === true,
        serverSeq: this.nextSeq(),
      })
      .onConflictDoNothing()
      .returning({ id: creditTransactions.id });
    if (inserted.length === 0) {
      await this.sameAsStored(creditTransactions, entry.id, entry);
      return undefined;
    }
    if (customer === undefined || customer.deleted) return undefined;
    const latest = customer.creditLatest;
    const after = latest === null || new Date(entry.date).getTime() > latest.getTime();
    if (!after) return (await this.ledgerOf(entry.customerId)).balance;
    return entry.type === 'credit'
      ? customer.creditBalance + entry.amount
      : Math.max(customer.creditBalance - entry.amount, 0);
  }

  // ---------------------------------------------------------------- rewrites (full cleanup)

  /** Puts a movement in its final form (the cleanup moves movements of merged products to the kept one). */
  async putMovement(movement: StockMovement): Promise<void> {
    const row = {
      productId: movement.productId,
      kind: movement.kind,
      delta: movement.delta,
      at: new Date(movement.at),
      saleId: movement.saleId ?? null,
      data: movement,
      serverSeq: this.nextSeq(),
    };
    await this.tx
      .insert(stockMovements)
      .values({ shopId: this.shopId, id: movement.id, ...row })
      .onConflictDoUpdate({ target: [stockMovements.shopId, stockMovements.id], set: row });
  }

  async putCreditEntry(entry: CreditTransaction): Promise<void> {
    await this.tx
      .update(creditTransactions)
      .set({
        customerId: entry.customerId,
        saleId: entry.saleId ?? null,
        data: entry,
        serverSeq: this.nextSeq(),
      })
      .where(and(eq(creditTransactions.shopId, this.shopId), eq(creditTransactions.id, entry.id)));
  }

  async putSale(sale: Sale): Promise<void> {
    await this.tx
      .update(sales)
      .set({ data: sale, customerId: sale.customerId ?? null, serverSeq: this.nextSeq() })
      .where(and(eq(sales.shopId, this.shopId), eq(sales.id, sale.id)));
    await this.tx
      .delete(saleItems)
      .where(and(eq(saleItems.shopId, this.shopId), eq(saleItems.saleId, sale.id)));
    await this.tx.insert(saleItems).values(
      sale.items.map((item, line) => ({
        shopId: this.shopId,
        saleId: sale.id,
        line,
        productId: item.productId,
        productName: item.productName,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        total: item.total,
        vatRate: item.vatRate,
        vat: item.vat,
      })),
    );
  }

  async removeSale(id: string): Promise<void> {
    await this.tx
      .update(sales)
      .set({ deleted: true, serverSeq: this.nextSeq() })
      .where(and(eq(sales.shopId, this.shopId), eq(sales.id, id)));
  }

  async removeCreditEntry(id: string): Promise<void> {
    await this.tx
      .update(creditTransactions)
      .set({ deleted: true, serverSeq: this.nextSeq() })
      .where(and(eq(creditTransactions.shopId, this.shopId), eq(creditTransactions.id, id)));
  }

  async setPurchases(customerId: string, totalPurchases: number): Promise<void> {
    await this.tx
      .update(customers)
      .set({ totalPurchases, serverSeq: this.nextSeq() })
      .where(and(eq(customers.shopId, this.shopId), eq(customers.id, customerId)));
  }

  // ---------------------------------------------------------------- caches

  /** stock = Σ movements, for each product that exists. Devices recompute it themselves from the movements. */
  async refreshStock(productIds: readonly string[]): Promise<void> {
    for (const id of new Set(productIds)) {
      await this.tx
        .update(products)
        .set({
          stock: sql`(select coalesce(sum(${stockMovements.delta}), 0) from ${stockMovements} where ${stockMovements.shopId} = ${this.shopId} and ${stockMovements.productId} = ${id})`,
        })
        .where(and(eq(products.shopId, this.shopId), eq(products.id, id)));
    }
  }

  /** balance = the ledger's sum; the customer is sent again so that every phone shows it. */
  async refreshCustomer(customerId: string): Promise<void> {
    const { balance: creditBalance, latest: creditLatest } = await this.ledgerOf(customerId);
    await this.tx
      .update(customers)
      .set({ creditBalance, creditLatest, serverSeq: this.nextSeq() })
      .where(
        and(eq(customers.shopId, this.shopId), eq(customers.id, customerId), eq(customers.deleted, false)),
      );
  }

  /** The customer's balance after a new entry (and the entry's date if it is the latest), sent again so that every phone shows it. */
  private async setBalance(customerId: string, entry: EntryEffect): Promise<void> {
    await this.tx
      .update(customers)
      .set({ ...entryEffect(entry), serverSeq: this.nextSeq() })
      .where(
        and(eq(customers.shopId, this.shopId), eq(customers.id, customerId), eq(customers.deleted, false)),
      );
  }

  private async addPurchase(
    customerId: string,
    total: number,
    date: string,
    entry: EntryEffect | undefined,
  ): Promise<void> {
    await this.tx
      .update(customers)
      .set({
        ...(entry === undefined ? {} : entryEffect(entry)),
        totalPurchases: sql`${customers.totalPurchases} + ${total}`,
        lastPurchase: sql`greatest(${customers.lastPurchase}, ${new Date(date).toISOString()}::timestamptz)`,
        serverSeq: this.nextSeq(),
      })
      .where(
        and(eq(customers.shopId, this.shopId), eq(customers.id, customerId), eq(customers.deleted, false)),
      );
  }

  async stockOf(productId: string): Promise<number> {
    const [row] = await this.tx
      .select({ stock: sql<string>`coalesce(sum(${stockMovements.delta}), 0)::text` })
      .from(stockMovements)
      .where(and(eq(stockMovements.shopId, this.shopId), eq(stockMovements.productId, productId)));
    return Number(row?.stock ?? 0);
  }

  /** The customer's ledger read whole: its balance and the date of its latest entry (null when empty). */
  async ledgerOf(customerId: string): Promise<{ balance: number; latest: Date | null }> {
    const rows = await this.tx
      .select({ data: creditTransactions.data, date: creditTransactions.date })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.shopId, this.shopId),
          eq(creditTransactions.customerId, customerId),
          eq(creditTransactions.deleted, false),
        ),
      );
    let latest: Date | null = null;
    for (const { date } of rows) if (latest === null || date.getTime() > latest.getTime()) latest = date;
    return { balance: balanceFromLedger(rows.map((row) => row.data as CreditTransaction)), latest };
  }

  /** Sales of a customer the server received before the customer itself (another phone's, at migration). */
  private async purchasesOf(customerId: string): Promise<number> {
    const [row] = await this.tx
      .select({ total: sql<string>`coalesce(sum(${sales.total}), 0)::text` })
      .from(sales)
      .where(and(eq(sales.shopId, this.shopId), eq(sales.customerId, customerId), eq(sales.deleted, false)));
    return Number(row?.total ?? 0);
  }

  private async lwwStamp(table: typeof products, id: string): Promise<string | undefined> {
    const [row] = await this.tx
      .select({ hlc: table.hlc })
      .from(table)
      .where(and(eq(table.shopId, this.shopId), eq(table.id, id)));
    return row?.hlc;
  }

  private async sameAsStored(
    table: typeof sales | typeof stockMovements | typeof creditTransactions,
    id: string,
    record: unknown,
  ): Promise<void> {
    const [row] = await this.tx
      .select({ data: table.data })
      .from(table)
      .where(and(eq(table.shopId, this.shopId), eq(table.id, id)));
    if (!row || canonicalJson(row.data) !== canonicalJson(record))
      throw new OperationRefused('record-conflict');
  }
}

/** What a new carnet entry does to its customer's row: the balance it gave, and its date. */
type EntryEffect = { balance: number; date: string };

function entryEffect({ balance, date }: EntryEffect) {
  return {
    creditBalance: balance,
    // greatest() skips a null: the first entry's date is taken as it is.
    creditLatest: sql`greatest(${customers.creditLatest}, ${new Date(date).toISOString()}::timestamptz)`,
  };
}
