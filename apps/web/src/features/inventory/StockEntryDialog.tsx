// Inventaire (type the counted quantity) or Réception (type what the supplier delivered): one movement each.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { countStock, restockProduct } from '../../data/stockRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input, NumberInput } from '../../ui/Input';
import { toast } from '../../ui/toastStore';
import { problemOfResult, readStockEntry, type StockEntryKind, type StockEntryProblem } from './stockEntry';
import { withIsolatedName } from '../../ui/IsolatedName';
import { receiveOnCredit } from '../../data/suppliersRepository';
import {
  CreditReceptionFields,
  NO_CREDIT_RECEPTION,
  readCreditReception,
  splitCreditResult,
} from '../../ui/credit/CreditReceptionFields';

export interface StockEntryDialogProps {
  kind: StockEntryKind;
  product: Product;
  onClose: () => void;
}

export function StockEntryDialog({ kind, product, onClose }: StockEntryDialogProps) {
  const { t } = useTranslation();
  const { t: ti } = useTranslation('inventory');
  const format = useShopFormat();
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<StockEntryProblem | 'not-found'>();
  const [busy, setBusy] = useState(false);
  // Réception only: an optional supplier, and the amount owed when received on credit.
  const [credit, setCredit] = useState(NO_CREDIT_RECEPTION);
  const [creditError, setCreditError] = useState<string>();
  const { t: ts } = useTranslation('suppliers');
  const formId = `stock-entry-${kind}`;

  function problemText(reason: StockEntryProblem | 'not-found'): string {
    if (reason === 'negative') return t('inventory.stockCannotBeNegative');
    return ti(`entry.problem.${reason}`);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entry = readStockEntry(kind, text, product.isBulk);
    if (!entry.ok) {
      setProblem(entry.problem);
      return;
    }
    const owed = kind === 'restock' ? readCreditReception(credit) : { ok: true as const, credit: undefined };
    if (!owed.ok) {
      setCreditError(ts('amountMustBePositive'));
      return;
    }
    setBusy(true);
    try {
      const trimmedNote = note.trim() || undefined;
      // On credit, the movement and the supplier entry are written together (one operation).
      const onCredit = owed.credit
        ? splitCreditResult(
            await receiveOnCredit(
              product.id,
              entry.quantity,
              trimmedNote,
              owed.credit.supplierId,
              owed.credit.amount,
            ),
          )
        : undefined;
      if (onCredit?.creditRefused) {
        setCreditError(ts('amountMustBePositive'));
        return;
      }
      const result = onCredit
        ? onCredit.stock
        : kind === 'count'
          ? await countStock(product.id, entry.quantity, trimmedNote)
          : await restockProduct(product.id, entry.quantity, trimmedNote);
      const refused = problemOfResult(result);
      if (refused || !result.ok) {
        setProblem(refused);
        return;
      }
      const quantity = format.quantity(result.stockAfter, product.isBulk);
      toast({
        title:
          kind === 'count'
            ? ti('count.done', { name: product.name, quantity })
            : ti('restock.done', {
                name: product.name,
                received: format.quantity(entry.quantity, product.isBulk),
                quantity,
              }),
        ...(onCredit?.supplierName !== undefined
          ? {
              description: ts('reception.recorded', {
                amount: format.money(owed.credit?.amount ?? 0),
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
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={withIsolatedName((name) => ti(`${kind}.title`, { name }), product.name)}
      description={ti('entry.current', { quantity: format.quantity(product.stock, product.isBulk) })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {ti(`${kind}.save`)}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <NumberInput
          // The dialog is opened for exactly this: typing the quantity.
          autoFocus
          label={product.isBulk ? ti(`${kind}.quantityKg`) : ti(`${kind}.quantity`)}
          hint={ti(`${kind}.hint`)}
          error={problem ? problemText(problem) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(undefined);
          }}
        />
        <Input
          label={ti(`${kind}.note`)}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
        />
        {kind === 'restock' ? (
          <CreditReceptionFields
            value={credit}
            onChange={(next) => {
              setCredit(next);
              setCreditError(undefined);
            }}
            error={creditError}
          />
        ) : null}
      </form>
    </Dialog>
  );
}
