// Nouveau client / Modifier le client: "Nom complet *", an optional Moroccan phone number, and the karne's
// optional terms (credit limit, promised day of payment), all checked before anything is saved.
import { Save, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  customerSchema,
  madFromCentimes,
  MONEY_INPUT_STEP,
  moroccanPhone,
  newCustomer,
  newId,
  parseMadInput,
  type Customer,
} from '@hanouti/core';
import { useShopSettings } from '../../app/useShopSettings';
import { saveCustomer } from '../../data/customersRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input, NumberInput } from '../../ui/Input';
import { toast } from '../../ui/toastStore';

/** Phone numbers and amounts read left to right, in Arabic too. */
const LEFT_TO_RIGHT = 'ltr';

type FieldErrors = { name?: string; phone?: string; limit?: string; promise?: string };

/** The limit as typed: empty is no limit; anything else must be an amount above 0. */
function readLimit(text: string): { ok: true; value: number | undefined } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  const parsed = parseMadInput(text);
  return parsed.invalid || parsed.value <= 0 ? { ok: false } : { ok: true, value: parsed.value };
}

/** The promised day as the date field gives it ("YYYY-MM-DD"); empty is no promise. */
function readPromise(text: string): { ok: true; value: string | undefined } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  return customerSchema.shape.promiseDate.safeParse(text).success ? { ok: true, value: text } : { ok: false };
}

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
  const { t: tApp } = useTranslation();
  const { currency } = useShopSettings();
  const initial = () => ({
    name: customer?.name ?? '',
    phone: customer?.phone ?? '',
    limit: customer?.creditLimit === undefined ? '' : String(madFromCentimes(customer.creditLimit)),
    promise: customer?.promiseDate ?? '',
  });
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const set = (name: keyof typeof fields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function close(next: boolean) {
    if (!next) {
      setFields(initial());
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (fields.name.trim() === '') found.name = t('nameRequired');
    // Spec §5: the phone is optional; when given it must be a Moroccan number.
    const typedPhone = fields.phone.trim();
    const checkedPhone = typedPhone === '' ? undefined : moroccanPhone(typedPhone);
    if (checkedPhone && !checkedPhone.ok) found.phone = t('invalidPhone');
    const limit = readLimit(fields.limit);
    if (!limit.ok) found.limit = t('creditLimitInvalid');
    const promise = readPromise(fields.promise);
    if (!promise.ok) found.promise = t('promiseDateInvalid');
    setErrors(found);
    if (Object.values(found).some(Boolean) || !limit.ok || !promise.ok) return;
    const created = newCustomer(
      { name: fields.name, phone: checkedPhone?.ok ? checkedPhone.phone : '' },
      { now: new Date().toISOString(), newId },
    );
    if (!created.ok) {
      setErrors(
        created.error === 'invalid-phone' ? { phone: t('invalidPhone') } : { name: t('nameRequired') },
      );
      return;
    }
    const draft = customer
      ? { ...customer, name: created.customer.name, phone: created.customer.phone }
      : created.customer;
    setSaving(true);
    try {
      const saved = await saveCustomer(withTerms(draft, limit.value, promise.value));
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
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={customer ? t('editCustomer') : t('addCustomer')}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {tApp('app.cancel')}
          </Button>
          <Button type="submit" form={formId} icon={customer ? <Save /> : <UserPlus />} disabled={saving}>
            {customer ? t('save') : t('create')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <Input
          label={t('fullName')}
          value={fields.name}
          maxLength={200}
          autoComplete="name"
          autoCapitalize="words"
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <Input
          label={t('phone')}
          type="tel"
          dir={LEFT_TO_RIGHT}
          inputMode="tel"
          value={fields.phone}
          maxLength={32}
          autoComplete="tel"
          placeholder={t('phonePlaceholder')}
          hint={t('phoneHint')}
          error={errors.phone}
          className="text-start"
          onChange={(event) => set('phone', event.target.value)}
        />
        <NumberInput
          label={t('creditLimit', { currency })}
          value={fields.limit}
          step={MONEY_INPUT_STEP}
          dir={LEFT_TO_RIGHT}
          hint={t('creditLimitHint')}
          error={errors.limit}
          className="text-start tabular-nums"
          onChange={(event) => set('limit', event.target.value)}
        />
        <div className="flex flex-col gap-1">
          <Input
            label={t('promiseDate')}
            type="date"
            value={fields.promise}
            hint={t('promiseDateHint')}
            error={errors.promise}
            className="text-start"
            onChange={(event) => set('promise', event.target.value)}
          />
          {fields.promise ? (
            <Button variant="ghost" className="self-start" onClick={() => set('promise', '')}>
              {t('clearPromise')}
            </Button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
