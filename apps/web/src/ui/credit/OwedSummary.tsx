// What is owed to the shop at a glance: the total, how many customers owe, and its age in three columns.
import type { ShopOwed } from '@hanouti/core';
import { useTranslation } from 'react-i18next';
import { useShopFormat } from '../../app/useShopFormat';
import { MoneyFigure } from '../MoneyFigure';

export const AGEING_COLUMNS = ['upTo30', 'from31To60', 'over60'] as const;

export function OwedSummary({ shop }: { shop: ShopOwed }) {
  const { t } = useTranslation('ui', { keyPrefix: 'credit' });
  const format = useShopFormat();
  return (
    <div className="flex flex-col gap-3" data-testid="owed-summary">
      <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1" data-testid="owed-total">
          <p className="text-sm font-medium text-muted">{t('owedTotal')}</p>
          <p className="text-2xl leading-tight font-bold text-red-700">
            <MoneyFigure parts={format.moneyParts(shop.total)} fit />
          </p>
        </div>
        <p className="text-sm font-medium text-ink" data-testid="owed-debtors">
          {t('debtors', { count: shop.debtors, replace: { count: format.count(shop.debtors) } })}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2">
        {AGEING_COLUMNS.map((column) => (
          <div
            key={column}
            data-testid={`owed-${column}`}
            className={
              column === 'over60'
                ? 'min-w-0 rounded-xl bg-red-50 px-2 py-2 text-red-800'
                : 'min-w-0 rounded-xl bg-canvas px-2 py-2 text-ink'
            }
          >
            <dt className="text-xs leading-tight text-muted">{t(`age_${column}`)}</dt>
            <dd className="text-base leading-tight font-bold">
              <MoneyFigure parts={format.moneyParts(shop.ageing[column])} fit />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
