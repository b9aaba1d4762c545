// Public face of @hanouti/core: the shop's records and the pure rules that act on them.
export * from './entities.js';
export * from './constants.js';
export * from './context.js';
export * from './ids.js';
export * from './limits.js';
export * from './digits.js';
export * from './money.js';
export * from './vat.js';
export * from './cart.js';
export * from './checkout.js';
export * from './stock.js';
export * from './ledger.js';
export * from './suppliers.js';
export * from './dashboard.js';
export * from './creditAgeing.js';
export * from './creditLimit.js';
export * from './paymentPromise.js';
export * from './cashMovements.js';
export * from './reminders.js';
export * from './search.js';
export * from './gtin.js';
export * from './validation.js';

// --- data care (backup, cleanup, integrity) ---
export * from './backupFormat.js';
export * from './backup.js';
export * from './backupImport.js';
export * from './backupReconcile.js';
export type { RecordRejectionCode } from './backupConvert.js';
export { BACKUP_ID_NAMESPACE } from './backupConvert.js';
export type { RecordNoteCode } from './backupRecords.js';
export * from './cleanupDuplicates.js';
export * from './cleanup.js';
export * from './integrity.js';
export * from './sampleData.js';
export * from './catalogueSheet.js';

// --- sync (hybrid logical clock, protocol, merging pulled changes) ---
export * from './hlc.js';
export * from './sync.js';
export * from './syncMerge.js';
