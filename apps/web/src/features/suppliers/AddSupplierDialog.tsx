// Nouveau fournisseur: a name ("Nom du fournisseur *") and an optional phone, checked before anything is saved.
import { Truck } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addSupplier } from '../../data/suppliersRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toastStore';

/** Phone numbers and amounts read left to right, in Arabic too. */
const LEFT_TO_RIGHT = 'ltr';

type FieldErrors = { name?: string; phone?: string };

export function AddSupplierDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('suppliers');
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
    setSaving(true);
    try {
      const result = await addSupplier({ name, phone });
      if (!result.ok) {
        setErrors(
          result.error === 'invalid-phone'
            ? { phone: t('invalidPhone') }
            : { name: result.error === 'name-too-long' ? t('nameTooLong') : t('nameRequired') },
        );
        return;
      }
      toast({ title: t('added', { name: result.supplier.name }), tone: 'success' });
      close(false);
    } catch (error) {
      console.error('Supplier not saved', error);
      toast({ title: t('saveFailed'), tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('addSupplier')}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {tApp('app.cancel')}
          </Button>
          <Button type="submit" form={formId} icon={<Truck />} disabled={saving}>
            {t('create')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <Input
          label={t('name')}
          value={name}
          maxLength={200}
          autoCapitalize="words"
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors({});
          }}
        />
        <Input
          label={t('phone')}
          type="tel"
          dir={LEFT_TO_RIGHT}
          inputMode="tel"
          value={phone}
          maxLength={32}
          placeholder={t('phonePlaceholder')}
          error={errors.phone}
          className="text-start"
          onChange={(event) => {
            setPhone(event.target.value);
            setErrors({});
          }}
        />
      </form>
    </Dialog>
  );
}
