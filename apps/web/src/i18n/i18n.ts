// The app's translator: French source catalogue, complete Arabic, both bundled so they work offline.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@hanouti/core';
import ar from './locales/ar.json';
import fr from './locales/fr.json';
import { featureCataloguesAr, featureCataloguesFr } from './featureCatalogues';

/** Shell strings live in the `translation` namespace; each screen has its own namespace (see featureCatalogues). */
export const resources = {
  fr: { translation: fr, ...featureCataloguesFr },
  ar: { translation: ar, ...featureCataloguesAr },
} as const;

/** Writing direction of each supported language. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** Moroccan locale for dates and numbers (spec: fr-MA; ar-MA for Arabic). */
export function localeOf(language: Language): 'fr-MA' | 'ar-MA' {
  return language === 'ar' ? 'ar-MA' : 'fr-MA';
}

export function isLanguage(value: string | undefined): value is Language {
  return value === 'fr' || value === 'ar';
}

/** The language the UI currently shows (French when i18next holds anything else). */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : 'fr';
}

function markDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  markDocument(isLanguage(language) ? language : 'fr');
});

// Resources are bundled, so initialisation completes synchronously: the first render is already translated.
void i18n.use(initReactI18next).init({
  resources,
  lng: 'fr',
  fallbackLng: 'fr',
  supportedLngs: ['fr', 'ar'],
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** Switches the whole UI at once: texts, `<html lang>` and `dir`. */
export async function applyLanguage(language: Language): Promise<void> {
  if (currentLanguage() !== language || document.documentElement.lang !== language) {
    await i18n.changeLanguage(language);
  }
  markDocument(language);
}
