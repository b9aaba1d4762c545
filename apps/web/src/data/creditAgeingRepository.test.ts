// What is owed as the screens read it: every entry, live and archived, with the ages on a given day.
import { describe, expect, it, beforeEach } from 'vitest';
import type { CreditTransaction } from '@hanouti/core';
import { archiveEntries } from './creditArchive';
import { readOwed } from './creditAgeingRepository';
import { addCredit, addPayment } from './customersRepository';
import { tx } from './db';
import { aCustomer, resetDatabase, storeRecords } from './testDatabase';

beforeEach(resetDatabase);

const entry = (
  id: string,
  customerId: string,
  type: CreditTransaction['type'],
  amount: number,
  date: string,
): CreditTransaction => ({ id, customerId, type, amount, description: '', date });

describe('what is owed, read from the carnet', () => {
  it('counts archived (imported) and live entries, paid oldest first, in the shop calendar', async () => {
    const amina = aCustomer({
      id: '01950000-0000-7000-8000-0000000000a1',
      name: 'Amina',
      creditBalance: 10_000,
    });
    const karim = aCustomer({
      id: '01950000-0000-7000-8000-0000000000a2',
      name: 'Karim',
      creditBalance: 4_000,
    });
    // The cached balances are those of the archived entries below, as an import leaves them.
    await storeRecords({ customers: [amina, karim] });
    await tx('rw', ['creditTransactions', 'archivedCredits'], (t) =>
      archiveEntries(t, [
        entry('e1', amina.id, 'credit', 10_000, '2025-04-01T10:00:00Z'),
        entry('e2', karim.id, 'credit', 4_000, '2025-06-20T10:00:00Z'),
      ]),
    );
    // Live entries, written today by the screens: a credit for Amina, a payment that pays her oldest one first.
    expect(await addCredit(amina.id, 2_500, '')).toMatchObject({ ok: true });
    expect(await addPayment(amina.id, 6_000, '')).toMatchObject({ ok: true });
    const now = new Date().toISOString();
    const owed = await readOwed(now);
    expect(owed.byCustomer.get(amina.id)).toMatchObject({
      balance: 6_500,
      oldestUnpaid: '2025-04-01T10:00:00Z',
    });
    expect(owed.byCustomer.get(amina.id)?.ageing).toMatchObject({ upTo30: 2_500, from31To60: 0 });
    expect(owed.shop).toMatchObject({ total: 10_500, debtors: 2 });
    const { upTo30, from31To60, over60 } = owed.shop.ageing;
    expect(upTo30 + from31To60 + over60).toBe(10_500);
    // On 30 June 2025 the ages are exact: Amina's 40,00 left of 1 April is 90 days old, Karim's 10 days.
    const then = await readOwed('2025-06-30T12:00:00Z');
    expect(then.byCustomer.get(amina.id)).toMatchObject({
      ageDays: 90,
      ageing: { upTo30: 2_500, from31To60: 0, over60: 4_000 },
    });
    expect(then.byCustomer.get(karim.id)).toMatchObject({ ageDays: 10, ageing: { upTo30: 4_000 } });
  });
});
