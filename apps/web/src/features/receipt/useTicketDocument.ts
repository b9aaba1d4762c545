// The receipt of a sale as a ticket document, worded in the shop's language and currency.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { ticketDocument, type TicketDocument } from '../../printing/ticketDocument';

export function useTicketDocument(
  sale: Sale | undefined,
  customerName: string | undefined,
  hasLogo: boolean,
) {
  const { t, i18n } = useTranslation();
  const { t: tReceipt } = useTranslation('receipt');
  const settings = useShopSettings();
  const format = useShopFormat();
  const direction = i18n.dir() === 'rtl' ? 'rtl' : 'ltr';
  return useMemo((): TicketDocument | undefined => {
    if (!sale) return undefined;
    const payment =
      sale.paymentMethod === 'credit' && customerName
        ? tReceipt('paidCredit', { customer: customerName })
        : customerName
          ? tReceipt('customer', { customer: customerName })
          : undefined;
    return ticketDocument(
      sale,
      {
        storeName: settings.storeName,
        storeAddress: settings.storeAddress,
        storePhone: settings.storePhone,
        hasLogo,
      },
      {
        direction,
        ticketNumber: (number) => t('receipt.ticketNumber', { number }),
        date: format.dateTime,
        money: format.money,
        quantity: format.quantity,
        lineDetail: (quantity, price) => t('receipt.lineDetail', { quantity, price }),
        subtotal: t('receipt.subtotal'),
        vat: t('receipt.vat'),
        total: t('receipt.total'),
        thanks: t('receipt.thanks'),
        ...(payment ? { payment } : {}),
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- format's functions are rebuilt each render; language and currency (in settings) are what change them
  }, [sale, customerName, hasLogo, settings, direction, t, tReceipt, i18n.language]);
}
