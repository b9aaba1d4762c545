// Subtotal, VAT and total of the cart (core cartSummary), as the ticket will show them.
import { useTranslation } from 'react-i18next';
import type { CartSummary } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';

export function CartTotals({ summary }: { summary: CartSummary }) {
  const { t } = useTranslation('sale');
  const format = useShopFormat();
  return (
    <dl className="flex flex-col gap-1" aria-label={t('total')}>
      <div className="flex justify-between text-muted">
        <dt>{t('subtotal')}</dt>
        <dd className="tabular-nums" data-testid="cart-subtotal">
          {format.money(summary.subtotal)}
        </dd>
      </div>
      <div className="flex justify-between text-muted">
        <dt>{t('vat')}</dt>
        <dd className="tabular-nums" data-testid="cart-vat">
          {format.money(summary.vat)}
        </dd>
      </div>
      <div className="flex justify-between text-xl font-bold text-ink">
        <dt>{t('total')}</dt>
        <dd className="tabular-nums" data-testid="cart-total">
          {format.money(summary.total)}
        </dd>
      </div>
    </dl>
  );
}
