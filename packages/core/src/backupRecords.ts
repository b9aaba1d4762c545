// Turns one record of a backup file (spec format, version 1 or 2) into a validated entity, or says why not.
import { z } from 'zod';
import {
  creditTransactionSchema,
  customerSchema,
  DEFAULT_SETTINGS,
  productSchema,
  saleItemSchema,
  saleSchema,
  settingsSchema,
  stockMovementSchema,
  supplierEntrySchema,
  supplierSchema,
  VAT_RATES,
} from './entities.js';
import type {
  CreditTransaction,
  Customer,
  Product,
  Sale,
  SaleItem,
  Settings,
  StockMovement,
  Supplier,
  SupplierEntry,
  VatRate,
} from './entities.js';
import type { BackupPhoto } from './backupFormat.js';
import type { IdKind, RawRecord } from './backupConvert.js';
import {
  derivedId,
  field,
  importedId,
  isImageDataUrl,
  isRawRecord,
  normaliseDate,
  readBoolean,
  readDate,
  readMoney,
  readOptionalDate,
  readOptionalQuantity,
  readOptionalString,
  readQuantity,
  readString,
  RecordRejected,
} from './backupConvert.js';
import { DEFAULT_REORDER_THRESHOLD, DEFAULT_VAT_RATE } from './constants.js';
import { multiplyPrice } from './money.js';
import { REMINDER_LOG_LIMIT } from './reminders.js';
import { lineVat } from './vat.js';

/** What converting one file needs to know beyond the record itself. */
export type ReadContext = {
  /** Stands in for a missing createdAt (the original app always wrote exportDate). */
  exportDate: string | undefined;
  maxPhotoChars: number;
  /** `kind:old id` of every id replaced, to count them once. */
  regeneratedIds: Set<string>;
  /** VAT rate of the file's products, for version-1 sale lines that did not record theirs. */
  productVat: Map<string, VatRate>;
};

/** Something worth telling about a record that was kept (a line dropped, a photo refused, …). */
export type RecordNote = { code: RecordNoteCode; field?: string; index?: number };
export type RecordNoteCode = 'id-regenerated' | 'item-rejected' | 'photo-rejected' | 'setting-defaulted';

export type Converted<T> = { value: T; notes: RecordNote[] };

function asRecord(value: unknown): RawRecord {
  if (!isRawRecord(value)) throw new RecordRejected('not-an-object');
  return value;
}

function readId(raw: RawRecord, name: string, kind: IdKind, ctx: ReadContext, notes?: RecordNote[]): string {
  const value = field(raw, name);
  const result = importedId(kind, value);
  if (!result) throw new RecordRejected('invalid-id', name);
  if (result.regenerated) {
    ctx.regeneratedIds.add(`${kind}:${String(value)}`);
    notes?.push({ code: 'id-regenerated', field: name });
  }
  return result.id;
}

function readOptionalRef(raw: RawRecord, name: string, kind: IdKind, ctx: ReadContext): string | undefined {
  const value = field(raw, name);
  return value === undefined || value === null ? undefined : readId(raw, name, kind, ctx);
}

/** Schema check after conversion: the entity schemas are the only definition of a valid record. */
function validated<S extends z.ZodType>(schema: S, candidate: unknown): z.output<S> {
  const result = schema.safeParse(candidate);
  if (result.success) return result.data;
  const path = result.error.issues[0]?.path.map(String).join('.');
  throw new RecordRejected('invalid-field', path || undefined);
}

function defined<T extends object>(fields: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const key in fields) if (fields[key] !== undefined) kept[key] = fields[key];
  return kept;
}

export function productFromFile(
  value: unknown,
  ctx: ReadContext,
): Converted<{ product: Product; photo: BackupPhoto | undefined }> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const id = readId(raw, 'id', 'product', ctx, notes);
  const createdAt = readDate(raw, 'createdAt', ctx.exportDate);
  let photoId = readOptionalRef(raw, 'photoId', 'photo', ctx);
  let photo: BackupPhoto | undefined;
  const inline = field(raw, 'photo');
  if (inline !== undefined && inline !== null && inline !== '') {
    if (isImageDataUrl(inline, ctx.maxPhotoChars)) {
      photoId ??= derivedId('product-photo', id);
      photo = { id: photoId, dataUrl: inline };
    } else {
      notes.push({ code: 'photo-rejected', field: 'photo' });
    }
  }
  const product = validated(productSchema, {
    id,
    name: readString(raw, 'name'),
    brand: readString(raw, 'brand', ''),
    category: readString(raw, 'category'),
    ...defined({ barcode: readOptionalString(raw, 'barcode') }),
    purchasePrice: readMoney(raw, 'purchasePrice', 0),
    salePrice: readMoney(raw, 'salePrice', 0),
    vat: field(raw, 'vat') ?? DEFAULT_VAT_RATE,
    stock: readQuantity(raw, 'stock', 0),
    reorderThreshold: readQuantity(raw, 'reorderThreshold', DEFAULT_REORDER_THRESHOLD),
    ...defined({
      description: readOptionalString(raw, 'description'),
      photoId,
      packSize: readOptionalQuantity(raw, 'packSize'),
    }),
    isBulk: readBoolean(raw, 'isBulk', false),
    createdAt,
    updatedAt: readDate(raw, 'updatedAt', createdAt),
  });
  return { value: { product, photo }, notes };
}

function isVatRate(value: unknown): value is VatRate {
  return (VAT_RATES as readonly unknown[]).includes(value);
}

/** The rate closest to what a version-1 sale charged overall, for lines that did not record theirs. */
function saleWideRate(subtotal: unknown, vat: unknown): VatRate | undefined {
  if (typeof subtotal !== 'number' || typeof vat !== 'number' || !(subtotal > 0) || !Number.isFinite(vat)) {
    return undefined;
  }
  const charged = (vat / subtotal) * 100;
  let best: VatRate = VAT_RATES[0];
  for (const rate of VAT_RATES) if (Math.abs(rate - charged) < Math.abs(best - charged)) best = rate;
  return best;
}

function saleItemFromFile(value: unknown, ctx: ReadContext, fallbackRate: VatRate | undefined): SaleItem {
  const raw = asRecord(value);
  const productId = readId(raw, 'productId', 'product', ctx);
  const quantity = readQuantity(raw, 'quantity');
  const unitPrice = readMoney(raw, 'unitPrice');
  const total = readMoney(raw, 'total', multiplyPrice(unitPrice, quantity));
  const vatRate = field(raw, 'vatRate') ?? ctx.productVat.get(productId) ?? fallbackRate ?? 0;
  const vat = readMoney(raw, 'vat', isVatRate(vatRate) ? lineVat(total, vatRate) : 0);
  return validated(saleItemSchema, {
    productId,
    productName: readString(raw, 'productName'),
    quantity,
    unitPrice,
    total,
    vatRate,
    vat,
    ...defined({ isBulk: field(raw, 'isBulk') ?? undefined, lot: readOptionalString(raw, 'lot') }),
  });
}

/** The sale's own fields; its items were each checked by saleItemFromFile (not twice: a third of the time). */
const saleWithCheckedItemsSchema = saleSchema.extend({
  items: z.array(z.custom<SaleItem>(() => true)).min(1),
});

export function saleFromFile(value: unknown, ctx: ReadContext): Converted<Sale> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const id = readId(raw, 'id', 'sale', ctx, notes);
  const rawItems = field(raw, 'items');
  if (!Array.isArray(rawItems)) throw new RecordRejected('invalid-field', 'items');
  const fallbackRate = saleWideRate(field(raw, 'subtotal'), field(raw, 'vat'));
  const items: SaleItem[] = [];
  rawItems.forEach((rawItem: unknown, index) => {
    try {
      items.push(saleItemFromFile(rawItem, ctx, fallbackRate));
    } catch (error) {
      if (!(error instanceof RecordRejected)) throw error;
      notes.push({ code: 'item-rejected', index, ...defined({ field: error.field }) });
    }
  });
  if (items.length === 0) throw new RecordRejected('no-valid-item', 'items');
  // The recorded totals are what the customer paid; they are kept even when a line had to be dropped.
  const subtotal = readMoney(
    raw,
    'subtotal',
    items.reduce((sum, item) => sum + item.total, 0),
  );
  const vat = readMoney(
    raw,
    'vat',
    items.reduce((sum, item) => sum + item.vat, 0),
  );
  const sale = validated(saleWithCheckedItemsSchema, {
    id,
    ticketNumber: readString(raw, 'ticketNumber', `IMP-${id.slice(-8).toUpperCase()}`),
    date: readDate(raw, 'date'),
    items,
    subtotal,
    vat,
    discount: readMoney(raw, 'discount', 0),
    total: readMoney(raw, 'total', subtotal + vat),
    paymentMethod: readString(raw, 'paymentMethod', 'cash'),
    printed: readBoolean(raw, 'printed', false),
    shared: readBoolean(raw, 'shared', false),
    ...defined({
      customerId: readOptionalRef(raw, 'customerId', 'customer', ctx),
      deviceId: readOptionalString(raw, 'deviceId'),
    }),
  });
  return { value: sale, notes };
}

/** The reminder dates of a customer in a file: the readable ones, in order, the latest REMINDER_LOG_LIMIT. */
function readReminderDates(raw: RawRecord): string[] | undefined {
  const value = field(raw, 'remindedAt');
  if (!Array.isArray(value)) return undefined;
  const dates = value.map(normaliseDate).filter((date) => date !== undefined);
  return dates.length === 0 ? undefined : [...new Set(dates)].sort().slice(-REMINDER_LOG_LIMIT);
}

export function customerFromFile(value: unknown, ctx: ReadContext): Converted<Customer> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const id = readId(raw, 'id', 'customer', ctx, notes);
  const createdAt = readDate(raw, 'createdAt', ctx.exportDate);
  const customer = validated(customerSchema, {
    id,
    name: readString(raw, 'name'),
    phone: readString(raw, 'phone', ''),
    creditBalance: readMoney(raw, 'creditBalance', 0),
    totalPurchases: readMoney(raw, 'totalPurchases', 0),
    ...defined({ lastPurchase: readOptionalDate(raw, 'lastPurchase') }),
    ...defined({ remindedAt: readReminderDates(raw) }),
    ...defined({
      creditLimit: field(raw, 'creditLimit') == null ? undefined : readMoney(raw, 'creditLimit'),
      promiseDate: readOptionalString(raw, 'promiseDate'),
    }),
    createdAt,
    updatedAt: readDate(raw, 'updatedAt', createdAt),
  });
  return { value: customer, notes };
}

export function creditFromFile(value: unknown, ctx: ReadContext): Converted<CreditTransaction> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const entry = validated(creditTransactionSchema, {
    id: readId(raw, 'id', 'credit', ctx, notes),
    customerId: readId(raw, 'customerId', 'customer', ctx),
    type: field(raw, 'type'),
    amount: readMoney(raw, 'amount'),
    description: readString(raw, 'description', ''),
    date: readDate(raw, 'date'),
    ...defined({ saleId: readOptionalRef(raw, 'saleId', 'sale', ctx) }),
    ...defined({ kind: readOptionalString(raw, 'kind') }),
  });
  return { value: entry, notes };
}

/**
 * A supplier of the notebook. Its balance may be below 0 (paid in advance); it is only a cache of the
 * entries, which the importer sums again, but a value that is not an amount still refuses the record.
 */
export function supplierFromFile(value: unknown, ctx: ReadContext): Converted<Supplier> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const id = readId(raw, 'id', 'supplier', ctx, notes);
  const createdAt = readDate(raw, 'createdAt', ctx.exportDate);
  const supplier = validated(supplierSchema, {
    id,
    name: readString(raw, 'name'),
    phone: readString(raw, 'phone', ''),
    balance: readSignedMoney(raw, 'balance'),
    createdAt,
    updatedAt: readDate(raw, 'updatedAt', createdAt),
  });
  return { value: supplier, notes };
}

/** A decimal MAD amount of either sign as centimes; 0 when missing. */
function readSignedMoney(raw: RawRecord, name: string): number {
  const value = field(raw, name);
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RecordRejected('invalid-money', name);
  const magnitude = readMoney({ [name]: Math.abs(value) }, name);
  return value < 0 ? -magnitude : magnitude;
}

/** The stock movements a delivery came with, by id (regenerated the same way as the movements' own). */
function readMovementIds(raw: RawRecord, ctx: ReadContext): string[] | undefined {
  const value = field(raw, 'movementIds');
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new RecordRejected('invalid-field', 'movementIds');
  const ids = value.map((id) => readId({ movementIds: id }, 'movementIds', 'movement', ctx));
  return ids.length === 0 ? undefined : ids;
}

export function supplierEntryFromFile(value: unknown, ctx: ReadContext): Converted<SupplierEntry> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const entry = validated(supplierEntrySchema, {
    id: readId(raw, 'id', 'supplierEntry', ctx, notes),
    supplierId: readId(raw, 'supplierId', 'supplier', ctx),
    type: field(raw, 'type'),
    amount: readMoney(raw, 'amount'),
    description: readString(raw, 'description', ''),
    date: readDate(raw, 'date'),
    ...defined({ movementIds: readMovementIds(raw, ctx) }),
  });
  return { value: entry, notes };
}

export function movementFromFile(value: unknown, ctx: ReadContext): Converted<StockMovement> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const movement = validated(stockMovementSchema, {
    id: readId(raw, 'id', 'movement', ctx, notes),
    productId: readId(raw, 'productId', 'product', ctx),
    kind: field(raw, 'kind'),
    delta: readQuantity(raw, 'delta'),
    at: readDate(raw, 'at'),
    ...defined({
      saleId: readOptionalRef(raw, 'saleId', 'sale', ctx),
      note: readOptionalString(raw, 'note'),
      deviceId: readOptionalString(raw, 'deviceId'),
    }),
  });
  return { value: movement, notes };
}

/** A sale of the file as read, with the raw values its line movements repeat (see `saleMovementFromFile`). */
export type SaleOfFile = { sale: Sale; rawDate: unknown; rawDeviceId: unknown };

/** The file's sales by their id as written in the file. */
export function salesOfFile(
  rows: readonly { value: Sale; index: number }[],
  rawSales: readonly unknown[],
): Map<unknown, SaleOfFile> {
  const byRawId = new Map<unknown, SaleOfFile>();
  for (const { value: sale, index } of rows) {
    const raw = rawSales[index];
    if (!isRawRecord(raw)) continue;
    byRawId.set(field(raw, 'id'), { sale, rawDate: field(raw, 'date'), rawDeviceId: field(raw, 'deviceId') });
  }
  return byRawId;
}

/**
 * A sale's line movement read without checking again what its sale already checked: when the movement is
 * of kind `sale`, without a note, and repeats its (accepted) sale's date and device exactly as the file
 * writes them, its time, sale and device are the sale's, already valid. Only its id, product and delta are
 * read, as `movementFromFile` reads them. Undefined when the movement is not such a copy: it is then read in
 * full. A large shop's file holds half a million of these; reading them this way halves the check's time
 * for them.
 */
export function saleMovementFromFile(
  value: unknown,
  ctx: ReadContext,
  sales: ReadonlyMap<unknown, SaleOfFile>,
): Converted<StockMovement> | undefined {
  if (!isRawRecord(value) || field(value, 'kind') !== 'sale' || field(value, 'note') !== undefined)
    return undefined;
  const of = sales.get(field(value, 'saleId'));
  if (!of || typeof of.rawDate !== 'string' || field(value, 'at') !== of.rawDate) return undefined;
  if (field(value, 'deviceId') !== of.rawDeviceId) return undefined;
  const notes: RecordNote[] = [];
  const { sale } = of;
  const movement: StockMovement = {
    id: readId(value, 'id', 'movement', ctx, notes),
    productId: readId(value, 'productId', 'product', ctx),
    kind: 'sale',
    delta: readQuantity(value, 'delta'),
    at: sale.date,
    saleId: sale.id,
    ...(sale.deviceId !== undefined ? { deviceId: sale.deviceId } : {}),
  };
  return { value: movement, notes };
}

export function photoFromFile(value: unknown, ctx: ReadContext): Converted<BackupPhoto> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const id = readId(raw, 'id', 'photo', ctx, notes);
  const dataUrl = field(raw, 'dataUrl');
  if (!isImageDataUrl(dataUrl, ctx.maxPhotoChars)) throw new RecordRejected('invalid-photo', 'dataUrl');
  return { value: { id, dataUrl }, notes };
}

const SETTINGS_FIELDS = Object.keys(settingsSchema.shape).filter(
  (name): name is Exclude<keyof Settings, 'id' | 'updatedAt' | 'logoId'> =>
    name !== 'id' && name !== 'updatedAt' && name !== 'logoId',
);

/**
 * The settings record, field by field: a missing or invalid setting keeps its default (and is reported)
 * rather than throwing away the store's name and address with it.
 */
export function settingsFromFile(
  value: unknown,
  ctx: ReadContext,
): Converted<{ settings: Settings; logo: BackupPhoto | undefined }> {
  const raw = asRecord(value);
  const notes: RecordNote[] = [];
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const name of SETTINGS_FIELDS) {
    const candidate = field(raw, name);
    if (candidate === undefined || candidate === null) continue;
    const result = settingsSchema.shape[name].safeParse(candidate);
    if (result.success) settings[name] = result.data;
    else notes.push({ code: 'setting-defaulted', field: name });
  }
  settings.updatedAt = normaliseDate(field(raw, 'updatedAt')) ?? ctx.exportDate ?? DEFAULT_SETTINGS.updatedAt;
  let logo: BackupPhoto | undefined;
  try {
    const logoId = readOptionalRef(raw, 'logoId', 'photo', ctx);
    const inline = field(raw, 'logo');
    if (inline !== undefined && inline !== null && inline !== '') {
      if (isImageDataUrl(inline, ctx.maxPhotoChars))
        logo = { id: logoId ?? derivedId('logo', 'settings'), dataUrl: inline };
      else notes.push({ code: 'photo-rejected', field: 'logo' });
    }
    const id = logo?.id ?? logoId;
    if (id !== undefined) settings.logoId = id;
  } catch (error) {
    if (!(error instanceof RecordRejected)) throw error;
    notes.push({ code: 'setting-defaulted', field: 'logoId' });
  }
  return { value: { settings: validated(settingsSchema, settings), logo }, notes };
}
