// Nouveau client / Modifier le client: "Nom complet *", an optional Moroccan phone number, and the karne's
// optional terms (credit limit, promised day of payment), all checked before anything is saved.
import { zodResolver } from '@hookform/resolvers/zod';
import { Save, UserPlus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  madFromCentimes,
  MAX_AMOUNT_CENTIMES,
  MONEY_INPUT_STEP,
  newCustomer,
  newId,
  type Customer,
} from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { saveCustomer } from '../../data/customersRepository';
import { Button } from '../../ui/Button';
import { FormDialog } from '../../ui/FormDialog';
import { Input, NumberInput } from '../../ui/Input';
import { PhoneInput } from '../../ui/PhoneInput';
import { toast } from '../../ui/toastStore';
import { customerFormSchema, type CustomerFormOutput, type CustomerFormValues } from './customerForm';

/** Amounts read left to right, in Arabic too. */
const LEFT_TO_RIGHT = 'ltr';

/** The customer with the karne's terms set, or removed when left empty. */
function withTerms(customer: Customer, limit: number | undefined, promise: string | undefined): Customer {
  const { creditLimit: _limit, promiseDate: _promise, ...rest } = customer;
  return {
    ...rest,
    ...(limit === undefined ? {} : { creditLimit: limit }),
    ...(promise === undefined ? {} : { promiseDate: promise }),
  };
}

export function AddCustomerDialog({
  open,
  onOpenChange,
  customer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer to edit; absent for a new customer. */
  customer?: Customer | undefined;
}) {
  const { t } = useTranslation('customers');
  const { currency } = useShopSettings();
  const format = useShopFormat();
  const initial = (): CustomerFormValues => ({
    name: customer?.name ?? '',
    phone: customer?.phone ?? '',
    limit: customer?.creditLimit === undefined ? '' : String(madFromCentimes(customer.creditLimit)),
    promise: customer?.promiseDate ?? '',
  });
  const { register, handleSubmit, reset, setError, clearErrors, setValue, control, formState } = useForm<
    CustomerFormValues,
    unknown,
    CustomerFormOutput
  >({
    resolver: zodResolver(customerFormSchema),
    defaultValues: initial(),
    // A field's message stays until that field is typed in again.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;
  const message = (field: keyof CustomerFormValues) => {
    const key = errors[field]?.message;
    // Only the too-large limit's words take a value: the largest amount, as the shop writes money.
    return key ? t(key as 'nameRequired', { max: format.money(MAX_AMOUNT_CENTIMES) }) : undefined;
  };
  const field = (name: keyof CustomerFormValues) => register(name, { onChange: () => clearErrors(name) });
  const promise = useWatch({ control, name: 'promise' });

  function close(next: boolean) {
    if (!next) reset(initial());
    onOpenChange(next);
  }

  const submit = handleSubmit(async (fields) => {
    const created = newCustomer(
      { name: fields.name, phone: fields.phone },
      { now: new Date().toISOString(), newId },
    );
    if (!created.ok) {
      setError(created.error === 'invalid-phone' ? 'phone' : 'name', {
        message: created.error === 'invalid-phone' ? 'invalidPhone' : 'nameRequired',
      });
      return;
    }
    const draft = customer
      ? { ...customer, name: created.customer.name, phone: created.customer.phone }
      : created.customer;
    try {
      const saved = await saveCustomer(withTerms(draft, fields.limit, fields.promise));
      toast({
        title: customer
          ? t('customerUpdated', { name: saved.name })
          : t('customerAdded', { name: saved.name }),
        tone: 'success',
      });
      close(false);
    } catch (error) {
      console.error('Customer not saved', error);
      toast({ title: t('customerSaveFailed'), tone: 'error' });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={customer ? t('editCustomer') : t('addCustomer')}
      submitLabel={customer ? t('save') : t('create')}
      submitIcon={customer ? <Save /> : <UserPlus />}
      busy={isSubmitting}
      onSubmit={(event) => void submit(event)}
    >
      <Input
        label={t('fullName')}
        maxLength={200}
        autoComplete="name"
        autoCapitalize="words"
        error={message('name')}
        {...field('name')}
      />
      <PhoneInput
        label={t('phone')}
        autoComplete="tel"
        placeholder={t('phonePlaceholder')}
        hint={t('phoneHint')}
        error={message('phone')}
        {...field('phone')}
      />
      <NumberInput
        label={t('creditLimit', { currency })}
        step={MONEY_INPUT_STEP}
        dir={LEFT_TO_RIGHT}
        hint={t('creditLimitHint')}
        error={message('limit')}
        className="text-start tabular-nums"
        {...field('limit')}
      />
      <div className="flex flex-col gap-1">
        <Input
          label={t('promiseDate')}
          type="date"
          hint={t('promiseDateHint')}
          error={message('promise')}
          className="text-start"
          {...field('promise')}
        />
        {promise ? (
          <Button
            variant="ghost"
            className="self-start"
            onClick={() => {
              setValue('promise', '');
              clearErrors('promise');
            }}
          >
            {t('clearPromise')}
          </Button>
        ) : null}
      </div>
    </FormDialog>
  );
}
