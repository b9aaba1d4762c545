// The stock level of a product in the spec's words: Rupture at 0, Stock Faible at or below the threshold, OK.
import { TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { stockStatus } from '@hanouti/core';
import type { Product } from '@hanouti/core';
import { Badge } from '../../ui/Badge';

export function StockBadge({ product }: { product: Pick<Product, 'stock' | 'reorderThreshold'> }) {
  const { t } = useTranslation();
  const status = stockStatus(product);
  if (status === 'out')
    return (
      <Badge tone="danger" icon={<TriangleExclamationPoint aria-hidden="true" />}>
        {t('inventory.statusOut')}
      </Badge>
    );
  if (status === 'low')
    return (
      <Badge tone="warning" icon={<TriangleExclamationPoint aria-hidden="true" />}>
        {t('inventory.statusLow')}
      </Badge>
    );
  return <Badge tone="success">{t('inventory.statusOk')}</Badge>;
}
