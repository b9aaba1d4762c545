// Which component shows each page, and which pages have an entry in the bottom bar (spec §2 order).
// The dashboard (the first screen) is in the first download; every other page is its own chunk, fetched on first
// visit (and precached by the service worker for offline use). A chunk that fails to load is a page that fails to
// render: the page's error boundary shows "Erreur lors du chargement de la page" with Recharger.
import type { ComponentType } from 'react';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { loadEveryLanguage } from '../i18n/i18n';
import type { PageId } from './navigation';
import { lazyPage, type PageProps } from './lazyPage';
import { ReceiptPageLazy } from './receiptPage';

export const PAGE_COMPONENTS: Record<PageId, ComponentType<PageProps>> = {
  dashboard: DashboardPage,
  catalog: lazyPage(async () => (await import('../features/catalog/CatalogPage')).CatalogPage),
  sale: lazyPage(async () => (await import('../features/sale/SalePage')).SalePage),
  receipt: ReceiptPageLazy,
  // Reminders and statements are worded in the customer's language, which may not be the UI's: both catalogues.
  customers: lazyPage(
    async () =>
      (await Promise.all([import('../features/customers/CustomersPage'), loadEveryLanguage()]))[0]
        .CustomersPage,
  ),
  suppliers: lazyPage(async () => (await import('../features/suppliers/SuppliersPage')).SuppliersPage),
  inventory: lazyPage(async () => (await import('../features/inventory/InventoryPage')).InventoryPage),
  // The printer's test ticket has a line in each language: both catalogues.
  settings: lazyPage(
    async () =>
      (await Promise.all([import('../features/settings/SettingsPage'), loadEveryLanguage()]))[0].SettingsPage,
  ),
  about: lazyPage(async () => (await import('../features/about/AboutPage')).AboutPage),
  account: lazyPage(async () => (await import('../features/account/AccountScreen')).AccountScreen),
};

export const NAV_PAGES = ['dashboard', 'catalog', 'sale', 'customers', 'inventory', 'settings'] as const;
export type NavPageId = (typeof NAV_PAGES)[number];

/** Pages reached from another page, which offer a way back to the dashboard instead of the bottom bar entry. */
export const PAGES_WITH_BACK: ReadonlySet<PageId> = new Set<PageId>(['receipt', 'about', 'account']);

/** The receipt is full screen: it hides the bottom bar. */
export const PAGES_WITHOUT_NAV: ReadonlySet<PageId> = new Set<PageId>(['receipt']);
