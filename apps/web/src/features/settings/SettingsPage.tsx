// Paramètres: store details, language and currency, default VAT, and the way to À Propos.
import { ChevronRight, Info, Languages, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pageHash } from '../../app/navigation';
import { Card } from '../../ui/Card';
import { LanguageChoice } from './LanguageChoice';
import { StoreSettingsForm } from './StoreSettingsForm';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('settings.language')} icon={<Languages />}>
        <LanguageChoice />
      </Card>
      <Card title={t('settings.store')} icon={<Store />}>
        <StoreSettingsForm />
      </Card>
      <a
        href={pageHash('about')}
        className="flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 shadow-card ring-1 ring-line/60 hover:bg-brand-50"
      >
        <Info className="size-5 text-brand-600" aria-hidden="true" />
        <span className="flex-1 font-semibold text-ink">{t('settings.aboutLink')}</span>
        <span className="text-sm text-muted">{t('settings.version', { version: __APP_VERSION__ })}</span>
        <ChevronRight className="size-5 text-muted rtl:-scale-x-100" aria-hidden="true" />
      </a>
    </div>
  );
}
