import { balanceFromLedger, newId, type CreditTransaction } from '@hanouti/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyPulledChanges } from './applyPulledChanges';
import { exportAll, importBackupFile } from './backupService';
import { findEntry, LEDGER_TABLES } from './ledger';
import {
  addCredit,
  addPayment,
  deleteCustomers,
  listCreditTransactions,
  listCustomers,
} from './customersRepository';
import { cleanUpDatabase } from './dataCareService';
import { tx } from './db';
import { prepareLocalData } from './startup';
import { resetDatabase, useStorableBlobs } from './testDatabase';

const NOW = new Date('2025-05-20T12:00:00Z');

async function exportText(): Promise<string> {
  return (await exportAll({ now: NOW })).blob.text();
}

async function importText(text: string): Promise<void> {
  const outcome = await importBackupFile(new File([text], 'sauvegarde.json', { type: 'application/json' }));
  if (!outcome.ok) throw new Error(outcome.reason);
}

const balanceOf = async (customerId: string) =>
  (await listCustomers()).find((customer) => customer.id === customerId)?.creditBalance;
const tableCount = () => tx('r', ['creditTransactions'], (t) => t.creditTransactions.count());
const archivedCount = () =>
  tx('r', LEDGER_TABLES, async (t) =>
    (await t.archivedCredits.toArray()).reduce((sum, record) => sum + record.entries.length, 0),
  );

describe('a shop whose credit notebook came from an import', () => {
  let customerId: string;
  let backup: string;
  let entries: CreditTransaction[];

  beforeEach(async () => {
    useStorableBlobs();
    await resetDatabase();
    await prepareLocalData({ sweep: 'off' });
    const [customer] = await listCustomers();
    customerId = customer!.id;
    await addCredit(customerId, 2500, 'Pain');
    await addCredit(customerId, 4000, 'Huile');
    await addPayment(customerId, 1000, 'Espèces');
    backup = await exportText();
    // A new phone: the file's notebook is the only one.
    await resetDatabase();
    await importText(backup);
    entries = await listCreditTransactions(customerId);
  });

  it('keeps the entries by customer, where the notebook and the balance find them', async () => {
    expect(await tableCount()).toBe(0);
    expect(await archivedCount()).toBe(3);
    expect(entries.map((entry) => entry.description).sort()).toEqual(['Espèces', 'Huile', 'Pain']);
    const dates = entries.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await balanceOf(customerId)).toBe(5500);
    expect(await balanceOf(customerId)).toBe(balanceFromLedger(entries));
    expect(await exportText()).toBe(backup);
  });

  it('adds new entries to the table, next to the archived ones', async () => {
    await addPayment(customerId, 500, 'Reste');
    expect(await tableCount()).toBe(1);
    const after = await listCreditTransactions(customerId);
    expect(after).toHaveLength(4);
    expect(await balanceOf(customerId)).toBe(balanceFromLedger(after));
  });

  it('takes an archived entry out when a newer version is pulled or it is deleted, never twice', async () => {
    const pain = entries.find((entry) => entry.description === 'Pain')!;
    const corrected = { ...pain, amount: 3000 };
    await applyPulledChanges(
      [{ seq: 1, entity: 'creditTransaction', id: pain.id, deleted: false, record: corrected }],
      'v1.shop.1',
    );
    const after = await listCreditTransactions(customerId);
    expect(after.filter((entry) => entry.id === pain.id)).toEqual([corrected]);
    expect(await archivedCount()).toBe(2);
    expect(await balanceOf(customerId)).toBe(6000);

    const huile = entries.find((entry) => entry.description === 'Huile')!;
    await applyPulledChanges(
      [{ seq: 2, entity: 'creditTransaction', id: huile.id, deleted: true }],
      'v1.shop.2',
    );
    expect(await tx('r', LEDGER_TABLES, (t) => findEntry(t, huile.id))).toBeUndefined();
    expect(await balanceOf(customerId)).toBe(2000);
  });

  it('imports the same file again without a duplicate, and cleans up nothing', async () => {
    await importText(backup);
    expect(await archivedCount()).toBe(3);
    expect(await tableCount()).toBe(0);
    expect(await exportText()).toBe(backup);
    expect((await cleanUpDatabase()).removedCount).toBe(0);
    expect(await listCreditTransactions(customerId)).toEqual(entries);
  });

  it("deletes a customer's archived entries with the customer", async () => {
    expect(await deleteCustomers([customerId])).toBe(1);
    expect(await archivedCount()).toBe(0);
    expect(await listCreditTransactions(customerId)).toEqual([]);
    expect(await tx('r', LEDGER_TABLES, (t) => findEntry(t, newId()))).toBeUndefined();
  });
});
