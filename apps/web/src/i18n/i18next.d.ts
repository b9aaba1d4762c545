// Translation keys are typed from the French source catalogue.
import 'i18next';
import type fr from './locales/fr.json';
import type { featureCataloguesFr } from './featureCatalogues';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fr } & typeof featureCataloguesFr;
  }
}
