// Nouveau fournisseur: a name ("Nom du fournisseur *") and an optional phone, checked before anything is saved.
import { zodResolver } from '@hookform/resolvers/zod';
import { Truck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addSupplier } from '../../data/suppliersRepository';
import { FormDialog } from '../../ui/FormDialog';
import { Input } from '../../ui/Input';
import { PhoneInput } from '../../ui/PhoneInput';
import { toast } from '../../ui/toastStore';
import { supplierFormSchema, type SupplierFormValues } from './supplierForm';

export function AddSupplierDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('suppliers');
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<SupplierFormValues>({
    resolver: zodResolver(supplierFormSchema),
    defaultValues: { name: '', phone: '' },
    // A message stays until the next try; typing in any field takes them all away.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;
  const clearAll = { onChange: () => clearErrors() };

  function close(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  const submit = handleSubmit(async ({ name, phone }) => {
    try {
      const result = await addSupplier({ name, phone });
      if (!result.ok) {
        if (result.error === 'invalid-phone') setError('phone', { message: t('invalidPhone') });
        else
          setError('name', {
            message: result.error === 'name-too-long' ? t('nameTooLong') : t('nameRequired'),
          });
        return;
      }
      toast({ title: t('added', { name: result.supplier.name }), tone: 'success' });
      close(false);
    } catch (error) {
      console.error('Supplier not saved', error);
      toast({ title: t('saveFailed'), tone: 'error' });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('addSupplier')}
      submitLabel={t('create')}
      submitIcon={<Truck />}
      busy={isSubmitting}
      onSubmit={(event) => void submit(event)}
    >
      <Input
        label={t('name')}
        maxLength={200}
        autoCapitalize="words"
        error={errors.name?.message}
        {...register('name', clearAll)}
      />
      <PhoneInput
        label={t('phone')}
        placeholder={t('phonePlaceholder')}
        error={errors.phone?.message}
        {...register('phone', clearAll)}
      />
    </FormDialog>
  );
}
