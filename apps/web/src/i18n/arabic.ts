// The complete Arabic catalogue (the shell's `translation` namespace and one per screen), in its own chunk: a French
// shop never runs it, an Arabic one fetches it at start (from the service worker's cache offline), see i18n.ts.
import ar from './locales/ar.json';
import catalogAR from '../features/catalog/locales/ar.json';
import inventoryAR from '../features/inventory/locales/ar.json';
import saleAR from '../features/sale/locales/ar.json';
import receiptAR from '../features/receipt/locales/ar.json';
import customersAR from '../features/customers/locales/ar.json';
import dashboardAR from '../features/dashboard/locales/ar.json';
import settingsAR from '../features/settings/locales/ar.json';
import aboutAR from '../features/about/locales/ar.json';
import accountAR from '../features/account/locales/ar.json';
import suppliersAR from '../features/suppliers/locales/ar.json';
import uiAR from '../ui/locales/ar.json';

/** Arabic catalogues by namespace (complete: every French key, catalogue.test.ts). */
export const arabicCatalogues = {
  translation: ar,
  catalog: catalogAR,
  inventory: inventoryAR,
  sale: saleAR,
  receipt: receiptAR,
  customers: customersAR,
  dashboard: dashboardAR,
  settings: settingsAR,
  about: aboutAR,
  account: accountAR,
  suppliers: suppliersAR,
  ui: uiAR,
} as const;
