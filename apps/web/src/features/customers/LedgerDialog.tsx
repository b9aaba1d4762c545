// Crédit / Paiement / Avance: an amount above 0 (step 0.01) on the customer's carnet, the change to hand back,
// and a confirmation naming the amount over the customer's limit.
import { Banknote, HandCoins, NotebookPen } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMadInput, recordCredit, recordPayment } from '@hanouti/core';
import type { Customer } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { addCredit, addPayment } from '../../data/customersRepository';
import { addAdvance } from '../../data/karneRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { AmountInput } from '../../ui/credit/AmountInput';
import { EntryKindChoice } from '../../ui/credit/EntryKindChoice';
import { toast } from '../../ui/toastStore';
import { withIsolatedName } from '../../ui/IsolatedName';
import { useOverLimitConfirm } from '../../ui/credit/useOverLimitConfirm';

export type LedgerKind = 'credit' | 'payment' | 'advance';

/** The carnet after the entry, by core's own rule, to show before saving (nothing is written). */
function preview(customer: Customer, kind: LedgerKind, amount: number) {
  const ctx = { now: customer.updatedAt, newId: () => customer.id };
  // An advance moves the balance as a credit does.
  const result =
    kind === 'payment' ? recordPayment(customer, amount, '', ctx) : recordCredit(customer, amount, '', ctx);
  if (!result.ok) return undefined;
  return { balanceAfter: result.customer.creditBalance, change: 'change' in result ? result.change : 0 };
}

export function LedgerDialog({ customer, onClose }: { customer: Customer | undefined; onClose: () => void }) {
  const { t } = useTranslation('customers');
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const { currency } = useShopSettings();
  const [kind, setKind] = useState<LedgerKind>('credit');
  const [amountText, setAmountText] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const [noteError, setNoteError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const overLimit = useOverLimitConfirm();
  const formId = useId();

  const balance = customer?.creditBalance ?? 0;
  const parsed = parseMadInput(amountText);
  const amount = parsed.invalid ? 0 : parsed.value;
  const effect = customer && amount > 0 ? preview(customer, kind, amount) : undefined;

  function close() {
    setKind('credit');
    setAmountText('');
    setDescription('');
    setError(undefined);
    setNoteError(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!customer) return;
    // Spec §5: required, step 0.01, above 0 — anything else changes nothing.
    if (parsed.invalid || amount <= 0) {
      setError(tApp('customers.amountMustBePositive'));
      return;
    }
    if (kind === 'advance' && description.trim() === '') {
      setNoteError(t('advanceNoteRequired'));
      return;
    }
    // A credit or an advance past the customer's limit is written only once the shopkeeper confirms it.
    if (kind !== 'payment' && !(await overLimit.confirm(customer, amount))) return;
    setSaving(true);
    try {
      const result =
        kind === 'credit'
          ? await addCredit(customer.id, amount, description)
          : kind === 'advance'
            ? await addAdvance(customer.id, amount, description)
            : await addPayment(customer.id, amount, description);
      if (!result.ok) {
        if (result.error === 'amount-not-positive') setError(tApp('customers.amountMustBePositive'));
        else if (result.error === 'note-required') setNoteError(t('advanceNoteRequired'));
        else toast({ title: tApp('customers.transactionSaveFailed'), tone: 'error' });
        return;
      }
      const change = format.money(result.change);
      if (kind === 'advance') {
        toast({ title: t('advanceRecorded', { amount: format.money(amount) }), tone: 'success' });
      } else if (kind === 'credit') {
        toast({ title: t('creditRecorded', { amount: format.money(amount) }), tone: 'success' });
      } else if (!result.transaction) {
        toast({ title: t('nothingOwed', { name: customer.name, amount: change }), tone: 'info' });
      } else {
        toast({
          title: t('paymentRecorded', { amount: format.money(result.transaction.amount) }),
          ...(result.change > 0 ? { description: t('changeToGive', { amount: change }) } : {}),
          tone: 'success',
        });
      }
      close();
    } catch (failure) {
      console.error('Ledger entry not saved', failure);
      toast({ title: tApp('customers.transactionSaveFailed'), tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const kinds = [
    { value: 'credit', label: t('kindCredit'), icon: <NotebookPen /> },
    { value: 'payment', label: t('kindPayment'), icon: <HandCoins /> },
    { value: 'advance', label: t('kindAdvance'), icon: <Banknote /> },
  ] as const;
  const hint = { credit: t('kindCreditHint'), payment: t('kindPaymentHint'), advance: t('kindAdvanceHint') }[
    kind
  ];
  const submitLabel = { credit: t('recordCredit'), payment: t('recordPayment'), advance: t('recordAdvance') }[
    kind
  ];

  return (
    <Dialog
      open={customer !== undefined}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={withIsolatedName((name) => t('ledgerTitle', { name }), customer?.name ?? '')}
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
            {submitLabel}
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
            setNoteError(undefined);
          }}
        />
        <p className="text-sm text-muted">{hint}</p>
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
          label={kind === 'advance' ? t('advanceNote') : t('description')}
          value={description}
          maxLength={500}
          placeholder={kind === 'advance' ? t('advanceNotePlaceholder') : t('descriptionPlaceholder')}
          error={kind === 'advance' ? noteError : undefined}
          onChange={(event) => {
            setDescription(event.target.value);
            setNoteError(undefined);
          }}
        />
        {effect ? (
          <div
            className="flex flex-col gap-1 rounded-xl bg-brand-50 px-3 py-2 tabular-nums"
            aria-live="polite"
          >
            <p>{t('balanceAfter', { amount: format.money(effect.balanceAfter) })}</p>
            {effect.change > 0 ? (
              <p className="text-lg font-bold text-saffron-700" data-testid="change-to-give">
                {t('changeToGive', { amount: format.money(effect.change) })}
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
      {overLimit.dialog}
    </Dialog>
  );
}
