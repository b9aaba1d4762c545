// Nouveau client: "Nom complet *" and an optional Moroccan phone number, checked before anything is saved.
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moroccanPhone, newCustomer, newId } from '@hanouti/core';
import { saveCustomer } from '../../data/customersRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toastStore';

/** Phone numbers and amounts read left to right, in Arabic too. */
const LEFT_TO_RIGHT = 'ltr';

type FieldErrors = { name?: string; phone?: string };

export function AddCustomerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('customers');
  const { t: tApp } = useTranslation();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const formId = useId();

  function close(next: boolean) {
    if (!next) {
      setName('');
      setPhone('');
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (name.trim() === '') found.name = t('nameRequired');
    // Spec §5: the phone is optional; when given it must be a Moroccan number.
    const typedPhone = phone.trim();
    const checkedPhone = typedPhone === '' ? undefined : moroccanPhone(typedPhone);
    if (checkedPhone && !checkedPhone.ok) found.phone = t('invalidPhone');
    setErrors(found);
    if (found.name || found.phone) return;
    const created = newCustomer(
      { name, phone: checkedPhone?.ok ? checkedPhone.phone : '' },
      { now: new Date().toISOString(), newId },
    );
    if (!created.ok) {
      setErrors(
        created.error === 'invalid-phone' ? { phone: t('invalidPhone') } : { name: t('nameRequired') },
      );
      return;
    }
    setSaving(true);
    try {
      const saved = await saveCustomer(created.customer);
      toast({ title: t('customerAdded', { name: saved.name }), tone: 'success' });
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
      title={t('addCustomer')}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {tApp('app.cancel')}
          </Button>
          <Button type="submit" form={formId} icon={<UserPlus />} disabled={saving}>
            {t('create')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <Input
          label={t('fullName')}
          value={name}
          maxLength={200}
          autoComplete="name"
          autoCapitalize="words"
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <Input
          label={t('phone')}
          type="tel"
          dir={LEFT_TO_RIGHT}
          inputMode="tel"
          value={phone}
          maxLength={32}
          autoComplete="tel"
          placeholder={t('phonePlaceholder')}
          hint={t('phoneHint')}
          error={errors.phone}
          className="text-start"
          onChange={(event) => setPhone(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
