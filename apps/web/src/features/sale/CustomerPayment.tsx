// The sale's optional customer and its payment: espèces, or crédit on the customer's carnet.
import { BookOpen, Banknote } from 'lucide-react';
import { clsx } from 'clsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cart, Customer, PaymentMethod } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { Select } from '../../ui/Input';

const METHODS: { method: PaymentMethod; icon: typeof Banknote }[] = [
  { method: 'cash', icon: Banknote },
  { method: 'credit', icon: BookOpen },
];

export function CustomerPayment({
  cart,
  customers,
  onCustomer,
  onPayment,
}: {
  cart: Cart;
  customers: readonly Customer[];
  onCustomer: (id: string | undefined) => void;
  onPayment: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('sale');
  const format = useShopFormat();
  const customer = customers.find((candidate) => candidate.id === cart.customerId);
  const creditWithoutCustomer = cart.paymentMethod === 'credit' && !customer;
  // One option per customer (a thousand in a large shop), worded once per list: not again at every render of
  // the sale screen (the tap on "Valider" renders it twice before the ticket).
  const options = useMemo(
    () =>
      customers.map((candidate) => (
        <option key={candidate.id} value={candidate.id}>
          {candidate.phone
            ? t('customerOption', { name: candidate.name, phone: candidate.phone })
            : candidate.name}
        </option>
      )),
    [customers, t],
  );
  return (
    <div className="flex flex-col gap-3">
      <Select
        label={t('customer')}
        value={cart.customerId ?? ''}
        onChange={(event) => onCustomer(event.target.value || undefined)}
        hint={customer ? t('balance', { amount: format.money(customer.creditBalance) }) : undefined}
      >
        <option value="">{t('noCustomer')}</option>
        {options}
      </Select>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-ink">{t('payment')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {METHODS.map(({ method, icon: Icon }) => {
            const checked = cart.paymentMethod === method;
            return (
              <label
                key={method}
                className={clsx(
                  'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl px-3 text-center font-semibold ring-1 ring-inset',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                  checked ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-brand-800 ring-line',
                )}
              >
                <input
                  type="radio"
                  name="payment"
                  value={method}
                  checked={checked}
                  onChange={() => onPayment(method)}
                  className="sr-only"
                />
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                {t(method)}
              </label>
            );
          })}
        </div>
      </fieldset>
      {creditWithoutCustomer ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('creditNeedsCustomer')}
        </p>
      ) : null}
    </div>
  );
}
