// Money and quantities written the shop's way: its currency, and fr-MA or ar-MA conventions.
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@hanouti/core';
import type { Centimes } from '@hanouti/core';
import { isLanguage, localeOf } from '../i18n/i18n';
import { useShopSettings } from './useShopSettings';

const quantityFormats = new Map<string, Intl.NumberFormat>();

function quantityFormat(locale: string): Intl.NumberFormat {
  let format = quantityFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    quantityFormats.set(locale, format);
  }
  return format;
}

export function useShopFormat() {
  const { t, i18n } = useTranslation();
  const { currency } = useShopSettings();
  const locale = localeOf(isLanguage(i18n.language) ? i18n.language : 'fr');
  return {
    money: (amount: Centimes) => formatMoney(amount, currency, locale),
    /** Units as a whole number; bulk products in kilograms with up to 3 decimals. */
    quantity: (quantity: number, isBulk = false) => {
      const text = quantityFormat(locale).format(quantity);
      return isBulk ? t('units.kg', { quantity: text }) : text;
    },
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)),
  };
}
