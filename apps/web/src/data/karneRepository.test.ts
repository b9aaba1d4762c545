// The karne as the screens write and read it: an advance is one synced operation, the day's promises and cash.
import { describe, expect, it, beforeEach } from 'vitest';
import { addProductToCart, balanceFromLedger, emptyCart } from '@hanouti/core';
import { exportAll, importBackupFile } from './backupService';
import { completeSale } from './checkoutRepository';
import {
  addCredit,
  addPayment,
  getCustomer,
  listCreditTransactions,
  saveCustomer,
} from './customersRepository';
import { addAdvance, readDayCash, readDayPromises } from './karneRepository';
import { pendingOperations } from './syncStore';
import { aCustomer, aProduct, resetDatabase, storeRecords, useStorableBlobs } from './testDatabase';

beforeEach(resetDatabase);

describe('the karne in the local database', () => {
  it('writes an advance as one credit.record with its marker and note; without a note nothing changes', async () => {
    const customer = aCustomer();
    await storeRecords({ customers: [customer] });
    expect(await addAdvance(customer.id, 5_000, '  ')).toEqual({ ok: false, error: 'note-required' });
    expect(await pendingOperations()).toEqual([]);
    const done = await addAdvance(customer.id, 5_000, 'Pharmacie');
    expect(done.ok).toBe(true);
    const [entry] = await listCreditTransactions(customer.id);
    expect(entry).toMatchObject({ type: 'credit', kind: 'advance', description: 'Pharmacie', amount: 5_000 });
    expect((await getCustomer(customer.id))?.creditBalance).toBe(5_000);
    expect(balanceFromLedger(await listCreditTransactions(customer.id))).toBe(5_000);
    const ops = await pendingOperations();
    expect(ops.map((op) => op.type)).toEqual(['credit.record']);
    expect(ops[0]?.payload).toEqual(entry);
  });

  it('keeps the limit and the promise through an edit, and removes them when cleared', async () => {
    const customer = aCustomer();
    await storeRecords({ customers: [customer] });
    await saveCustomer({ ...customer, creditLimit: 50_000, promiseDate: '2025-07-01' });
    expect(await getCustomer(customer.id)).toMatchObject({ creditLimit: 50_000, promiseDate: '2025-07-01' });
    await saveCustomer({ ...customer, name: 'Fatima' });
    const cleared = await getCustomer(customer.id);
    expect(cleared).not.toHaveProperty('creditLimit');
    expect(cleared).not.toHaveProperty('promiseDate');
    const upserts = (await pendingOperations()).filter((op) => op.type === 'customer.upsert');
    expect(upserts[0]?.payload).toMatchObject({ creditLimit: 50_000, promiseDate: '2025-07-01' });
  });

  it("reads today's promises and today's cash (sales aside, payments in, advances out)", async () => {
    const today = new Date().toISOString();
    const due = aCustomer({ promiseDate: '2000-01-01' });
    const none = aCustomer();
    await storeRecords({ customers: [due, none] });
    await addCredit(due.id, 10_000, '');
    await addAdvance(due.id, 2_500, 'Transport');
    await addPayment(due.id, 4_000, '');
    const promises = await readDayPromises(today);
    expect(promises.overdue.map((c) => c.id)).toEqual([due.id]);
    expect(promises.dueToday).toEqual([]);
    const cash = await readDayCash(today);
    expect(cash).toMatchObject({ payments: 4_000, advances: 2_500, sales: 0, net: 1_500 });
  });

  it("counts today's cash brought by a backup restored today (an import keeps its records in the archive)", async () => {
    // The shop moves to a new phone at noon: the morning's sale, payment and advance come with the backup.
    useStorableBlobs();
    const now = new Date();
    const customer = aCustomer();
    const tea = aProduct({ salePrice: 1500, vat: 20, stock: 10 });
    await storeRecords({ products: [tea], customers: [customer] });
    expect((await completeSale(addProductToCart(emptyCart(), tea), { now })).ok).toBe(true);
    await addCredit(customer.id, 10_000, '');
    await addPayment(customer.id, 4_000, '');
    await addAdvance(customer.id, 2_500, 'Transport');
    const morning = await readDayCash(now.toISOString());
    expect(morning).toMatchObject({ salesCount: 1, paymentsCount: 1, advancesCount: 1 });
    const backup = await (await exportAll({ now })).blob.text();

    await resetDatabase();
    const imported = await importBackupFile(
      new File([backup], 'sauvegarde.json', { type: 'application/json' }),
    );
    expect(imported.ok).toBe(true);
    expect(await readDayCash(now.toISOString())).toEqual(morning);
  });
});
