// The frame around every page: header, the page in its own error boundary, and the bottom bar.
import { clsx } from 'clsx';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@hanouti/core';
import { useSettings } from '../data/settingsRepository';
import { applyLanguage } from '../i18n/i18n';
import { AppHeader } from './AppHeader';
import { BottomNav } from './BottomNav';
import { canonicaliseHash, usePage } from './navigation';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PAGE_COMPONENTS, PAGES_WITH_BACK, PAGES_WITHOUT_NAV } from './pages';
import { ShopSettingsContext } from './useShopSettings';

export function AppShell({ initialSettings }: { initialSettings: Settings }) {
  const { t } = useTranslation();
  const { page, param } = usePage();
  const settings = useSettings() ?? initialSettings;

  useEffect(() => {
    canonicaliseHash();
  }, [page, param]);

  // Spec §2: every page change starts at the top.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [page, param]);

  // Follows the stored language, including a change made in another tab.
  useEffect(() => {
    void applyLanguage(settings.language);
  }, [settings.language]);

  const Page = PAGE_COMPONENTS[page];
  const showNav = !PAGES_WITHOUT_NAV.has(page);
  return (
    <ShopSettingsContext value={settings}>
      <div className="flex min-h-dvh flex-col">
        <AppHeader
          title={t(`pages.${page}.title`)}
          storeName={settings.storeName}
          showBack={PAGES_WITH_BACK.has(page)}
        />
        <main className={clsx('mx-auto w-full max-w-xl flex-1 px-4 pt-4', showNav ? 'pb-28' : 'pb-8')}>
          <PageErrorBoundary key={`${page}/${param ?? ''}`}>
            <Page param={param} />
          </PageErrorBoundary>
        </main>
        {showNav ? <BottomNav current={page} /> : null}
      </div>
    </ShopSettingsContext>
  );
}
