/** The shop's records and their validation schemas: the contract shared by the web app, the server and sync. */
import { z } from 'zod';
import { MAX_AMOUNT_CENTIMES, MAX_NOTE_LENGTH, MAX_QUANTITY, MAX_STOCK } from './limits.js';

/** Money is always an integer number of centimes (1 MAD = 100 centimes). */
export const centimes = z.number().int().safe();
export type Centimes = number;
/** One price, line, sale total or carnet entry: at most MAX_AMOUNT_CENTIMES (10,000,000 MAD) in magnitude. */
export const amount = centimes.min(-MAX_AMOUNT_CENTIMES).max(MAX_AMOUNT_CENTIMES);

/** VAT rates offered in Morocco (the spec lists 0, 7, 10, 20; DESIGN.md adds 14). */
export const VAT_RATES = [0, 7, 10, 14, 20] as const;
export const vatRate = z.union([z.literal(0), z.literal(7), z.literal(10), z.literal(14), z.literal(20)]);
export type VatRate = z.infer<typeof vatRate>;

/** ISO-8601 timestamp (UTC, as produced by `Date.prototype.toISOString`). */
export const isoDate = z.iso.datetime({ offset: true });
export const uuid = z.uuid();

/** A sale has at most this many lines (a basket, not a warehouse). */
export const MAX_SALE_LINES = 1000;

/** Whole units, or kilograms with at most 3 decimals for bulk products; a stock or a movement, ≤ MAX_STOCK. */
export const quantity = z.number().finite().min(-MAX_STOCK).max(MAX_STOCK);
/** The quantity of one sale line: at most MAX_QUANTITY. */
export const lineQuantity = z.number().finite().max(MAX_QUANTITY);

export const SUPPORTED_LANGUAGES = ['fr', 'ar'] as const;
export const language = z.enum(SUPPORTED_LANGUAGES);
export type Language = z.infer<typeof language>;

export const SUPPORTED_CURRENCIES = ['MAD', 'EUR', 'USD'] as const;
export const currency = z.enum(SUPPORTED_CURRENCIES);
export type Currency = z.infer<typeof currency>;

export const PRECISION_MODES = ['fast', 'balanced', 'precise'] as const;
export const precisionMode = z.enum(PRECISION_MODES);
export type PrecisionMode = z.infer<typeof precisionMode>;

export const productSchema = z.object({
  id: uuid,
  name: z.string().trim().min(1).max(200),
  brand: z.string().trim().max(200),
  category: z.string().trim().min(1).max(100),
  barcode: z.string().trim().max(64).optional(),
  purchasePrice: amount.nonnegative(),
  salePrice: amount.nonnegative(),
  vat: vatRate,
  /** Cached sum of the product's stock movements (units, or kg for bulk products). */
  stock: quantity,
  reorderThreshold: quantity.nonnegative(),
  description: z.string().max(2000).optional(),
  /** Id of the product's photo in the photos table (never image data in the product row). */
  photoId: uuid.optional(),
  /** Bulk products are sold by weight; prices are per kg. */
  isBulk: z.boolean(),
  packSize: z.number().positive().max(MAX_QUANTITY).optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Product = z.infer<typeof productSchema>;

export const saleItemSchema = z.object({
  productId: uuid,
  productName: z.string().min(1),
  quantity: lineQuantity.positive(),
  unitPrice: amount.positive(),
  /** unitPrice × quantity, rounded half-up to the centime. */
  total: amount.nonnegative(),
  vatRate: vatRate,
  /** round(total × vatRate / 100) half-up. */
  vat: amount.nonnegative(),
  isBulk: z.boolean().optional(),
  /** Lot name given in the bulk-sale dialog (only logged, per spec). */
  lot: z.string().max(100).optional(),
});
export type SaleItem = z.infer<typeof saleItemSchema>;

export const PAYMENT_METHODS = ['cash', 'credit'] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const saleSchema = z.object({
  id: uuid,
  /** Human-readable per-device ticket number, e.g. A-000123. */
  ticketNumber: z.string().min(1).max(32),
  date: isoDate,
  items: z.array(saleItemSchema).min(1).max(MAX_SALE_LINES),
  subtotal: amount.nonnegative(),
  vat: amount.nonnegative(),
  /** Always 0 (spec). */
  discount: z.literal(0),
  total: amount.nonnegative(),
  paymentMethod: paymentMethod,
  printed: z.boolean(),
  shared: z.boolean(),
  customerId: uuid.optional(),
  deviceId: z.string().min(1).max(64).optional(),
});
export type Sale = z.infer<typeof saleSchema>;

export const customerSchema = z.object({
  id: uuid,
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(32),
  /** Cached sum of the customer's ledger (credit − payment), never below 0. */
  creditBalance: centimes.nonnegative(),
  totalPurchases: centimes.nonnegative(),
  lastPurchase: isoDate.optional(),
  /** The karne's ceiling (creditLimit.ts): an entry past it asks a confirmation. Absent: no limit. */
  creditLimit: amount.positive().optional(),
  /** The day the customer promised to pay ("YYYY-MM-DD", shop's calendar; paymentPromise.ts). */
  promiseDate: z.iso.date().optional(),
  /** When the customer was reminded of what they owe, oldest first, the latest 12 (reminders.ts). */
  remindedAt: z.array(isoDate).max(12).optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Customer = z.infer<typeof customerSchema>;

export const CREDIT_TRANSACTION_TYPES = ['credit', 'payment'] as const;
/** The marker of a cash advance ("avance en espèces") among credit entries. */
export const CREDIT_ENTRY_ADVANCE = 'advance';
export const creditTransactionSchema = z.object({
  id: uuid,
  customerId: uuid,
  type: z.enum(CREDIT_TRANSACTION_TYPES),
  amount: amount.positive(),
  description: z.string().max(MAX_NOTE_LENGTH),
  date: isoDate,
  /** The sale that created this credit entry, for a sale "sur le carnet". */
  saleId: uuid.optional(),
  /** 'advance': cash handed to the customer (a credit without a sale, ledger.ts recordAdvance). */
  kind: z.literal(CREDIT_ENTRY_ADVANCE).optional(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

/** A distributor the shop buys from; `balance` is what the shop owes them (supplier notebook, suppliers.ts). */
export const supplierSchema = z.object({
  id: uuid,
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(32),
  /** Cached sum of the supplier's entries (deliveries on credit − payments); below 0 when paid in advance. */
  balance: centimes,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Supplier = z.infer<typeof supplierSchema>;

export const SUPPLIER_ENTRY_TYPES = ['delivery', 'payment'] as const;
export const supplierEntrySchema = z.object({
  id: uuid,
  supplierId: uuid,
  /** delivery: goods received on credit (the shop owes more); payment: money handed to the supplier. */
  type: z.enum(SUPPLIER_ENTRY_TYPES),
  amount: amount.positive(),
  description: z.string().max(MAX_NOTE_LENGTH),
  date: isoDate,
  /** The stock movements of the Réception this delivery came with. */
  movementIds: z.array(uuid).max(MAX_SALE_LINES).optional(),
});
export type SupplierEntry = z.infer<typeof supplierEntrySchema>;

export const STOCK_MOVEMENT_KINDS = ['sale', 'adjustment', 'restock', 'import', 'correction'] as const;
export const stockMovementSchema = z.object({
  id: uuid,
  productId: uuid,
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed change of stock (units, or kg for bulk products). */
  delta: quantity,
  at: isoDate,
  saleId: uuid.optional(),
  note: z.string().max(MAX_NOTE_LENGTH).optional(),
  deviceId: z.string().min(1).max(64).optional(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const SETTINGS_ID = 'settings';
export const settingsSchema = z.object({
  id: z.literal(SETTINGS_ID),
  storeName: z.string().trim().min(1).max(100),
  storePhone: z.string().trim().max(32),
  storeAddress: z.string().trim().max(300),
  /** Id of the logo in the photos table. */
  logoId: uuid.optional(),
  language: language,
  currency: currency,
  defaultVAT: vatRate,
  printerConnected: z.boolean(),
  printerName: z.string().max(100).optional(),
  aiDetectThreshold: z.number().min(0.1).max(0.9),
  aiMatchThreshold: z.number().min(0.3).max(0.95),
  aiMaxPhotos: z.number().int().min(1).max(5),
  aiPrecisionMode: precisionMode,
  aiDeviceInference: z.boolean(),
  aiStoreImages: z.boolean(),
  updatedAt: isoDate,
});
export type Settings = z.infer<typeof settingsSchema>;

/** Spec §3 default settings (updatedAt is the epoch so that any real edit wins). */
export const DEFAULT_SETTINGS: Settings = {
  id: SETTINGS_ID,
  storeName: 'Mon Hanout',
  storePhone: '+212 6 00 00 00 00',
  storeAddress: 'Avenue Mohammed V, Marrakech',
  language: 'fr',
  currency: 'MAD',
  defaultVAT: 20,
  printerConnected: false,
  aiDetectThreshold: 0.45,
  aiMatchThreshold: 0.7,
  aiMaxPhotos: 3,
  aiPrecisionMode: 'balanced',
  aiDeviceInference: true,
  aiStoreImages: true,
  updatedAt: '1970-01-01T00:00:00.000Z',
};

/** Every mutation is an operation: the unit of the outbox, of sync and of idempotency. */
export const OPERATION_TYPES = [
  'product.upsert',
  'product.delete',
  'sale.record',
  'stock.move',
  'customer.upsert',
  'customer.delete',
  'credit.record',
  'settings.update',
  'supplier.upsert',
  'supplier.delete',
  'supplier.record',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
export const operationSchema = z.object({
  opId: uuid,
  deviceId: z.string().min(1).max(64),
  seq: z.number().int().nonnegative(),
  type: z.enum(OPERATION_TYPES),
  payload: z.unknown(),
  at: isoDate,
  /** Hybrid logical clock stamp of the change (see hlc.ts): orders edits of one record across devices. */
  hlc: z
    .string()
    .regex(/^\d{15}-\d{6}-[\w:.-]{1,64}$/)
    .optional(),
});
export type Operation = z.infer<typeof operationSchema>;
