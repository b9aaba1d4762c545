// À Propos: the mission, what the app does, where the data lives, the partner group and its contact details
// (all from content.ts; a contact line shows only when configured there), the version.
import {
  Boxes,
  DatabaseBackup,
  MessageCircle,
  ShieldCheck,
  Globe,
  LifeBuoy,
  Mail,
  MapPin,
  Phone,
  Receipt,
  ScanBarcode,
  Users,
  WifiOff,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { Logo } from '../../ui/Logo';
import { ABOUT_CONTENT, filledContacts, hasContact } from './content';
import type { AboutContent, AboutFeature } from './content';

const FEATURE_ICONS: Record<AboutFeature['icon'], ReactNode> = {
  sale: <ScanBarcode />,
  catalog: <Boxes />,
  receipt: <Receipt />,
  customers: <Users />,
  offline: <WifiOff />,
  backup: <DatabaseBackup />,
};

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-h-11 items-center gap-3">
      <span aria-hidden="true" className="text-brand-600 [&>svg]:size-5">
        {icon}
      </span>
      <span className="sr-only">{label}</span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

export function AboutPage() {
  return <AboutView content={ABOUT_CONTENT} />;
}

/** The page for a given content (tests render it with a configured contact block). */
export function AboutView({ content }: { content: AboutContent }) {
  const { t } = useTranslation('about');
  const { t: tApp } = useTranslation();
  const language = currentLanguage();
  const contacts = filledContacts(content.contact, language);
  const partnerName = contacts.partnerName;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-brand-700 px-4 py-6 text-center text-white shadow-card">
        <Logo className="size-16 rounded-2xl ring-2 ring-white/30" />
        <p className="text-2xl font-bold">{tApp('app.name')}</p>
        <p className="text-brand-100">{tApp('app.tagline')}</p>
        <span data-testid="app-version">
          <Badge tone="warning">{tApp('settings.version', { version: __APP_VERSION__ })}</Badge>
        </span>
      </div>
      <Card title={t('missionTitle')}>
        <p className="text-ink">{content.mission[language]}</p>
      </Card>
      <Card title={t('featuresTitle')}>
        <ul className="flex flex-col gap-3">
          {content.features.map((feature) => (
            <li key={feature.icon} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&>svg]:size-5"
              >
                {FEATURE_ICONS[feature.icon]}
              </span>
              <span>{feature.text[language]}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('dataTitle')} icon={<ShieldCheck />}>
        <ul className="flex flex-col gap-2">
          {content.data.map((text) => (
            <li key={text.fr} className="text-ink">
              {text[language]}
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('partnerTitle')}>
        {partnerName ? <p className="mb-1 font-semibold text-ink">{partnerName}</p> : null}
        <p className="text-ink">{content.partner.presentation[language]}</p>
        {hasContact(contacts) ? (
          <>
            <h3 className="mt-4 mb-1 font-semibold text-ink">{t('contactTitle')}</h3>
            <ul className="flex flex-col">
              {contacts.phone ? (
                <ContactLine icon={<Phone />} label={t('phone')}>
                  <a
                    href={`tel:${contacts.phone.replace(/\s/g, '')}`}
                    dir="ltr"
                    className="text-brand-700 underline"
                  >
                    {contacts.phone}
                  </a>
                </ContactLine>
              ) : null}
              {contacts.whatsapp ? (
                <ContactLine icon={<MessageCircle />} label={t('whatsapp')}>
                  <a
                    href={`https://wa.me/${contacts.whatsapp.replace(/\D/g, '')}`}
                    rel="noopener noreferrer"
                    target="_blank"
                    dir="ltr"
                    className="text-brand-700 underline"
                  >
                    {contacts.whatsapp}
                  </a>
                </ContactLine>
              ) : null}
              {contacts.email ? (
                <ContactLine icon={<Mail />} label={t('email')}>
                  <a href={`mailto:${contacts.email}`} className="text-brand-700 underline">
                    {contacts.email}
                  </a>
                </ContactLine>
              ) : null}
              {contacts.website ? (
                <ContactLine icon={<Globe />} label={t('website')}>
                  <a
                    href={contacts.website}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-brand-700 underline"
                  >
                    {contacts.website}
                  </a>
                </ContactLine>
              ) : null}
              {contacts.address ? (
                <ContactLine icon={<MapPin />} label={t('address')}>
                  {contacts.address}
                </ContactLine>
              ) : null}
            </ul>
          </>
        ) : null}
      </Card>
      {contacts.supportEmail ? (
        <Card title={t('support')} icon={<LifeBuoy />}>
          <a href={`mailto:${contacts.supportEmail}`} className="text-brand-700 underline">
            {contacts.supportEmail}
          </a>
        </Card>
      ) : null}
    </div>
  );
}
