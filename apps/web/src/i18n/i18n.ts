// The app's translator: French source catalogue in the first download; the complete Arabic catalogue is its own
// chunk, fetched when Arabic is first asked for (precached by the service worker, so it works offline). The start
// begins fetching it at once when the last start was in Arabic (LANGUAGE_HINT_KEY), in parallel with the database.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@hanouti/core';
import fr from './locales/fr.json';
import { featureCataloguesFr } from './featureCatalogues';

/** Shell strings live in the `translation` namespace; each screen has its own namespace (see featureCatalogues). */
export const resourcesFr = { translation: fr, ...featureCataloguesFr } as const;

/** Every namespace, so that switching to Arabic loads them all at once. */
export const NAMESPACES = Object.keys(resourcesFr);

/** The Arabic catalogue, by namespace (one chunk, fetched once). */
export async function loadArabicCatalogues(): Promise<Record<string, object>> {
  return (await import('./arabic')).arabicCatalogues;
}

/**
 * Loads every language's catalogue (Arabic's chunk, once): for the screens that word a text in the other language
 * than the UI's, synchronously (a reminder or a statement in the customer's language, the printer's test ticket),
 * whose pages wait for it (app/pages.ts). i18next reports a catalogue that cannot be fetched; the text is then French.
 */
export async function loadEveryLanguage(): Promise<void> {
  await i18n.loadLanguages(['fr', 'ar']);
}

/** i18next's loader of the languages that are not bundled: only Arabic (French is in `resources`). */
const arabicBackend: BackendModule & { callbackApi: true } = {
  type: 'backend',
  // read(language, namespace, callback): i18next asks plugins to say which calling convention they use.
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    if (language !== 'ar') {
      callback(new Error(`No catalogue for ${language}`), false);
      return;
    }
    loadArabicCatalogues().then(
      (catalogues) => callback(null, catalogues[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The language of the last start, kept in localStorage so that the next start fetches its catalogue at once. */
export const LANGUAGE_HINT_KEY = 'hanouti.language';

function readLanguageHint(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_HINT_KEY);
  } catch {
    return null; // storage unavailable (private mode): the catalogue is fetched when the settings say so
  }
}

function writeLanguageHint(language: Language): void {
  try {
    if (window.localStorage.getItem(LANGUAGE_HINT_KEY) !== language) {
      window.localStorage.setItem(LANGUAGE_HINT_KEY, language);
    }
  } catch {
    // storage unavailable: only the next start's head start is lost
  }
}

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

// French is bundled, so initialisation completes synchronously: the first render is already translated.
void i18n
  .use(arabicBackend)
  .use(initReactI18next)
  .init({
    resources: { fr: resourcesFr },
    partialBundledLanguages: true,
    ns: NAMESPACES,
    lng: 'fr',
    fallbackLng: 'fr',
    supportedLngs: ['fr', 'ar'],
    initAsync: false,
    interpolation: { escapeValue: false },
  });

// The last start was in Arabic: its catalogue is fetched now, while the modules run and the database opens.
if (readLanguageHint() === 'ar') void i18n.loadLanguages('ar');

/**
 * Switches the whole UI at once: texts, `<html lang>` and `dir` (Arabic's catalogue is fetched first, once). The
 * language is remembered for the next start's head start.
 */
export async function applyLanguage(language: Language): Promise<void> {
  if (currentLanguage() !== language || document.documentElement.lang !== language) {
    await i18n.changeLanguage(language);
  }
  markDocument(language);
  writeLanguageHint(language);
}
