// The karne's ceiling: how far an entry would take a customer's balance past the limit the shop set for them.
import type { Centimes, Customer } from './entities.js';

type WithLimit = Pick<Customer, 'creditBalance' | 'creditLimit'>;

/**
 * By how much the balance would exceed the customer's limit once `amount` is added: 0 when there is no
 * limit, nothing is added, or the new balance stays within it. This is what the confirmation names.
 */
export function amountOverLimit(customer: WithLimit, amount: Centimes): Centimes {
  if (customer.creditLimit === undefined || amount <= 0) return 0;
  return Math.max(customer.creditBalance + amount - customer.creditLimit, 0);
}

/** Whether the customer already owes more than their limit (flagged on the customer). */
export function isOverLimit(customer: WithLimit): boolean {
  return customer.creditLimit !== undefined && customer.creditBalance > customer.creditLimit;
}
