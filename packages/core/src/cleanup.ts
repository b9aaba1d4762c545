// The full cleanup of spec §4 as a plan (what to remove, what to rewrite) and its pure application.
import type { CreditTransaction, Customer, Product, Sale, StockMovement } from './entities.js';
import type { ShopRecords } from './cleanupDuplicates.js';
import {
  creditsWithMissingCustomer,
  duplicateCustomerGroups,
  duplicateProductGroups,
  duplicateSaleGroups,
  salesWithMissingProducts,
} from './cleanupDuplicates.js';
import { derivedId } from './backupConvert.js';
import { sumQuantities } from './money.js';

export type SaleRemoval =
  { saleId: string; reason: 'missing-product' } | { saleId: string; reason: 'duplicate'; keptId: string };

export type CleanupPlan = {
  productMerges: { keptId: string; removedIds: string[] }[];
  customerMerges: { keptId: string; removedIds: string[] }[];
  saleRemovals: SaleRemoval[];
  removeProductIds: string[];
  removeCustomerIds: string[];
  removeSaleIds: string[];
  removeCreditIds: string[];
  /** Records the cleanup rewrites or adds, in their final form: written as upserts by id. */
  put: {
    products: Product[];
    customers: Customer[];
    sales: Sale[];
    creditTransactions: CreditTransaction[];
    stockMovements: StockMovement[];
  };
  /** Records removed: "N doublons supprimés avec succès", or "Base de données déjà propre" at 0. */
  removedCount: number;
};

/** Keeps the kept record's optional fields, filling the ones it lacks from its duplicates (nothing is lost). */
function mergeProduct(kept: Product, removed: readonly Product[]): Product {
  const merged: Product = { ...kept, stock: sumQuantities([kept.stock, ...removed.map((p) => p.stock)]) };
  for (const other of removed) {
    merged.barcode ??= other.barcode;
    merged.description ??= other.description;
    merged.photoId ??= other.photoId;
    merged.packSize ??= other.packSize;
  }
  return merged;
}

const latest = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined ? a : Date.parse(b) > Date.parse(a) ? b : a;

/** Spec §4: balances added, highest total purchases, latest last purchase. */
function mergeCustomer(kept: Customer, removed: readonly Customer[]): Customer {
  let merged: Customer = { ...kept };
  for (const other of removed) {
    const lastPurchase = latest(merged.lastPurchase, other.lastPurchase);
    merged = {
      ...merged,
      creditBalance: merged.creditBalance + other.creditBalance,
      totalPurchases: Math.max(merged.totalPurchases, other.totalPurchases),
      updatedAt: latest(merged.updatedAt, other.updatedAt) ?? merged.updatedAt,
      ...(lastPurchase !== undefined ? { lastPurchase } : {}),
    };
  }
  return merged;
}

/** Working copies of one list, remembering which records the cleanup changed. */
function changes<T extends { id: string }>(records: readonly T[]) {
  const current = new Map(records.map((record) => [record.id, record]));
  const changed = new Set<string>();
  return {
    current,
    update(record: T) {
      current.set(record.id, record);
      changed.add(record.id);
    },
    rewritten(removed: ReadonlySet<string>): T[] {
      return [...changed].filter((id) => !removed.has(id)).flatMap((id) => current.get(id) ?? []);
    },
  };
}

/**
 * Plans the cleanup, rule by rule, each rule seeing the result of the previous ones:
 * 1. duplicate products merged into one: their stock movements and sale lines move to the kept product;
 * 2. duplicate customers merged: their ledger entries and sales move to the kept customer;
 * 3. sales with a line whose product no longer exists removed;
 * 4. credit entries of a customer who no longer exists removed;
 * 5. duplicate sales removed, the earliest kept; the stock they took is given back by correction movements.
 */
export function planCleanup(data: ShopRecords): CleanupPlan {
  const products = changes(data.products);
  const customers = changes(data.customers);
  const sales = changes(data.sales);
  const credits = changes(data.creditTransactions);
  const movements = changes(data.stockMovements);

  const productMerges = duplicateProductGroups(data.products).map(({ kept, removed }) => {
    products.update(mergeProduct(kept, removed));
    return { keptId: kept.id, removedIds: removed.map((p) => p.id) };
  });
  const productTarget = new Map(
    productMerges.flatMap((m) => m.removedIds.map((id) => [id, m.keptId] as const)),
  );
  const customerMerges = duplicateCustomerGroups(data.customers).map(({ kept, removed }) => {
    customers.update(mergeCustomer(kept, removed));
    return { keptId: kept.id, removedIds: removed.map((c) => c.id) };
  });
  const customerTarget = new Map(
    customerMerges.flatMap((m) => m.removedIds.map((id) => [id, m.keptId] as const)),
  );

  // References follow the merges, so that stock = Σ movements and balance = Σ entries still hold.
  for (const movement of data.stockMovements) {
    const productId = productTarget.get(movement.productId);
    if (productId) movements.update({ ...movement, productId });
  }
  for (const entry of data.creditTransactions) {
    const customerId = customerTarget.get(entry.customerId);
    if (customerId) credits.update({ ...entry, customerId });
  }
  for (const sale of data.sales) {
    const customerId = sale.customerId === undefined ? undefined : customerTarget.get(sale.customerId);
    const remapLines = sale.items.some((item) => productTarget.has(item.productId));
    if (!customerId && !remapLines) continue;
    sales.update({
      ...sale,
      ...(customerId ? { customerId } : {}),
      items: sale.items.map((item) => {
        const productId = productTarget.get(item.productId);
        return productId ? { ...item, productId } : item;
      }),
    });
  }

  const removeProductIds = new Set(productTarget.keys());
  const removeCustomerIds = new Set(customerTarget.keys());
  const liveProducts = new Set([...products.current.keys()].filter((id) => !removeProductIds.has(id)));
  const liveCustomers = new Set([...customers.current.keys()].filter((id) => !removeCustomerIds.has(id)));

  const saleRemovals: SaleRemoval[] = salesWithMissingProducts([...sales.current.values()], liveProducts).map(
    (sale) => ({ saleId: sale.id, reason: 'missing-product' }),
  );
  const removeSaleIds = new Set(saleRemovals.map((removal) => removal.saleId));
  const removeCreditIds = new Set(
    creditsWithMissingCustomer([...credits.current.values()], liveCustomers).map((entry) => entry.id),
  );

  const remainingSales = [...sales.current.values()].filter((sale) => !removeSaleIds.has(sale.id));
  const movementsBySale = groupBySale(movements.current.values());
  const creditsBySale = groupBySale(credits.current.values());
  for (const { kept, removed } of duplicateSaleGroups(remainingSales)) {
    for (const duplicate of removed) {
      saleRemovals.push({ saleId: duplicate.id, reason: 'duplicate', keptId: kept.id });
      removeSaleIds.add(duplicate.id);
      // The same sale recorded twice took the goods off the shelf twice: a correction gives them back.
      for (const movement of movementsBySale.get(duplicate.id) ?? []) {
        const product = products.current.get(movement.productId);
        if (!product || !liveProducts.has(product.id) || movement.kind !== 'sale') continue;
        movements.update({
          id: derivedId('cleanup-correction', movement.id),
          productId: product.id,
          kind: 'correction',
          delta: -movement.delta,
          at: movement.at,
          note: `duplicate-sale:${duplicate.id}`,
        });
        products.update({ ...product, stock: sumQuantities([product.stock, -movement.delta]) });
      }
      // What the customer owes is kept as recorded; the entry now points at the sale that remains.
      for (const entry of creditsBySale.get(duplicate.id) ?? []) {
        credits.update({ ...(credits.current.get(entry.id) ?? entry), saleId: kept.id });
      }
      const customer =
        duplicate.customerId === undefined ? undefined : customers.current.get(duplicate.customerId);
      if (customer && liveCustomers.has(customer.id)) {
        customers.update({
          ...customer,
          totalPurchases: Math.max(customer.totalPurchases - duplicate.total, 0),
        });
      }
    }
  }

  return {
    productMerges,
    customerMerges,
    saleRemovals,
    removeProductIds: [...removeProductIds],
    removeCustomerIds: [...removeCustomerIds],
    removeSaleIds: [...removeSaleIds],
    removeCreditIds: [...removeCreditIds],
    put: {
      products: products.rewritten(removeProductIds),
      customers: customers.rewritten(removeCustomerIds),
      sales: sales.rewritten(removeSaleIds),
      creditTransactions: credits.rewritten(removeCreditIds),
      stockMovements: movements.rewritten(new Set()),
    },
    removedCount: removeProductIds.size + removeCustomerIds.size + removeSaleIds.size + removeCreditIds.size,
  };
}

function groupBySale<T extends { saleId?: string | undefined }>(records: Iterable<T>): Map<string, T[]> {
  const bySale = new Map<string, T[]>();
  for (const record of records) {
    if (record.saleId === undefined) continue;
    const list = bySale.get(record.saleId);
    if (list) list.push(record);
    else bySale.set(record.saleId, [record]);
  }
  return bySale;
}

function applied<T extends { id: string }>(
  records: readonly T[],
  remove: readonly string[],
  put: readonly T[],
): T[] {
  const removed = new Set(remove);
  const replacements = new Map(put.map((record) => [record.id, record]));
  const result = records.filter((record) => !removed.has(record.id)).map((r) => replacements.get(r.id) ?? r);
  const present = new Set(records.map((record) => record.id));
  return [...result, ...put.filter((record) => !present.has(record.id))];
}

/** The records after the cleanup: what the web app's transaction leaves in the database. */
export function applyCleanup(data: ShopRecords, plan: CleanupPlan) {
  return {
    products: applied(data.products, plan.removeProductIds, plan.put.products),
    customers: applied(data.customers, plan.removeCustomerIds, plan.put.customers),
    sales: applied(data.sales, plan.removeSaleIds, plan.put.sales),
    creditTransactions: applied(data.creditTransactions, plan.removeCreditIds, plan.put.creditTransactions),
    stockMovements: applied(data.stockMovements, [], plan.put.stockMovements),
  } satisfies ShopRecords;
}
