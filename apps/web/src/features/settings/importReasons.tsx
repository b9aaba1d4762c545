// What an import will reconcile or skip, record by record, in the shopkeeper's words (the first 20; the rest counted).
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ImportListCounts, ImportListName, ImportReason, ImportReport } from '@hanouti/core';
import { withIsolatedName } from '../../ui/IsolatedName';

/** How many reasons are said one by one; the others are counted. */
export const IMPORT_REASONS_LISTED = 20;

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

export type ReasonFormat = {
  money: (centimes: number) => string;
  quantity: (value: number) => string;
  count: (value: number) => string;
  dateTime: (iso: string) => string;
};

/** "dont 2 à rapprocher · 1 à ignorer" for one list, or undefined when every record is imported as it is. */
export function listDetail(
  counts: ImportListCounts,
  t: TFunction<'settings'>,
  format: Pick<ReasonFormat, 'count'>,
): string | undefined {
  const parts: string[] = [];
  if (counts.reconciled > 0) {
    parts.push(
      t('importReconciled', {
        count: counts.reconciled,
        replace: { count: format.count(counts.reconciled) },
      }),
    );
  }
  if (counts.skipped > 0) {
    parts.push(
      t('importSkipped', { count: counts.skipped, replace: { count: format.count(counts.skipped) } }),
    );
  }
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The sentence of one reason; `name` stands for the customer's or product's name (isolated by the caller). */
export function reasonSentence(
  reason: ImportReason,
  name: string,
  t: TFunction<'settings'>,
  format: ReasonFormat,
): string {
  const stated = reason.stated ?? 0;
  const result = reason.result ?? 0;
  const common = {
    record: t(RECORDS[reason.list] ?? 'recordProducts'),
    position: format.count(reason.index + 1),
    name,
    date: reason.date ? format.dateTime(reason.date) : '',
  };
  switch (reason.code) {
    case 'payment-capped':
      return t('reasonPaymentCapped', {
        ...common,
        stated: format.money(stated),
        result: format.money(result),
      });
    case 'payment-without-debt':
      return t('reasonPaymentWithoutDebt', { ...common, stated: format.money(stated) });
    case 'opening-balance-added':
      return t('reasonOpeningBalance', { ...common, stated: format.money(stated) });
    case 'balance-reconciled':
      return t(stated > result ? 'reasonBalanceUp' : 'reasonBalanceDown', {
        ...common,
        stated: format.money(stated),
        result: format.money(result),
        difference: format.money(Math.abs(stated - result)),
      });
    case 'balance-recomputed':
      return t('reasonBalanceRecomputed', {
        ...common,
        stated: format.money(stated),
        result: format.money(result),
      });
    case 'supplier-missing':
      return t('reasonSupplierMissing', { ...common, stated: format.money(stated) });
    case 'stock-recomputed':
      return t('reasonStockRecomputed', {
        ...common,
        stated: format.quantity(stated),
        result: format.quantity(result),
      });
  }
}

/** The lines to show: the first reasons, each with its name isolated, then how many more. */
export function reasonLines(
  report: Pick<ImportReport, 'reasons' | 'reasonCount'>,
  t: TFunction<'settings'>,
  format: ReasonFormat,
): ReactNode[] {
  const listed = report.reasons.slice(0, IMPORT_REASONS_LISTED);
  const lines: ReactNode[] = listed.map((reason) =>
    withIsolatedName((name) => reasonSentence(reason, name, t, format), reason.name ?? ''),
  );
  const others = report.reasonCount - listed.length;
  if (others > 0) lines.push(t('refusalMore', { count: others, replace: { count: format.count(others) } }));
  return lines;
}
