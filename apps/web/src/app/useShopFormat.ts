// Money, counts, quantities and dates written the shop's way: its currency, and fr-MA or ar-MA conventions.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@hanouti/core';
import type { Centimes, Currency } from '@hanouti/core';
import { isLanguage, localeOf } from '../i18n/i18n';
import { useShopSettings } from './useShopSettings';

type Locale = ReturnType<typeof localeOf>;

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(`${locale}|${key}`);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(`${locale}|${key}`, format);
  }
  return format;
}

/**
 * An amount cut where a line may break: the figure (digits, group and decimal signs, sign) and the currency,
 * in the order the locale writes them. Each part must stay whole on its line; only the gap between them
 * may break ("1.192.755,31" / "MAD", never "1.192.755,3" / "1 MAD").
 */
export type MoneyParts = { figure: string; currency: string; currencyFirst: boolean };

const FIGURE_PARTS = new Set(['minusSign', 'plusSign', 'integer', 'group', 'decimal', 'fraction']);
// The bidi marks ICU puts around an Arabic amount: the parts are laid out by the component instead.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

export function moneyParts(amount: Centimes, currency: Currency, locale: Locale): MoneyParts {
  const parts = numberFormat(locale, `money-${currency}`, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).formatToParts(amount / 100);
  const figure = parts
    .filter((part) => FIGURE_PARTS.has(part.type))
    .map((part) => part.value)
    .join('');
  const currencyIndex = parts.findIndex((part) => part.type === 'currency');
  const firstFigure = parts.findIndex((part) => FIGURE_PARTS.has(part.type));
  return {
    figure: figure.replace(BIDI_MARKS, ''),
    currency: (parts[currencyIndex]?.value ?? currency).replace(BIDI_MARKS, ''),
    currencyFirst: currencyIndex >= 0 && currencyIndex < firstFigure,
  };
}

/** A count of records grouped by thousands the locale's way ("10.004" in fr-MA and ar-MA). */
export function formatCount(count: number, locale: Locale): string {
  return numberFormat(locale, 'count', { maximumFractionDigits: 0 }).format(count);
}

/** A date and time of the shop ("26/11/2026 14:05"), or the text itself when it is not a date. */
export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** What useShopFormat hands out; list cards take it as a prop. */
export type ShopFormat = ReturnType<typeof useShopFormat>;

/**
 * The shop's formats. The functions keep their identity until the language or the currency changes, so a list
 * of memoised cards can take them as a prop without every visible card rendering again on each keystroke.
 */
export function useShopFormat() {
  const { t, i18n } = useTranslation();
  const { currency } = useShopSettings();
  const locale = localeOf(isLanguage(i18n.language) ? i18n.language : 'fr');
  return useMemo(
    () => ({
      locale,
      money: (amount: Centimes) => formatMoney(amount, currency, locale),
      /** The same amount in parts, for a figure that must never break inside (see MoneyFigure). */
      moneyParts: (amount: Centimes) => moneyParts(amount, currency, locale),
      /** A count of records, grouped by thousands ("10.004"). */
      count: (count: number) => formatCount(count, locale),
      /** A setting's decimal with a fixed number of digits, the locale's way ("0,45"). */
      decimal: (value: number, digits = 2) =>
        numberFormat(locale, `decimal-${digits}`, {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }).format(value),
      /** Units as a whole number; bulk products in kilograms with up to 3 decimals. */
      quantity: (quantity: number, isBulk = false) => {
        const text = numberFormat(locale, 'quantity', { maximumFractionDigits: 3 }).format(quantity);
        return isBulk ? t('units.kg', { quantity: text }) : text;
      },
      dateTime: (iso: string) => formatDateTime(iso, locale),
    }),
    [t, currency, locale],
  );
}
