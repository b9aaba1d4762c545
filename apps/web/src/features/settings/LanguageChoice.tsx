// Français / العربية: saves the choice and switches texts and direction of the whole app at once.
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@hanouti/core';
import type { Language } from '@hanouti/core';
import { useShopSettings } from '../../app/useShopSettings';
import { saveSettings } from '../../data/settingsRepository';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { applyLanguage, directionOf, isLanguage } from '../../i18n/i18n';
import { toast } from '../../ui/toastStore';

export function LanguageChoice() {
  const { t } = useTranslation();
  const settings = useShopSettings();
  const [saving, setSaving] = useState(false);
  // The language is one of the shop's settings, which a staff phone may not change (docs/api.md).
  const mayChange = useMayDoOwnerActions();

  async function choose(language: Language) {
    if (language === settings.language || !mayChange) return;
    setSaving(true);
    try {
      await saveSettings({ ...settings, language });
      await applyLanguage(language);
    } catch (error) {
      console.error('Language not saved', error);
      toast({ title: t('settings.saveFailed'), tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <RadioGroup.Root
        aria-label={t('settings.language')}
        value={settings.language}
        disabled={saving || !mayChange}
        onValueChange={(value) => {
          if (isLanguage(value)) void choose(value);
        }}
        className="grid grid-cols-2 gap-2"
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <RadioGroup.Item
            key={language}
            value={language}
            lang={language}
            dir={directionOf(language)}
            className={clsx(
              'flex min-h-13 items-center justify-center gap-2 rounded-xl px-3 text-lg font-semibold ring-1 ring-inset transition-colors',
              'ring-line data-[state=checked]:bg-brand-700 data-[state=checked]:text-white data-[state=checked]:ring-brand-700',
              'text-brand-800 hover:bg-brand-50 data-[state=checked]:hover:bg-brand-700',
              // Greyed like the other settings a staff phone may not change (not while saving: no flicker).
              !mayChange && 'opacity-60',
            )}
          >
            <RadioGroup.Indicator>
              <Check className="size-5" aria-hidden="true" />
            </RadioGroup.Indicator>
            {t(`languages.${language}`)}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <p className="text-sm text-muted">{t('settings.languageHint')}</p>
    </div>
  );
}
