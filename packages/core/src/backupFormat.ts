// The backup file as written on disk: the spec's format (decimal MAD, camelCase) plus version, movements and photos.

/** Version 1 is the original app's file (no formatVersion); version 2 adds stock movements and photos. */
export const BACKUP_FORMAT_VERSION = 2;

/** The lists a backup file may carry, in the order they are read. */
export const BACKUP_LISTS = [
  'products',
  'customers',
  'sales',
  'creditTransactions',
  'stockMovements',
  'photos',
  'suppliers',
  'supplierEntries',
] as const;
export type BackupListName = (typeof BACKUP_LISTS)[number];

/** A photo carried by the file: its id in the photos table and the image as a data URL. */
export type BackupPhoto = { id: string; dataUrl: string };

/** Amounts are decimal MAD (12.5 = 12,50 MAD); quantities are units or kg. */
export type BackupProduct = {
  id: string;
  name: string;
  brand: string;
  category: string;
  barcode?: string;
  purchasePrice: number;
  salePrice: number;
  vat: number;
  stock: number;
  reorderThreshold: number;
  description?: string;
  photoId?: string;
  /** The product's photo as a data URL, as the spec's format has it. */
  photo?: string;
  is_bulk: boolean;
  pack_size?: number;
  createdAt: string;
  updatedAt: string;
};

export type BackupSaleItem = {
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  total: number;
  vatRate: number;
  vat: number;
  is_bulk?: boolean;
  lot?: string;
};

export type BackupSale = {
  id: string;
  ticketNumber: string;
  date: string;
  items: BackupSaleItem[];
  subtotal: number;
  vat: number;
  discount: number;
  total: number;
  paymentMethod: string;
  printed: boolean;
  shared: boolean;
  customerId?: string;
  deviceId?: string;
};

export type BackupCustomer = {
  id: string;
  name: string;
  phone: string;
  creditBalance: number;
  totalPurchases: number;
  lastPurchase?: string;
  /** When the customer was reminded of what they owe, oldest first. */
  remindedAt?: string[];
  /** The karne's limit in MAD; absent: no limit. */
  creditLimit?: number;
  /** The day the customer promised to pay, "YYYY-MM-DD". */
  promiseDate?: string;
  createdAt: string;
  updatedAt: string;
};

export type BackupCreditTransaction = {
  id: string;
  customerId: string;
  type: 'credit' | 'payment';
  amount: number;
  description: string;
  date: string;
  saleId?: string;
  /** 'advance': a cash advance (a credit without a sale). Absent in older files: an ordinary entry. */
  kind?: 'advance';
};

export type BackupStockMovement = {
  id: string;
  productId: string;
  kind: string;
  delta: number;
  at: string;
  saleId?: string;
  note?: string;
  deviceId?: string;
};

/** A supplier of the supplier notebook (suppliers.ts); balance in decimal MAD, what the shop owes. */
export type BackupSupplier = {
  id: string;
  name: string;
  phone: string;
  balance: number;
  createdAt: string;
  updatedAt: string;
};

export type BackupSupplierEntry = {
  id: string;
  supplierId: string;
  type: 'delivery' | 'payment';
  amount: number;
  description: string;
  date: string;
  movementIds?: string[];
};

export type BackupSettings = {
  id: string;
  storeName: string;
  storePhone: string;
  storeAddress: string;
  logoId?: string;
  /** The store logo as a data URL. */
  logo?: string;
  language: string;
  currency: string;
  defaultVAT: number;
  printerConnected: boolean;
  printerName?: string;
  aiDetectThreshold: number;
  aiMatchThreshold: number;
  aiMaxPhotos: number;
  aiPrecisionMode: string;
  aiDeviceInference: boolean;
  aiStoreImages: boolean;
  updatedAt: string;
};

export type BackupFile = {
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  exportDate: string;
  products: BackupProduct[];
  sales: BackupSale[];
  customers: BackupCustomer[];
  creditTransactions: BackupCreditTransaction[];
  settings: BackupSettings;
  stockMovements: BackupStockMovement[];
  /** Photos that no product or logo carries inline (products and the logo carry theirs as data URLs). */
  photos: BackupPhoto[];
  /** The supplier notebook; absent from files written before it existed. */
  suppliers?: BackupSupplier[];
  supplierEntries?: BackupSupplierEntry[];
};

/** The download's name: the spec's backup prefix and the export day (hanouti-sauvegarde-2025-03-14.json). */
export function backupFileName(exportDate: string): string {
  return `hanouti-sauvegarde-${exportDate.slice(0, 10)}.json`;
}
