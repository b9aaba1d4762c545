// A known sale and its wording in French and Arabic, for the printer-byte golden tests and the raster artifact.
import type { Sale } from '@hanouti/core';
import { ticketDocument, type TicketDocument } from './ticketDocument';

export const KNOWN_SALE: Sale = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  ticketNumber: 'A-000042',
  date: '2025-03-14T10:30:00.000Z',
  items: [
    {
      productId: '0190a1b2-0000-7000-8000-0000000000a1',
      productName: 'Huile Lesieur 1 L',
      quantity: 2,
      unitPrice: 1850,
      total: 3700,
      vatRate: 20,
      vat: 740,
    },
    {
      productId: '0190a1b2-0000-7000-8000-0000000000a2',
      productName: 'Lentilles (vrac)',
      quantity: 1.25,
      unitPrice: 1600,
      total: 2000,
      vatRate: 0,
      vat: 0,
      isBulk: true,
    },
  ],
  subtotal: 5700,
  vat: 740,
  discount: 0,
  total: 6440,
  paymentMethod: 'cash',
  printed: false,
  shared: false,
};

const STORE = {
  storeName: 'Hanout Essaada',
  storeAddress: 'Avenue Mohammed V, Marrakech',
  storePhone: '+212 6 12 34 56 78',
  hasLogo: false,
};

// Fixed formatting (no Intl) so that the golden bytes do not depend on the ICU data of the machine.
const mad = (centimes: number, unit: string) => `${(centimes / 100).toFixed(2).replace('.', ',')} ${unit}`;

export function knownTicket(language: 'fr' | 'ar'): TicketDocument {
  if (language === 'fr') {
    return ticketDocument(KNOWN_SALE, STORE, {
      direction: 'ltr',
      ticketNumber: (number) => `Ticket n° ${number}`,
      date: () => '14/03/2025 10:30',
      money: (c) => mad(c, 'MAD'),
      quantity: (q, bulk) => (bulk ? `${String(q).replace('.', ',')} kg` : String(q)),
      lineDetail: (q, p) => `${q} × ${p}`,
      subtotal: 'Sous-total HT',
      vat: 'TVA',
      total: 'Total TTC',
      thanks: 'Merci pour votre visite !',
    });
  }
  return ticketDocument(
    {
      ...KNOWN_SALE,
      items: KNOWN_SALE.items.map((item, i) => ({
        ...item,
        productName: ['زيت لوسيور 1 لتر', 'عدس (بالوزن)'][i] ?? '',
      })),
    },
    { ...STORE, storeName: 'حانوت السعادة', storeAddress: 'شارع محمد الخامس، مراكش' },
    {
      direction: 'rtl',
      ticketNumber: (number) => `التذكرة رقم ${number}`,
      date: () => '14/03/2025 10:30',
      money: (c) => mad(c, 'د.م.'),
      quantity: (q, bulk) => (bulk ? `${String(q).replace('.', ',')} كلغ` : String(q)),
      lineDetail: (q, p) => `${q} × ${p}`,
      subtotal: 'المجموع دون ضريبة',
      vat: 'الضريبة على القيمة المضافة',
      total: 'المجموع مع الضريبة',
      thanks: 'شكرًا على زيارتكم!',
    },
  );
}
