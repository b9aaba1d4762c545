// One line of the cart: name, price, − quantity +, line total and removal.
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CartSummary } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { IconButton } from '../../ui/IconButton';
import { USER_TEXT } from '../../ui/bidi';

type SummaryLine = CartSummary['lines'][number];

/** Bulk lines move by 100 g, unit lines by one. */
export const BULK_STEP_KG = 0.1;

export function CartLineRow({
  line,
  onQuantity,
}: {
  line: SummaryLine;
  onQuantity: (quantity: number) => void;
}) {
  const { t } = useTranslation('sale');
  const format = useShopFormat();
  const isBulk = line.isBulk === true;
  const step = isBulk ? BULK_STEP_KG : 1;
  return (
    <li className="flex flex-col gap-2 py-3" aria-label={line.productName}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p {...USER_TEXT} className="font-semibold break-words text-ink">
            {line.productName}
          </p>
          <p className="text-sm text-muted tabular-nums">
            {isBulk
              ? t('kgPrice', { price: format.money(line.unitPrice) })
              : t('unitPrice', { price: format.money(line.unitPrice) })}
          </p>
          {line.lot ? <p className="text-sm text-muted">{t('lot', { lot: line.lot })}</p> : null}
        </div>
        <IconButton
          label={t('remove', { name: line.productName })}
          icon={<Trash2 />}
          tone="danger"
          onClick={() => onQuantity(0)}
        />
      </div>
      <div className="flex items-center gap-2">
        <div className="flex items-center rounded-full bg-brand-50">
          <IconButton
            label={t('decrease', { name: line.productName })}
            icon={<Minus />}
            onClick={() => onQuantity(line.quantity - step)}
          />
          <output
            aria-label={t('quantityOf', { name: line.productName })}
            className="min-w-14 text-center font-semibold tabular-nums"
          >
            {format.quantity(line.quantity, isBulk)}
          </output>
          <IconButton
            label={t('increase', { name: line.productName })}
            icon={<Plus />}
            onClick={() => onQuantity(line.quantity + step)}
          />
        </div>
        <span className="ms-auto text-lg font-bold text-ink tabular-nums">{format.money(line.total)}</span>
      </div>
    </li>
  );
}
