// Nouvelle Vente: the cart being rung up.
import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';

export function SalePage() {
  const { t } = useTranslation();
  return (
    <Card title={t('sale.cart')} icon={<ShoppingCart />}>
      <EmptyState icon={<ShoppingCart />} title={t('sale.emptyCart')} />
    </Card>
  );
}
