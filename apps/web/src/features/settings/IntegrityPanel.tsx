// Integrity check and cleanup: the first 5 issues with what they concern, and the full cleanup behind a confirmation.
import { Eraser, ShieldCheck, TriangleExclamationPoint } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRITY_ISSUES_SHOWN } from '@hanouti/core';
import type { IntegrityIssueKind, IntegrityRecommendation, IntegrityReport } from '@hanouti/core';
import { checkDataIntegrity, cleanUpDatabase } from '../../data/dataCareService';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toastStore';

const ISSUE_LABELS = {
  'duplicate-product': 'issueDuplicateProduct',
  'duplicate-customer': 'issueDuplicateCustomer',
  'sale-missing-product': 'issueSaleMissingProduct',
  'credit-missing-customer': 'issueCreditMissingCustomer',
} as const satisfies Record<IntegrityIssueKind, string>;

const RECOMMENDATION_LABELS = {
  'run-cleanup': 'recommendRunCleanup',
  'archive-products': 'recommendArchiveProducts',
  'archive-sales': 'recommendArchiveSales',
} as const satisfies Record<IntegrityRecommendation, string>;

/** What the panel shows: a report, or the spec's single "Erreur lors de la vérification" issue. */
type CheckState = { status: 'idle' } | { status: 'done'; report: IntegrityReport } | { status: 'failed' };

export function IntegrityPanel() {
  const { t } = useTranslation('settings');
  const { t: tApp } = useTranslation();
  const [check, setCheck] = useState<CheckState>({ status: 'idle' });
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cleaning, setCleaning] = useState(false);

  async function runCheck() {
    setChecking(true);
    try {
      setCheck({ status: 'done', report: await checkDataIntegrity() });
    } catch (error) {
      console.error('Integrity check failed', error);
      setCheck({ status: 'failed' });
      toast({ title: tApp('settings.checkFailed'), tone: 'error' });
    } finally {
      setChecking(false);
    }
  }

  async function runCleanup() {
    setCleaning(true);
    try {
      const { removedCount } = await cleanUpDatabase();
      toast({
        title:
          removedCount > 0
            ? tApp('settings.duplicatesRemoved', { count: removedCount })
            : tApp('settings.alreadyClean'),
        tone: 'success',
      });
      setConfirming(false);
      // The previous report no longer describes the data.
      setCheck({ status: 'idle' });
    } catch (error) {
      console.error('Cleanup failed', error);
      toast({ title: tApp('settings.cleanupFailed'), tone: 'error' });
    } finally {
      setCleaning(false);
    }
  }

  const report = check.status === 'done' ? check.report : undefined;
  const shown = report?.issues.slice(0, INTEGRITY_ISSUES_SHOWN) ?? [];
  const hidden = (report?.issues.length ?? 0) - shown.length;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          icon={<ShieldCheck />}
          disabled={checking}
          onClick={() => void runCheck()}
        >
          {checking ? t('checking') : t('checkIntegrity')}
        </Button>
        <Button variant="secondary" icon={<Eraser />} disabled={cleaning} onClick={() => setConfirming(true)}>
          {t('cleanup')}
        </Button>
      </div>

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
                {t('issuesFound', { count: report.issues.length })}
              </p>
              <ul className="flex flex-col gap-1" data-testid="integrity-issues">
                {shown.map((issue) => (
                  <li key={`${issue.kind}:${issue.ids.join(',')}`} className="text-sm">
                    <span className="font-medium">{t(ISSUE_LABELS[issue.kind])}</span>
                    {issue.label ? <span className="text-muted"> · {issue.label}</span> : null}
                  </li>
                ))}
              </ul>
              {hidden > 0 ? <p className="text-sm text-muted">{t('issuesMore', { count: hidden })}</p> : null}
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
        onOpenChange={setConfirming}
        title={t('cleanupConfirmTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {tApp('app.cancel')}
            </Button>
            <Button variant="danger" icon={<Eraser />} disabled={cleaning} onClick={() => void runCleanup()}>
              {t('cleanupRun')}
            </Button>
          </>
        }
      >
        <p className="text-ink">{t('cleanupConfirm')}</p>
      </Dialog>
    </div>
  );
}
