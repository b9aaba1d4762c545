// Crédit / Paiement / Avance: an amount above 0 (step 0.01) on the customer's carnet, the change to hand back,
// and a confirmation naming the amount over the customer's limit.
import { Banknote, HandCoins, NotebookPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { recordCredit, recordPayment } from '@hanouti/core';
import type { Customer } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { addCredit, addPayment } from '../../data/customersRepository';
import { addAdvance } from '../../data/karneRepository';
import { NotebookEntryDialog, type NotebookEntrySaved } from '../../ui/credit/NotebookEntryDialog';
import { boundRefusal, type NotebookEntry } from '../../ui/credit/notebookEntryForm';
import { useOverLimitConfirm } from '../../ui/credit/useOverLimitConfirm';
import { toast } from '../../ui/toastStore';
import { withIsolatedName } from '../../ui/IsolatedName';

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
  const overLimit = useOverLimitConfirm();

  async function save({ kind, amount, description }: NotebookEntry<LedgerKind>): Promise<NotebookEntrySaved> {
    if (!customer) return 'kept';
    // A credit or an advance past the customer's limit is written only once the shopkeeper confirms it.
    if (kind !== 'payment' && !(await overLimit.confirm(customer, amount))) return 'kept';
    const result =
      kind === 'credit'
        ? await addCredit(customer.id, amount, description)
        : kind === 'advance'
          ? await addAdvance(customer.id, amount, description)
          : await addPayment(customer.id, amount, description);
    if (!result.ok) {
      const refusal = boundRefusal(result.error);
      if (refusal) return refusal;
      if (result.error === 'note-required')
        return { field: 'description', message: t('advanceNoteRequired') };
      toast({ title: tApp('customers.transactionSaveFailed'), tone: 'error' });
      return 'kept';
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
    return 'saved';
  }

  return (
    <NotebookEntryDialog<LedgerKind>
      open={customer !== undefined}
      onClose={onClose}
      title={withIsolatedName((name) => t('ledgerTitle', { name }), customer?.name ?? '')}
      balance={t('currentBalance', { amount: format.money(customer?.creditBalance ?? 0) })}
      kindsLabel={t('operationKind')}
      kinds={[
        {
          value: 'credit',
          label: t('kindCredit'),
          icon: <NotebookPen />,
          hint: t('kindCreditHint'),
          submitLabel: t('recordCredit'),
        },
        {
          value: 'payment',
          label: t('kindPayment'),
          icon: <HandCoins />,
          hint: t('kindPaymentHint'),
          submitLabel: t('recordPayment'),
          accent: true,
        },
        {
          value: 'advance',
          label: t('kindAdvance'),
          icon: <Banknote />,
          hint: t('kindAdvanceHint'),
          submitLabel: t('recordAdvance'),
          note: { label: t('advanceNote'), placeholder: t('advanceNotePlaceholder'), required: true },
        },
      ]}
      amountLabel={t('amount', { currency })}
      amountPlaceholder={t('amountPlaceholder')}
      descriptionLabel={t('description')}
      descriptionPlaceholder={t('descriptionPlaceholder')}
      messages={{
        amountMustBePositive: tApp('customers.amountMustBePositive'),
        noteRequired: t('advanceNoteRequired'),
      }}
      preview={(kind, amount) => {
        const effect = customer ? preview(customer, kind, amount) : undefined;
        if (!effect) return undefined;
        return (
          <>
            <p>{t('balanceAfter', { amount: format.money(effect.balanceAfter) })}</p>
            {effect.change > 0 ? (
              <p className="text-lg font-bold text-saffron-700" data-testid="change-to-give">
                {t('changeToGive', { amount: format.money(effect.change) })}
              </p>
            ) : null}
          </>
        );
      }}
      save={save}
      failedMessage={tApp('customers.transactionSaveFailed')}
      aside={overLimit.dialog}
    />
  );
}
