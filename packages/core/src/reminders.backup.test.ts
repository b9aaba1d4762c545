// The reminder log travels in backups: written in the file, read back as it was, untidy files tidied.
import { describe, expect, it } from 'vitest';
import { emptyShop } from './testing/backupShops.js';
import { exportBackup } from './backup.js';
import { parseBackupText } from './backupImport.js';
import type { Customer } from './entities.js';
import { REMINDER_LOG_LIMIT } from './reminders.js';

const customer: Customer = {
  id: '0190d6a4-0000-7000-8000-000000000001',
  name: 'Fatima',
  phone: '06 12 34 56 78',
  creditBalance: 0,
  totalPurchases: 0,
  remindedAt: ['2025-03-01T09:00:00.000Z', '2025-03-08T09:30:00.000Z'],
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-03-08T09:30:00.000Z',
};

function fileWith(customers: unknown[]): string {
  const file = exportBackup(emptyShop(), '2025-04-01T00:00:00.000Z');
  return JSON.stringify({ ...file, customers });
}

describe('reminders in a backup', () => {
  it('writes the dates and reads them back unchanged', () => {
    const file = exportBackup({ ...emptyShop(), customers: [customer] }, '2025-04-01T00:00:00.000Z');
    expect(file.customers[0]?.remindedAt).toEqual(customer.remindedAt);
    const read = parseBackupText(JSON.stringify(file));
    expect(read.ok && read.backup.customers).toEqual([customer]);
  });

  it('a customer never reminded has no log in the file', () => {
    const { remindedAt: _none, ...plain } = customer;
    const read = parseBackupText(fileWith([{ ...plain, creditBalance: 0, totalPurchases: 0 }]));
    expect(read.ok && read.backup.customers[0]).toEqual(plain);
  });

  it('keeps the readable dates of an untidy file, in order, the latest ones only', () => {
    const many = Array.from({ length: REMINDER_LOG_LIMIT + 3 }, (_, i) =>
      new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
    );
    const untidy = ['pas une date', ...many.slice().reverse(), many[0], 1735689600000];
    const read = parseBackupText(fileWith([{ ...customer, remindedAt: untidy }]));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.backup.customers[0]?.remindedAt).toEqual(many.slice(-REMINDER_LOG_LIMIT));
  });
});
