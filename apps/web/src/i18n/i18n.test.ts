import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n, LANGUAGE_HINT_KEY, NAMESPACES } from './i18n';

describe('the translator', () => {
  afterEach(async () => {
    await applyLanguage('fr');
    window.localStorage.removeItem(LANGUAGE_HINT_KEY);
  });

  it('starts with French alone: Arabic is fetched when first asked for, every namespace at once', async () => {
    for (const namespace of NAMESPACES) {
      expect(i18n.hasResourceBundle('fr', namespace), namespace).toBe(true);
      expect(i18n.hasResourceBundle('ar', namespace), namespace).toBe(false);
    }
    await i18n.changeLanguage('ar');
    for (const namespace of NAMESPACES) expect(i18n.hasResourceBundle('ar', namespace), namespace).toBe(true);
    expect(i18n.t('dashboard.today')).not.toBe(i18n.getFixedT('fr')('dashboard.today'));
  });

  it('switches texts, lang and dir to Arabic and back, and remembers the language for the next start', async () => {
    await applyLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t('app.loading')).toMatch(/[\u0600-\u06FF]/);
    expect(i18n.t('weekHint', { ns: 'dashboard' })).toMatch(/[\u0600-\u06FF]/);
    expect(window.localStorage.getItem(LANGUAGE_HINT_KEY)).toBe('ar');
    await applyLanguage('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('app.loading')).not.toMatch(/[\u0600-\u06FF]/);
    expect(window.localStorage.getItem(LANGUAGE_HINT_KEY)).toBe('fr');
  });
});
