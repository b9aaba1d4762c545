// Inventaire (type the counted quantity) or Réception (type what the supplier delivered): one movement each.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_AMOUNT_CENTIMES, MAX_NOTE_LENGTH, MAX_QUANTITY, MAX_STOCK, type Product } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { countStock, restockProduct } from '../../data/stockRepository';
import { receiveOnCredit } from '../../data/suppliersRepository';
import { FormDialog } from '../../ui/FormDialog';
import { Input, NumberInput } from '../../ui/Input';
import { withIsolatedName } from '../../ui/IsolatedName';
import { toast } from '../../ui/toastStore';
import {
  CreditReceptionFields,
  NO_CREDIT_RECEPTION,
  splitCreditResult,
} from '../../ui/credit/CreditReceptionFields';
import {
  CREDIT_AMOUNT_TOO_LARGE,
  creditRefusalCode,
  problemOfResult,
  stockEntrySchema,
  type StockEntryKind,
  type StockEntryOutput,
  type StockEntryProblem,
  type StockEntryValues,
} from './stockEntry';

export interface StockEntryDialogProps {
  kind: StockEntryKind;
  product: Product;
  onClose: () => void;
}

export function StockEntryDialog({ kind, product, onClose }: StockEntryDialogProps) {
  const { t } = useTranslation();
  const { t: ti } = useTranslation('inventory');
  // The supplier part's words belong to the shared credit pieces.
  const { t: tc } = useTranslation('ui', { keyPrefix: 'credit' });
  const format = useShopFormat();
  // The dialog is mounted for one product and one kind: the rules are made once.
  const [schema] = useState(() => stockEntrySchema(kind, product.isBulk));
  const { register, handleSubmit, setError, clearErrors, control, formState } = useForm<
    StockEntryValues,
    unknown,
    StockEntryOutput
  >({
    resolver: zodResolver(schema),
    // Réception only: an optional supplier, and the amount owed when received on credit.
    defaultValues: { quantity: '', note: '', credit: NO_CREDIT_RECEPTION },
    // A field's message stays until that field is typed in again.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: busy } = formState;
  const { field: credit } = useController({ control, name: 'credit' });

  function problemText(reason: StockEntryProblem | 'not-found'): string {
    if (reason === 'negative') return t('inventory.stockCannotBeNegative');
    // The bounds' words take their value: the largest typed quantity, the largest stock, the longest note.
    return ti(`entry.problem.${reason}`, {
      max: format.quantity(MAX_QUANTITY, product.isBulk),
      maxStock: format.quantity(MAX_STOCK, product.isBulk),
      maxNote: format.count(MAX_NOTE_LENGTH),
    });
  }
  const quantityProblem = errors.quantity?.message as StockEntryProblem | 'not-found' | undefined;
  const creditProblem = errors.credit?.message;
  const refuseCredit = (problem: 'too-large' | 'refused') =>
    setError('credit', { message: creditRefusalCode(problem) });

  const submit = handleSubmit(async ({ quantity, note, credit: owed }) => {
    try {
      // On credit, the movement and the supplier entry are written together (one operation).
      const onCredit = owed
        ? splitCreditResult(await receiveOnCredit(product.id, quantity, note, owed.supplierId, owed.amount))
        : undefined;
      if (onCredit?.creditRefused) {
        refuseCredit(onCredit.creditRefused);
        return;
      }
      const result = onCredit
        ? onCredit.stock
        : kind === 'count'
          ? await countStock(product.id, quantity, note)
          : await restockProduct(product.id, quantity, note);
      const refused = problemOfResult(result);
      if (refused || !result.ok) {
        setError('quantity', { message: refused });
        return;
      }
      const stock = format.quantity(result.stockAfter, product.isBulk);
      toast({
        title:
          kind === 'count'
            ? ti('count.done', { name: product.name, quantity: stock })
            : ti('restock.done', {
                name: product.name,
                received: format.quantity(quantity, product.isBulk),
                quantity: stock,
              }),
        ...(onCredit?.supplierName !== undefined
          ? {
              description: tc('reception.recorded', {
                amount: format.money(owed?.amount ?? 0),
                name: onCredit.supplierName,
              }),
            }
          : {}),
        tone: 'success',
      });
      onClose();
    } catch (error) {
      console.error('Stock not updated', error);
      toast({ title: t('inventory.stockUpdateFailed'), tone: 'error' });
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={withIsolatedName((name) => ti(`${kind}.title`, { name }), product.name)}
      description={ti('entry.current', { quantity: format.quantity(product.stock, product.isBulk) })}
      submitLabel={ti(`${kind}.save`)}
      busy={busy}
      keepOpenWhileBusy
      onSubmit={(event) => void submit(event)}
    >
      <NumberInput
        // The dialog is opened for exactly this: typing the quantity.
        autoFocus
        label={product.isBulk ? ti(`${kind}.quantityKg`) : ti(`${kind}.quantity`)}
        hint={ti(`${kind}.hint`)}
        error={quantityProblem ? problemText(quantityProblem) : undefined}
        {...register('quantity', { onChange: () => clearErrors('quantity') })}
      />
      <Input label={ti(`${kind}.note`)} maxLength={500} {...register('note')} />
      {kind === 'restock' ? (
        <CreditReceptionFields
          value={credit.value}
          onChange={(next) => {
            credit.onChange(next);
            clearErrors('credit');
          }}
          error={
            creditProblem === undefined
              ? undefined
              : creditProblem === CREDIT_AMOUNT_TOO_LARGE
                ? tc('amountTooLarge', { max: format.money(MAX_AMOUNT_CENTIMES) })
                : tc('amountMustBePositive')
          }
        />
      ) : null}
    </FormDialog>
  );
}
