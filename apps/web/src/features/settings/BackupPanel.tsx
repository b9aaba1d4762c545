// Export (a dated .json download) and import (.json only: what the file holds is shown before anything is
// written); progress while they run, the reason of a refusal, and what a restore brought after its reload.
import { Download, TriangleExclamationPoint, Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerOnlyNote } from '../../app/OwnerOnlyNote';
import { useShopFormat } from '../../app/useShopFormat';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { exportAll, importBackupFile } from '../../data/backupService';
import type { BackupProgress } from '../../data/backupService';
import { previewBackupFile } from '../../data/dataCareService';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { toast } from '../../ui/toastStore';
import { ImportPreviewDialog, type PendingImport } from './ImportPreviewDialog';
import { refusalLines, type Refusal } from './importRefusal';
import {
  dismissRestoreAnnouncement,
  restoreRecordOf,
  restoreToAnnounce,
  saveRestoreRecord,
  type RestoreRecord,
} from './lastRestore';
import { percentOf, ProgressLine } from './ProgressLine';
import { RestoredSummary } from './RestoredSummary';

/** Long enough to read "Données importées avec succès!" before the page reloads with the new data. */
const RELOAD_AFTER_IMPORT_MS = 1200;

function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; the URL can go once the click has been handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The words of a backup job's step, with its share done when it can be counted. */
export function useProgressLabel() {
  const { t } = useTranslation('settings');
  const { locale } = useShopFormat();
  return (progress: BackupProgress): { label: string; ratio?: number } => {
    const ratio = progress.total > 0 ? progress.done / progress.total : undefined;
    const percent = ratio === undefined ? '' : percentOf(ratio, locale);
    switch (progress.step) {
      case 'reading':
        return { label: t('progressReading') };
      case 'checking':
        return { label: t('progressChecking') };
      case 'writing':
        return { label: t('progressWriting', { percent }), ratio };
      case 'exporting':
        return { label: t('progressExporting', { percent }), ratio };
    }
  };
}

export function BackupPanel({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const progressLabel = useProgressLabel();
  const input = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [reading, setReading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [progress, setProgress] = useState<BackupProgress>();
  const [pending, setPending] = useState<PendingImport>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [restored, setRestored] = useState<RestoreRecord | undefined>(restoreToAnnounce);
  // Export stays open to every phone; a restore writes the file's catalogue, customers and settings for the
  // whole shop, an owner's decision (its settings change would be refused from a staff phone, docs/api.md).
  const mayImport = useMayDoOwnerActions();
  const ownerOnlyId = useId();

  async function exportData() {
    setExporting(true);
    setProgress(undefined);
    try {
      const { blob, filename } = await exportAll({ onProgress: setProgress });
      download(blob, filename);
      toast({ title: t('exported', { filename }), tone: 'success' });
    } catch (error) {
      console.error('Export failed', error);
      toast({ title: tApp('settings.exportFailed'), tone: 'error' });
    } finally {
      setExporting(false);
      setProgress(undefined);
    }
  }

  function refuse(next: Refusal) {
    console.warn('Backup refused', next.reason, next.report);
    // Said under the buttons (role="alert"), with its reason, until closed: no toast, which stayed over the
    // next file's summary dialog and its Importer button.
    setRefusal(next);
  }

  async function readFile(file: File | undefined) {
    if (!file || !mayImport) return;
    setReading(true);
    setRefusal(undefined);
    setProgress(undefined);
    try {
      const preview = await previewBackupFile(file, setProgress);
      if (preview.ok) setPending({ file, preview });
      else refuse(preview);
    } catch (error) {
      console.error('Backup preview failed', error);
      refuse({ reason: 'read-failed' });
    } finally {
      setReading(false);
      setProgress(undefined);
    }
  }

  async function applyImport() {
    if (!pending || !mayImport) return;
    setImporting(true);
    setProgress(undefined);
    const outcome = await importBackupFile(pending.file, { onProgress: setProgress }).catch(
      (error: unknown) => {
        console.error('Import failed', error);
        return { ok: false as const, reason: 'write-failed' };
      },
    );
    setImporting(false);
    setProgress(undefined);
    if (!outcome.ok) {
      setPending(undefined);
      refuse(outcome);
      return;
    }
    // Said again after the reload: the toast below is gone by then.
    saveRestoreRecord(
      restoreRecordOf(outcome.report, {
        name: pending.file.name,
        exportDate: pending.preview.exportDate,
        hasSettings: pending.preview.hasSettings,
      }),
    );
    setPending(undefined);
    toast({ title: tApp('settings.imported'), tone: 'success' });
    window.setTimeout(reload, RELOAD_AFTER_IMPORT_MS);
  }

  const shownProgress = progress && (exporting || reading) ? progressLabel(progress) : undefined;
  return (
    <div className="flex flex-col gap-2">
      {restored ? (
        <RestoredSummary
          record={restored}
          onClose={() => {
            dismissRestoreAnnouncement();
            setRestored(undefined);
          }}
        />
      ) : null}
      {/* One button a line: side by side they wrapped on 3 lines at 360 px. */}
      <div className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2">
        <Button
          variant="secondary"
          icon={<Download />}
          disabled={exporting}
          onClick={() => void exportData()}
        >
          {t('export')}
        </Button>
        <Button
          variant="secondary"
          icon={<Upload />}
          disabled={reading || importing || !mayImport}
          aria-describedby={mayImport ? undefined : ownerOnlyId}
          onClick={() => input.current?.click()}
        >
          {reading ? t('reading') : t('import')}
        </Button>
      </div>
      {mayImport ? null : <OwnerOnlyNote id={ownerOnlyId} />}
      {shownProgress ? <ProgressLine {...shownProgress} /> : null}
      {refusal ? (
        <div
          role="alert"
          className="flex gap-2 rounded-xl bg-red-50 px-3 py-2 text-red-800"
          data-testid="import-refusal"
        >
          <TriangleExclamationPoint className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{tApp('settings.importFailed')}</p>
            <ul className="mt-1 flex flex-col gap-0.5 text-sm">
              {refusalLines(refusal, t, format.count).map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </div>
          <IconButton
            label={tApp('app.close')}
            icon={<X />}
            className="-me-2 -mt-1 shrink-0"
            onClick={() => setRefusal(undefined)}
          />
        </div>
      ) : null}
      <p className="text-sm text-muted">{t('importHint')}</p>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        disabled={!mayImport}
        aria-label={t('import')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void readFile(file);
        }}
      />
      <ImportPreviewDialog
        pending={pending}
        importing={importing}
        progress={importing && progress ? progressLabel(progress) : undefined}
        onCancel={() => setPending(undefined)}
        onConfirm={() => void applyImport()}
      />
    </div>
  );
}
