import { describe, expect, it } from 'vitest';
import { parseBackupText } from '@hanouti/core';
import { LAST_RESTORE_KEY, restoreRecordOf, saveRestoreRecord, takeRestoreRecord } from './lastRestore';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const AT = '2025-04-01T08:00:00.000Z';

describe('the last restore record', () => {
  it('is kept across a reload and read once', () => {
    const parsed = parseBackupText(
      JSON.stringify({
        exportDate: '2026-11-10T18:00:00.000Z',
        products: [
          {
            id: 'the-1',
            name: 'Thé',
            brand: 'Sultan',
            category: 'Thé',
            purchasePrice: 7,
            salePrice: 10,
            vat: 20,
            stock: 3,
            reorderThreshold: 5,
            createdAt: AT,
            updatedAt: AT,
          },
        ],
        customers: [
          {
            id: 'hamid-1',
            name: 'Hamid',
            phone: '0661000001',
            creditBalance: 0,
            totalPurchases: 0,
            createdAt: AT,
          },
        ],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const storage = memoryStorage();
    const record = restoreRecordOf(
      parsed.report,
      { name: 'sauvegarde.json', exportDate: '2026-11-10T18:00:00.000Z', hasSettings: false },
      new Date('2026-11-26T12:00:00Z'),
    );
    saveRestoreRecord(record, storage);
    expect(takeRestoreRecord(storage)).toEqual({
      at: '2026-11-26T12:00:00.000Z',
      fileName: 'sauvegarde.json',
      exportDate: '2026-11-10T18:00:00.000Z',
      counts: expect.objectContaining({ products: 1, customers: 1, sales: 0 }) as unknown,
      settingsReplaced: false,
    });
    expect(takeRestoreRecord(storage)).toBeUndefined();
  });

  it('drops an unreadable record', () => {
    const storage = memoryStorage();
    storage.setItem(LAST_RESTORE_KEY, '{"at": 3}');
    expect(takeRestoreRecord(storage)).toBeUndefined();
    expect(storage.getItem(LAST_RESTORE_KEY)).toBeNull();
  });
});
