// One customer in the list: phone, total purchases and balance due, with the carnet and history at hand.
import { clsx } from 'clsx';
import { BellRing, History, Pencil, Phone, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { lastReminder, type Customer, type CustomerOwed } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { Button, cardActionClasses } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { IconButton } from '../../ui/IconButton';
import { KarneTerms } from '../../ui/credit/KarneTerms';
import { USER_TEXT } from '../../ui/bidi';

export type CustomerCardProps = {
  customer: Customer;
  /** What the customer owes and since when (absent while loading, or without any entry). */
  owed?: CustomerOwed | undefined;
  selecting: boolean;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onLedger: () => void;
  onHistory: () => void;
  /** Modifier: name, phone, credit limit and promised day of payment. */
  onEdit?: () => void;
  /** Relancer: remind the customer of what they owe (offered while they owe something). */
  onRemind?: () => void;
};

export function CustomerCard({
  customer,
  owed,
  selecting,
  selected,
  onSelectedChange,
  onLedger,
  onHistory,
  onRemind,
  onEdit,
}: CustomerCardProps) {
  const { t } = useTranslation('customers');
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  return (
    <li
      aria-label={customer.name}
      className={clsx(
        'flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-card ring-1',
        selected ? 'ring-2 ring-brand-500' : 'ring-line/60',
      )}
    >
      {/* The balance goes under the name when both do not fit (a balance of millions beside a long name): the
          name's column never gets narrower than its widest amount, so "Achats : 2.999.999,97 MAD" is never cut. */}
      <div className="flex flex-wrap items-center gap-3">
        {selecting ? (
          <Checkbox
            label={t('selectCustomer', { name: customer.name })}
            hideLabel
            checked={selected}
            onCheckedChange={onSelectedChange}
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-saffron-100 text-lg font-bold text-saffron-700"
          >
            {customer.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="flex-1">
          <p {...USER_TEXT} className="font-semibold wrap-anywhere text-ink">
            {customer.name}
          </p>
          {customer.phone ? (
            <p className="flex items-center gap-1 text-sm text-muted">
              <Phone className="size-3.5 shrink-0" aria-hidden="true" />
              <a href={`tel:${customer.phone.replace(/\s/g, '')}`} dir="ltr" className="tabular-nums">
                {customer.phone}
              </a>
            </p>
          ) : null}
          <p className="text-sm text-muted tabular-nums">
            {tApp('customers.totalPurchases', { amount: format.money(customer.totalPurchases) })}
          </p>
          <KarneTerms customer={customer} />
        </div>
        <div className="ms-auto shrink-0 text-end">
          <p className="text-xs text-muted">{tApp('customers.credit')}</p>
          <p
            data-testid="customer-balance"
            className={clsx(
              'font-bold tabular-nums',
              customer.creditBalance > 0 ? 'text-red-700' : 'text-emerald-700',
            )}
          >
            {format.money(customer.creditBalance)}
          </p>
          {owed && owed.balance > 0 ? (
            <p
              data-testid="customer-debt-age"
              className={clsx('text-xs font-medium', owed.ageDays > 60 ? 'text-red-700' : 'text-muted')}
            >
              {t('debtAge', { count: owed.ageDays, replace: { count: format.count(owed.ageDays) } })}
            </p>
          ) : null}
        </div>
      </div>
      {selecting ? null : (
        // Columns that may shrink below their word's width: at 360 px "Historique" pushed the edit button
        // past the card's edge. The words wrap under their icons instead.
        <div
          className={clsx(
            'grid gap-2',
            onEdit ? 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]' : 'grid-cols-2',
          )}
        >
          <button type="button" className={cardActionClasses} onClick={onLedger}>
            <Wallet aria-hidden="true" />
            <span className="max-w-full text-center break-words">{t('ledger')}</span>
          </button>
          <button type="button" className={cardActionClasses} onClick={onHistory}>
            <History aria-hidden="true" />
            <span className="max-w-full text-center break-words">{t('history')}</span>
          </button>
          {onEdit ? (
            <IconButton
              label={t('editCustomer')}
              icon={<Pencil />}
              onClick={onEdit}
              className="size-12 self-center rounded-xl bg-white ring-1 ring-line ring-inset"
            />
          ) : null}
        </div>
      )}
      {!selecting && onRemind && customer.creditBalance > 0 ? (
        <div className="-mt-1 flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-sm text-muted" data-testid="customer-reminded">
            {reminderNote(customer, t, format.dateTime)}
          </p>
          <Button variant="ghost" icon={<BellRing />} onClick={onRemind} className="shrink-0 px-3">
            {t('reminder.action')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** "Relancé le 12/03/2026 14:05 · 2 relances", or "Jamais relancé". */
function reminderNote(
  customer: Customer,
  t: ReturnType<typeof useTranslation<'customers'>>['t'],
  dateTime: (iso: string) => string,
): string {
  const last = lastReminder(customer);
  if (!last) return t('reminder.never');
  const times = t('reminder.times', { count: customer.remindedAt?.length ?? 0 });
  return `${t('reminder.last', { date: dateTime(last) })} · ${times}`;
}
