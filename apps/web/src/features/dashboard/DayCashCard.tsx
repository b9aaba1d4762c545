// Caisse du jour: the day's cash split — cash sales and carnet payments in, cash advances out — and the drawer's net.
import { clsx } from 'clsx';
import { ArrowDownLeft, ArrowUpRight, Banknote, HandCoins, Landmark } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DayCash } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { Card } from '../../ui/Card';

type Row = {
  key: 'sales' | 'payments' | 'advances';
  icon: LucideIcon;
  label: 'cashSales' | 'cashPayments' | 'cashAdvances';
  count: 'cashSalesCount' | 'cashPaymentsCount' | 'cashAdvancesCount';
};
const ROWS: readonly Row[] = [
  { key: 'sales', icon: Banknote, label: 'cashSales', count: 'cashSalesCount' },
  { key: 'payments', icon: ArrowDownLeft, label: 'cashPayments', count: 'cashPaymentsCount' },
  { key: 'advances', icon: ArrowUpRight, label: 'cashAdvances', count: 'cashAdvancesCount' },
];

export function DayCashCard({ cash }: { cash: DayCash }) {
  const { t } = useTranslation('dashboard');
  const format = useShopFormat();
  const counts = { sales: cash.salesCount, payments: cash.paymentsCount, advances: cash.advancesCount };
  return (
    <Card title={t('cashTitle')} icon={<HandCoins />} aria-label={t('cashTitle')}>
      <ul className="flex flex-col divide-y divide-line">
        {ROWS.map(({ key, icon: Icon, label, count }) => {
          const out = key === 'advances';
          return (
            <li key={key} className="flex min-h-12 items-center gap-3 py-1.5" data-testid={`cash-${key}`}>
              <Icon
                className={out ? 'size-5 shrink-0 text-red-700' : 'size-5 shrink-0 text-emerald-700'}
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{t(label)}</p>
                <p className="text-sm text-muted">
                  {t(count, { count: counts[key], replace: { count: format.count(counts[key]) } })}
                </p>
              </div>
              <span
                className={clsx(
                  'shrink-0 font-bold whitespace-nowrap tabular-nums',
                  out ? 'text-red-700' : 'text-ink',
                )}
              >
                {out && cash[key] > 0 ? '−' : ''}
                {format.money(cash[key])}
              </span>
            </li>
          );
        })}
      </ul>
      <p
        className="mt-2 flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-2 text-brand-900"
        data-testid="cash-net"
      >
        <Landmark className="size-5 shrink-0" aria-hidden="true" />
        <span className="flex-1 font-semibold">{t('cashNet')}</span>
        <span className="text-lg font-bold whitespace-nowrap tabular-nums">
          {cash.net < 0 ? '−' : ''}
          {format.money(Math.abs(cash.net))}
        </span>
      </p>
    </Card>
  );
}
