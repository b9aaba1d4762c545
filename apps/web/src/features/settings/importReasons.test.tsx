import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseBackupText } from '@hanouti/core';
import { i18n } from '../../i18n/i18n';
import { IMPORT_REASONS_LISTED, listDetail, reasonLines } from './importReasons';

const fr = i18n.getFixedT('fr', 'settings');
const ar = i18n.getFixedT('ar', 'settings');

// The Arabic catalogue is its own chunk, fetched when first asked for (i18n.ts).
beforeAll(() => i18n.loadLanguages('ar'));
const format = {
  money: (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} MAD`,
  quantity: (q: number) => String(q),
  count: (n: number) => new Intl.NumberFormat('fr-MA').format(n),
  dateTime: (iso: string) => iso.slice(0, 10),
};
/** A line as the shopkeeper reads it (the name inside its <bdi>). */
const text = (line: unknown) => renderToStaticMarkup(<>{line}</>).replace(/<\/?bdi>/g, '');

/** The spec app's book: Samira paid 50 on 30 owed, then 5 on nothing; her stated balance is 12,50. */
function specBook(customers = 1) {
  return JSON.stringify({
    exportDate: '2025-03-01T10:00:00.000Z',
    customers: Array.from({ length: customers }, (_, i) => ({
      id: `c${i}`,
      name: i === 0 ? 'Samira' : `Client ${i}`,
      phone: '',
      creditBalance: 12.5,
      totalPurchases: 0,
      createdAt: '2025-01-01T08:00:00.000Z',
    })),
    creditTransactions: [
      {
        id: 't1',
        customerId: 'c0',
        type: 'credit',
        amount: 30,
        description: '',
        date: '2025-01-02T08:00:00.000Z',
      },
      {
        id: 't2',
        customerId: 'c0',
        type: 'payment',
        amount: 50,
        description: '',
        date: '2025-01-03T08:00:00.000Z',
      },
      {
        id: 't3',
        customerId: 'c0',
        type: 'payment',
        amount: 5,
        description: '',
        date: '2025-01-04T08:00:00.000Z',
      },
    ],
  });
}

function reportOf(text: string) {
  const parsed = parseBackupText(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.report;
}

describe('import reasons', () => {
  it('says what is reconciled or skipped and why, in French', () => {
    const report = reportOf(specBook());
    expect(listDetail(report.lists.creditTransactions, fr, format)).toBe('dont 1 à rapprocher · 1 à ignorer');
    expect(listDetail(report.lists.customers, fr, format)).toBe('dont 1 à rapprocher');
    expect(listDetail(report.lists.products, fr, format)).toBeUndefined();
    expect(reasonLines(report, fr, format).map(text)).toEqual([
      'Client n° 1 (Samira)\u00a0: solde de 12,50 MAD dans le fichier, 0,00 MAD d&#x27;après ses opérations — un crédit «\u00a0Solde importé\u00a0» de 12,50 MAD est ajouté.',
      'Opération de crédit n° 2 (Samira, 2025-01-03)\u00a0: paiement de 50,00 MAD alors que 30,00 MAD étaient dus — enregistré 30,00 MAD, le reste était la monnaie rendue.',
      'Opération de crédit n° 3 (Samira, 2025-01-04)\u00a0: paiement de 5,00 MAD alors que rien n&#x27;était dû — ignoré, il n&#x27;a changé aucun solde.',
    ]);
  });

  it('says it in Arabic too, with the Arabic plural forms', () => {
    const report = reportOf(specBook());
    expect(listDetail(report.lists.creditTransactions, ar, format)).toBe(
      'منها سجل واحد للتسوية · سجل واحد للتجاهل',
    );
    const lines = reasonLines(report, ar, format).map(text);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('رصيد مستورد');
    expect(lines[0]).toContain('Samira');
    expect(lines[2]).toContain('تم تجاهله');
  });

  it('lists the first 20 reasons and counts the rest', () => {
    const report = reportOf(specBook(30));
    // 30 stated balances (29 without entries) and the two payments: 32 reasons.
    expect(report.reasonCount).toBe(32);
    const lines = reasonLines(report, fr, format).map(text);
    expect(lines).toHaveLength(IMPORT_REASONS_LISTED + 1);
    expect(lines.at(-1)).toBe('et 12 autres');
  });
});

describe('the supplier notebook in the reasons', () => {
  it('says, in French and Arabic, that an entry without its supplier is left out and a balance follows its entries', () => {
    const result = parseBackupText(
      JSON.stringify({
        formatVersion: 2,
        exportDate: '2025-03-01T10:00:00.000Z',
        suppliers: [
          { id: 's1', name: 'Dari', phone: '', balance: 99, createdAt: '2025-01-01T08:00:00.000Z' },
        ],
        supplierEntries: [
          {
            id: 'e1',
            supplierId: 's1',
            type: 'delivery',
            amount: 40,
            description: '',
            date: '2025-01-02T08:00:00.000Z',
          },
          {
            id: 'e2',
            supplierId: 's9',
            type: 'delivery',
            amount: 7.5,
            description: '',
            date: '2025-01-03T08:00:00.000Z',
          },
        ],
      }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(reasonLines(result.report, fr, format).map(text)).toEqual([
      'Fournisseur n° 1 (Dari)\u00a0: solde de 99,00 MAD dans le fichier, 40,00 MAD d&#x27;après ses opérations — le solde suit les opérations.',
      'Opération fournisseur n° 2 (2025-01-03)\u00a0: 7,50 MAD pour un fournisseur absent du fichier — ignorée.',
    ]);
    expect(reasonLines(result.report, ar, format).map(text)[1]).toBe(
      'عملية مورد رقم 2 (2025-01-03): 7,50 MAD لمورد غير موجود في الملف — تم تجاهلها.',
    );
    expect(listDetail(result.report.lists.supplierEntries, fr, format)).toBe('1 à ignorer');
  });
});
