// Owner only: change the account's password (the current one, then the new one of 8 characters or more).
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cloudApi } from '../../sync/cloudApi';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toastStore';
import { passwordFormSchema, type PasswordFormValues } from './accountForms';
import { useCloudCall, withToken } from './cloudCall';

export function PasswordCard() {
  const { t } = useTranslation('account');
  const { register, handleSubmit, reset, formState } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current: '', next: '' },
  });
  const { busy, error, run } = useCloudCall();
  const message = (field: FieldError | undefined) =>
    field?.message ? t(field.message as 'fields.required') : undefined;

  const submit = handleSubmit(({ current, next }) =>
    run(async () => {
      await withToken((token) => cloudApi.changePassword(token, current, next));
      reset();
      toast({ title: t('passwordChanged'), tone: 'success' });
    }),
  );

  return (
    <Card title={t('actions.changePassword')} icon={<KeyRound />}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <Input
          label={t('fields.currentPassword')}
          type="password"
          {...register('current')}
          error={message(formState.errors.current)}
          required
          autoComplete="current-password"
        />
        <Input
          label={t('fields.newPassword')}
          hint={t('fields.passwordHint')}
          type="password"
          {...register('next')}
          error={message(formState.errors.next)}
          required
          minLength={8}
          autoComplete="new-password"
        />
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {t('actions.changePassword')}
        </Button>
      </form>
    </Card>
  );
}
