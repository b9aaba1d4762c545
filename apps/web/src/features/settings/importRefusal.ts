// Why a backup file was refused, in the shopkeeper's language: the reason and the first refused records.
import type { TFunction } from 'i18next';
import type { ImportListName, ImportReport, RecordRejectionCode } from '@hanouti/core';

/** How many refused records are named one by one; the others are counted. */
export const REFUSED_RECORDS_LISTED = 3;

const REASONS = {
  'not-json-file': 'refusalNotJson',
  'too-large': 'refusalTooLarge',
  'invalid-json': 'refusalInvalidJson',
  'too-deep': 'refusalTooDeep',
  'forbidden-key': 'refusalForbiddenKey',
  'not-a-backup': 'refusalNotBackup',
  'unsupported-version': 'refusalVersion',
  'invalid-photo': 'refusalPhoto',
  'write-failed': 'refusalWrite',
  'read-failed': 'refusalRead',
} as const;
type ReasonKey = (typeof REASONS)[keyof typeof REASONS];

const RECORDS = {
  products: 'recordProducts',
  sales: 'recordSales',
  customers: 'recordCustomers',
  creditTransactions: 'recordCredits',
  stockMovements: 'recordMovements',
  photos: 'recordPhotos',
  suppliers: 'recordSuppliers',
  supplierEntries: 'recordSupplierEntries',
  settings: 'recordSettings',
} as const satisfies Record<ImportListName, string>;

const PROBLEMS = {
  'not-an-object': 'problemNotObject',
  'invalid-id': 'problemId',
  'invalid-money': 'problemMoney',
  'invalid-quantity': 'problemQuantity',
  'invalid-date': 'problemDate',
  'invalid-field': 'problemField',
  'invalid-photo': 'problemPhoto',
  'duplicate-id': 'problemDuplicateId',
  'no-valid-item': 'problemNoItem',
} as const satisfies Record<RecordRejectionCode, string>;

export type Refusal = { reason: string; report?: ImportReport };

/**
 * The lines that explain a refusal: first the reason, then the first refused records ("Produit n° 3 :
 * montant invalide (champ salePrice)"), then how many more. `count` groups a number the shop's way.
 */
export function refusalLines(
  { reason, report }: Refusal,
  t: TFunction<'settings'>,
  count: (value: number) => string,
): string[] {
  if (reason === 'rejected-records' && report) {
    const lines = [
      t('refusalRecords', { count: report.rejectedCount, replace: { count: count(report.rejectedCount) } }),
    ];
    const listed = report.rejections.slice(0, REFUSED_RECORDS_LISTED);
    for (const rejection of listed) {
      const problem = t(PROBLEMS[rejection.code] ?? 'problemField');
      lines.push(
        t('refusalLine', {
          record: t(RECORDS[rejection.list] ?? 'recordProducts'),
          position: count(rejection.index + 1),
          problem: rejection.field ? t('refusalField', { problem, field: rejection.field }) : problem,
        }),
      );
    }
    const others = report.rejectedCount - listed.length;
    if (others > 0) lines.push(t('refusalMore', { count: others, replace: { count: count(others) } }));
    return lines;
  }
  const key = Object.hasOwn(REASONS, reason) ? (REASONS as Record<string, ReasonKey>)[reason] : undefined;
  return [key ? t(key) : t('refusalOther')];
}
