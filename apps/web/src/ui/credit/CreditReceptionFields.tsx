// The Réception's optional supplier part: which supplier delivered, and whether on credit for how much.
import { readPositiveMad, type PositiveAmountProblem } from '@hanouti/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopSettings } from '../../app/useShopSettings';
import type { StockUpdateResult } from '../../data/stockRepository';
import { useSuppliers, type CreditReceptionResult } from '../../data/suppliersRepository';
import { Checkbox } from '../Checkbox';
import { NumberInput } from '../Input';

/** Phone numbers and amounts read left to right, in Arabic too. */
const LEFT_TO_RIGHT = 'ltr';

export type CreditReception = { supplierId: string; onCredit: boolean; amountText: string };
export const NO_CREDIT_RECEPTION: CreditReception = { supplierId: '', onCredit: true, amountText: '' };

/** What the fields ask for: nothing, a supplier debt of `amount` centimes, or a refusal of the amount and why. */
export function readCreditReception(
  value: CreditReception,
):
  | { ok: true; credit: { supplierId: string; amount: number } | undefined }
  | { ok: false; problem: PositiveAmountProblem } {
  if (value.supplierId === '' || !value.onCredit) return { ok: true, credit: undefined };
  const amount = readPositiveMad(value.amountText);
  if (!amount.ok) return amount;
  return { ok: true, credit: { supplierId: value.supplierId, amount: amount.value } };
}

export function CreditReceptionFields({
  value,
  onChange,
  error,
}: {
  value: CreditReception;
  onChange: (value: CreditReception) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('ui', { keyPrefix: 'credit' });
  const { currency } = useShopSettings();
  const suppliers = useSuppliers();
  const selectId = useId();
  // Without any supplier there is nothing to choose: the Réception stays as it was.
  if (!suppliers || suppliers.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl bg-canvas p-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-ink">
          {t('reception.supplier')}
        </label>
        <select
          id={selectId}
          value={value.supplierId}
          onChange={(event) => onChange({ ...value, supplierId: event.target.value })}
          className="min-h-11 w-full rounded-xl bg-white px-3 text-base text-ink ring-1 ring-line focus:ring-2 focus:ring-brand-500 focus:outline-none"
        >
          <option value="">{t('reception.none')}</option>
          {suppliers.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
        </select>
      </div>
      {value.supplierId === '' ? null : (
        <>
          <Checkbox
            label={t('reception.onCredit')}
            checked={value.onCredit}
            onCheckedChange={(onCredit) => onChange({ ...value, onCredit })}
          />
          {value.onCredit ? (
            <NumberInput
              label={t('reception.amount', { currency })}
              value={value.amountText}
              placeholder={t('amountPlaceholder')}
              dir={LEFT_TO_RIGHT}
              className="text-start tabular-nums"
              hint={t('reception.hint')}
              error={error}
              onChange={(event) => onChange({ ...value, amountText: event.target.value })}
            />
          ) : null}
        </>
      )}
    </fieldset>
  );
}

/**
 * A Réception à crédit's answer in the stock dialog's terms: the stock part as a StockUpdateResult, or
 * `creditRefused` when the supplier part was refused and nothing was written: `too-large` for an amount past
 * what one entry holds, `refused` for any other reason (amount, supplier gone).
 */
export function splitCreditResult(
  result: CreditReceptionResult,
):
  | { creditRefused: 'too-large' | 'refused' }
  | { creditRefused: false; stock: StockUpdateResult; supplierName?: string } {
  if (result.ok) {
    return {
      creditRefused: false,
      stock: { ok: true, stockAfter: result.stockAfter, movement: result.movement },
      supplierName: result.supplier.name,
    };
  }
  switch (result.error) {
    case 'amount-too-large':
      return { creditRefused: 'too-large' };
    case 'amount-not-positive':
    case 'description-too-long':
    case 'payment-above-balance':
    case 'supplier-not-found':
      return { creditRefused: 'refused' };
    default:
      return { creditRefused: false, stock: { ok: false, error: result.error } };
  }
}
