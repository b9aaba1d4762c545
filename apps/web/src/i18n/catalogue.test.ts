import { describe, expect, it } from 'vitest';
import { arabicCatalogues } from './arabic';
import { i18n, resourcesFr } from './i18n';

const FR_PLURAL_FORMS = ['one', 'other'];
const AR_PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [nested, text] of flatten(value, path)) out.set(nested, text);
  }
  return out;
}

// Every namespace (the shell's `translation` and one per screen) is checked, keys prefixed with `ns:`.
function flattenNamespaces(catalogues: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [ns, tree] of Object.entries(catalogues)) {
    for (const [key, text] of flatten(tree)) out.set(`${ns}:${key}`, text);
  }
  return out;
}

const frKeys = flattenNamespaces(resourcesFr);
const arKeys = flattenNamespaces(arabicCatalogues);
const pluralBases = new Set(
  [...frKeys.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translation catalogues', () => {
  it('gives every French plural exactly the French forms', () => {
    for (const base of pluralBases) {
      const forms = [...frKeys.keys()].filter(
        (key) => key.replace(PLURAL_SUFFIX, '') === base && key !== base,
      );
      expect(forms.map((key) => PLURAL_SUFFIX.exec(key)?.[1]).sort(), base).toEqual(
        [...FR_PLURAL_FORMS].sort(),
      );
    }
  });

  it('has in Arabic every French key, the six Arabic plural forms, and nothing else', () => {
    const expected = new Set<string>();
    for (const key of frKeys.keys()) {
      const base = key.replace(PLURAL_SUFFIX, '');
      if (pluralBases.has(base)) for (const form of AR_PLURAL_FORMS) expected.add(`${base}_${form}`);
      else expected.add(key);
    }
    expect([...arKeys.keys()].sort()).toEqual([...expected].sort());
  });

  it('keeps the same placeholders in both languages', () => {
    for (const [key, text] of arKeys) {
      const frKey = frKeys.has(key) ? key : `${key.replace(PLURAL_SUFFIX, '')}_other`;
      const frText = frKeys.get(frKey) ?? '';
      const arNames = placeholders(text);
      const frNames = placeholders(frText);
      // An Arabic form may spell the number out ("منتج واحد", "منتجين"): it may drop {{count}}, never add a name.
      expect(
        arNames.filter((name) => name !== 'count'),
        key,
      ).toEqual(frNames.filter((name) => name !== 'count'));
    }
  });

  it('translates every Arabic entry (no French left behind)', () => {
    // Placeholders ({{count}}, Radix's {hotkey}) and symbols may stay as they are; French words may not.
    const words = (text: string) => text.replace(/\{\{?\s*\w+\s*\}?\}/g, '');
    const untranslated = [...arKeys].filter(
      ([key, text]) => !key.startsWith('translation:languages.') && /[A-Za-zÀ-ÖØ-öø-ÿ]/.test(words(text)),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('carries the spec messages word for word', () => {
    const french = new Set(frKeys.values());
    for (const message of [
      'Erreur de Chargement',
      "Erreur lors du chargement de l'application",
      'Erreur lors du chargement de la page',
      'Recharger',
      'Erreur lors du chargement des paramètres',
      'Erreur lors du chargement du catalogue',
      'Erreur lors de la sauvegarde du produit',
      'Erreur lors de la suppression du produit',
      'Erreur lors de la suppression des produits',
      'Erreur lors de la lecture du fichier',
      "Impossible d'accéder à la caméra. Vérifiez les permissions.",
      'Erreur lors de la capture de la photo',
      'Erreur lors de la capture',
      'Aucun produit détecté clairement',
      'Aucun article valide dans le panier',
      'Le montant doit être supérieur à 0',
      'Erreur lors de la sauvegarde de la transaction',
      'Erreur lors de la suppression des clients',
      'Le stock ne peut pas être négatif',
      'Erreur lors de la mise à jour du stock',
      'Erreur lors de la sauvegarde des paramètres',
      'Sauvegardé!',
      "Erreur lors de l'exportation des données",
      "Erreur lors de l'importation des données. Vérifiez le format du fichier.",
      'Données importées avec succès!',
      'Erreur lors de la vérification des données',
      'Erreur lors de la vérification',
      'Erreur lors du nettoyage de la base de données',
      'Base de données déjà propre',
      'Ticket imprimé avec succès!',
      'Ticket copié dans le presse-papier!',
      'Tableau de Bord',
      'Catalogue Produits',
      'Nouvelle Vente',
      'Ticket de Caisse',
      'Gestion Clients',
      'Gestion des Stocks',
      'Paramètres',
      'À Propos',
      'Nouvelle version disponible',
      'Mettre à jour',
    ]) {
      expect(french.has(message), message).toBe(true);
    }
  });

  it('picks the right plural form in both languages', async () => {
    const fixed = i18n.cloneInstance();
    await fixed.changeLanguage('fr');
    expect(fixed.t('catalog.bulkDeleted', { count: 1 })).toBe('1 produit supprimé avec succès');
    expect(fixed.t('catalog.bulkDeleted', { count: 3 })).toBe('3 produits supprimés avec succès');
    expect(fixed.t('customers.bulkDeleted', { count: 2 })).toBe('2 clients supprimés avec succès');
    expect(fixed.t('settings.duplicatesRemoved', { count: 4 })).toBe('4 doublons supprimés avec succès');
    await fixed.changeLanguage('ar');
    expect(fixed.t('catalog.bulkDeleted', { count: 2 })).toBe('تم حذف منتجين بنجاح');
    expect(fixed.t('catalog.bulkDeleted', { count: 5 })).toBe('تم حذف 5 منتجات بنجاح');
    expect(fixed.t('catalog.bulkDeleted', { count: 11 })).toBe('تم حذف 11 منتجًا بنجاح');
    expect(fixed.t('catalog.bulkDeleted', { count: 100 })).toBe('تم حذف 100 منتج بنجاح');
  });
});
