// The integrity check of the settings page: the four kinds of problem the cleanup fixes, and what to do.
import type { ShopRecords } from './cleanupDuplicates.js';
import {
  creditsWithMissingCustomer,
  duplicateCustomerGroups,
  duplicateProductGroups,
  salesWithMissingProducts,
} from './cleanupDuplicates.js';
import { INTEGRITY_MAX_PRODUCTS, INTEGRITY_MAX_SALES } from './constants.js';
import type { Supplier, SupplierEntry } from './entities.js';
import { balancesBySupplier } from './suppliers.js';

/** The supplier notebook's records (absent from shops read before it existed). */
export type SupplierRecords = { suppliers: readonly Supplier[]; supplierEntries: readonly SupplierEntry[] };

export type IntegrityIssueKind =
  | 'duplicate-product'
  | 'duplicate-customer'
  | 'sale-missing-product'
  | 'credit-missing-customer'
  /** A supplier entry whose supplier is not there. */
  | 'supplier-entry-missing-supplier'
  /** A supplier whose stored balance is not the sum of its entries. */
  | 'supplier-balance-mismatch';

/**
 * One problem: the records concerned (for a duplicate, the one the cleanup keeps first) and a label to
 * show (product or customer name, ticket number, or the entry's description or date).
 */
export type IntegrityIssue = { kind: IntegrityIssueKind; ids: string[]; label: string };

export type IntegrityRecommendation = 'run-cleanup' | 'archive-products' | 'archive-sales';

export type IntegrityReport = { issues: IntegrityIssue[]; recommendations: IntegrityRecommendation[] };

/** Finds what the cleanup would fix, with the same rules, and recommends archiving a very large shop. */
export function checkIntegrity(data: ShopRecords & Partial<SupplierRecords>): IntegrityReport {
  const issues: IntegrityIssue[] = [];
  for (const { kept, removed } of duplicateProductGroups(data.products)) {
    issues.push({ kind: 'duplicate-product', ids: [kept.id, ...removed.map((p) => p.id)], label: kept.name });
  }
  for (const { kept, removed } of duplicateCustomerGroups(data.customers)) {
    issues.push({
      kind: 'duplicate-customer',
      ids: [kept.id, ...removed.map((c) => c.id)],
      label: kept.name,
    });
  }
  const productIds = new Set(data.products.map((product) => product.id));
  for (const sale of salesWithMissingProducts(data.sales, productIds)) {
    issues.push({ kind: 'sale-missing-product', ids: [sale.id], label: sale.ticketNumber });
  }
  const customerIds = new Set(data.customers.map((customer) => customer.id));
  for (const entry of creditsWithMissingCustomer(data.creditTransactions, customerIds)) {
    issues.push({ kind: 'credit-missing-customer', ids: [entry.id], label: entry.description || entry.date });
  }
  const recommendations: IntegrityRecommendation[] = [];
  if (issues.length > 0) recommendations.push('run-cleanup');
  issues.push(...supplierIssues(data.suppliers ?? [], data.supplierEntries ?? []));
  if (data.products.length > INTEGRITY_MAX_PRODUCTS) recommendations.push('archive-products');
  if (data.sales.length > INTEGRITY_MAX_SALES) recommendations.push('archive-sales');
  return { issues, recommendations };
}

/** The supplier notebook's problems: entries without their supplier, balances that are not Σ entries. */
export function supplierIssues(
  suppliers: readonly Supplier[],
  entries: readonly SupplierEntry[],
): IntegrityIssue[] {
  const issues: IntegrityIssue[] = [];
  const known = new Set(suppliers.map((supplier) => supplier.id));
  for (const entry of entries) {
    if (!known.has(entry.supplierId)) {
      issues.push({
        kind: 'supplier-entry-missing-supplier',
        ids: [entry.id],
        label: entry.description || entry.date,
      });
    }
  }
  const balances = balancesBySupplier(entries);
  for (const supplier of suppliers) {
    if ((balances.get(supplier.id) ?? 0) !== supplier.balance) {
      issues.push({ kind: 'supplier-balance-mismatch', ids: [supplier.id], label: supplier.name });
    }
  }
  return issues;
}
