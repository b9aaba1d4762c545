// Integrity check and cleanup: the first 5 issues in the shopkeeper's words, and the full cleanup behind a
// confirmation, with its progress and its outcome said where it was asked.
import { CircleCheck, Eraser, ShieldCheck, TriangleExclamationPoint } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRITY_ISSUES_SHOWN } from '@hanouti/core';
import type {
  IntegrityIssue,
  IntegrityIssueKind,
  IntegrityRecommendation,
  IntegrityReport,
} from '@hanouti/core';
import { OwnerOnlyNote } from '../../app/OwnerOnlyNote';
import { useShopFormat } from '../../app/useShopFormat';
import { useMayDoOwnerActions } from '../../app/useDeviceRole';
import { checkDataIntegrity, cleanUpDatabase } from '../../data/dataCareService';
import type { CleanupProgress, IntegrityProgress } from '../../data/dataCareService';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toastStore';
import { percentOf, ProgressLine } from './ProgressLine';

const ISSUE_LABELS = {
  'duplicate-product': 'issueDuplicateProduct',
  'duplicate-customer': 'issueDuplicateCustomer',
  'sale-missing-product': 'issueSaleMissingProduct',
  'credit-missing-customer': 'issueCreditMissingCustomer',
  'supplier-entry-missing-supplier': 'issueSupplierEntryMissingSupplier',
  'supplier-balance-mismatch': 'issueSupplierBalanceMismatch',
} as const satisfies Record<IntegrityIssueKind, string>;

const RECOMMENDATION_LABELS = {
  'run-cleanup': 'recommendRunCleanup',
  'archive-products': 'recommendArchiveProducts',
  'archive-sales': 'recommendArchiveSales',
} as const satisfies Record<IntegrityRecommendation, string>;

/** What the panel shows: a report, or the spec's single "Erreur lors de la vérification" issue. */
type CheckState = { status: 'idle' } | { status: 'done'; report: IntegrityReport } | { status: 'failed' };

/** How the last cleanup ended, said in the panel once its dialog has closed. */
type CleanupEnd = { ok: true; message: string } | { ok: false; detail: string };

// A credit entry without description is named by its date, which core gives as an ISO instant.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** What an issue concerns, as the shopkeeper reads it: a name, a ticket number, or a date of the shop. */
function IssueSubject({ issue }: { issue: IntegrityIssue }) {
  const format = useShopFormat();
  if (!issue.label) return null;
  const text = ISO_INSTANT.test(issue.label) ? format.dateTime(issue.label) : issue.label;
  return (
    <span className="text-muted">
      {' · '}
      {/* A ticket number or a date is one word: it never breaks at its hyphen or slash ("IMP-/24EDE6A4"). */}
      <bdi
        className={
          issue.kind === 'sale-missing-product' || text !== issue.label ? 'whitespace-nowrap' : undefined
        }
      >
        {text}
      </bdi>
    </span>
  );
}

/** How far a step is, when it counts something (reading 2 of 5 lists, 40 of 400 archived sales…). */
function ratioOf(progress: { done: number; total: number } | undefined): { ratio?: number } {
  if (!progress || progress.total <= 0) return {};
  return { ratio: progress.done / progress.total };
}

export function IntegrityPanel() {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const [check, setCheck] = useState<CheckState>({ status: 'idle' });
  const [checking, setChecking] = useState(false);
  const [checkProgress, setCheckProgress] = useState<IntegrityProgress>();
  const [confirming, setConfirming] = useState(false);
  const [cleaning, setCleaning] = useState(false);
  const [cleanupProgress, setCleanupProgress] = useState<CleanupProgress>();
  const [cleanupEnd, setCleanupEnd] = useState<CleanupEnd>();
  // Checking only reads; the cleanup deletes duplicate products and customers, which a staff phone may not do.
  const mayClean = useMayDoOwnerActions();
  const ownerOnlyId = useId();

  async function runCheck() {
    setChecking(true);
    setCheckProgress(undefined);
    setCleanupEnd(undefined);
    try {
      setCheck({ status: 'done', report: await checkDataIntegrity(setCheckProgress) });
    } catch (error) {
      console.error('Integrity check failed', error);
      setCheck({ status: 'failed' });
      toast({ title: tApp('settings.checkFailed'), tone: 'error' });
    } finally {
      setChecking(false);
      setCheckProgress(undefined);
    }
  }

  async function runCleanup() {
    if (!mayClean) return;
    setCleaning(true);
    setCleanupEnd(undefined);
    setCleanupProgress(undefined);
    try {
      const { removedCount } = await cleanUpDatabase(setCleanupProgress);
      const message =
        removedCount > 0
          ? tApp('settings.duplicatesRemoved', {
              count: removedCount,
              replace: { count: format.count(removedCount) },
            })
          : tApp('settings.alreadyClean');
      toast({ title: message, tone: 'success' });
      setCleanupEnd({ ok: true, message });
      // The previous report no longer describes the data.
      setCheck({ status: 'idle' });
    } catch (error) {
      console.error('Cleanup failed', error);
      toast({ title: tApp('settings.cleanupFailed'), tone: 'error' });
      setCleanupEnd({
        ok: false,
        detail: error instanceof Error ? error.name || error.message : String(error),
      });
    } finally {
      // Success or failure, the dialog closes: the outcome is said in the panel (and a toast).
      setCleaning(false);
      setCleanupProgress(undefined);
      setConfirming(false);
    }
  }

  function cleanupStep(progress: CleanupProgress | undefined): { label: string; ratio?: number } {
    switch (progress?.step) {
      case undefined:
        return { label: t('cleanupStepArchives') };
      case 'archives':
        return { label: t('cleanupStepArchives'), ...ratioOf(progress) };
      case 'reading':
        return { label: t('cleanupStepReading'), ...ratioOf(progress) };
      case 'planning':
        return { label: t('cleanupStepPlanning') };
      case 'writing': {
        const ratio = progress.total > 0 ? progress.done / progress.total : 0;
        return { label: t('cleanupStepWriting', { percent: percentOf(ratio, format.locale) }), ratio };
      }
    }
  }

  const report = check.status === 'done' ? check.report : undefined;
  const shown = report?.issues.slice(0, INTEGRITY_ISSUES_SHOWN) ?? [];
  const hidden = (report?.issues.length ?? 0) - shown.length;
  return (
    <div className="flex flex-col gap-3">
      {/* One button a line: side by side they wrapped on 3 lines at 360 px. */}
      <div className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2">
        <Button
          variant="secondary"
          icon={<ShieldCheck />}
          disabled={checking}
          onClick={() => void runCheck()}
        >
          {checking ? t('checking') : t('checkIntegrity')}
        </Button>
        <Button
          variant="secondary"
          icon={<Eraser />}
          disabled={cleaning || !mayClean}
          aria-describedby={mayClean ? undefined : ownerOnlyId}
          onClick={() => setConfirming(true)}
        >
          {t('cleanup')}
        </Button>
      </div>
      {mayClean ? null : <OwnerOnlyNote id={ownerOnlyId} />}

      {checking ? <ProgressLine label={t('checkingProgress')} {...ratioOf(checkProgress)} /> : null}

      {cleanupEnd?.ok === true ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900"
        >
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          {cleanupEnd.message}
        </p>
      ) : null}
      {cleanupEnd?.ok === false ? (
        <div
          role="alert"
          className="rounded-xl bg-red-50 px-3 py-2 text-red-800"
          data-testid="cleanup-failed"
        >
          <p className="font-semibold">{tApp('settings.cleanupFailed')}</p>
          <p className="text-sm">{t('cleanupFailedDetail')}</p>
          {cleanupEnd.detail === 'QuotaExceededError' ? <p className="text-sm">{t('diskFull')}</p> : null}
          <p className="text-sm break-words">{t('technicalDetail', { detail: cleanupEnd.detail })}</p>
        </div>
      ) : null}

      {check.status === 'failed' ? (
        <div role="status" className="rounded-xl bg-red-50 px-3 py-2 text-red-800">
          <p className="font-semibold">{tApp('settings.checkIssueFailed')}</p>
          <p className="text-sm">{tApp('settings.checkRetry')}</p>
        </div>
      ) : null}

      {report ? (
        <div
          role="status"
          aria-label={t('checkIntegrity')}
          className="flex flex-col gap-2 rounded-xl bg-canvas px-3 py-2"
        >
          {report.issues.length === 0 ? (
            <p className="flex items-center gap-2 font-semibold text-emerald-800">
              <ShieldCheck className="size-5" aria-hidden="true" />
              {t('noIssues')}
            </p>
          ) : (
            <>
              <p className="flex items-center gap-2 font-semibold text-red-800">
                <TriangleExclamationPoint className="size-5" aria-hidden="true" />
                {t('issuesFound', {
                  count: report.issues.length,
                  replace: { count: format.count(report.issues.length) },
                })}
              </p>
              <ul className="flex flex-col gap-1" data-testid="integrity-issues">
                {shown.map((issue) => (
                  <li key={`${issue.kind}:${issue.ids.join(',')}`} className="text-sm">
                    <span className="font-medium">{t(ISSUE_LABELS[issue.kind])}</span>
                    <IssueSubject issue={issue} />
                  </li>
                ))}
              </ul>
              {hidden > 0 ? (
                <p className="text-sm text-muted">
                  {t('issuesMore', { count: hidden, replace: { count: format.count(hidden) } })}
                </p>
              ) : null}
            </>
          )}
          {report.recommendations.length > 0 ? (
            <div>
              <p className="text-sm font-semibold text-ink">{t('recommendations')}</p>
              <ul className="list-disc ps-5 text-sm">
                {report.recommendations.map((recommendation) => (
                  <li key={recommendation}>{t(RECOMMENDATION_LABELS[recommendation])}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}

      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          // A running cleanup cannot be left: it ends by itself, and then the dialog closes.
          if (!cleaning) setConfirming(open);
        }}
        title={t('cleanupConfirmTitle')}
        footer={
          <>
            <Button variant="secondary" disabled={cleaning} onClick={() => setConfirming(false)}>
              {tApp('app.cancel')}
            </Button>
            <Button variant="danger" icon={<Eraser />} disabled={cleaning} onClick={() => void runCleanup()}>
              {t('cleanupRun')}
            </Button>
          </>
        }
      >
        {cleaning ? (
          <div className="flex flex-col gap-3">
            <ProgressLine {...cleanupStep(cleanupProgress)} />
            <p className="text-sm text-muted">{t('cleanupWait')}</p>
          </div>
        ) : (
          <p className="text-ink">{t('cleanupConfirm')}</p>
        )}
      </Dialog>
    </div>
  );
}
