// Livraison / Paiement: an amount above 0 on the supplier's account, with what will be owed after it.
import { HandCoins, PackagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMadInput, supplierEntryEffect, type Supplier } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { recordDelivery, recordPayment } from '../../data/suppliersRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { AmountInput } from '../../ui/credit/AmountInput';
import { EntryKindChoice } from '../../ui/credit/EntryKindChoice';
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
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const { currency } = useShopSettings();
  const [kind, setKind] = useState<Kind>('payment');
  const [amountText, setAmountText] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const formId = useId();

  const balance = supplier?.balance ?? 0;
  const parsed = parseMadInput(amountText);
  const amount = parsed.invalid ? 0 : parsed.value;

  function close() {
    setKind('payment');
    setAmountText('');
    setDescription('');
    setError(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!supplier) return;
    if (parsed.invalid || amount <= 0) {
      setError(t('amountMustBePositive'));
      return;
    }
    setSaving(true);
    try {
      const result =
        kind === 'delivery'
          ? await recordDelivery(supplier.id, amount, description)
          : await recordPayment(supplier.id, amount, description);
      if (!result.ok) {
        if (result.error === 'payment-above-balance')
          setError(t('paymentAboveBalance', { amount: format.money(Math.max(balance, 0)) }));
        else if (result.error === 'amount-not-positive') setError(t('amountMustBePositive'));
        else toast({ title: t('entryFailed'), tone: 'error' });
        return;
      }
      toast({
        title: t(kind === 'delivery' ? 'deliveryRecorded' : 'paymentRecorded', {
          amount: format.money(amount),
        }),
        tone: 'success',
      });
      close();
    } catch (failure) {
      console.error('Supplier entry not saved', failure);
      toast({ title: t('entryFailed'), tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const kinds = [
    { value: 'payment', label: t('kindPayment'), icon: <HandCoins /> },
    { value: 'delivery', label: t('kindDelivery'), icon: <PackagePlus /> },
  ] as const;
  // No preview for a payment above what is owed: it will be refused, not recorded.
  const refusedPayment = kind === 'payment' && amount > Math.max(balance, 0);
  const after =
    amount > 0 && !refusedPayment ? balance + supplierEntryEffect({ type: kind, amount }) : undefined;

  return (
    <Dialog
      open={supplier !== undefined}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={withIsolatedName((name) => t('entryTitle', { name }), supplier?.name ?? '')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {tApp('app.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={saving}
            variant={kind === 'payment' ? 'accent' : 'primary'}
          >
            {kind === 'payment' ? t('recordPayment') : t('recordDelivery')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <p className="rounded-xl bg-canvas px-3 py-2 font-medium tabular-nums">
          {t('currentBalance', { amount: format.money(balance) })}
        </p>
        <EntryKindChoice
          label={t('operationKind')}
          kinds={kinds}
          value={kind}
          onValueChange={(next) => {
            setKind(next);
            setError(undefined);
          }}
        />
        <p className="text-sm text-muted">
          {kind === 'payment' ? t('kindPaymentHint') : t('kindDeliveryHint')}
        </p>
        <AmountInput
          label={t('amount', { currency })}
          value={amountText}
          placeholder={t('amountPlaceholder')}
          error={error}
          onChange={(event) => {
            setAmountText(event.target.value);
            setError(undefined);
          }}
        />
        <Input
          label={t('description')}
          value={description}
          maxLength={500}
          placeholder={t('descriptionPlaceholder')}
          onChange={(event) => setDescription(event.target.value)}
        />
        {after !== undefined ? (
          <p className="rounded-xl bg-brand-50 px-3 py-2 tabular-nums" aria-live="polite">
            {t('balanceAfter', { amount: format.money(after) })}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
