// Export (a dated .json download) and import (.json only: what the file holds is shown before anything is written).
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAll, importBackupFile } from '../../data/backupService';
import { previewBackupFile } from '../../data/dataCareService';
import type { ImportPreview } from '../../data/dataCareService';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toastStore';
import { ImportPreviewDialog } from './ImportPreviewDialog';

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

export type PendingImport = { file: File; preview: Extract<ImportPreview, { ok: true }> };

export function BackupPanel({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [reading, setReading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [pending, setPending] = useState<PendingImport>();

  async function exportData() {
    setExporting(true);
    try {
      const { blob, filename } = await exportAll();
      download(blob, filename);
      toast({ title: t('exported', { filename }), tone: 'success' });
    } catch (error) {
      console.error('Export failed', error);
      toast({ title: tApp('settings.exportFailed'), tone: 'error' });
    } finally {
      setExporting(false);
    }
  }

  async function readFile(file: File | undefined) {
    if (!file) return;
    setReading(true);
    try {
      const preview = await previewBackupFile(file);
      if (preview.ok) setPending({ file, preview });
      else {
        console.warn('Backup refused', preview.reason, preview.report);
        toast({ title: tApp('settings.importFailed'), tone: 'error' });
      }
    } finally {
      setReading(false);
    }
  }

  async function applyImport() {
    if (!pending) return;
    setImporting(true);
    const outcome = await importBackupFile(pending.file);
    setImporting(false);
    if (!outcome.ok) {
      console.warn('Import refused', outcome.reason, outcome.report);
      toast({ title: tApp('settings.importFailed'), tone: 'error' });
      return;
    }
    setPending(undefined);
    toast({ title: tApp('settings.imported'), tone: 'success' });
    window.setTimeout(reload, RELOAD_AFTER_IMPORT_MS);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
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
          disabled={reading || importing}
          onClick={() => input.current?.click()}
        >
          {reading ? t('reading') : t('import')}
        </Button>
      </div>
      <p className="text-sm text-muted">{t('importHint')}</p>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
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
        onCancel={() => setPending(undefined)}
        onConfirm={() => void applyImport()}
      />
    </div>
  );
}
