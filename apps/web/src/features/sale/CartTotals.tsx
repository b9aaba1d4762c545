// Subtotal, VAT and total of the cart (core cartSummary), as the ticket will show them.
import { useTranslation } from 'react-i18next';
import type { CartSummary } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';

export function CartTotals({ summary }: { summary: CartSummary }) {
  const { t } = useTranslation('sale');
  const format = useShopFormat();
  return (
    // Compact (subtotal and VAT on one small line): it rides in the till's sticky bar, always in view.
    <dl className="flex flex-col gap-0.5" aria-label={t('total')}>
      <div className="flex flex-wrap justify-between gap-x-3 text-sm text-muted">
        <div className="flex gap-1">
          <dt>{t('subtotal')}</dt>
          <dd className="tabular-nums" data-testid="cart-subtotal">
            {format.money(summary.subtotal)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('vat')}</dt>
          <dd className="tabular-nums" data-testid="cart-vat">
            {format.money(summary.vat)}
          </dd>
        </div>
      </div>
      {/* A gap between the words and the amount, and the amount on a line of its own (at the end) when both do
          not fit: "المجموع مع الضريبة" beside a total of millions touched it. */}
      <div className="flex flex-wrap justify-between gap-x-3 text-xl font-bold text-ink">
        <dt>{t('total')}</dt>
        <dd className="ms-auto tabular-nums" data-testid="cart-total">
          {format.money(summary.total)}
        </dd>
      </div>
    </dl>
  );
}
