// The full cleanup of spec §4 run on the shop's server copy, after a phone's one-time migration.
//
// Running it here rather than on the phone means its result (merged duplicates, removed sales) reaches
// every phone of the shop through the change feed, like any other change.
import {
  applyCleanup,
  planCleanup,
  type CreditTransaction,
  type Customer,
  type Product,
  type Sale,
  type ShopRecords,
  type StockMovement,
} from '@hanouti/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { creditTransactions, customers, products, sales, stockMovements } from '../db/schema.js';
import { withShop } from '../db/shopScope.js';
import type { Caller } from '../auth/tokens.js';
import type { ShopNotifier } from './notifier.js';
import { ShopWriter } from './shopWriter.js';

export type CleanupOutcome = { removedCount: number };

export async function cleanUpShop(
  db: Database,
  notifier: ShopNotifier,
  caller: Caller,
): Promise<CleanupOutcome> {
  const shop = caller.shopId;
  const removedCount = await withShop(db, shop, async (tx) => {
    const writer = await ShopWriter.open(tx, shop);
    const productRows = await tx
      .select()
      .from(products)
      .where(and(eq(products.shopId, shop), eq(products.deleted, false)));
    const customerRows = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.shopId, shop), eq(customers.deleted, false)));
    const data: ShopRecords = {
      products: productRows.map((row) => ({ ...(row.data as Omit<Product, 'stock'>), stock: row.stock })),
      customers: customerRows.map((row) => ({
        ...(row.data as Customer),
        creditBalance: row.creditBalance,
        totalPurchases: row.totalPurchases,
        ...(row.lastPurchase ? { lastPurchase: row.lastPurchase.toISOString() } : {}),
      })),
      sales: (
        await tx
          .select({ data: sales.data })
          .from(sales)
          .where(and(eq(sales.shopId, shop), eq(sales.deleted, false)))
      ).map((row) => row.data as Sale),
      creditTransactions: (
        await tx
          .select({ data: creditTransactions.data })
          .from(creditTransactions)
          .where(and(eq(creditTransactions.shopId, shop), eq(creditTransactions.deleted, false)))
      ).map((row) => row.data as CreditTransaction),
      stockMovements: (
        await tx
          .select({ data: stockMovements.data })
          .from(stockMovements)
          .where(eq(stockMovements.shopId, shop))
      ).map((row) => row.data as StockMovement),
    };
    const plan = planCleanup(data);
    const after = applyCleanup(data, plan);

    for (const movement of plan.put.stockMovements) await writer.putMovement(movement);
    for (const sale of plan.put.sales) await writer.putSale(sale);
    for (const id of plan.removeSaleIds) await writer.removeSale(id);
    for (const entry of plan.put.creditTransactions) await writer.putCreditEntry(entry);
    for (const id of plan.removeCreditIds) await writer.removeCreditEntry(id);
    for (const product of plan.put.products) await writer.upsertProduct(product, undefined);
    for (const id of plan.removeProductIds) await writer.deleteProduct(id, undefined);
    for (const customer of plan.put.customers) {
      await writer.upsertCustomer(customer, undefined);
      await writer.setPurchases(customer.id, customer.totalPurchases);
    }
    for (const id of plan.removeCustomerIds) await writer.deleteCustomer(id, undefined);

    // Caches from the records that remain: stock = Σ movements, balance = Σ entries.
    await writer.refreshStock(after.products.map((p) => p.id));
    const touchedCustomers = new Set([
      ...plan.put.customers.map((c) => c.id),
      ...plan.put.creditTransactions.map((entry) => entry.customerId),
    ]);
    for (const id of touchedCustomers) await writer.refreshCustomer(id);
    await writer.close();
    return plan.removedCount;
  });
  if (removedCount > 0) notifier.publish(shop);
  return { removedCount };
}
