// Gestion Clients: search by name or phone; each customer with phone, credit balance and total purchases.
import { clsx } from 'clsx';
import { Phone, UserSearch, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchCustomers } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useCustomers } from '../../data/customersRepository';
import { EmptyState } from '../../ui/EmptyState';
import { SearchField } from '../../ui/SearchField';

export function CustomersPage() {
  const { t } = useTranslation();
  const format = useShopFormat();
  const customers = useCustomers();
  const [query, setQuery] = useState('');
  const shown = useMemo(
    () => (query.trim() ? searchCustomers(customers ?? [], query) : (customers ?? [])),
    [customers, query],
  );

  if (customers === undefined) return null;
  if (customers.length === 0) return <EmptyState icon={<Users />} title={t('customers.noCustomers')} />;
  return (
    <div className="flex flex-col gap-3">
      <SearchField label={t('customers.searchPlaceholder')} value={query} onChange={setQuery} />
      {shown.length === 0 ? (
        <EmptyState icon={<UserSearch />} title={t('customers.noCustomerFound')} />
      ) : (
        <ul className="flex flex-col gap-2">
          {shown.map((customer) => (
            <li
              key={customer.id}
              className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-card ring-1 ring-line/60"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-saffron-100 text-lg font-bold text-saffron-700"
              >
                {customer.name.trim().charAt(0).toUpperCase()}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{customer.name}</p>
                {customer.phone ? (
                  <p className="flex items-center gap-1 text-sm text-muted">
                    <Phone className="size-3.5" aria-hidden="true" />
                    <span dir="ltr" className="tabular-nums">
                      {customer.phone}
                    </span>
                  </p>
                ) : null}
                <p className="text-sm text-muted tabular-nums">
                  {t('customers.totalPurchases', { amount: format.money(customer.totalPurchases) })}
                </p>
              </div>
              <div className="shrink-0 text-end">
                <p className="text-xs text-muted">{t('customers.credit')}</p>
                <p
                  className={clsx(
                    'font-bold tabular-nums',
                    customer.creditBalance > 0 ? 'text-red-700' : 'text-emerald-700',
                  )}
                >
                  {format.money(customer.creditBalance)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
