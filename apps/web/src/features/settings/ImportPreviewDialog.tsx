// What a backup file will bring, list by list, before the shopkeeper confirms the import.
import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useShopFormat } from '../../app/useShopFormat';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { listDetail, reasonLines } from './importReasons';
import { ProgressLine } from './ProgressLine';
import type { ImportPreview } from '../../data/dataCareService';

/** A backup file read and checked, waiting for the shopkeeper's word to restore it. */
export type PendingImport = { file: File; preview: Extract<ImportPreview, { ok: true }> };

export const COUNTED_LISTS = [
  ['products', 'importCountProducts'],
  ['sales', 'importCountSales'],
  ['customers', 'importCountCustomers'],
  ['creditTransactions', 'importCountCredits'],
  ['stockMovements', 'importCountMovements'],
  ['photos', 'importCountPhotos'],
  ['suppliers', 'importCountSuppliers'],
  ['supplierEntries', 'importCountSupplierEntries'],
] as const;

/** Lists only this app's newer files carry: shown when the file holds any of their records. */
const SHOWN_WHEN_PRESENT: ReadonlySet<string> = new Set(['suppliers', 'supplierEntries']);

export function ImportPreviewDialog({
  pending,
  importing,
  progress,
  onCancel,
  onConfirm,
}: {
  pending: PendingImport | undefined;
  importing: boolean;
  /** Where the import is while it runs: the dialog stays open until it ends. */
  progress: { label: string; ratio?: number } | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const report = pending?.preview.report;
  const reasons = report ? reasonLines(report, t, format) : [];
  return (
    <Dialog
      open={pending !== undefined}
      onOpenChange={(open) => {
        if (!open && !importing) onCancel();
      }}
      title={t('importTitle')}
      footer={
        <>
          <Button variant="secondary" disabled={importing} onClick={onCancel}>
            {tApp('app.cancel')}
          </Button>
          <Button icon={<Upload />} disabled={importing} onClick={onConfirm}>
            {t('importApply')}
          </Button>
        </>
      }
    >
      {pending && report ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm break-words text-muted">{t('importFile', { name: pending.file.name })}</p>
          {pending.preview.exportDate ? (
            <p className="text-sm text-muted">
              {t('importExportDate', { date: format.dateTime(pending.preview.exportDate) })}
            </p>
          ) : null}
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="import-summary">
            {COUNTED_LISTS.map(([list, label]) => {
              const counts = report.lists[list];
              if (SHOWN_WHEN_PRESENT.has(list) && counts.accepted + counts.skipped + counts.rejected === 0) {
                return null;
              }
              const detail = listDetail(report.lists[list], t, format);
              return (
                <div key={list} className="contents" data-testid={`import-list-${list}`}>
                  <dt>{t(label)}</dt>
                  <dd className="text-end font-semibold tabular-nums">
                    {format.count(report.lists[list].accepted)}
                  </dd>
                  {detail ? <dd className="col-span-2 -mt-1 text-sm text-muted">{detail}</dd> : null}
                </div>
              );
            })}
            <dt>{t('importSettings')}</dt>
            <dd className="text-end font-semibold">
              {pending.preview.hasSettings ? t('importSettingsYes') : t('importSettingsNo')}
            </dd>
          </dl>
          {reasons.length > 0 ? (
            <section className="rounded-xl bg-amber-50 px-3 py-2 text-amber-950" data-testid="import-reasons">
              <h3 className="font-semibold">{t('importReasonsTitle')}</h3>
              <ul className="mt-1 flex list-disc flex-col gap-1 ps-4 text-sm">
                {reasons.map((line, index) => (
                  <li key={index} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p className="text-sm text-muted">{t('importMerge')}</p>
          {importing ? (
            <ProgressLine label={progress?.label ?? t('progressReading')} ratio={progress?.ratio} />
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
