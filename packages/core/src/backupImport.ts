// Reads a backup file into an import plan: every record checked, ids made UUIDs, references kept, nothing trusted.
import type {
  CreditTransaction,
  Customer,
  Product,
  Sale,
  Settings,
  StockMovement,
  Supplier,
  SupplierEntry,
} from './entities.js';
import type { BackupListName, BackupPhoto } from './backupFormat.js';
import { BACKUP_FORMAT_VERSION, BACKUP_LISTS } from './backupFormat.js';
import type { RecordRejectionCode } from './backupConvert.js';
import { derivedId, field, isRawRecord, normaliseDate, RecordRejected } from './backupConvert.js';
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
  supplierEntryFromFile,
  supplierFromFile,
} from './backupRecords.js';
import { MAX_IMAGE_BYTES } from './constants.js';
import { balanceAdjustments, balanceRule, settleCustomerLedger } from './backupReconcile.js';
import { stockFromMovements } from './stock.js';
import { balancesBySupplier } from './suppliers.js';

export type ImportLimits = {
  /** Longest text read, in UTF-16 characters; refused before parsing. */
  maxChars: number;
  /** Deepest nesting of objects and arrays (a backup needs 5). */
  maxDepth: number;
  /** Rejections, notes and reasons listed in the report (all are counted). */
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
  /** The supplier notebook, balance = Σ entries (empty for files written before it existed). */
  suppliers: Supplier[];
  supplierEntries: SupplierEntry[];
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

/**
 * What becomes of a list's records: `accepted` are written (`reconciled` of them changed to add up with
 * their ledger), `skipped` are left out because they changed nothing, `rejected` are invalid (the app
 * refuses a file with any).
 */
export type ImportListCounts = { accepted: number; reconciled: number; skipped: number; rejected: number };

export type ImportReport = {
  formatVersion: 1 | 2;
  lists: Record<ImportListName, ImportListCounts>;
  rejectedCount: number;
  /** The first `maxReasons` rejections, in file order. */
  rejections: ImportRejection[];
  noteCount: number;
  notes: ImportNote[];
  /** Records reconciled or skipped, all counted; the first `maxReasons` listed, list by list. */
  reasonCount: number;
  reasons: ImportReason[];
  /** Distinct ids of the file that were not UUIDs and were replaced. */
  regeneratedIds: number;
  /** Records the import added so that stock = Σ movements and balance = Σ entries hold. */
  added: { stockMovements: number; creditTransactions: number };
  /** Top-level keys not applied: unknown, or a list that is not an array. */
  ignoredKeys: string[];
};

export type ImportResult =
  { ok: true; backup: ImportPlan; report: ImportReport } | { ok: false; error: BackupFileError };

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
  const reasons: ImportReason[] = [];
  const counts = { rejected: 0, notes: 0, reasons: 0 };
  const perList = new Map<ImportListName, { reconciled: number; skipped: number }>();
  return {
    rejections,
    notes,
    reasons,
    counts,
    perList(list: ImportListName) {
      return perList.get(list) ?? { reconciled: 0, skipped: 0 };
    },
    reason(reason: ImportReason) {
      counts.reasons += 1;
      const own = perList.get(reason.list) ?? { reconciled: 0, skipped: 0 };
      own[reason.outcome] += 1;
      perList.set(reason.list, own);
      reasons.push(reason);
    },
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

/** Why a kept record was changed to agree with its ledger, or a record of the file was left out. */
export type ImportReasonCode =
  | 'payment-capped'
  | 'payment-without-debt'
  | 'balance-reconciled'
  | 'balance-recomputed'
  | 'opening-balance-added'
  | 'stock-recomputed'
  | 'supplier-missing';

/**
 * One record the import reconciles (keeps, changed to add up) or skips (leaves out: it changed nothing),
 * with what the shopkeeper needs to recognise it: the customer's or product's name, the date, and the
 * amounts (centimes) or quantities — `stated` as the file says, `result` as imported.
 */
export type ImportReason = {
  list: ImportListName;
  index: number;
  outcome: 'reconciled' | 'skipped';
  code: ImportReasonCode;
  name?: string;
  date?: string;
  stated?: number;
  result?: number;
};

/**
 * The file's ledger in this app's terms (backupReconcile.ts): each customer's payments recorded up to what
 * was owed, those made when nothing was owed left out. Entries of customers not in the file are kept as
 * written: their ledger is on the phone, not here.
 */
function settleLedger(
  entries: { value: CreditTransaction; index: number }[],
  customerNames: ReadonlyMap<string, string>,
  report: Reporter,
): { kept: CreditTransaction[]; balances: Map<string, number> } {
  const indexOf = new Map(entries.map(({ value, index }) => [value, index]));
  const byCustomer = groupBy(
    entries.map(({ value }) => value),
    (entry) => entry.customerId,
  );
  const replaced = new Map<CreditTransaction, CreditTransaction | undefined>();
  const balances = new Map<string, number>();
  for (const [customerId, own] of byCustomer) {
    const name = customerNames.get(customerId);
    if (name === undefined) continue;
    const { settled, balance } = settleCustomerLedger(own);
    balances.set(customerId, balance);
    for (const item of settled) {
      if (item.outcome === 'imported') continue;
      const original = item.outcome === 'capped' ? item.original : item.entry;
      const index = indexOf.get(original)!;
      if (item.outcome === 'skipped') {
        replaced.set(original, undefined);
        report.reason({
          list: 'creditTransactions',
          index,
          outcome: 'skipped',
          code: 'payment-without-debt',
          name,
          date: original.date,
          stated: original.amount,
          result: 0,
        });
      } else {
        replaced.set(original, item.entry);
        report.reason({
          list: 'creditTransactions',
          index,
          outcome: 'reconciled',
          code: 'payment-capped',
          name,
          date: original.date,
          stated: original.amount,
          result: item.entry.amount,
        });
      }
    }
  }
  const kept: CreditTransaction[] = [];
  for (const { value } of entries) {
    if (!replaced.has(value)) kept.push(value);
    else {
      const entry = replaced.get(value);
      if (entry) kept.push(entry);
    }
  }
  return { kept, balances };
}

/**
 * The supplier notebook made to add up: an entry whose supplier is not in the file is left out (the notebook
 * has no page to write it on), and each supplier's balance is the sum of its entries (the file's balance
 * is only a cache of them, this app being the only one to write it).
 */
function settleSuppliers(
  supplierRows: readonly { value: Supplier; index: number }[],
  entryRows: readonly { value: SupplierEntry; index: number }[],
  report: Reporter,
): { suppliers: Supplier[]; supplierEntries: SupplierEntry[] } {
  const known = new Set(supplierRows.map(({ value }) => value.id));
  const supplierEntries: SupplierEntry[] = [];
  for (const { value: entry, index } of entryRows) {
    if (known.has(entry.supplierId)) {
      supplierEntries.push(entry);
      continue;
    }
    report.reason({
      list: 'supplierEntries',
      index,
      outcome: 'skipped',
      code: 'supplier-missing',
      date: entry.date,
      stated: entry.amount,
    });
  }
  const balances = balancesBySupplier(supplierEntries);
  const suppliers = supplierRows.map(({ value: supplier, index }) => {
    const balance = balances.get(supplier.id) ?? 0;
    if (balance === supplier.balance) return supplier;
    report.reason({
      list: 'suppliers',
      index,
      outcome: 'reconciled',
      code: 'balance-recomputed',
      name: supplier.name,
      stated: supplier.balance,
      result: balance,
    });
    return { ...supplier, balance };
  });
  return { suppliers, supplierEntries };
}

/** The first `limit` reasons in the order of the lists and, within a list, of the file. */
function firstReasons(reasons: readonly ImportReason[], limit: number): ImportReason[] {
  const order = new Map<ImportListName, number>(BACKUP_LISTS.map((name, position) => [name, position]));
  return [...reasons]
    .sort((a, b) => (order.get(a.list) ?? 99) - (order.get(b.list) ?? 99) || a.index - b.index)
    .slice(0, limit);
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

  const supplierRows = readList(
    'suppliers',
    listOf('suppliers'),
    (v) => supplierFromFile(v, ctx),
    (v) => v.id,
    report,
  );
  const supplierEntryRows = readList(
    'supplierEntries',
    listOf('supplierEntries'),
    (v) => supplierEntryFromFile(v, ctx),
    (v) => v.id,
    report,
  );

  const customerNames = new Map(customerRows.map(({ value }) => [value.id, value.name]));
  const settledLedger = settleLedger(creditRows, customerNames, report);
  const creditTransactions = settledLedger.kept;
  const acceptedCredits = creditTransactions.length;
  const entriesByCustomer = groupBy(creditTransactions, (entry) => entry.customerId);
  const added = { stockMovements: 0, creditTransactions: 0 };
  // The original app's stated balance is what the shopkeeper saw: where its entries give another, a visible
  // "Solde importé" entry makes up the difference (several only past one entry's limit; backupReconcile.ts).
  // This app's own files carry the balance as a cache of the entries, so there the entries win. Either way
  // balance = Σ entries holds.
  const rawCustomers = listOf('customers');
  const customers = customerRows.map(({ value: customer, index }) => {
    const entries = entriesByCustomer.get(customer.id) ?? [];
    const ledgerBalance = settledLedger.balances.get(customer.id) ?? 0;
    const raw = rawCustomers[index];
    const given = isRawRecord(raw) ? field(raw, 'creditBalance') : undefined;
    const stated = given !== undefined && given !== null;
    const rule = balanceRule({ formatVersion, stated, hasEntries: settledLedger.balances.has(customer.id) });
    const reason = { list: 'customers', index, outcome: 'reconciled', name: customer.name } as const;
    if (rule === 'entries') {
      if (ledgerBalance === customer.creditBalance) return customer;
      // A balance the file did not give is not a difference worth telling.
      if (stated)
        report.reason({
          ...reason,
          code: 'balance-recomputed',
          stated: customer.creditBalance,
          result: ledgerBalance,
        });
      return { ...customer, creditBalance: ledgerBalance };
    }
    const asOf = entries.length === 0 ? customer.createdAt : (exportDate ?? customer.updatedAt);
    const adjustments = balanceAdjustments(customer, entries, ledgerBalance, asOf);
    if (adjustments.length > 0) {
      creditTransactions.push(...adjustments);
      added.creditTransactions += adjustments.length;
      report.reason({
        ...reason,
        code: entries.length === 0 ? 'opening-balance-added' : 'balance-reconciled',
        stated: customer.creditBalance,
        result: ledgerBalance,
      });
    }
    return customer;
  });

  const stockMovements = movementRows.map(({ value }) => value);
  const movementsByProduct = groupBy(stockMovements, (movement) => movement.productId);
  const products = productRows.map(({ value: { product }, index }) => {
    const movements = movementsByProduct.get(product.id);
    if (movements) {
      const stock = stockFromMovements(movements);
      if (stock !== product.stock) {
        report.reason({
          list: 'products',
          index,
          outcome: 'reconciled',
          code: 'stock-recomputed',
          name: product.name,
          stated: product.stock,
          result: stock,
        });
      }
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
    }
    return product;
  });

  const { suppliers, supplierEntries } = settleSuppliers(supplierRows, supplierEntryRows, report);

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

  const count = (name: BackupListName, accepted: number): ImportListCounts => {
    const { reconciled, skipped } = report.perList(name);
    return { accepted, reconciled, skipped, rejected: (lists.get(name)?.length ?? 0) - accepted - skipped };
  };
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
      suppliers,
      supplierEntries,
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
        suppliers: count('suppliers', suppliers.length),
        supplierEntries: count('supplierEntries', supplierEntries.length),
        settings: { accepted: settings ? 1 : 0, reconciled: 0, skipped: 0, rejected: settingsRejected },
      },
      rejectedCount: report.counts.rejected,
      rejections: report.rejections,
      noteCount: report.counts.notes,
      notes: report.notes,
      reasonCount: report.counts.reasons,
      reasons: firstReasons(report.reasons, maxReasons),
      regeneratedIds: ctx.regeneratedIds.size,
      added,
      ignoredKeys,
    },
  };
}
