// Customers and their carnet: ledger entries and the cached balance change together, with their operations.
import {
  customerSchema,
  logReminder,
  newId,
  recordCredit,
  recordPayment,
  type Centimes,
  type CreditTransaction,
  type Customer,
  type LedgerError,
} from '@hanouti/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { tx } from './db';
import { addEntry, customerEntries, deleteCustomerEntries, LEDGER_TABLES } from './ledger';
import { OUTBOX_TABLES, recordOperation } from './outbox';

const newestFirst = (a: Customer, b: Customer) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

/** All customers, newest first (spec §7). */
export function listCustomers(): Promise<Customer[]> {
  return tx('r', ['customers'], async (t) => (await t.customers.toArray()).sort(newestFirst));
}

export function getCustomer(id: string): Promise<Customer | undefined> {
  return tx('r', ['customers'], (t) => t.customers.get(id));
}

export function useCustomers(): Customer[] | undefined {
  return useLiveQuery(listCustomers);
}

export function useCustomer(id: string | undefined): Customer | undefined {
  return useLiveQuery(() => (id ? getCustomer(id) : undefined), [id]);
}

/**
 * Saves a customer's name and phone (new or edited). The balance, purchases and last purchase are
 * kept from the stored record: only the ledger and sales change them. Throws when invalid.
 */
export function saveCustomer(draft: Customer): Promise<Customer> {
  const now = new Date().toISOString();
  return tx('rw', ['customers', ...OUTBOX_TABLES], async (t) => {
    const existing = await t.customers.get(draft.id);
    const customer = customerSchema.parse({
      ...draft,
      ...(existing
        ? {
            creditBalance: existing.creditBalance,
            totalPurchases: existing.totalPurchases,
            lastPurchase: existing.lastPurchase,
            createdAt: existing.createdAt,
          }
        : {}),
      updatedAt: now,
    });
    await t.customers.put(customer);
    await recordOperation(t, 'customer.upsert', customer, now);
    return customer;
  });
}

/**
 * Deletes the customers and their credit entries (spec §7: entries first, then the customer), all in one
 * transaction; returns how many customers were deleted ("N client(s) supprimé(s) avec succès").
 */
export function deleteCustomers(ids: readonly string[]): Promise<number> {
  const now = new Date().toISOString();
  return tx('rw', ['customers', ...LEDGER_TABLES, ...OUTBOX_TABLES], async (t) => {
    const existing = (await t.customers.bulkGet([...new Set(ids)])).filter((c) => c !== undefined);
    for (const customer of existing) {
      await deleteCustomerEntries(t, customer.id);
      await t.customers.delete(customer.id);
      await recordOperation(t, 'customer.delete', { id: customer.id }, now);
    }
    return existing.length;
  });
}

/**
 * Records that the customer was reminded at `at` (now by default): the date joins their reminder log, saved with
 * a customer.upsert operation in the same transaction. Resolves with the customer as saved, or undefined when
 * the customer no longer exists.
 */
export function recordReminder(
  customerId: string,
  at: string = new Date().toISOString(),
): Promise<Customer | undefined> {
  return tx('rw', ['customers', ...OUTBOX_TABLES], async (t) => {
    const customer = await t.customers.get(customerId);
    if (!customer) return undefined;
    const reminded = customerSchema.parse(logReminder(customer, at));
    await t.customers.put(reminded);
    await recordOperation(t, 'customer.upsert', reminded, at);
    return reminded;
  });
}

export type LedgerUpdateResult =
  | { ok: true; customer: Customer; transaction: CreditTransaction | undefined; change: Centimes }
  | { ok: false; error: LedgerError | 'customer-not-found' };

export type LedgerRule = (
  customer: Customer,
  now: string,
) => ReturnType<typeof recordCredit> | ReturnType<typeof recordPayment>;

/** Writes one carnet entry by `rule` with the customer's new balance and its operation, in one transaction. */
export function changeLedger(customerId: string, rule: LedgerRule): Promise<LedgerUpdateResult> {
  const now = new Date().toISOString();
  return tx('rw', ['customers', 'creditTransactions', ...OUTBOX_TABLES], async (t) => {
    const customer = await t.customers.get(customerId);
    if (!customer) return { ok: false, error: 'customer-not-found' };
    const result = rule(customer, now);
    if (!result.ok) return result;
    const change = 'change' in result ? result.change : 0;
    if (!result.transaction) return { ok: true, customer, transaction: undefined, change };
    await addEntry(t, result.transaction);
    await t.customers.put(result.customer);
    await recordOperation(t, 'credit.record', result.transaction, now);
    return { ok: true, customer: result.customer, transaction: result.transaction, change };
  });
}

/** Goods taken on the carnet: raises the balance. Amount in centimes, > 0 ("Le montant doit être supérieur à 0"). */
export function addCredit(
  customerId: string,
  amount: Centimes,
  description: string,
): Promise<LedgerUpdateResult> {
  return changeLedger(customerId, (customer, now) =>
    recordCredit(customer, amount, description, { now, newId }),
  );
}

/** A payment: lowers the balance down to 0 at most; `change` is what to hand back. */
export function addPayment(
  customerId: string,
  amount: Centimes,
  description: string,
): Promise<LedgerUpdateResult> {
  return changeLedger(customerId, (customer, now) =>
    recordPayment(customer, amount, description, { now, newId }),
  );
}

/** A customer's ledger entries, newest first. */
export function listCreditTransactions(customerId: string): Promise<CreditTransaction[]> {
  return tx('r', LEDGER_TABLES, async (t) =>
    (await customerEntries(t, customerId)).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
  );
}

export function useCreditTransactions(customerId: string | undefined): CreditTransaction[] | undefined {
  return useLiveQuery(() => (customerId ? listCreditTransactions(customerId) : undefined), [customerId]);
}
