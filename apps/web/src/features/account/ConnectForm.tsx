// Signed out: create the shop's account, log in, or join a shop with the owner's pairing code.
import { zodResolver } from '@hookform/resolvers/zod';
import { Cloud } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { syncEngine } from '../../sync/syncEngine';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Input } from '../../ui/Input';
import { Tabs } from '../../ui/Tabs';
import {
  connectFormSchema,
  PAIRING_CODE_PATTERN,
  type ConnectFormValues,
  type ConnectMode,
} from './accountForms';
import { useCloudCall } from './cloudCall';

export function ConnectForm() {
  const { t } = useTranslation('account');
  const { register, handleSubmit, formState, control, setValue } = useForm<ConnectFormValues>({
    resolver: zodResolver(connectFormSchema),
    defaultValues: {
      mode: 'signUp',
      shopName: '',
      login: '',
      password: '',
      code: '',
      deviceName: t('defaultDeviceName'),
    },
  });
  // The tab is a value of the form: the schema checks only that tab's fields.
  const mode = useWatch({ control, name: 'mode' });
  const { busy, error, run } = useCloudCall();
  const message = (field: FieldError | undefined) =>
    field?.message ? t(field.message as 'fields.required') : undefined;
  const { errors } = formState;

  const submit = handleSubmit(({ mode, shopName, login, password, code, deviceName }) =>
    run(async () => {
      if (mode === 'signUp') await syncEngine.signUp({ shopName, login, password, deviceName });
      else if (mode === 'logIn') await syncEngine.logIn({ login, password, deviceName });
      else await syncEngine.pair(code, deviceName);
    }),
  );

  const fields: Record<ConnectMode, ReactNode> = {
    signUp: (
      <>
        <Input
          label={t('fields.shopName')}
          {...register('shopName')}
          error={message(errors.shopName)}
          required
          maxLength={100}
        />
        <Input
          label={t('fields.login')}
          {...register('login')}
          error={message(errors.login)}
          required
          autoComplete="username"
        />
        <Input
          label={t('fields.password')}
          hint={t('fields.passwordHint')}
          type="password"
          {...register('password')}
          error={message(errors.password)}
          required
          minLength={8}
          autoComplete="new-password"
        />
      </>
    ),
    logIn: (
      <>
        <Input
          label={t('fields.login')}
          {...register('login')}
          error={message(errors.login)}
          required
          autoComplete="username"
        />
        <Input
          label={t('fields.password')}
          type="password"
          {...register('password')}
          error={message(errors.password)}
          required
          autoComplete="current-password"
        />
      </>
    ),
    pair: (
      <Input
        label={t('fields.code')}
        {...register('code')}
        error={message(errors.code)}
        required
        inputMode="numeric"
        pattern={PAIRING_CODE_PATTERN}
        autoComplete="one-time-code"
      />
    ),
  };

  return (
    <Card title={t('title')} icon={<Cloud />}>
      <p className="mb-3 text-sm text-muted">{t('intro')}</p>
      <Tabs
        label={t('title')}
        value={mode}
        onValueChange={(next) => setValue('mode', next)}
        items={[
          { value: 'signUp', label: t('tabs.signUp') },
          { value: 'logIn', label: t('tabs.logIn') },
          { value: 'pair', label: t('tabs.pair') },
        ]}
      />
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3">
        {fields[mode]}
        <Input
          label={t('fields.deviceName')}
          {...register('deviceName')}
          error={message(errors.deviceName)}
          required
          maxLength={80}
        />
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy} fullWidth>
          {t(`actions.${mode}`)}
        </Button>
      </form>
    </Card>
  );
}
