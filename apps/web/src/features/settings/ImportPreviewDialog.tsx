// What a backup file will bring, list by list, before the shopkeeper confirms the import.
import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useShopFormat } from '../../app/useShopFormat';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import type { PendingImport } from './BackupPanel';
import { ProgressLine } from './ProgressLine';

export const COUNTED_LISTS = [
  ['products', 'importCountProducts'],
  ['sales', 'importCountSales'],
  ['customers', 'importCountCustomers'],
  ['creditTransactions', 'importCountCredits'],
  ['stockMovements', 'importCountMovements'],
  ['photos', 'importCountPhotos'],
] as const;

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
            {COUNTED_LISTS.map(([list, label]) => (
              <div key={list} className="contents">
                <dt>{t(label)}</dt>
                <dd className="text-end font-semibold tabular-nums">
                  {format.count(report.lists[list].accepted)}
                </dd>
              </div>
            ))}
            <dt>{t('importSettings')}</dt>
            <dd className="text-end font-semibold">
              {pending.preview.hasSettings ? t('importSettingsYes') : t('importSettingsNo')}
            </dd>
          </dl>
          <p className="text-sm text-muted">{t('importMerge')}</p>
          {importing ? (
            <ProgressLine label={progress?.label ?? t('progressReading')} ratio={progress?.ratio} />
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
