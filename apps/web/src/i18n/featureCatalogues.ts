// Per-screen catalogues: each screen folder owns its strings as an i18next namespace named after the screen;
// the shared pieces of ui/ own theirs as the `ui` namespace (a piece any screen shows reads no screen's strings).
// French only: the French catalogue is in the first download; the Arabic one is its own chunk (arabic.ts).
import catalogFR from '../features/catalog/locales/fr.json';
import inventoryFR from '../features/inventory/locales/fr.json';
import saleFR from '../features/sale/locales/fr.json';
import receiptFR from '../features/receipt/locales/fr.json';
import customersFR from '../features/customers/locales/fr.json';
import dashboardFR from '../features/dashboard/locales/fr.json';
import settingsFR from '../features/settings/locales/fr.json';
import aboutFR from '../features/about/locales/fr.json';
import accountFR from '../features/account/locales/fr.json';
import suppliersFR from '../features/suppliers/locales/fr.json';
import uiFR from '../ui/locales/fr.json';

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
