// À Propos: the mission, what the app does, the partner group, and the version.
import { Boxes, Receipt, ScanBarcode, Users, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { Logo } from '../../ui/Logo';

export function AboutPage() {
  const { t } = useTranslation();
  const features: { icon: ReactNode; text: string }[] = [
    { icon: <ScanBarcode />, text: t('about.featureSale') },
    { icon: <Boxes />, text: t('about.featureCatalog') },
    { icon: <Receipt />, text: t('about.featureReceipt') },
    { icon: <Users />, text: t('about.featureCustomers') },
    { icon: <WifiOff />, text: t('about.featureOffline') },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-brand-700 px-4 py-6 text-center text-white shadow-card">
        <Logo className="size-16 rounded-2xl ring-2 ring-white/30" />
        <p className="text-2xl font-bold">{t('app.name')}</p>
        <p className="text-brand-100">{t('app.tagline')}</p>
        <span data-testid="app-version">
          <Badge tone="warning">{t('settings.version', { version: __APP_VERSION__ })}</Badge>
        </span>
      </div>
      <Card title={t('about.missionTitle')}>
        <p className="text-ink">{t('about.mission')}</p>
      </Card>
      <Card title={t('about.featuresTitle')}>
        <ul className="flex flex-col gap-3">
          {features.map((feature) => (
            <li key={feature.text} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&>svg]:size-5"
              >
                {feature.icon}
              </span>
              <span>{feature.text}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('about.partnerTitle')}>
        <p className="text-ink">{t('about.partner')}</p>
      </Card>
    </div>
  );
}
