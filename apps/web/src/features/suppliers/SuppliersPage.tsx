// Fournisseurs: what the shop owes its distributors — the total, each supplier's balance, deliveries on
// credit and payments, and each supplier's history. The customers' carnet is one tap away (NotebookSwitch).
import { clsx } from 'clsx';
import { History, Phone, Truck, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { totalOwedToSuppliers, type Supplier } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useSuppliers } from '../../data/suppliersRepository';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { USER_TEXT } from '../../ui/bidi';
import { AddSupplierDialog } from './AddSupplierDialog';
import { NotebookSwitch } from '../../ui/credit/NotebookSwitch';
import { SupplierEntryDialog } from './SupplierEntryDialog';
import { SupplierHistoryDialog } from './SupplierHistoryDialog';

function SupplierCard({
  supplier,
  onEntry,
  onHistory,
}: {
  supplier: Supplier;
  onEntry: () => void;
  onHistory: () => void;
}) {
  const { t } = useTranslation('suppliers');
  const format = useShopFormat();
  const inAdvance = supplier.balance < 0;
  return (
    <li
      aria-label={supplier.name}
      className="flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-card ring-1 ring-line/60"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 [&>svg]:size-6"
        >
          <Truck />
        </span>
        <div className="min-w-0 flex-1">
          <p {...USER_TEXT} className="font-semibold break-words text-ink">
            {supplier.name}
          </p>
          {supplier.phone ? (
            <p className="flex items-center gap-1 text-sm text-muted">
              <Phone className="size-3.5 shrink-0" aria-hidden="true" />
              <a href={`tel:${supplier.phone.replace(/\s/g, '')}`} dir="ltr" className="tabular-nums">
                {supplier.phone}
              </a>
            </p>
          ) : null}
        </div>
        <div className="shrink-0 text-end">
          <p className="text-xs text-muted">{inAdvance ? t('advance') : t('youOwe')}</p>
          <p
            data-testid="supplier-balance"
            className={clsx(
              'font-bold tabular-nums',
              supplier.balance > 0 ? 'text-red-700' : 'text-emerald-700',
            )}
          >
            {format.money(Math.abs(supplier.balance))}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" icon={<Wallet />} onClick={onEntry} className="px-2">
          {t('entry')}
        </Button>
        <Button variant="secondary" icon={<History />} onClick={onHistory} className="px-2">
          {t('history')}
        </Button>
      </div>
    </li>
  );
}

export function SuppliersPage() {
  const { t } = useTranslation('suppliers');
  const format = useShopFormat();
  const suppliers = useSuppliers();
  const [adding, setAdding] = useState(false);
  const [entryFor, setEntryFor] = useState<string>();
  const [historyFor, setHistoryFor] = useState<string>();

  if (suppliers === undefined) return null;
  const byId = (id: string | undefined) =>
    id === undefined ? undefined : suppliers.find((s) => s.id === id);
  const owed = totalOwedToSuppliers(suppliers);
  const owedTo = suppliers.filter((supplier) => supplier.balance > 0).length;

  return (
    <div className="flex flex-col gap-3">
      <NotebookSwitch current="suppliers" />
      {suppliers.length > 0 ? (
        <Card aria-label={t('owedTitle')}>
          <p className="text-sm font-medium text-muted">{t('owedTitle')}</p>
          {owed > 0 ? (
            <p className="text-lg font-bold text-ink tabular-nums" data-testid="suppliers-owed">
              {t('owedTotal', { amount: format.money(owed) })}{' '}
              <span className="font-medium text-muted">
                {t('owedTo', { count: owedTo, replace: { count: format.count(owedTo) } })}
              </span>
            </p>
          ) : (
            <p className="text-lg font-bold text-emerald-700" data-testid="suppliers-owed">
              {t('nothingOwed')}
            </p>
          )}
        </Card>
      ) : null}
      <Button icon={<Truck />} onClick={() => setAdding(true)}>
        {t('addSupplier')}
      </Button>
      {suppliers.length === 0 ? (
        <EmptyState icon={<Truck />} title={t('noSuppliers')} description={t('noSuppliersHint')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('listLabel')}>
          {suppliers.map((supplier) => (
            <SupplierCard
              key={supplier.id}
              supplier={supplier}
              onEntry={() => setEntryFor(supplier.id)}
              onHistory={() => setHistoryFor(supplier.id)}
            />
          ))}
        </ul>
      )}
      <AddSupplierDialog open={adding} onOpenChange={setAdding} />
      <SupplierEntryDialog supplier={byId(entryFor)} onClose={() => setEntryFor(undefined)} />
      <SupplierHistoryDialog supplier={byId(historyFor)} onClose={() => setHistoryFor(undefined)} />
    </div>
  );
}
