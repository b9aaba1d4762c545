// The day's promises: customers who promised to pay today, and those whose promised day has passed (still owing).
import { clsx } from 'clsx';
import { CalendarClock, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Customer, DayPromises } from '@hanouti/core';
import { pageHash } from '../../app/navigation';
import { useShopFormat } from '../../app/useShopFormat';
import { USER_TEXT } from '../../ui/bidi';
import { Card } from '../../ui/Card';
import { promiseDayText } from '../../ui/credit/KarneTerms';

/** How many customers each list shows; the rest are on the customers screen (filter "Promesse dépassée"). */
const SHOWN = 5;

function PromiseRow({ customer, late }: { customer: Customer; late: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useShopFormat();
  return (
    <li
      className="flex min-h-12 items-center gap-3 py-1.5"
      data-testid={late ? 'promise-overdue' : 'promise-today'}
    >
      <span
        aria-hidden="true"
        className={clsx('size-2.5 shrink-0 rounded-full', late ? 'bg-red-600' : 'bg-saffron-500')}
      />
      <div className="min-w-0 flex-1">
        <p {...USER_TEXT} className="truncate font-medium text-ink">
          {customer.name}
        </p>
        <p className={clsx('text-sm', late ? 'font-medium text-red-700' : 'text-muted')}>
          {late
            ? t('promiseLate', { date: promiseDayText(customer.promiseDate ?? '', format.locale) })
            : t('promiseDueToday')}
        </p>
      </div>
      <span className="shrink-0 font-bold text-red-700 tabular-nums">
        {format.money(customer.creditBalance)}
      </span>
    </li>
  );
}

export function PromisesCard({ promises }: { promises: DayPromises }) {
  const { t } = useTranslation('dashboard');
  const format = useShopFormat();
  const { dueToday, overdue } = promises;
  const lists = [
    { key: 'today', customers: dueToday, late: false, heading: 'promisesToday' },
    { key: 'overdue', customers: overdue, late: true, heading: 'promisesOverdue' },
  ] as const;
  return (
    <Card
      title={t('promisesTitle')}
      icon={<CalendarClock />}
      aria-label={t('promisesTitle')}
      action={
        <a
          href={pageHash('customers')}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700"
        >
          {t('owedSee')}
          <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </a>
      }
    >
      {dueToday.length === 0 && overdue.length === 0 ? (
        <p className="text-muted">{t('promisesNone')}</p>
      ) : null}
      {lists.map(({ key, customers, late, heading }) =>
        customers.length === 0 ? null : (
          <section key={key} className="mt-1 first-of-type:mt-0">
            <h3 className={clsx('text-sm font-semibold', late ? 'text-red-800' : 'text-ink')}>
              {t(heading, { count: customers.length, replace: { count: format.count(customers.length) } })}
            </h3>
            <ul className="flex flex-col divide-y divide-line">
              {customers.slice(0, SHOWN).map((customer) => (
                <PromiseRow key={customer.id} customer={customer} late={late} />
              ))}
            </ul>
          </section>
        ),
      )}
    </Card>
  );
}
