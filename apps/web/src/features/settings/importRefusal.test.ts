import { beforeAll, describe, expect, it } from 'vitest';
import { parseBackupText } from '@hanouti/core';
import { i18n } from '../../i18n/i18n';
import { refusalLines } from './importRefusal';

const fr = i18n.getFixedT('fr', 'settings');
const ar = i18n.getFixedT('ar', 'settings');

// The Arabic catalogue is its own chunk, fetched when first asked for (i18n.ts).
beforeAll(() => i18n.loadLanguages('ar'));
const count = (value: number) => new Intl.NumberFormat('fr-MA').format(value);

describe('refusalLines', () => {
  it('says why a whole file was refused, in French and in Arabic', () => {
    const parsed = parseBackupText('{"products": [');
    expect(parsed.ok).toBe(false);
    const reason = parsed.ok ? '' : parsed.error;
    expect(refusalLines({ reason }, fr, count)).toEqual([
      'Le fichier est abîmé ou incomplet\u00a0: son contenu n’est pas du JSON valide.'.replace('’', "'"),
    ]);
    expect(refusalLines({ reason }, ar, count)[0]).toMatch(/جيسون/);
    expect(refusalLines({ reason: 'not-a-backup' }, fr, count)[0]).toMatch(/n'est pas une sauvegarde/);
    expect(refusalLines({ reason: 'something-new' }, fr, count)).toEqual(['Le fichier a été refusé.']);
  });

  it('names the first refused records, then counts the others, grouped', () => {
    const products = Array.from({ length: 1500 }, (_, index) => ({
      id: `p${index}`,
      name: `Produit ${index}`,
      brand: 'Test',
      category: 'Épicerie',
      purchasePrice: 1,
      salePrice: -1,
      vat: 20,
      stock: 3,
      reorderThreshold: 5,
      createdAt: '2025-04-01T08:00:00.000Z',
      updatedAt: '2025-04-01T08:00:00.000Z',
    }));
    const parsed = parseBackupText(JSON.stringify({ products }));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.report.rejectedCount).toBe(1500);
    const lines = refusalLines({ reason: 'rejected-records', report: parsed.report }, fr, count);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^1\.500 enregistrements du fichier sont refusés/);
    expect(lines[1]).toBe('Produit n° 1\u00a0: montant invalide (champ salePrice)');
    expect(lines[4]).toBe('et 1.497 autres');
    const arabic = refusalLines({ reason: 'rejected-records', report: parsed.report }, ar, count);
    expect(arabic[1]).toBe('منتج رقم 1: مبلغ غير صالح (الحقل salePrice)');
  });
});
