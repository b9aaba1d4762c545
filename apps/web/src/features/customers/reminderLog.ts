// Logging a reminder on the customer: the date joins their reminder log, saved with a customer.upsert operation.
import { customerSchema, logReminder, type Customer } from '@hanouti/core';
import { tx } from '../../data/db';
import { OUTBOX_TABLES, recordOperation } from '../../data/outbox';

/**
 * Records that the customer was reminded at `at` (now by default), with its operation in the same
 * transaction. Resolves with the customer as saved, or undefined when the customer no longer exists.
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
