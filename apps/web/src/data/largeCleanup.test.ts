// The cleanup of a large imported shop (archived sale pages, thousands of records) finishes in one transaction.
import { beforeEach, describe, expect, it } from 'vitest';
import { backupText, generateShop } from '../../../../e2e/bench/generateShop';
import { importBackupFile } from './backupService';
import { checkDataIntegrity, cleanUpDatabase } from './dataCareService';
import { resetDatabase, useStorableBlobs } from './testDatabase';

beforeEach(async () => {
  useStorableBlobs();
  await resetDatabase();
});

describe('cleanup of a large imported shop', () => {
  it('merges the duplicates of a 20,000-sale import and leaves the shop consistent', async () => {
    // 40 archive pages: enough that the transaction was lost on the way (PrematureCommitError before the fix).
    const shop = generateShop({ products: 3000, sales: 20_000, customers: 300, credits: 3000 });
    const file = shop.file;
    // A duplicate of a product and of a customer, so the cleanup has work to write.
    file.products.push({ ...file.products[0]!, id: 'dup-product' });
    file.customers.push({ ...file.customers[0]!, id: 'dup-customer', creditBalance: 0 });
    const outcome = await importBackupFile(
      new File([backupText(file)], 'hanouti-sauvegarde-2025-06-14.json'),
    );
    expect(outcome).toMatchObject({ ok: true });
    const cleaned = await cleanUpDatabase();
    expect(cleaned.removedCount).toBeGreaterThan(0);
    expect((await checkDataIntegrity()).issues).toEqual([]);
  }, 600_000);
});
