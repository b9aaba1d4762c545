// Writes the shop's records as a backup file in the spec's format: decimal MAD, photos as data URLs.
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
} from './entities.js';
import type {
  BackupCreditTransaction,
  BackupCustomer,
  BackupFile,
  BackupPhoto,
  BackupProduct,
  BackupSale,
  BackupSaleItem,
  BackupSettings,
  BackupStockMovement,
  BackupSupplier,
  BackupSupplierEntry,
} from './backupFormat.js';
import { BACKUP_FORMAT_VERSION } from './backupFormat.js';
import { madFromCentimes } from './money.js';

/** Everything a backup carries; photos come from the photos table as data URLs. */
export type BackupSource = {
  products: readonly Product[];
  sales: readonly Sale[];
  customers: readonly Customer[];
  creditTransactions: readonly CreditTransaction[];
  stockMovements: readonly StockMovement[];
  settings: Settings;
  photos: readonly BackupPhoto[];
  /** The supplier notebook (written when given). */
  suppliers?: readonly Supplier[];
  supplierEntries?: readonly SupplierEntry[];
};

/** Copies only the optional fields that are set, so the file has no `"x": undefined` noise. */
function optional<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function productToFile(product: Product, photos: ReadonlyMap<string, string>): BackupProduct {
  const photo = product.photoId === undefined ? undefined : photos.get(product.photoId);
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    category: product.category,
    ...optional({ barcode: product.barcode }),
    purchasePrice: madFromCentimes(product.purchasePrice),
    salePrice: madFromCentimes(product.salePrice),
    vat: product.vat,
    stock: product.stock,
    reorderThreshold: product.reorderThreshold,
    ...optional({ description: product.description, photoId: product.photoId, photo }),
    is_bulk: product.isBulk,
    ...optional({ pack_size: product.packSize }),
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
  };
}

function saleItemToFile(item: SaleItem): BackupSaleItem {
  return {
    productId: item.productId,
    productName: item.productName,
    quantity: item.quantity,
    unitPrice: madFromCentimes(item.unitPrice),
    total: madFromCentimes(item.total),
    vatRate: item.vatRate,
    vat: madFromCentimes(item.vat),
    ...optional({ is_bulk: item.isBulk, lot: item.lot }),
  };
}

function saleToFile(sale: Sale): BackupSale {
  return {
    id: sale.id,
    ticketNumber: sale.ticketNumber,
    date: sale.date,
    items: sale.items.map(saleItemToFile),
    subtotal: madFromCentimes(sale.subtotal),
    vat: madFromCentimes(sale.vat),
    discount: madFromCentimes(sale.discount),
    total: madFromCentimes(sale.total),
    paymentMethod: sale.paymentMethod,
    printed: sale.printed,
    shared: sale.shared,
    ...optional({ customerId: sale.customerId, deviceId: sale.deviceId }),
  };
}

function customerToFile(customer: Customer): BackupCustomer {
  return {
    id: customer.id,
    name: customer.name,
    phone: customer.phone,
    creditBalance: madFromCentimes(customer.creditBalance),
    totalPurchases: madFromCentimes(customer.totalPurchases),
    ...optional({ lastPurchase: customer.lastPurchase, remindedAt: customer.remindedAt }),
    ...optional({
      creditLimit: customer.creditLimit === undefined ? undefined : madFromCentimes(customer.creditLimit),
      promiseDate: customer.promiseDate,
    }),
    createdAt: customer.createdAt,
    updatedAt: customer.updatedAt,
  };
}

function creditToFile(entry: CreditTransaction): BackupCreditTransaction {
  return {
    id: entry.id,
    customerId: entry.customerId,
    type: entry.type,
    amount: madFromCentimes(entry.amount),
    description: entry.description,
    date: entry.date,
    ...optional({ saleId: entry.saleId, kind: entry.kind }),
  };
}

function movementToFile(movement: StockMovement): BackupStockMovement {
  return {
    id: movement.id,
    productId: movement.productId,
    kind: movement.kind,
    delta: movement.delta,
    at: movement.at,
    ...optional({ saleId: movement.saleId, note: movement.note, deviceId: movement.deviceId }),
  };
}

function supplierToFile(supplier: Supplier): BackupSupplier {
  return { ...supplier, balance: madFromCentimes(supplier.balance) };
}

function supplierEntryToFile(entry: SupplierEntry): BackupSupplierEntry {
  return { ...entry, amount: madFromCentimes(entry.amount) };
}

function settingsToFile(settings: Settings, photos: ReadonlyMap<string, string>): BackupSettings {
  const { logoId, printerName, ...rest } = settings;
  const logo = logoId === undefined ? undefined : photos.get(logoId);
  return { ...rest, ...optional({ logoId, logo, printerName }) };
}

/**
 * The backup file for `JSON.stringify`. A photo is written once: inline as the product's `photo` or the
 * settings' `logo` (the spec's format), and in `photos` only when nothing carries it inline.
 */
export function exportBackup(data: BackupSource, exportDate: string): BackupFile {
  const photos = new Map(data.photos.map((photo) => [photo.id, photo.dataUrl]));
  const inline = new Set<string>();
  for (const product of data.products) if (product.photoId !== undefined) inline.add(product.photoId);
  if (data.settings.logoId !== undefined) inline.add(data.settings.logoId);
  return {
    formatVersion: BACKUP_FORMAT_VERSION,
    exportDate,
    products: data.products.map((product) => productToFile(product, photos)),
    sales: data.sales.map(saleToFile),
    customers: data.customers.map(customerToFile),
    creditTransactions: data.creditTransactions.map(creditToFile),
    settings: settingsToFile(data.settings, photos),
    stockMovements: data.stockMovements.map(movementToFile),
    photos: data.photos.filter((photo) => !inline.has(photo.id)).map(({ id, dataUrl }) => ({ id, dataUrl })),
    ...(data.suppliers ? { suppliers: data.suppliers.map(supplierToFile) } : {}),
    ...(data.supplierEntries ? { supplierEntries: data.supplierEntries.map(supplierEntryToFile) } : {}),
  };
}

/** Lists that may hold hundreds of thousands of records: a large shop's export writes them a chunk at a time. */
export const STREAMED_BACKUP_LISTS = ['sales', 'creditTransactions', 'stockMovements'] as const;
export type StreamedBackupList = (typeof STREAMED_BACKUP_LISTS)[number];

type StreamedRecord = {
  sales: Sale;
  creditTransactions: CreditTransaction;
  stockMovements: StockMovement;
};

const STREAMED_TO_FILE: { [L in StreamedBackupList]: (record: StreamedRecord[L]) => unknown } = {
  sales: saleToFile,
  creditTransactions: creditToFile,
  stockMovements: movementToFile,
};

/**
 * One chunk of a streamed list as compact file JSON: the records separated by commas, without the
 * brackets (backupFileParts puts those). Empty when there is no record.
 */
export function backupChunkText<L extends StreamedBackupList>(
  list: L,
  records: readonly StreamedRecord[L][],
): string {
  const toFile = STREAMED_TO_FILE[list] as (record: StreamedRecord[L]) => unknown;
  return JSON.stringify(records.map(toFile)).slice(1, -1);
}

/** A backup whose large lists are already chunks of text (or anything standing for one, such as a Blob). */
export type StreamedBackupSource<Chunk> = Omit<BackupSource, StreamedBackupList> &
  Record<StreamedBackupList, readonly Chunk[]>;

/**
 * The compact backup file as a sequence of parts whose concatenation is exactly
 * `JSON.stringify(exportBackup(source, exportDate))`, without ever building that one giant string.
 * The chunks of the large lists are placed as given, so they must be non-empty (see backupChunkText).
 */
export function backupFileParts<Chunk>(
  source: StreamedBackupSource<Chunk>,
  exportDate: string,
): (string | Chunk)[] {
  const small = exportBackup(
    { ...source, sales: [], creditTransactions: [], stockMovements: [] },
    exportDate,
  );
  const parts: (string | Chunk)[] = [];
  let separator = '{';
  for (const [key, value] of Object.entries(small)) {
    parts.push(`${separator}${JSON.stringify(key)}:`);
    separator = ',';
    if (!(STREAMED_BACKUP_LISTS as readonly string[]).includes(key)) {
      parts.push(JSON.stringify(value));
      continue;
    }
    const chunks = source[key as StreamedBackupList];
    parts.push('[');
    chunks.forEach((chunk, index) => {
      if (index > 0) parts.push(',');
      parts.push(chunk);
    });
    parts.push(']');
  }
  parts.push('}');
  return parts;
}

/** The whole backup as one compact JSON text: no indentation, a third smaller than pretty-printed. */
export function backupFileText(source: BackupSource, exportDate: string): string {
  return JSON.stringify(exportBackup(source, exportDate));
}
