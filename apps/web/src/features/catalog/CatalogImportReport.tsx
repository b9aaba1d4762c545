// What a spreadsheet import will do: counts of new, updated, unchanged and skipped rows, then the first reasons.
import type { CatalogueImportReport, SheetSkipReason } from '@hanouti/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopFormat } from '../../app/useShopFormat';
import { withIsolatedName } from '../../ui/IsolatedName';

type Skip = CatalogueImportReport['skips'][number];
const TEXT_COLUMNS = new Set(['name', 'brand', 'category', 'barcode', 'description']);

const MARK = '\u{E000}';

/**
 * The sentence with the cell's text isolated: a text without letters ("-5", "1 234,5") is laid out left to
 * right even in an Arabic sentence, where it would otherwise read "5-".
 */
function isolatedCell(translate: (text: string) => string, text: string): ReactNode {
  const dir = /\p{L}/u.test(text) ? undefined : 'ltr';
  const parts = translate(MARK).split(MARK);
  return parts.flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <bdi key={index} dir={dir}>
            {text}
          </bdi>,
          part,
        ],
  );
}

/** A skipped row's reason in the shopkeeper's words. */
function useSkipText() {
  const { t } = useTranslation('catalog');
  return (skip: Skip): ReactNode => {
    const { line } = skip;
    const reason: SheetSkipReason = skip;
    switch (reason.code) {
      case 'cell': {
        const column = t(`sheet.field.${reason.column}`);
        const problem =
          reason.problem === 'too-large' && TEXT_COLUMNS.has(reason.column) ? 'too-long' : reason.problem;
        return isolatedCell((text) => t(`sheet.skip.${problem}`, { line, column, text }), reason.text);
      }
      case 'duplicate-in-file':
        return t('sheet.skip.duplicate-in-file', { line, first: reason.firstLine });
      default:
        return t(`sheet.skip.${reason.code}`, { line });
    }
  };
}

export function CatalogImportReport({ report }: { report: CatalogueImportReport }) {
  const { t } = useTranslation('catalog');
  const format = useShopFormat();
  const skipText = useSkipText();
  const counts = [
    ['added', report.added],
    ['updated', report.updated],
    ['unchanged', report.unchanged],
    ['skipped', report.skipped],
  ] as const;
  const moreUpdates = report.updated - report.updates.length;
  const moreSkips = report.skipped - report.skips.length;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="sheet-summary-title">
      <h3 id="sheet-summary-title" className="font-semibold text-ink">
        {t('sheet.summary')}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="sheet-summary">
        {counts.map(([key, count]) => (
          <div key={key} className="contents">
            <dt>{t(`sheet.${key}`)}</dt>
            <dd className="text-end font-semibold tabular-nums" data-count={key}>
              {format.count(count)}
            </dd>
          </div>
        ))}
      </dl>
      {report.updates.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-ink">{t('sheet.updatesHeading')}</h4>
          <ul className="list-disc ps-5 text-sm break-words text-muted" data-testid="sheet-updates">
            {report.updates.map((update) => (
              <li key={update.line}>
                {withIsolatedName(
                  (name) => t(`sheet.update.${update.reason}`, { line: update.line, name }),
                  update.name,
                )}
              </li>
            ))}
            {moreUpdates > 0 ? <li>{t('sheet.more', { count: moreUpdates })}</li> : null}
          </ul>
        </div>
      ) : null}
      {report.skips.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-ink">{t('sheet.skipsHeading')}</h4>
          <ul className="list-disc ps-5 text-sm break-words text-red-800" data-testid="sheet-skips">
            {report.skips.map((skip) => (
              <li key={skip.line}>{skipText(skip)}</li>
            ))}
            {moreSkips > 0 ? <li>{t('sheet.more', { count: moreSkips })}</li> : null}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
