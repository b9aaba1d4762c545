// Which component shows each page, and which pages have an entry in the bottom bar (spec §2 order).
import type { ComponentType } from 'react';
import { AboutPage } from '../features/about/AboutPage';
import { AccountScreen } from '../features/account/AccountScreen';
import { CatalogPage } from '../features/catalog/CatalogPage';
import { CustomersPage } from '../features/customers/CustomersPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { InventoryPage } from '../features/inventory/InventoryPage';
import { ReceiptPage } from '../features/receipt/ReceiptPage';
import { SalePage } from '../features/sale/SalePage';
import { SettingsPage } from '../features/settings/SettingsPage';
import type { PageId } from './navigation';

export interface PageProps {
  /** The page's parameter from the hash: the sale id for the receipt. */
  param?: string;
}

export const PAGE_COMPONENTS: Record<PageId, ComponentType<PageProps>> = {
  dashboard: DashboardPage,
  catalog: CatalogPage,
  sale: SalePage,
  receipt: ReceiptPage,
  customers: CustomersPage,
  inventory: InventoryPage,
  settings: SettingsPage,
  about: AboutPage,
  account: AccountScreen,
};

export const NAV_PAGES = ['dashboard', 'catalog', 'sale', 'customers', 'inventory', 'settings'] as const;
export type NavPageId = (typeof NAV_PAGES)[number];

/** Pages reached from another page, which offer a way back to the dashboard instead of the bottom bar entry. */
export const PAGES_WITH_BACK: ReadonlySet<PageId> = new Set<PageId>(['receipt', 'about', 'account']);

/** The receipt is full screen: it hides the bottom bar. */
export const PAGES_WITHOUT_NAV: ReadonlySet<PageId> = new Set<PageId>(['receipt']);
