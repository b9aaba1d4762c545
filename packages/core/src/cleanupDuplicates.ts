// What counts as a duplicate or a dangling record: one definition for the cleanup and the integrity check.
import type { CreditTransaction, Customer, Product, Sale, StockMovement } from './entities.js';
import { DUPLICATE_SALE_WINDOW_MS } from './constants.js';

/** The records the cleanup and the integrity check look at. */
export type ShopRecords = {
  products: readonly Product[];
  sales: readonly Sale[];
  customers: readonly Customer[];
  creditTransactions: readonly CreditTransaction[];
  stockMovements: readonly StockMovement[];
};

/** Records that are the same thing: the one kept first, then the ones merged into it. */
export type DuplicateGroup<T> = { kept: T; removed: T[] };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Spec §4: "lowercase trimmed"; NFC so that an é typed two ways is one letter. */
function normaliseText(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Digits only, with +212 / 00212 written as the national 0 (+212 6 61… and 0661… are one phone). */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00212')) return `0${digits.slice(5)}`;
  if (digits.startsWith('212') && digits.length === 12) return `0${digits.slice(3)}`;
  return digits;
}

/** Same lowercase trimmed name, brand and category (spec §4). */
export function productDuplicateKey(product: Pick<Product, 'name' | 'brand' | 'category'>): string {
  return JSON.stringify([
    normaliseText(product.name),
    normaliseText(product.brand),
    normaliseText(product.category),
  ]);
}

/** Same name and phone (spec §4), compared as a shopkeeper would read them. */
export function customerDuplicateKey(customer: Pick<Customer, 'name' | 'phone'>): string {
  return JSON.stringify([normaliseText(customer.name), normalisePhone(customer.phone)]);
}

/**
 * Same minute, total, customer and item multiset (spec §4). The minute is the calendar minute (UTC),
 * not a sliding window, so that "is a duplicate of" is an equivalence and the result does not depend on order.
 */
export function saleDuplicateKey(sale: Sale): string {
  const minute = Math.floor(Date.parse(sale.date) / DUPLICATE_SALE_WINDOW_MS);
  const items = sale.items.map((item) => `${item.productId}|${item.quantity}|${item.total}`).sort();
  return JSON.stringify([minute, sale.total, sale.customerId ?? null, items]);
}

function groupsOf<T>(records: readonly T[], keyOf: (record: T) => string, preferred: (a: T, b: T) => number) {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const key = keyOf(record);
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  const duplicates: DuplicateGroup<T>[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const [kept, ...removed] = [...group].sort(preferred);
    if (kept) duplicates.push({ kept, removed });
  }
  return duplicates;
}

/** Keeps the most recently updated product; tie → the higher stock; tie → the smaller id. */
export function duplicateProductGroups(products: readonly Product[]): DuplicateGroup<Product>[] {
  return groupsOf(
    products,
    productDuplicateKey,
    (a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.stock - a.stock || byId(a, b),
  );
}

/** Keeps the oldest customer record (the one the shop has known longest); tie → the smaller id. */
export function duplicateCustomerGroups(customers: readonly Customer[]): DuplicateGroup<Customer>[] {
  return groupsOf(
    customers,
    customerDuplicateKey,
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || byId(a, b),
  );
}

/** Keeps the earliest sale; tie → the smaller id (UUIDv7 ids sort by creation). */
export function duplicateSaleGroups(sales: readonly Sale[]): DuplicateGroup<Sale>[] {
  return groupsOf(sales, saleDuplicateKey, (a, b) => Date.parse(a.date) - Date.parse(b.date) || byId(a, b));
}

/** Sales with at least one line whose product no longer exists. */
export function salesWithMissingProducts(sales: readonly Sale[], productIds: ReadonlySet<string>): Sale[] {
  return sales.filter((sale) => sale.items.some((item) => !productIds.has(item.productId)));
}

/** Credit entries of a customer who no longer exists. */
export function creditsWithMissingCustomer(
  entries: readonly CreditTransaction[],
  customerIds: ReadonlySet<string>,
): CreditTransaction[] {
  return entries.filter((entry) => !customerIds.has(entry.customerId));
}
