// The karne's fields travel in backups: limit, promise and advances written and read back; older files unchanged.
import { describe, expect, it } from 'vitest';
import { exportBackup } from './backup.js';
import { parseBackupText } from './backupImport.js';
import { DEFAULT_SETTINGS, type CreditTransaction, type Customer } from './entities.js';

const customer: Customer = {
  id: '0190d6a4-0000-7000-8000-0000000000a1',
  name: 'Fatima',
  phone: '06 12 34 56 78',
  creditBalance: 25_050,
  totalPurchases: 0,
  creditLimit: 50_000,
  promiseDate: '2025-04-01',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-03-08T09:30:00.000Z',
};
const advance: CreditTransaction = {
  id: '0190d6a4-0000-7000-8000-0000000000b1',
  customerId: customer.id,
  type: 'credit',
  amount: 25_050,
  description: 'Pharmacie',
  date: '2025-03-08T09:30:00.000Z',
  kind: 'advance',
};

function file(customers: Customer[], creditTransactions: CreditTransaction[]) {
  return exportBackup(
    {
      products: [],
      sales: [],
      customers,
      creditTransactions,
      stockMovements: [],
      settings: DEFAULT_SETTINGS,
      photos: [],
    },
    '2025-04-01T00:00:00.000Z',
  );
}

describe('the karne in a backup', () => {
  it('writes the limit (in MAD), the promise and the advance marker, and reads them back unchanged', () => {
    const written = file([customer], [advance]);
    expect(written.customers[0]).toMatchObject({ creditLimit: 500, promiseDate: '2025-04-01' });
    expect(written.creditTransactions[0]).toMatchObject({ kind: 'advance', amount: 250.5 });
    const read = parseBackupText(JSON.stringify(written));
    expect(read.ok && read.backup.customers).toEqual([customer]);
    expect(read.ok && read.backup.creditTransactions).toEqual([advance]);
  });

  it('an older file without the fields imports as before: no limit, no promise, ordinary entries', () => {
    const { creditLimit: _l, promiseDate: _p, ...plainCustomer } = customer;
    const { kind: _k, ...plainEntry } = advance;
    const written = file([plainCustomer], [plainEntry]);
    expect(Object.keys(written.customers[0]!)).not.toContain('creditLimit');
    expect(Object.keys(written.creditTransactions[0]!)).not.toContain('kind');
    const read = parseBackupText(JSON.stringify(written));
    expect(read.ok && read.backup.customers).toEqual([plainCustomer]);
    expect(read.ok && read.backup.creditTransactions).toEqual([plainEntry]);
  });

  it('a null limit or promise counts as absent; an unreadable one refuses the record and says which field', () => {
    const written = file([customer], [advance]);
    const withNulls = {
      ...written,
      customers: [{ ...written.customers[0], creditLimit: null, promiseDate: null }],
    };
    const read = parseBackupText(JSON.stringify(withNulls));
    expect(read.ok && read.backup.customers[0]).not.toHaveProperty('creditLimit');
    expect(read.ok && read.backup.customers[0]).not.toHaveProperty('promiseDate');
    const bad = { ...written, customers: [{ ...written.customers[0], promiseDate: 'le 1er' }] };
    const refused = parseBackupText(JSON.stringify(bad));
    expect(refused.ok && refused.backup.customers).toEqual([]);
  });
});
