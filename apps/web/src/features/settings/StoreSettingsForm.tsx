// Store details, currency and default VAT, saved together; the button reads "Sauvegardé!" for 2 s after a save.
import { Check, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  SUPPORTED_CURRENCIES,
  VAT_RATES,
  currency as currencySchema,
  vatRate as vatRateSchema,
} from '@hanouti/core';
import type { Settings } from '@hanouti/core';
import { useShopSettings } from '../../app/useShopSettings';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { saveSettings } from '../../data/settingsRepository';
import { Button } from '../../ui/Button';
import { Input, Select } from '../../ui/Input';
import { toast } from '../../ui/toastStore';
import { useSavedFlash } from './useSavedFlash';

import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/** The shop's details as the form holds them (the VAT as its select's text) and what a save takes from them. */
const storeFormSchema = z.object({
  storeName: z.string().refine((name) => name.trim() !== ''),
  storePhone: z.string(),
  storeAddress: z.string(),
  currency: currencySchema,
  defaultVAT: z.string().transform(Number).pipe(vatRateSchema),
});
type StoreFormValues = z.input<typeof storeFormSchema>;
type StoreDraft = z.output<typeof storeFormSchema>;

function valuesOf(settings: Settings): StoreFormValues {
  const { storeName, storePhone, storeAddress, currency, defaultVAT } = settings;
  return { storeName, storePhone, storeAddress, currency, defaultVAT: String(defaultVAT) };
}

export function StoreSettingsForm() {
  const { t } = useTranslation();
  const settings = useShopSettings();
  const { register, handleSubmit, control, formState } = useForm<StoreFormValues, unknown, StoreDraft>({
    resolver: zodResolver(storeFormSchema),
    defaultValues: valuesOf(settings),
  });
  const storeName = useWatch({ control, name: 'storeName' });
  const { saved, flash } = useSavedFlash();
  // A staff phone sees the shop's details but may not change them (the server refuses it, docs/api.md).
  const mayChange = useMayDoOwnerActions();

  const submit = handleSubmit(async (draft) => {
    if (!mayChange) return;
    try {
      await saveSettings({ ...settings, ...draft });
      flash();
    } catch (error) {
      console.error('Settings not saved', error);
      toast({ title: t('settings.saveFailed'), tone: 'error' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)}>
      <fieldset disabled={!mayChange} className="flex min-w-0 flex-col gap-4">
        <Input
          label={t('settings.storeName')}
          required
          maxLength={100}
          autoComplete="organization"
          {...register('storeName')}
        />
        <Input
          label={t('settings.storePhone')}
          type="tel"
          maxLength={32}
          autoComplete="tel"
          {...register('storePhone')}
        />
        <Input
          label={t('settings.storeAddress')}
          maxLength={300}
          autoComplete="street-address"
          {...register('storeAddress')}
        />
        <div className="grid grid-cols-2 items-end gap-3">
          <Select label={t('settings.currency')} {...register('currency')}>
            {SUPPORTED_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
          <Select label={t('settings.defaultVat')} {...register('defaultVAT')}>
            {VAT_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {t('settings.vatRate', { rate })}
              </option>
            ))}
          </Select>
        </div>
        <Button
          type="submit"
          variant={saved ? 'secondary' : 'primary'}
          icon={saved ? <Check /> : <Save />}
          disabled={formState.isSubmitting || storeName.trim() === ''}
          fullWidth
        >
          {saved ? t('app.saved') : t('app.save')}
        </Button>
      </fieldset>
    </form>
  );
}
