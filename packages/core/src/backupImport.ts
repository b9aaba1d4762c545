// Reads a backup file into an import plan: every record checked, ids made UUIDs, references kept, nothing trusted.
import type { CreditTransaction, Customer, Product, Sale, Settings, StockMovement } from './entities.js';
import type { BackupListName, BackupPhoto } from './backupFormat.js';
import { BACKUP_FORMAT_VERSION, BACKUP_LISTS } from './backupFormat.js';
import type { RecordRejectionCode } from './backupConvert.js';
import { derivedId, isRawRecord, normaliseDate, RecordRejected } from './backupConvert.js';
import type { Converted, ReadContext, RecordNote, RecordNoteCode } from './backupRecords.js';
import {
  creditFromFile,
  customerFromFile,
  movementFromFile,
  saleMovementFromFile,
  salesOfFile,
  photoFromFile,
  productFromFile,
  saleFromFile,
  settingsFromFile,
} from './backupRecords.js';
import { MAX_IMAGE_BYTES } from './constants.js';
import { balanceFromLedger } from './ledger.js';
import { stockFromMovements } from './stock.js';

export type ImportLimits = {
  /** Longest text read, in UTF-16 characters; refused before parsing. */
  maxChars: number;
  /** Deepest nesting of objects and arrays (a backup needs 5). */
  maxDepth: number;
  /** Rejections and notes listed in the report (all are counted). */
  maxReasons: number;
  /** Longest photo data URL: a 5 MB image in base64 plus its header. */
  maxPhotoChars: number;
};

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxChars: 500 * 1024 * 1024,
  maxDepth: 32,
  maxReasons: 50,
  maxPhotoChars: Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 64,
};

/** Why a whole file was refused: nothing of it is applied. */
export type BackupFileError =
  'too-large' | 'invalid-json' | 'too-deep' | 'forbidden-key' | 'not-a-backup' | 'unsupported-version';

/** Keys that could reach an object's prototype if the data were ever merged into one. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What the web app writes, in one transaction, as upserts by id. Plain JSON (it crosses the Worker
 * boundary); photos stay data URLs until the app turns them into blobs.
 */
export type ImportPlan = {
  formatVersion: 1 | 2;
  exportDate: string | null;
  products: Product[];
  sales: Sale[];
  customers: Customer[];
  creditTransactions: CreditTransaction[];
  stockMovements: StockMovement[];
  photos: BackupPhoto[];
  /** null when the file had no settings object: the shop's settings stay as they are. */
  settings: Settings | null;
};

export type ImportListName = BackupListName | 'settings';

export type ImportRejection = {
  list: ImportListName;
  index: number;
  code: RecordRejectionCode;
  field?: string;
};
export type ImportNote = {
  list: ImportListName;
  index: number;
  code: RecordNoteCode;
  field?: string;
  item?: number;
};

export type ImportReport = {
  formatVersion: 1 | 2;
  /** Records of the file kept and refused, per list. */
  lists: Record<ImportListName, { accepted: number; rejected: number }>;
  rejectedCount: number;
  /** The first `maxReasons` rejections, in file order. */
  rejections: ImportRejection[];
  noteCount: number;
  notes: ImportNote[];
  /** Distinct ids of the file that were not UUIDs and were replaced. */
  regeneratedIds: number;
  /** Records the import added so that stock = Σ movements and balance = Σ entries hold. */
  added: { stockMovements: number; creditTransactions: number };
  /** Top-level keys not applied: unknown, or a list that is not an array. */
  ignoredKeys: string[];
};

export type ImportResult =
  { ok: true; backup: ImportPlan; report: ImportReport } | { ok: false; error: BackupFileError };

/** Description of the credit entry that carries a balance the file gave without its entries. */
export const IMPORTED_BALANCE_DESCRIPTION = 'Solde importé';

/** Depth and forbidden keys, checked without recursion so a hostile file cannot exhaust the stack. */
function scanStructure(root: unknown, maxDepth: number): 'too-deep' | 'forbidden-key' | undefined {
  // Only objects and arrays are stacked (with their depth, in a parallel list): a large file has millions
  // of leaves, and a pair per leaf was most of the scan's time in garbage collection.
  const values: object[] = [];
  const depths: number[] = [];
  if (typeof root === 'object' && root !== null) {
    values.push(root);
    depths.push(1);
  }
  const visit = (child: unknown, depth: number): boolean => {
    if (typeof child !== 'object' || child === null) return true;
    if (depth > maxDepth) return false;
    values.push(child);
    depths.push(depth);
    return true;
  };
  while (values.length > 0) {
    const value = values.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) return 'too-deep';
    if (Array.isArray(value)) {
      for (const child of value as unknown[]) if (!visit(child, depth + 1)) return 'too-deep';
      continue;
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return 'forbidden-key';
      if (!visit((value as Record<string, unknown>)[key], depth + 1)) return 'too-deep';
    }
  }
  return undefined;
}

/** Collects rejections and notes for the report, listing only the first few of each. */
function reporter(maxReasons: number) {
  const rejections: ImportRejection[] = [];
  const notes: ImportNote[] = [];
  const counts = { rejected: 0, notes: 0 };
  return {
    rejections,
    notes,
    counts,
    reject(list: ImportListName, index: number, code: RecordRejectionCode, field?: string) {
      counts.rejected += 1;
      if (rejections.length < maxReasons) rejections.push({ list, index, code, ...(field ? { field } : {}) });
    },
    note(list: ImportListName, index: number, note: RecordNote) {
      counts.notes += 1;
      if (notes.length >= maxReasons) return;
      notes.push({
        list,
        index,
        code: note.code,
        ...(note.field ? { field: note.field } : {}),
        ...(note.index !== undefined ? { item: note.index } : {}),
      });
    },
  };
}
type Reporter = ReturnType<typeof reporter>;

/** Converts every record of one list; a bad record or a repeated id is refused alone (first one wins). */
function readList<T>(
  list: BackupListName,
  records: readonly unknown[],
  convert: (value: unknown) => Converted<T>,
  idOf: (value: T) => string,
  report: Reporter,
): { value: T; index: number }[] {
  const seen = new Set<string>();
  const accepted: { value: T; index: number }[] = [];
  records.forEach((record, index) => {
    try {
      const { value, notes } = convert(record);
      const id = idOf(value);
      if (seen.has(id)) throw new RecordRejected('duplicate-id', 'id');
      seen.add(id);
      accepted.push({ value, index });
      for (const note of notes) report.note(list, index, note);
    } catch (error) {
      if (!(error instanceof RecordRejected)) throw error;
      report.reject(list, index, error.code, error.field);
    }
  });
  return accepted;
}

const chronological = (a: CreditTransaction, b: CreditTransaction) =>
  Date.parse(a.date) - Date.parse(b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The file's ledger in this app's terms: a payment is recorded up to what was owed (the rest was change),
 * as recordPayment does, so that each customer's balance is the plain sum of their entries.
 */
function settleLedger(
  entries: { value: CreditTransaction; index: number }[],
  customerIds: ReadonlySet<string>,
  report: Reporter,
): CreditTransaction[] {
  const running = new Map<string, number>();
  const kept = new Set<CreditTransaction>();
  const order = [...entries].sort((a, b) => chronological(a.value, b.value));
  const settled = new Map<CreditTransaction, CreditTransaction>();
  for (const { value: entry, index } of order) {
    // Customers not in the file keep their entries as written: their ledger is on the phone, not here.
    if (!customerIds.has(entry.customerId)) {
      kept.add(entry);
      continue;
    }
    const owed = running.get(entry.customerId) ?? 0;
    if (entry.type === 'credit') {
      running.set(entry.customerId, owed + entry.amount);
      kept.add(entry);
    } else if (owed === 0) {
      report.reject('creditTransactions', index, 'payment-without-debt', 'amount');
    } else {
      const applied = Math.min(owed, entry.amount);
      if (applied < entry.amount)
        report.note('creditTransactions', index, { code: 'payment-capped', field: 'amount' });
      running.set(entry.customerId, owed - applied);
      kept.add(entry);
      settled.set(entry, { ...entry, amount: applied });
    }
  }
  return entries.filter(({ value }) => kept.has(value)).map(({ value }) => settled.get(value) ?? value);
}

function groupBy<T>(values: readonly T[], keyOf: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

function ownList(root: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(root, name) ? root[name] : undefined;
}

/**
 * Reads a backup file's text into an import plan, or refuses the whole file. Accepts version 2 (this app)
 * and version 1 (the original app: no formatVersion, snake_case columns, ids that are not UUIDs).
 */
export function parseBackupText(text: string, limits: Partial<ImportLimits> = {}): ImportResult {
  const { maxChars, maxDepth, maxReasons, maxPhotoChars } = { ...DEFAULT_IMPORT_LIMITS, ...limits };
  if (typeof text !== 'string') return { ok: false, error: 'invalid-json' };
  if (text.length > maxChars) return { ok: false, error: 'too-large' };
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return { ok: false, error: 'invalid-json' };
  }
  const structureError = scanStructure(root, maxDepth);
  if (structureError) return { ok: false, error: structureError };
  if (!isRawRecord(root)) return { ok: false, error: 'not-a-backup' };

  const version = ownList(root, 'formatVersion');
  if (version !== undefined && version !== 1 && version !== BACKUP_FORMAT_VERSION) {
    return { ok: false, error: 'unsupported-version' };
  }
  const formatVersion: 1 | 2 = version === BACKUP_FORMAT_VERSION ? 2 : 1;
  const lists = new Map<BackupListName, unknown[]>();
  const ignoredKeys: string[] = [];
  for (const key of Object.keys(root)) {
    const value = root[key];
    if ((BACKUP_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
      lists.set(key as BackupListName, value);
    } else if (!(
      key === 'formatVersion' ||
      key === 'exportDate' ||
      (key === 'settings' && isRawRecord(value))
    )) {
      ignoredKeys.push(key);
    }
  }
  const rawSettings = ownList(root, 'settings');
  if (lists.size === 0 && !isRawRecord(rawSettings)) return { ok: false, error: 'not-a-backup' };

  const exportDate = normaliseDate(ownList(root, 'exportDate')) ?? null;
  const ctx: ReadContext = {
    exportDate: exportDate ?? undefined,
    maxPhotoChars,
    regeneratedIds: new Set(),
    productVat: new Map(),
  };
  const report = reporter(maxReasons);
  const listOf = (name: BackupListName) => lists.get(name) ?? [];

  const productRows = readList(
    'products',
    listOf('products'),
    (v) => productFromFile(v, ctx),
    (v) => v.product.id,
    report,
  );
  for (const { value } of productRows) ctx.productVat.set(value.product.id, value.product.vat);
  const customerRows = readList(
    'customers',
    listOf('customers'),
    (v) => customerFromFile(v, ctx),
    (v) => v.id,
    report,
  );
  const sales = readList(
    'sales',
    listOf('sales'),
    (v) => saleFromFile(v, ctx),
    (v) => v.id,
    report,
  );
  const creditRows = readList(
    'creditTransactions',
    listOf('creditTransactions'),
    (v) => creditFromFile(v, ctx),
    (v) => v.id,
    report,
  );
  const salesByRawId = salesOfFile(sales, listOf('sales'));
  const movementRows = readList(
    'stockMovements',
    listOf('stockMovements'),
    (v) => saleMovementFromFile(v, ctx, salesByRawId) ?? movementFromFile(v, ctx),
    (v) => v.id,
    report,
  );
  const photoRows = readList(
    'photos',
    listOf('photos'),
    (v) => photoFromFile(v, ctx),
    (v) => v.id,
    report,
  );

  const customerIds = new Set(customerRows.map(({ value }) => value.id));
  const creditTransactions = settleLedger(creditRows, customerIds, report);
  const acceptedCredits = creditTransactions.length;
  const entriesByCustomer = groupBy(creditTransactions, (entry) => entry.customerId);
  const added = { stockMovements: 0, creditTransactions: 0 };
  const customers = customerRows.map(({ value: customer, index }) => {
    const entries = entriesByCustomer.get(customer.id);
    if (entries) {
      const creditBalance = balanceFromLedger(entries);
      if (creditBalance !== customer.creditBalance)
        report.note('customers', index, { code: 'balance-recomputed' });
      return { ...customer, creditBalance };
    }
    if (customer.creditBalance > 0) {
      // A balance without its entries (the original app kept only the number): it becomes an opening entry.
      creditTransactions.push({
        id: derivedId('opening-balance', customer.id),
        customerId: customer.id,
        type: 'credit',
        amount: customer.creditBalance,
        description: IMPORTED_BALANCE_DESCRIPTION,
        date: customer.createdAt,
      });
      added.creditTransactions += 1;
      report.note('customers', index, { code: 'opening-balance-added' });
    }
    return customer;
  });

  const stockMovements = movementRows.map(({ value }) => value);
  const movementsByProduct = groupBy(stockMovements, (movement) => movement.productId);
  const products = productRows.map(({ value: { product }, index }) => {
    const movements = movementsByProduct.get(product.id);
    if (movements) {
      const stock = stockFromMovements(movements);
      if (stock !== product.stock) report.note('products', index, { code: 'stock-recomputed' });
      return { ...product, stock };
    }
    if (product.stock !== 0) {
      stockMovements.push({
        id: derivedId('import-movement', product.id),
        productId: product.id,
        kind: 'import',
        delta: product.stock,
        at: product.createdAt,
      });
      added.stockMovements += 1;
      report.note('products', index, { code: 'import-movement-added' });
    }
    return product;
  });

  let settings: Settings | null = null;
  const photos = new Map<string, BackupPhoto>();
  const addPhoto = (photo: BackupPhoto | undefined) => {
    if (photo && !photos.has(photo.id)) photos.set(photo.id, photo);
  };
  for (const { value } of productRows) addPhoto(value.photo);
  let settingsRejected = 0;
  if (isRawRecord(rawSettings)) {
    try {
      const { value, notes } = settingsFromFile(rawSettings, ctx);
      settings = value.settings;
      addPhoto(value.logo);
      for (const note of notes) report.note('settings', 0, note);
    } catch (error) {
      if (!(error instanceof RecordRejected)) throw error;
      settingsRejected = 1;
      report.reject('settings', 0, error.code, error.field);
    }
  }
  for (const { value } of photoRows) addPhoto(value);

  const count = (name: BackupListName, accepted: number) => ({
    accepted,
    rejected: (lists.get(name)?.length ?? 0) - accepted,
  });
  return {
    ok: true,
    backup: {
      formatVersion,
      exportDate,
      products,
      sales: sales.map(({ value }) => value),
      customers,
      creditTransactions,
      stockMovements,
      photos: [...photos.values()],
      settings,
    },
    report: {
      formatVersion,
      lists: {
        products: count('products', productRows.length),
        customers: count('customers', customerRows.length),
        sales: count('sales', sales.length),
        creditTransactions: count('creditTransactions', acceptedCredits),
        stockMovements: count('stockMovements', movementRows.length),
        photos: count('photos', photoRows.length),
        settings: { accepted: settings ? 1 : 0, rejected: settingsRejected },
      },
      rejectedCount: report.counts.rejected,
      rejections: report.rejections,
      noteCount: report.counts.notes,
      notes: report.notes,
      regeneratedIds: ctx.regeneratedIds.size,
      added,
      ignoredKeys,
    },
  };
}
