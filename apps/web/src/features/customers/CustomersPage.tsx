// Gestion Clients: what is owed at a glance, search, sort and filter by debt, each customer's carnet, and a multi-select delete mode.
import { ArrowLeft, BellRing, Trash2, UserPlus, UserSearch, Users } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promiseStatus, searchCustomers } from '@hanouti/core';
import type { Customer, CustomerOwed } from '@hanouti/core';
import { useOwed } from '../../data/creditAgeingRepository';
import { deleteCustomers, useCustomers } from '../../data/customersRepository';
import { shopToday } from '../../data/karneRepository';
import { OwnerOnlyNote } from '../../app/OwnerOnlyNote';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { IconButton } from '../../ui/IconButton';
import { SearchField } from '../../ui/SearchField';
import { toast } from '../../ui/toastStore';
import { AddCustomerDialog } from './AddCustomerDialog';
import { CustomerCard } from './CustomerCard';
import { HistoryDialog } from './HistoryDialog';
import { LedgerDialog } from './LedgerDialog';
import { OwedSummary } from '../../ui/credit/OwedSummary';
import { ReminderDialog } from './ReminderDialog';
import { StatementDialog } from './StatementDialog';
import { NotebookSwitch } from '../../ui/credit/NotebookSwitch';

const SORTS = ['recent', 'owed', 'age'] as const;
const FILTERS = ['all', 'owing', 'over30', 'over60', 'overdue'] as const;
type Sort = (typeof SORTS)[number];
type Filter = (typeof FILTERS)[number];

const NOTHING_OWED = { balance: 0, ageDays: 0 };

/** Keeps the customers the filter asks for (by what they owe and since when), in the chosen order. */
function sortAndFilter(
  list: readonly Customer[],
  owed: ReadonlyMap<string, CustomerOwed> | undefined,
  sort: Sort,
  filter: Filter,
): Customer[] {
  const of = (customer: Customer) => owed?.get(customer.id) ?? NOTHING_OWED;
  const kept = list.filter((customer) => {
    const { balance, ageDays } = of(customer);
    if (filter === 'all') return true;
    if (balance <= 0) return false;
    // Promises are checked against the cached balance, as on the card and the dashboard.
    if (filter === 'overdue') {
      return promiseStatus(customer.promiseDate, customer.creditBalance, shopToday()) === 'overdue';
    }
    return filter === 'owing' || ageDays > (filter === 'over30' ? 30 : 60);
  });
  if (sort === 'recent') return kept;
  // Array.prototype.sort is stable: equal debts keep the newest-first order.
  return kept.sort((a, b) => {
    const [x, y] = [of(a), of(b)];
    return sort === 'owed'
      ? y.balance - x.balance || y.ageDays - x.ageDays
      : y.ageDays - x.ageDays || y.balance - x.balance;
  });
}

/** A row of choices on one line that scrolls sideways (wrapped, sort and filter took four lines at 360 px). */
function Chips<T extends string>({
  label,
  values,
  value,
  onChange,
  text,
}: {
  label: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text: (value: T) => string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="-mx-1 flex items-center gap-1.5 overflow-x-auto px-1 py-0.5 whitespace-nowrap"
    >
      <span className="shrink-0 text-sm font-medium text-muted">{label}</span>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={v === value}
          onClick={() => onChange(v)}
          className={
            v === value
              ? 'min-h-9 shrink-0 rounded-full bg-brand-600 px-3 text-sm font-semibold text-white'
              : 'min-h-9 shrink-0 rounded-full bg-white px-3 text-sm font-medium text-brand-800 ring-1 ring-line'
          }
        >
          {text(v)}
        </button>
      ))}
    </div>
  );
}

export function CustomersPage() {
  const { t } = useTranslation('customers');
  const { t: tApp } = useTranslation();
  const customers = useCustomers();
  const owed = useOwed();
  const [sort, setSort] = useState<Sort>('recent');
  const [filter, setFilter] = useState<Filter>('all');
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [ledgerFor, setLedgerFor] = useState<string>();
  const [historyFor, setHistoryFor] = useState<string>();
  const [editFor, setEditFor] = useState<string>();
  const [statementFor, setStatementFor] = useState<string>();
  const [remindQueue, setRemindQueue] = useState<readonly string[]>([]);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // A staff phone's deletions are refused at sync (docs/api.md): it is not offered them.
  const mayDelete = useMayDoOwnerActions();
  const ownerOnlyId = useId();

  const shown = useMemo(
    () =>
      sortAndFilter(
        query.trim() ? searchCustomers(customers ?? [], query) : (customers ?? []),
        owed?.byCustomer,
        sort,
        filter,
      ),
    [customers, query, owed, sort, filter],
  );
  const byId = (id: string | undefined): Customer | undefined =>
    id === undefined ? undefined : customers?.find((customer) => customer.id === id);
  // Only customers still on the list count (one may have been deleted on another tab).
  const chosen = (customers ?? []).filter((customer) => selected.has(customer.id));
  const allShownSelected = shown.length > 0 && shown.every((customer) => selected.has(customer.id));
  // Relancer, one after another: the customers of the filtered list who owe something.
  const owingShown = filter === 'all' || selecting ? [] : shown.filter((c) => c.creditBalance > 0);

  function leaveSelection() {
    setSelecting(false);
    setSelected(new Set());
  }

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function deleteChosen() {
    setDeleting(true);
    try {
      const count = await deleteCustomers(chosen.map((customer) => customer.id));
      toast({ title: tApp('customers.bulkDeleted', { count }), tone: 'success' });
      setConfirming(false);
      leaveSelection();
    } catch (error) {
      console.error('Customers not deleted', error);
      toast({ title: tApp('customers.bulkDeleteFailed'), tone: 'error' });
    } finally {
      setDeleting(false);
    }
  }

  if (customers === undefined) return null;
  const toolbar = selecting ? (
    <div className="sticky top-[calc(6.5rem+env(safe-area-inset-top))] z-20 -mx-1 flex flex-col gap-1 rounded-2xl bg-brand-50 px-2 py-1 shadow-sm ring-1 ring-brand-100">
      <div className="flex items-center gap-1">
        <IconButton
          label={t('exitSelection')}
          icon={<ArrowLeft className="rtl:-scale-x-100" />}
          onClick={leaveSelection}
        />
        <p className="flex-1 font-semibold text-brand-900" aria-live="polite">
          {t('selectedCount', { count: chosen.length })}
        </p>
        <Button
          variant="danger"
          icon={<Trash2 />}
          disabled={chosen.length === 0 || !mayDelete}
          onClick={() => setConfirming(true)}
        >
          {t('deleteSelected')}
        </Button>
      </div>
      <div className="px-2.5">
        <Checkbox
          label={t('selectAll')}
          checked={allShownSelected}
          onCheckedChange={(on) =>
            setSelected(on ? new Set([...selected, ...shown.map((c) => c.id)]) : new Set())
          }
        />
      </div>
    </div>
  ) : (
    // Wraps rather than widen the page with the phone's text set larger.
    <div className="flex flex-wrap gap-2">
      <Button icon={<UserPlus />} className="flex-1" onClick={() => setAdding(true)}>
        {t('addCustomer')}
      </Button>
      {customers.length > 0 ? (
        <Button
          variant="secondary"
          icon={<Trash2 />}
          disabled={!mayDelete}
          aria-describedby={mayDelete ? undefined : ownerOnlyId}
          onClick={() => setSelecting(true)}
        >
          {t('select')}
        </Button>
      ) : null}
    </div>
  );
  const ownerOnly = mayDelete || customers.length === 0 ? null : <OwnerOnlyNote id={ownerOnlyId} />;

  return (
    <div className="flex flex-col gap-3">
      <NotebookSwitch current="customers" />
      {owed && customers.length > 0 ? (
        <Card aria-label={t('owedTitle')}>
          <OwedSummary shop={owed.shop} />
        </Card>
      ) : null}
      {toolbar}
      {ownerOnly}
      {customers.length === 0 ? (
        <EmptyState icon={<Users />} title={tApp('customers.noCustomers')} />
      ) : (
        <>
          <SearchField label={tApp('customers.searchPlaceholder')} value={query} onChange={setQuery} />
          <div className="flex flex-col gap-2">
            <Chips
              label={t('sortBy')}
              values={SORTS}
              value={sort}
              onChange={setSort}
              text={(v) => t(`sort_${v}`)}
            />
            <Chips
              label={t('show')}
              values={FILTERS}
              value={filter}
              onChange={setFilter}
              text={(v) => t(`filter_${v}`)}
            />
          </div>
          {owingShown.length > 0 ? (
            <Button
              variant="secondary"
              icon={<BellRing />}
              onClick={() => setRemindQueue(owingShown.map((customer) => customer.id))}
            >
              {t('reminder.batch', { count: owingShown.length })}
            </Button>
          ) : null}
          {shown.length === 0 ? (
            <EmptyState icon={<UserSearch />} title={tApp('customers.noCustomerFound')} />
          ) : (
            <ul className="flex flex-col gap-2" aria-label={t('listLabel')}>
              {shown.map((customer) => (
                <CustomerCard
                  key={customer.id}
                  customer={customer}
                  owed={owed?.byCustomer.get(customer.id)}
                  selecting={selecting}
                  selected={selected.has(customer.id)}
                  onSelectedChange={(on) => toggle(customer.id, on)}
                  onLedger={() => setLedgerFor(customer.id)}
                  onHistory={() => setHistoryFor(customer.id)}
                  onEdit={() => setEditFor(customer.id)}
                  onRemind={() => setRemindQueue([customer.id])}
                />
              ))}
            </ul>
          )}
        </>
      )}

      <AddCustomerDialog open={adding} onOpenChange={setAdding} />
      {byId(editFor) ? (
        <AddCustomerDialog
          key={editFor}
          open
          customer={byId(editFor)}
          onOpenChange={(open) => {
            if (!open) setEditFor(undefined);
          }}
        />
      ) : null}
      <LedgerDialog customer={byId(ledgerFor)} onClose={() => setLedgerFor(undefined)} />
      <HistoryDialog
        customer={byId(historyFor)}
        onClose={() => setHistoryFor(undefined)}
        onStatement={() => {
          setStatementFor(historyFor);
          setHistoryFor(undefined);
        }}
      />
      <StatementDialog customer={byId(statementFor)} onClose={() => setStatementFor(undefined)} />
      <ReminderDialog queue={remindQueue} onClose={() => setRemindQueue([])} />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('confirmDeleteTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {tApp('app.cancel')}
            </Button>
            <Button
              variant="danger"
              icon={<Trash2 />}
              disabled={deleting || chosen.length === 0}
              onClick={() => void deleteChosen()}
            >
              {t('deleteSelected')}
            </Button>
          </>
        }
      >
        <p className="text-ink">{t('confirmDelete', { count: chosen.length })}</p>
      </Dialog>
    </div>
  );
}
