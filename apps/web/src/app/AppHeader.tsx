// The top bar: product name, store name and today's date above the page title, with a way back where needed.
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localeOf, currentLanguage } from '../i18n/i18n';
import { SyncStatusBadge } from './SyncStatusBadge';
import { Logo } from '../ui/Logo';
import { pageHash } from './navigation';
import { useToday } from './useToday';

export interface AppHeaderProps {
  title: string;
  storeName?: string;
  showBack: boolean;
}

export function AppHeader({ title, storeName, showBack }: AppHeaderProps) {
  const { t } = useTranslation();
  const today = useToday();
  const dateLabel = new Intl.DateTimeFormat(localeOf(currentLanguage()), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(today);

  return (
    <header className="sticky top-0 z-30 bg-brand-700 pt-[env(safe-area-inset-top)] text-white shadow-md">
      <div className="mx-auto flex max-w-xl items-center gap-2 px-4 pt-2.5 text-sm">
        <Logo className="size-6 shrink-0 rounded-md ring-1 ring-white/30" />
        <span className="shrink-0 font-bold tracking-wide">{t('app.name')}</span>
        {storeName ? (
          <span className="min-w-0 truncate text-brand-100 before:me-2 before:content-['·']">
            {storeName}
          </span>
        ) : null}
        <div className="ms-auto flex shrink-0 items-center gap-2">
          <SyncStatusBadge />
          <time dateTime={today.toISOString().slice(0, 10)} className="text-brand-100 first-letter:uppercase">
            {dateLabel}
          </time>
        </div>
      </div>
      <div className="mx-auto flex min-h-14 max-w-xl items-center gap-1 px-4 pb-2">
        {showBack ? (
          <a
            href={pageHash('dashboard')}
            aria-label={t('app.backToDashboard')}
            title={t('app.backToDashboard')}
            className="-ms-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10 active:bg-white/20"
          >
            <ArrowLeft className="size-6 rtl:-scale-x-100" aria-hidden="true" />
          </a>
        ) : null}
        <h1 className="min-w-0 truncate text-2xl font-bold">{title}</h1>
      </div>
    </header>
  );
}
