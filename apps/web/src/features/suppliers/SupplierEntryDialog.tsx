// Livraison / Paiement: an amount above 0 on the supplier's account, with what will be owed after it.
import { HandCoins, PackagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { supplierEntryEffect, type Supplier } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { recordDelivery, recordPayment } from '../../data/suppliersRepository';
import { NotebookEntryDialog, type NotebookEntrySaved } from '../../ui/credit/NotebookEntryDialog';
import { boundRefusal, type NotebookEntry } from '../../ui/credit/notebookEntryForm';
import { toast } from '../../ui/toastStore';
import { withIsolatedName } from '../../ui/IsolatedName';

type Kind = 'delivery' | 'payment';

export function SupplierEntryDialog({
  supplier,
  onClose,
}: {
  supplier: Supplier | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('suppliers');
  const format = useShopFormat();
  const { currency } = useShopSettings();
  const balance = supplier?.balance ?? 0;

  async function save({ kind, amount, description }: NotebookEntry<Kind>): Promise<NotebookEntrySaved> {
    if (!supplier) return 'kept';
    const result =
      kind === 'delivery'
        ? await recordDelivery(supplier.id, amount, description)
        : await recordPayment(supplier.id, amount, description);
    if (!result.ok) {
      if (result.error === 'payment-above-balance')
        return {
          field: 'amount',
          message: t('paymentAboveBalance', { amount: format.money(Math.max(balance, 0)) }),
        };
      const refusal = boundRefusal(result.error);
      if (refusal) return refusal;
      toast({ title: t('entryFailed'), tone: 'error' });
      return 'kept';
    }
    toast({
      title: t(kind === 'delivery' ? 'deliveryRecorded' : 'paymentRecorded', {
        amount: format.money(amount),
      }),
      tone: 'success',
    });
    return 'saved';
  }

  return (
    <NotebookEntryDialog<Kind>
      open={supplier !== undefined}
      onClose={onClose}
      title={withIsolatedName((name) => t('entryTitle', { name }), supplier?.name ?? '')}
      balance={t('currentBalance', { amount: format.money(balance) })}
      kindsLabel={t('operationKind')}
      kinds={[
        {
          value: 'payment',
          label: t('kindPayment'),
          icon: <HandCoins />,
          hint: t('kindPaymentHint'),
          submitLabel: t('recordPayment'),
          accent: true,
        },
        {
          value: 'delivery',
          label: t('kindDelivery'),
          icon: <PackagePlus />,
          hint: t('kindDeliveryHint'),
          submitLabel: t('recordDelivery'),
        },
      ]}
      amountLabel={t('amount', { currency })}
      amountPlaceholder={t('amountPlaceholder')}
      descriptionLabel={t('description')}
      descriptionPlaceholder={t('descriptionPlaceholder')}
      messages={{ amountMustBePositive: t('amountMustBePositive') }}
      preview={(kind, amount) =>
        // No preview for a payment above what is owed: it will be refused, not recorded.
        kind === 'payment' && amount > Math.max(balance, 0) ? undefined : (
          <p>
            {t('balanceAfter', {
              amount: format.money(balance + supplierEntryEffect({ type: kind, amount })),
            })}
          </p>
        )
      }
      save={save}
      failedMessage={t('entryFailed')}
    />
  );
}
