// The catalogue and a spreadsheet: import a CSV or .xlsx (columns checked, what it will do shown first), or export one.
import {
  CATALOGUE_COLUMNS,
  DEFAULT_VAT_RATE,
  type CatalogueColumn,
  type CatalogueImportReport,
  type SheetDefaults,
} from '@hanouti/core';
import { Download, FileUp, Upload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writeCatalogueImport } from '../../data/catalogueImportWriter';
import { listProducts } from '../../data/productsRepository';
import { useSettings } from '../../data/settingsRepository';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Select } from '../../ui/Input';
import { withIsolatedName } from '../../ui/IsolatedName';
import { toast } from '../../ui/toastStore';
import { CatalogImportReport } from './CatalogImportReport';
import {
  catalogueCsv,
  catalogueFileName,
  catalogueXlsx,
  downloadFile,
  type SheetFileError,
} from './catalogSheetFile';
import { CatalogueSheetPlanner } from './catalogueSheetPlanner';

/** The file as the page holds it: its rows stay with the planner (a Worker); the report is planned there. */
type Loaded = {
  fileName: string;
  headers: string[];
  /** The first rows, for each column's example. */
  samples: string[][];
  mapping: (CatalogueColumn | null)[];
  report: CatalogueImportReport;
  /** What the report was planned for: another mapping or defaults asks the planner again. */
  plannedFor: { mapping: (CatalogueColumn | null)[]; defaults: SheetDefaults };
};
type Step = { kind: 'start' } | { kind: 'reading' } | { kind: 'loaded'; loaded: Loaded; writing: boolean };

/** The formats' names, the same in every language. */
const FORMATS = 'CSV, Excel (.xlsx)';
const ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first non-empty cell of a column, shown next to its header. */
function example(rows: readonly string[][], index: number): string {
  for (const row of rows) {
    const cell = (row[index] ?? '').trim();
    if (cell !== '') return cell.length > 30 ? `${cell.slice(0, 29)}…` : cell;
  }
  return '';
}

export function CatalogSheetDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('catalog');
  const { t: tApp } = useTranslation();
  const settings = useSettings();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [fileError, setFileError] = useState<SheetFileError>();
  const [exporting, setExporting] = useState(false);
  const language = i18n.language === 'ar' ? 'ar' : 'fr';
  const defaults = useMemo<SheetDefaults>(
    () => ({ category: t('sheet.defaultCategory'), vat: settings?.defaultVAT ?? DEFAULT_VAT_RATE }),
    [t, settings?.defaultVAT],
  );
  const loaded = step.kind === 'loaded' ? step.loaded : undefined;
  const planner = useRef<CatalogueSheetPlanner>(undefined);
  const getPlanner = () => (planner.current ??= new CatalogueSheetPlanner());
  useEffect(() => () => planner.current?.close(), []);
  const writing = step.kind === 'loaded' && step.writing;
  const planning =
    loaded !== undefined &&
    (loaded.plannedFor.mapping !== loaded.mapping || loaded.plannedFor.defaults !== defaults);
  const hasName = loaded?.mapping.includes('name') ?? false;
  const toWrite = loaded ? loaded.report.added + loaded.report.updated : 0;

  // Another mapping (or the shop's default VAT once read) is planned again in the Worker; the latest wins.
  const mapping = loaded?.mapping;
  useEffect(() => {
    if (!mapping || !planning) return;
    let current = true;
    getPlanner()
      .run({ type: 'plan', mapping, defaults })
      .then(
        (report) => {
          if (!current) return;
          setStep((now) =>
            now.kind === 'loaded' && now.loaded.mapping === mapping
              ? { ...now, loaded: { ...now.loaded, report, plannedFor: { mapping, defaults } } }
              : now,
          );
        },
        (error: unknown) => console.error('Catalogue import not planned', error),
      );
    return () => {
      current = false;
    };
  }, [mapping, defaults, planning]);

  async function readFile(file: File | undefined) {
    if (!file) return;
    setFileError(undefined);
    setStep({ kind: 'reading' });
    let sheet;
    try {
      sheet = await getPlanner().run({ type: 'read', file, defaults });
    } catch (error) {
      console.warn('Spreadsheet not read', error);
      sheet = { ok: false as const, error: 'unreadable' as const };
    }
    if (!sheet.ok) {
      setFileError(sheet.error);
      setStep({ kind: 'start' });
      return;
    }
    const { headers, samples, mapping: guessed, report } = sheet;
    setStep({
      kind: 'loaded',
      writing: false,
      loaded: {
        fileName: file.name,
        headers,
        samples,
        mapping: guessed,
        report,
        plannedFor: { mapping: guessed, defaults },
      },
    });
  }

  function mapColumn(index: number, column: CatalogueColumn | null) {
    if (!loaded) return;
    // A field fills one column: choosing it for this one takes it from the other.
    const mapping = loaded.mapping.map((current, at) =>
      at === index ? column : current === column ? null : current,
    );
    setStep({ kind: 'loaded', writing: false, loaded: { ...loaded, mapping } });
  }

  async function apply() {
    if (!loaded || !hasName || planning) return;
    setStep({ kind: 'loaded', writing: true, loaded });
    try {
      // Planned again (in the Worker) on the catalogue as it is now: a product added since the preview is matched too.
      const fresh = await getPlanner().run({ type: 'writes', mapping: loaded.mapping, defaults });
      const result = await writeCatalogueImport(fresh.writes, defaults);
      toast({ title: t('sheet.done', { added: result.added, updated: result.updated }), tone: 'success' });
      onClose();
    } catch (error) {
      console.error('Catalogue import failed', error);
      toast({ title: t('sheet.failed'), tone: 'error' });
      setStep({ kind: 'loaded', writing: false, loaded });
    }
  }

  async function exportAs(format: 'csv' | 'xlsx') {
    setExporting(true);
    try {
      const products = await listProducts();
      const blob =
        format === 'csv' ? catalogueCsv(products, language) : await catalogueXlsx(products, language);
      const filename = catalogueFileName(format);
      downloadFile(blob, filename);
      toast({ title: t('sheet.exported', { filename }), tone: 'success' });
    } catch (error) {
      console.error('Catalogue export failed', error);
      toast({ title: t('sheet.exportFailed'), tone: 'error' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || writing ? undefined : onClose())}
      title={t('sheet.title')}
      footer={
        loaded ? (
          <>
            <Button variant="secondary" disabled={writing} onClick={() => setStep({ kind: 'start' })}>
              {tApp('app.cancel')}
            </Button>
            <Button
              icon={<Upload />}
              disabled={writing || planning || !hasName || toWrite === 0}
              onClick={() => void apply()}
            >
              {toWrite === 0 ? t('sheet.nothingToDo') : t('sheet.apply', { count: toWrite })}
            </Button>
          </>
        ) : undefined
      }
    >
      {loaded ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm break-words text-muted">{t('sheet.file', { name: loaded.fileName })}</p>
          {writing ? (
            <p role="status" className="font-semibold text-brand-800">
              {t('sheet.writing')}
            </p>
          ) : null}
          <div aria-busy={planning} className={planning ? 'opacity-60' : undefined}>
            <CatalogImportReport report={loaded.report} />
          </div>
          <p className="text-sm text-muted">
            {t('sheet.defaultsHint', { category: defaults.category, vat: defaults.vat })}
          </p>
          <section className="flex flex-col gap-2" aria-labelledby="sheet-columns-title">
            <h3 id="sheet-columns-title" className="font-semibold text-ink">
              {t('sheet.columns')}
            </h3>
            <p className="text-sm text-muted">{t('sheet.columnsHint')}</p>
            {hasName ? null : (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {t('sheet.nameNeeded')}
              </p>
            )}
            {loaded.headers.map((header, index) => {
              const sample = example(loaded.samples, index);
              return (
                <Select
                  key={index}
                  label={<bdi>{header.trim() || t('sheet.column', { n: index + 1 })}</bdi>}
                  hint={sample ? t('sheet.example', { value: sample }) : t('sheet.noExample')}
                  value={loaded.mapping[index] ?? ''}
                  disabled={writing}
                  onChange={(event) =>
                    mapColumn(index, (event.target.value || null) as CatalogueColumn | null)
                  }
                >
                  <option value="">{t('sheet.ignore')}</option>
                  {CATALOGUE_COLUMNS.map((column) => (
                    <option key={column} value={column}>
                      {t(`sheet.field.${column}`)}
                    </option>
                  ))}
                </Select>
              );
            })}
          </section>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <section className="flex flex-col gap-2">
            <h3 className="font-semibold text-ink">{t('sheet.importHeading')}</h3>
            <p className="text-sm text-muted">
              {withIsolatedName((formats) => t('sheet.importHint', { formats }), FORMATS)}
            </p>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              data-testid="sheet-file"
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                void readFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button
              icon={<FileUp />}
              disabled={step.kind === 'reading'}
              onClick={() => input.current?.click()}
            >
              {step.kind === 'reading' ? t('sheet.reading') : t('sheet.choose')}
            </Button>
            {fileError ? (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {t(`sheet.error.${fileError}`)}
              </p>
            ) : null}
          </section>
          <section className="flex flex-col gap-2 border-t border-line pt-4">
            <h3 className="font-semibold text-ink">{t('sheet.exportHeading')}</h3>
            <p className="text-sm text-muted">{t('sheet.exportHint')}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                icon={<Download />}
                disabled={exporting}
                onClick={() => void exportAs('csv')}
              >
                {t('sheet.exportAs', { format: 'CSV' })}
              </Button>
              <Button
                variant="secondary"
                icon={<Download />}
                disabled={exporting}
                onClick={() => void exportAs('xlsx')}
              >
                {t('sheet.exportAs', { format: 'Excel' })}
              </Button>
            </div>
          </section>
        </div>
      )}
    </Dialog>
  );
}
