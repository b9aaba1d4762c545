// Which component shows each page, and which pages have an entry in the bottom bar (spec §2 order).
// The dashboard (the first screen) is in the first download; every other page is its own chunk, fetched on first
// visit (and precached by the service worker for offline use). A chunk that fails to load is a page that fails to
// render: the page's error boundary shows "Erreur lors du chargement de la page" with Recharger.
import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import type { PageId } from './navigation';
import { PageLoading } from './PageLoading';

export interface PageProps {
  /** The page's parameter from the hash: the sale id for the receipt. */
  param?: string;
}

/** A page whose code can be fetched ahead (`preload`), e.g. the receipt while a sale is rung up. */
export type LazyPage = ComponentType<PageProps> & { preload(): void };

/**
 * A page loaded on first use, with a spinner in its place meanwhile. Once its code is there, a visit renders
 * it directly: through Suspense it would wait for React's reveal throttle (up to 300 ms) after the spinner.
 */
export function lazyPage(load: () => Promise<ComponentType<PageProps>>): LazyPage {
  let loaded: ComponentType<PageProps> | undefined;
  let loading: Promise<{ default: ComponentType<PageProps> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  const LazyPage = (props: PageProps) => {
    // Chosen once per visit (the shell mounts each visit anew): a page never switches between the two.
    const [Direct] = useState(() => loaded);
    return Direct
      ? createElement(Direct, props)
      : createElement(Suspense, { fallback: createElement(PageLoading) }, createElement(Lazy, props));
  };
  LazyPage.preload = () => void loadOnce().catch(() => undefined);
  return LazyPage;
}

/** The receipt, fetched ahead by the sale screen so that the ticket shows right after the tap. */
export const ReceiptPageLazy = lazyPage(
  async () => (await import('../features/receipt/ReceiptPage')).ReceiptPage,
);

export const PAGE_COMPONENTS: Record<PageId, ComponentType<PageProps>> = {
  dashboard: DashboardPage,
  catalog: lazyPage(async () => (await import('../features/catalog/CatalogPage')).CatalogPage),
  sale: lazyPage(async () => (await import('../features/sale/SalePage')).SalePage),
  receipt: ReceiptPageLazy,
  customers: lazyPage(async () => (await import('../features/customers/CustomersPage')).CustomersPage),
  suppliers: lazyPage(async () => (await import('../features/suppliers/SuppliersPage')).SuppliersPage),
  inventory: lazyPage(async () => (await import('../features/inventory/InventoryPage')).InventoryPage),
  settings: lazyPage(async () => (await import('../features/settings/SettingsPage')).SettingsPage),
  about: lazyPage(async () => (await import('../features/about/AboutPage')).AboutPage),
  account: lazyPage(async () => (await import('../features/account/AccountScreen')).AccountScreen),
};

export const NAV_PAGES = ['dashboard', 'catalog', 'sale', 'customers', 'inventory', 'settings'] as const;
export type NavPageId = (typeof NAV_PAGES)[number];

/** Pages reached from another page, which offer a way back to the dashboard instead of the bottom bar entry. */
export const PAGES_WITH_BACK: ReadonlySet<PageId> = new Set<PageId>(['receipt', 'about', 'account']);

/** The receipt is full screen: it hides the bottom bar. */
export const PAGES_WITHOUT_NAV: ReadonlySet<PageId> = new Set<PageId>(['receipt']);
