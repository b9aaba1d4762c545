// The karne's terms on a customer: their credit limit (flagged when passed) and their promise to pay (flagged when late).
import { clsx } from 'clsx';
import { CalendarClock, Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isOverLimit, promiseStatus, type Customer } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { shopToday } from '../../data/karneRepository';

/** A promised shop day ("2025-07-01") in the shop's language, without shifting it across time zones. */
export function promiseDayText(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

export function KarneTerms({ customer, today = shopToday() }: { customer: Customer; today?: string }) {
  const { t } = useTranslation('ui', { keyPrefix: 'credit' });
  const format = useShopFormat();
  const status = promiseStatus(customer.promiseDate, customer.creditBalance, today);
  const over = isOverLimit(customer);
  if (customer.creditLimit === undefined && status === 'none') return null;
  const day = customer.promiseDate ? promiseDayText(customer.promiseDate, format.locale) : '';
  return (
    <div className="flex flex-wrap gap-1.5 text-xs font-medium">
      {customer.creditLimit !== undefined ? (
        <span
          data-testid="customer-limit"
          className={clsx(
            'inline-flex items-center gap-1 rounded-full px-2 py-1 tabular-nums',
            over ? 'bg-red-100 text-red-800' : 'bg-canvas text-ink',
          )}
        >
          <Gauge className="size-3.5 shrink-0" aria-hidden="true" />
          {over
            ? `${t('overLimitBadge')} · ${t('limitShown', { amount: format.money(customer.creditLimit) })}`
            : t('limitShown', { amount: format.money(customer.creditLimit) })}
        </span>
      ) : null}
      {status !== 'none' ? (
        <span
          data-testid="customer-promise"
          data-status={status}
          className={clsx(
            'inline-flex items-center gap-1 rounded-full px-2 py-1',
            status === 'overdue' && 'bg-red-600 text-white',
            status === 'due-today' && 'bg-saffron-100 text-saffron-700',
            status === 'upcoming' && 'bg-brand-50 text-brand-800',
          )}
        >
          <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
          {status === 'overdue'
            ? t('promiseOverdue', { date: day })
            : status === 'due-today'
              ? t('promiseToday')
              : t('promiseOn', { date: day })}
        </span>
      ) : null}
    </div>
  );
}
