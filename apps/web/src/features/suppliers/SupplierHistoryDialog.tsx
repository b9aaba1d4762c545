// A supplier's history: every delivery and payment, newest first, with what was owed after each; the owner
// may remove the supplier from here (with its history).
import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supplierHistory, type Supplier } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { OwnerOnlyNote } from '../../app/OwnerOnlyNote';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { deleteSupplier, useSupplierEntries } from '../../data/suppliersRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toastStore';
import { withIsolatedName } from '../../ui/IsolatedName';
import { USER_TEXT } from '../../ui/bidi';

export function SupplierHistoryDialog({
  supplier,
  onClose,
}: {
  supplier: Supplier | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('suppliers');
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const entries = useSupplierEntries(supplier?.id);
  const mayDelete = useMayDoOwnerActions();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rows = supplierHistory(entries ?? []);

  async function remove() {
    if (!supplier) return;
    setDeleting(true);
    try {
      await deleteSupplier(supplier.id);
      toast({ title: t('deleted'), tone: 'success' });
      setConfirming(false);
      onClose();
    } catch (error) {
      console.error('Supplier not deleted', error);
      toast({ title: t('deleteFailed'), tone: 'error' });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog
      open={supplier !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={withIsolatedName((name) => t('historyTitle', { name }), supplier?.name ?? '')}
      description={t('entries', { count: rows.length, replace: { count: format.count(rows.length) } })}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        {rows.length === 0 ? (
          <p className="py-4 text-center text-muted">{t('noEntries')}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-line" aria-label={t('history')}>
            {rows.map((row) => (
              <li
                key={row.id}
                className="flex items-start justify-between gap-3 py-2"
                data-testid="supplier-entry"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    {row.type === 'delivery' ? t('typeDelivery') : t('typePayment')}
                  </p>
                  <p className="text-sm text-muted tabular-nums">{format.dateTime(row.date)}</p>
                  {row.movementIds?.length ? (
                    <p className="text-sm text-brand-700">{t('withReception')}</p>
                  ) : null}
                  {row.description ? (
                    <p {...USER_TEXT} className="text-sm break-words text-muted">
                      {row.description}
                    </p>
                  ) : null}
                </div>
                <div className="shrink-0 text-end tabular-nums">
                  <p
                    className={clsx(
                      'font-bold',
                      row.type === 'delivery' ? 'text-red-700' : 'text-emerald-700',
                    )}
                  >
                    {/* Sign and amount read left to right in Arabic too: "−150,00 د.م.", never "150,00−". */}
                    <bdi dir="ltr">
                      {row.type === 'delivery' ? '+' : '−'}
                      {format.money(row.amount)}
                    </bdi>
                  </p>
                  <p className="text-xs text-muted">
                    {t('balanceAfterRow', { amount: format.money(row.balanceAfter) })}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
        <Button variant="ghost" icon={<Trash2 />} disabled={!mayDelete} onClick={() => setConfirming(true)}>
          {t('delete')}
        </Button>
        {mayDelete ? null : <OwnerOnlyNote />}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('confirmDeleteTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {tApp('app.cancel')}
            </Button>
            <Button variant="danger" icon={<Trash2 />} disabled={deleting} onClick={() => void remove()}>
              {t('delete')}
            </Button>
          </>
        }
      >
        <p className="text-ink">
          {withIsolatedName((name) => t('confirmDelete', { name }), supplier?.name ?? '')}
        </p>
      </Dialog>
    </Dialog>
  );
}
