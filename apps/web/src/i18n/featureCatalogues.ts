// Per-screen catalogues: each screen folder owns its strings as an i18next namespace named after the screen;
// the shared pieces of ui/ own theirs as the `ui` namespace (a piece any screen shows reads no screen's strings).
import catalogFR from '../features/catalog/locales/fr.json';
import catalogAR from '../features/catalog/locales/ar.json';
import inventoryFR from '../features/inventory/locales/fr.json';
import inventoryAR from '../features/inventory/locales/ar.json';
import saleFR from '../features/sale/locales/fr.json';
import saleAR from '../features/sale/locales/ar.json';
import receiptFR from '../features/receipt/locales/fr.json';
import receiptAR from '../features/receipt/locales/ar.json';
import customersFR from '../features/customers/locales/fr.json';
import customersAR from '../features/customers/locales/ar.json';
import dashboardFR from '../features/dashboard/locales/fr.json';
import dashboardAR from '../features/dashboard/locales/ar.json';
import settingsFR from '../features/settings/locales/fr.json';
import settingsAR from '../features/settings/locales/ar.json';
import aboutFR from '../features/about/locales/fr.json';
import aboutAR from '../features/about/locales/ar.json';
import accountFR from '../features/account/locales/fr.json';
import accountAR from '../features/account/locales/ar.json';
import suppliersFR from '../features/suppliers/locales/fr.json';
import suppliersAR from '../features/suppliers/locales/ar.json';
import uiFR from '../ui/locales/fr.json';
import uiAR from '../ui/locales/ar.json';

/** French source catalogues of the screens, by namespace. */
export const featureCataloguesFr = {
  catalog: catalogFR,
  inventory: inventoryFR,
  sale: saleFR,
  receipt: receiptFR,
  customers: customersFR,
  dashboard: dashboardFR,
  settings: settingsFR,
  about: aboutFR,
  account: accountFR,
  suppliers: suppliersFR,
  ui: uiFR,
} as const;

/** Arabic catalogues of the screens, by namespace (complete: every French key). */
export const featureCataloguesAr = {
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
