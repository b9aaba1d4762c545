// The stock level of a product in the spec's words: Rupture at 0, Stock Faible at or below the threshold, OK.
import { TriangleExclamationPoint } from 'lucide-react';
import { stockStatus } from '@hanouti/core';
import type { Product } from '@hanouti/core';
import { Badge } from '../../ui/Badge';
import type { StockStatusLabels } from '../../ui/product/useStockStatusLabels';

export interface StockBadgeProps {
  product: Pick<Product, 'stock' | 'reorderThreshold'>;
  /** From useStockStatusLabels, read once by the list rather than by each of its cards. */
  labels: StockStatusLabels;
}

export function StockBadge({ product, labels }: StockBadgeProps) {
  const status = stockStatus(product);
  if (status === 'ok') return <Badge tone="success">{labels.ok}</Badge>;
  return (
    <Badge
      tone={status === 'out' ? 'danger' : 'warning'}
      icon={<TriangleExclamationPoint aria-hidden="true" />}
    >
      {labels[status]}
    </Badge>
  );
}
