// Paramètres: language, store details and logo, AI settings, the printer, data care, and the way to À Propos.
import { BrainCircuit, ChevronRight, Cloud, Database, HardDrive, Info, Languages, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageHash } from '../../app/navigation';
import { PrinterSettingsCard } from '../../printing/PrinterSettingsCard';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { OwnerOnlyNote } from '../../app/OwnerOnlyNote';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Logo } from '../../ui/Logo';
import { AiSettingsDialog } from './AiSettingsDialog';
import { BackupPanel } from './BackupPanel';
import { IntegrityPanel } from './IntegrityPanel';
import { LanguageChoice } from './LanguageChoice';
import { StoragePanel } from './StoragePanel';
import { StoreLogoPicker } from './StoreLogoPicker';
import { StoreSettingsForm } from './StoreSettingsForm';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const settings = useShopSettings();
  const format = useShopFormat();
  const [aiOpen, setAiOpen] = useState(false);
  // On a staff phone the shop's settings are shown, not offered for change: the server would refuse it.
  const mayChange = useMayDoOwnerActions();
  const ownerOnly = mayChange ? null : <OwnerOnlyNote />;
  return (
    <div className="flex flex-col gap-4">
      <Card title={tApp('settings.language')} icon={<Languages />}>
        <div className="flex flex-col gap-3">
          <LanguageChoice />
          {ownerOnly}
        </div>
      </Card>
      <Card title={tApp('settings.store')} icon={<Store />}>
        <div className="flex flex-col gap-5">
          <StoreSettingsForm />
          <StoreLogoPicker />
          {ownerOnly}
        </div>
      </Card>
      <PrinterSettingsCard />
      <Card title={t('ai')} icon={<BrainCircuit />}>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted tabular-nums">
            {t('aiSummary', {
              detect: format.decimal(settings.aiDetectThreshold),
              match: format.decimal(settings.aiMatchThreshold),
              photos: settings.aiMaxPhotos,
            })}
          </p>
          <Button
            variant="secondary"
            icon={<BrainCircuit />}
            disabled={!mayChange}
            onClick={() => setAiOpen(true)}
          >
            {t('aiOpen')}
          </Button>
          {ownerOnly}
        </div>
        <AiSettingsDialog open={aiOpen} onOpenChange={setAiOpen} />
      </Card>
      <Card title={t('dataTitle')} icon={<Database />}>
        <div className="flex flex-col gap-4">
          <IntegrityPanel />
          <BackupPanel />
        </div>
      </Card>
      <Card title={t('storage')} icon={<HardDrive />}>
        <StoragePanel />
      </Card>
      <a
        href={pageHash('account')}
        className="flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 shadow-card ring-1 ring-line hover:bg-brand-50"
      >
        <Cloud className="size-5 text-brand-600" aria-hidden="true" />
        <span className="flex-1 font-semibold text-ink">{tApp('settings.accountLink')}</span>
        <ChevronRight className="size-5 text-muted rtl:-scale-x-100" aria-hidden="true" />
      </a>
      <section className="flex flex-col gap-3 rounded-2xl bg-brand-700 p-4 text-white shadow-card">
        <div className="flex items-center gap-3">
          <Logo className="size-12 shrink-0 rounded-xl ring-2 ring-white/30" />
          <div className="min-w-0">
            <h2 className="text-lg font-bold">{t('aboutTitle')}</h2>
            <p className="text-sm text-brand-100">{tApp('settings.version', { version: __APP_VERSION__ })}</p>
          </div>
        </div>
        <p className="text-brand-50">{t('aboutText')}</p>
        <a
          href={pageHash('about')}
          className="flex min-h-12 items-center gap-3 rounded-xl bg-white px-4 text-brand-800 hover:bg-brand-50"
        >
          <Info className="size-5 text-brand-600" aria-hidden="true" />
          <span className="flex-1 font-semibold">{tApp('settings.aboutLink')}</span>
          <ChevronRight className="size-5 text-muted rtl:-scale-x-100" aria-hidden="true" />
        </a>
      </section>
    </div>
  );
}
