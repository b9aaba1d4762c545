// A small real shop for the backup tests: the sample data, a sale on the karne, a photo, a logo and an unused photo.
import type { BackupSource } from '../backup.js';
import { DEFAULT_SETTINGS } from '../entities.js';
import type { CreditTransaction, Customer, Product, Sale, StockMovement } from '../entities.js';
import { newId } from '../ids.js';
import { sampleShopData } from '../sampleData.js';
import { stockFromMovements } from '../stock.js';

export const T0 = '2025-01-10T09:00:00.000Z';
export const PHOTO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk';
export const LOGO = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';

export function emptyShop(): BackupSource {
  return {
    products: [],
    sales: [],
    customers: [],
    creditTransactions: [],
    stockMovements: [],
    settings: DEFAULT_SETTINGS,
    photos: [],
  };
}

/** A small real shop: the sample data, one sale on the carnet, a photo, a logo and an unused photo. */
export function smallShop(): BackupSource {
  const { products, customers, movements } = sampleShopData({ now: T0, newId });
  const [tea, oil] = products as [Product, Product];
  const [fatima] = customers as [Customer];
  const photoId = newId();
  const logoId = newId();
  const orphanId = newId();
  const sale: Sale = {
    id: newId(),
    ticketNumber: 'A-000001',
    date: '2025-01-10T10:15:00.000Z',
    items: [
      {
        productId: tea.id,
        productName: tea.name,
        quantity: 2,
        unitPrice: 1700,
        total: 3400,
        vatRate: 20,
        vat: 680,
      },
      {
        productId: oil.id,
        productName: oil.name,
        quantity: 1,
        unitPrice: 2100,
        total: 2100,
        vatRate: 10,
        vat: 210,
      },
    ],
    subtotal: 5500,
    vat: 890,
    discount: 0,
    total: 6390,
    paymentMethod: 'credit',
    printed: true,
    shared: false,
    customerId: fatima.id,
  };
  const saleMovements: StockMovement[] = sale.items.map((item) => ({
    id: newId(),
    productId: item.productId,
    kind: 'sale',
    delta: -item.quantity,
    at: sale.date,
    saleId: sale.id,
  }));
  const credit: CreditTransaction = {
    id: newId(),
    customerId: fatima.id,
    type: 'credit',
    amount: 6390,
    description: 'Ticket A-000001',
    date: sale.date,
    saleId: sale.id,
  };
  const stockMovements = [...movements, ...saleMovements];
  return {
    products: products.map((p, i) => ({
      ...p,
      stock: stockFromMovements(stockMovements.filter((m) => m.productId === p.id)),
      ...(i === 0 ? { photoId } : {}),
    })),
    sales: [sale],
    customers: customers.map((c) =>
      c.id === fatima.id ? { ...c, creditBalance: 6390, totalPurchases: 6390, lastPurchase: sale.date } : c,
    ),
    creditTransactions: [credit],
    stockMovements,
    settings: { ...DEFAULT_SETTINGS, storeName: 'Hanout Atlas', logoId, updatedAt: T0 },
    photos: [
      { id: photoId, dataUrl: PHOTO },
      { id: logoId, dataUrl: LOGO },
      { id: orphanId, dataUrl: PHOTO },
    ],
  };
}
