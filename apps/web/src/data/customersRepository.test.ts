import { balanceFromLedger } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addCredit,
  addPayment,
  deleteCustomers,
  getCustomer,
  listCreditTransactions,
  listCustomers,
  recordReminder,
  saveCustomer,
} from './customersRepository';
import { pendingOperations } from './syncStore';
import { aCustomer, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);

describe('customers and their carnet', () => {
  it('raises the balance with a credit and lowers it with a payment, keeping balance = Σ entries', async () => {
    const customer = aCustomer();
    await storeRecords({ customers: [customer] });
    expect(await addCredit(customer.id, 5000, 'Courses')).toMatchObject({ ok: true, change: 0 });
    expect(await addPayment(customer.id, 2000, '')).toMatchObject({ ok: true, change: 0 });
    const stored = await getCustomer(customer.id);
    expect(stored?.creditBalance).toBe(3000);
    expect(balanceFromLedger(await listCreditTransactions(customer.id))).toBe(3000);
    expect((await pendingOperations()).map((op) => op.type)).toEqual(['credit.record', 'credit.record']);
  });

  it('records a payment up to the balance and gives back the rest as change', async () => {
    const customer = aCustomer();
    await storeRecords({ customers: [customer] });
    await addCredit(customer.id, 1000, '');
    const result = await addPayment(customer.id, 1500, '');
    expect(result).toMatchObject({ ok: true, change: 500, transaction: { type: 'payment', amount: 1000 } });
    expect((await getCustomer(customer.id))?.creditBalance).toBe(0);
    expect(await addPayment(customer.id, 300, '')).toMatchObject({
      ok: true,
      change: 300,
      transaction: undefined,
    });
    expect(await listCreditTransactions(customer.id)).toHaveLength(2);
  });

  it('refuses an amount that is not above 0 ("Le montant doit être supérieur à 0")', async () => {
    const customer = aCustomer();
    await storeRecords({ customers: [customer] });
    expect(await addCredit(customer.id, 0, '')).toEqual({ ok: false, error: 'amount-not-positive' });
    expect(await addPayment(customer.id, -5, '')).toEqual({ ok: false, error: 'amount-not-positive' });
    expect(await listCreditTransactions(customer.id)).toEqual([]);
    expect(await addCredit(aCustomer().id, 100, '')).toEqual({ ok: false, error: 'customer-not-found' });
  });

  it('keeps the balance and purchases of a stored customer when the form saves name and phone', async () => {
    const customer = aCustomer({ creditBalance: 700, totalPurchases: 9000 });
    await storeRecords({ customers: [customer] });
    const saved = await saveCustomer({ ...customer, name: 'Fatima Z.', creditBalance: 0, totalPurchases: 0 });
    expect(saved).toMatchObject({ name: 'Fatima Z.', creditBalance: 700, totalPurchases: 9000 });
    await expect(saveCustomer({ ...customer, name: '  ' })).rejects.toThrow();
  });

  it('deletes customers with their credit entries, and counts them', async () => {
    const [a, b, c] = [aCustomer(), aCustomer({ name: 'Youssef' }), aCustomer({ name: 'Karim' })];
    await storeRecords({ customers: [a, b, c] });
    await addCredit(a.id, 100, '');
    await addCredit(c.id, 100, '');
    expect(await deleteCustomers([a.id, b.id, aCustomer().id])).toBe(2);
    expect((await listCustomers()).map((x) => x.id)).toEqual([c.id]);
    expect(await listCreditTransactions(a.id)).toEqual([]);
    expect(await listCreditTransactions(c.id)).toHaveLength(1);
    const deletes = (await pendingOperations()).filter((op) => op.type === 'customer.delete');
    expect(deletes.map((op) => op.payload)).toEqual([{ id: a.id }, { id: b.id }]);
  });

  it('logs a reminder on the customer with its customer.upsert, and nothing for a customer gone', async () => {
    const customer = aCustomer();
    await storeRecords({ customers: [customer] });
    const at = '2030-01-02T10:00:00.000Z';
    const reminded = await recordReminder(customer.id, at);
    expect(reminded?.remindedAt).toEqual([at]);
    expect((await getCustomer(customer.id))?.remindedAt).toEqual([at]);
    const operations = await pendingOperations();
    expect(operations.map((op) => op.type)).toEqual(['customer.upsert']);
    expect(operations[0]?.payload).toMatchObject({ id: customer.id, remindedAt: [at] });
    expect(await recordReminder('no-such-customer', at)).toBeUndefined();
    expect(await pendingOperations()).toHaveLength(1);
  });
});
