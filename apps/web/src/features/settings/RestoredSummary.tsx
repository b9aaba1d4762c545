// After the reload that follows a restore: when it was applied, from which file, and what it brought.
import { CircleCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useShopFormat } from '../../app/useShopFormat';
import { IconButton } from '../../ui/IconButton';
import { COUNTED_LISTS } from './ImportPreviewDialog';
import type { RestoreRecord } from './lastRestore';

export function RestoredSummary({ record, onClose }: { record: RestoreRecord; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const brought = COUNTED_LISTS.filter(([list]) => (record.counts[list] ?? 0) > 0);
  return (
    <div
      role="status"
      className="flex gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900"
      data-testid="restore-summary"
    >
      <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('restoredTitle', { date: format.dateTime(record.at) })}</p>
        <p className="text-sm break-words">{t('importFile', { name: record.fileName })}</p>
        {record.exportDate ? (
          <p className="text-sm">{t('importExportDate', { date: format.dateTime(record.exportDate) })}</p>
        ) : null}
        {brought.length > 0 || record.settingsReplaced ? (
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
            {brought.map(([list, label]) => (
              <div key={list} className="contents">
                <dt>{t(label)}</dt>
                <dd className="text-end font-semibold tabular-nums">
                  {format.count(record.counts[list] ?? 0)}
                </dd>
              </div>
            ))}
            {record.settingsReplaced ? (
              <>
                <dt>{t('importSettings')}</dt>
                <dd className="text-end font-semibold">{t('importSettingsYes')}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="text-sm">{t('restoredNothing')}</p>
        )}
      </div>
      <IconButton label={tApp('app.close')} icon={<X />} className="-me-2 -mt-1 shrink-0" onClick={onClose} />
    </div>
  );
}
