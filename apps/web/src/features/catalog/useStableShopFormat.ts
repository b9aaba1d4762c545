// The shop's money and quantity formats as functions that keep their identity, so memoised list cards skip renders.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@hanouti/core';
import type { Centimes } from '@hanouti/core';
import { useShopSettings } from '../../app/useShopSettings';
import { isLanguage, localeOf } from '../../i18n/i18n';

export interface StableShopFormat {
  money: (amount: Centimes) => string;
  /** Units as a whole number; bulk products in kilograms with up to 3 decimals. */
  quantity: (quantity: number, isBulk?: boolean) => string;
}

/**
 * Writes exactly what useShopFormat writes, but the functions change only with the language or the currency:
 * a list of cards can then hand them down without every visible card rendering again on each keystroke.
 */
export function useStableShopFormat(): StableShopFormat {
  const { t, i18n } = useTranslation();
  const { currency } = useShopSettings();
  const locale = localeOf(isLanguage(i18n.language) ? i18n.language : 'fr');
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    return {
      money: (amount) => formatMoney(amount, currency, locale),
      quantity: (quantity, isBulk = false) => {
        const text = numbers.format(quantity);
        return isBulk ? t('units.kg', { quantity: text }) : text;
      },
    };
  }, [t, currency, locale]);
}
