// Store details, currency and default VAT, saved together; the button reads "Sauvegardé!" for 2 s after a save.
import { Check, Save } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
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

type StoreDraft = Pick<Settings, 'storeName' | 'storePhone' | 'storeAddress' | 'currency' | 'defaultVAT'>;

function draftOf(settings: Settings): StoreDraft {
  const { storeName, storePhone, storeAddress, currency, defaultVAT } = settings;
  return { storeName, storePhone, storeAddress, currency, defaultVAT };
}

export function StoreSettingsForm() {
  const { t } = useTranslation();
  const settings = useShopSettings();
  const [draft, setDraft] = useState<StoreDraft>(() => draftOf(settings));
  const [saving, setSaving] = useState(false);
  const { saved, flash } = useSavedFlash();
  // A staff phone sees the shop's details but may not change them (the server refuses it, docs/api.md).
  const mayChange = useMayDoOwnerActions();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mayChange) return;
    setSaving(true);
    try {
      await saveSettings({ ...settings, ...draft });
      flash();
    } catch (error) {
      console.error('Settings not saved', error);
      toast({ title: t('settings.saveFailed'), tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const update = (patch: Partial<StoreDraft>) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <form onSubmit={(event) => void submit(event)}>
      <fieldset disabled={!mayChange} className="flex min-w-0 flex-col gap-4">
        <Input
          label={t('settings.storeName')}
          value={draft.storeName}
          required
          maxLength={100}
          autoComplete="organization"
          onChange={(event) => update({ storeName: event.target.value })}
        />
        <Input
          label={t('settings.storePhone')}
          type="tel"
          value={draft.storePhone}
          maxLength={32}
          autoComplete="tel"
          onChange={(event) => update({ storePhone: event.target.value })}
        />
        <Input
          label={t('settings.storeAddress')}
          value={draft.storeAddress}
          maxLength={300}
          autoComplete="street-address"
          onChange={(event) => update({ storeAddress: event.target.value })}
        />
        <div className="grid grid-cols-2 items-end gap-3">
          <Select
            label={t('settings.currency')}
            value={draft.currency}
            onChange={(event) => {
              const parsed = currencySchema.safeParse(event.target.value);
              if (parsed.success) update({ currency: parsed.data });
            }}
          >
            {SUPPORTED_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
          <Select
            label={t('settings.defaultVat')}
            value={String(draft.defaultVAT)}
            onChange={(event) => {
              const parsed = vatRateSchema.safeParse(Number(event.target.value));
              if (parsed.success) update({ defaultVAT: parsed.data });
            }}
          >
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
          disabled={saving || draft.storeName.trim() === ''}
          fullWidth
        >
          {saved ? t('app.saved') : t('app.save')}
        </Button>
      </fieldset>
    </form>
  );
}
