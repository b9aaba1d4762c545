// The three stock levels in the spec's words, read once for a whole list of badges.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockStatus } from '@hanouti/core';

export type StockStatusLabels = Readonly<Record<StockStatus, string>>;

export function useStockStatusLabels(): StockStatusLabels {
  const { t } = useTranslation();
  return useMemo(
    () => ({ out: t('inventory.statusOut'), low: t('inventory.statusLow'), ok: t('inventory.statusOk') }),
    [t],
  );
}
